package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** raw.csv's steady-state columns from what a JMH run printed; empty where it printed too few iterations or none. */
class RunIterationsTest {

    @Test
    void aRunsIterationsGiveItsClassAndWhereItsSteadyStateBegins() {
        StringBuilder out = new StringBuilder("# Fork: 1 of 1\n# Warmup Iteration   1: 25754.000 ops/s\n# Warmup Iteration   2: 101786.000 ops/s\n");
        double[] measured = {302785, 308509, 304834, 306120, 303990, 305410};
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
}
