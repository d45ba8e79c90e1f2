package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.output.Outcome;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** raw.csv's steady-state columns from what a JMH run printed; empty where it printed too few iterations or none. */
class RunIterationsTest {

    @Test
    void aRunsIterationsGiveItsClassAndWhereItsSteadyStateBegins() {
        StringBuilder out = new StringBuilder("# Fork: 1 of 1\n# Warmup Iteration   1: 25754.000 ops/s\n# Warmup Iteration   2: 101786.000 ops/s\n");
        double[] measured = {302785, 308509, 304834, 306120, 303990, 305410, 306002, 304471};
        for (int i = 0; i < measured.length; i++) out.append(String.format(java.util.Locale.ROOT, "Iteration   %d: %.3f ops/s%n", i + 1, measured[i]));
        Map<String, String> v = RunIterations.columns(out.toString(), true);
        assertThat(v).containsEntry("steady_state", "warmup").containsEntry("steady_from", "3");
    }

    @Test
    void aRunWithoutIterationsHasEmptyColumns() {
        assertThat(RunIterations.columns("JMH failed before its first iteration\n", false)).containsEntry("steady_state", "").containsEntry("steady_from", "");
        assertThat(RunIterations.columns("# Fork: 1 of 1\nIteration   1: 5.000 ms/op\nIteration   2: 5.100 ms/op\n", false))
                .as("2 iterations: too few to tell").containsEntry("steady_state", "");
    }

    /**
     * The JSON library read, with two measured iterations more (its own 8 a fork are too few to classify: SteadyState.MIN_CLASSIFIED):
     * two warm-up iterations far below, eight measured ones at the level JMH's mean should have had from the start.
     */
    static final String WARMING = "# Fork: 1 of 1\n# Warmup Iteration   1: 25754.000 ops/s\n# Warmup Iteration   2: 101786.000 ops/s\n"
            + "Iteration   1: 302785.000 ops/s\nIteration   2: 308509.000 ops/s\nIteration   3: 304834.000 ops/s\n"
            + "Iteration   4: 306120.000 ops/s\nIteration   5: 303990.000 ops/s\nIteration   6: 305410.000 ops/s\n"
            + "Iteration   7: 306002.000 ops/s\nIteration   8: 304471.000 ops/s\n";

    @Test
    void scoredSteadyARunsFigureIsTheMeanOfItsSteadyIterationsAndJmhsOwnIsKept() {
        Map<String, String> v = new java.util.HashMap<>(Map.of("score", "250000", "score_error", "1200"));
        assertThat(RunIterations.scoreSteady(new Outcome.Ok(), v, dev.jdkmatrix.output.JmhIterations.parse(WARMING), true)).isEqualTo(new Outcome.Ok());
        double mean = (302785 + 308509 + 304834 + 306120 + 303990 + 305410 + 306002 + 304471) / 8.0;
        assertThat(Double.parseDouble(v.get("score"))).isCloseTo(mean, org.assertj.core.data.Offset.offset(1.0));
        assertThat(v).containsEntry("score_jmh", "250000").containsEntry("score_error", "");
        assertThat(RunIterations.significant(0.000812345678)).isEqualTo("0.000812346");
    }

    @Test
    void scoredSteadyARunWithoutASteadyStateIsInvalidAndSaysWhy() {
        Map<String, String> few = new java.util.HashMap<>(Map.of("score", "5"));
        Outcome fewEnded = RunIterations.scoreSteady(new Outcome.Ok(), few, dev.jdkmatrix.output.JmhIterations.parse("# Fork: 1 of 1\nIteration   1: 5.000 ms/op\nIteration   2: 5.100 ms/op\n"), false);
        assertThat(fewEnded).isInstanceOf(Outcome.Invalid.class);
        assertThat(few).containsEntry("score", "5");
        assertThat(fewEnded.detail()).contains("not classified: 2 iterations a fork (10 needed)").contains("-i or -wi in jmh-args");
        // rising all the way: the last level holds too few of the iterations to be a steady state
        StringBuilder rising = new StringBuilder("# Fork: 1 of 1\n");
        for (int i = 1; i <= 12; i++) rising.append(String.format(java.util.Locale.ROOT, "Iteration   %d: %.3f ms/op%n", i, 100.0 / (i < 11 ? Math.pow(1.1, i) : Math.pow(1.1, 14))));
        Outcome none = RunIterations.scoreSteady(new Outcome.Ok(), new java.util.HashMap<>(Map.of("score", "9")), dev.jdkmatrix.output.JmhIterations.parse(rising.toString()), false);
        assertThat(none).isInstanceOf(Outcome.Invalid.class);
        assertThat(none.detail()).contains("reached no steady state");
        // a run that failed is left as it ended
        Map<String, String> failed = new java.util.HashMap<>(Map.of("score", ""));
        Outcome error = new Outcome.Error("exit code 1");
        assertThat(RunIterations.scoreSteady(error, failed, dev.jdkmatrix.output.JmhIterations.parse(WARMING), true)).isSameAs(error);
        assertThat(failed).doesNotContainKey("score_jmh");
    }
}
