package dev.jdkmatrix.run;

import dev.jdkmatrix.model.JmhIteration;
import dev.jdkmatrix.output.JmhIterations;
import dev.jdkmatrix.output.Outcome;
import dev.jdkmatrix.stats.SteadyState;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JMH run's iterations, read from its standard output, classified per fork ({@link SteadyState})
 * into raw.csv's {@code steady_state} (flat, warmup, slowdown, none; empty where no fork could be
 * classified: fewer than 10 iterations a fork, or iterations noisier than the change the classes
 * are told apart by, {@code SteadyState.withheld}) and {@code steady_from} (the iteration of its fork,
 * warm-up iterations counted first, where the latest fork's steady state begins).
 */
final class RunIterations {

    private RunIterations() {}

    static Map<String, String> columns(String stdout, boolean higherIsBetter) {
        return columns(JmhIterations.parse(stdout), higherIsBetter);
    }

    static Map<String, String> columns(java.util.List<JmhIteration> iterations, boolean higherIsBetter) {
        Map<String, String> v = new LinkedHashMap<>();
        SteadyState s = SteadyState.ofRun(iterations, higherIsBetter);
        v.put("steady_state", s == null ? "" : s.kind().text());
        v.put("steady_from", s == null || s.from() == 0 ? "" : Integer.toString(s.from()));
        return v;
    }

    /**
     * A run scored on its steady state ({@code score: steady}): its figure becomes the mean of its
     * steady iterations and JMH's own goes to {@code score_jmh}, its error (JMH's, of JMH's figure)
     * cleared; a run of iterations that reach no steady state is invalid, saying so. Only a run that
     * ended ok ({@code ended}) is rescored; {@code v} holds its columns. How the run ended, now.
     */
    static Outcome scoreSteady(Outcome ended, Map<String, String> v, java.util.List<JmhIteration> iterations, boolean higherIsBetter) {
        if (!(ended instanceof Outcome.Ok)) return ended;
        double mean = SteadyState.steadyMean(iterations, higherIsBetter);
        if (Double.isFinite(mean)) {
            v.put("score_jmh", v.getOrDefault("score", ""));
            v.put("score", significant(mean));
            v.put("score_error", "");
            return ended;
        }
        SteadyState s = SteadyState.ofRun(iterations, higherIsBetter);
        return new Outcome.Invalid("score: steady, and " + (s == null ? "its iterations tell no steady state (" + SteadyState.withheld(iterations)
                + "; more iterations, -i or -wi in jmh-args, or longer ones, -r, or score: jmh)" : "a fork's iterations reached no steady state (classified none: the last level "
                + "holds under a quarter of its iterations): more iterations (-i), or score: jmh to take JMH's own figure"));
    }

    /**
     * A run warmed up until steady that ran to its bound: its iterations never held a steady state
     * long enough to stop it, so it is invalid, saying how it ended (its class over every iteration)
     * and what to change, and its score goes to {@code score_jmh}. Only a run that ended ok
     * ({@code ended}) is judged; {@code v} holds its columns. How the run ended, now.
     */
    static Outcome neverSteady(Outcome ended, Map<String, String> v, java.util.List<JmhIteration> iterations,
                               dev.jdkmatrix.matrix.WorkloadKind.Jmh.Warmup.UntilSteady u) {
        if (!(ended instanceof Outcome.Ok)) return ended;
        v.put("score_jmh", v.getOrDefault("score", ""));
        v.put("score", "");
        v.put("score_error", "");
        String withheld = SteadyState.withheld(iterations);
        if (!withheld.isEmpty() && withheld.contains("vary by")) {
            // too noisy to tell a steady state at all, not a benchmark that keeps changing
            return new Outcome.Invalid("warmup: until-steady, and no steady state could be told within max-iterations " + u.max() + " (" + withheld
                    + "): longer iterations (-r in jmh-args) or a quieter machine (cpu-mode: cpuset), or warmup: fixed");
        }
        String over = v.getOrDefault("steady_state", "").isEmpty() ? "" : " (over all " + iterations.size() + ": " + v.get("steady_state")
                + (v.getOrDefault("steady_from", "").isEmpty() ? "" : " from iteration " + v.get("steady_from")) + ")";
        return new Outcome.Invalid("warmup: until-steady, and no steady state held for " + u.steady() + " iterations within max-iterations " + u.max()
                + over + ": the benchmark does not settle in " + u.max() + " iterations; raise max-iterations, or find what keeps changing (a state that grows)");
    }

    /** A figure with six significant digits, as JMH's JSON gives a score. */
    static String significant(double x) {
        return new java.math.BigDecimal(x).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
