package dev.jdkmatrix.run;

import dev.jdkmatrix.history.SteadyState;
import dev.jdkmatrix.output.JmhIterations;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JMH run's iterations, read from its standard output, classified per fork ({@link SteadyState})
 * into raw.csv's {@code steady_state} (flat, warmup, slowdown, none; empty when the run printed
 * fewer than 4 iterations a fork, or none) and {@code steady_from} (the iteration of its fork,
 * warm-up iterations counted first, where the latest fork's steady state begins).
 */
final class RunIterations {

    private RunIterations() {}

    static Map<String, String> columns(String stdout, boolean higherIsBetter) {
        Map<String, String> v = new LinkedHashMap<>();
        SteadyState s = SteadyState.ofRun(JmhIterations.parse(stdout), higherIsBetter);
        v.put("steady_state", s == null ? "" : s.kind().text());
        v.put("steady_from", s == null || s.from() == 0 ? "" : Integer.toString(s.from()));
        return v;
    }
}
