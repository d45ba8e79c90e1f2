package dev.jdkmatrix.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One iteration of a JMH run, as JMH printed it (output.JmhIterations reads it) and iterations.csv.gz
 * keeps it: its fork (from 1), phase, number within the phase (from 1), score, unit and secondary
 * metrics. On the ground floor, so that the results, the steady-state classifier (stats.SteadyState)
 * and the charts can name it without the readers of a container's output.
 */
public record JmhIteration(int fork, Phase phase, int index, double score, String unit, Map<String, Double> secondary) {

    /** Whether an iteration warmed up or was measured. */
    public enum Phase {
        WARMUP, MEASURE;

        public String text() {
            return this == WARMUP ? "warmup" : "measure";
        }

        public static Phase of(String text) {
            return switch (text) {
                case "warmup" -> WARMUP;
                case "measure" -> MEASURE;
                default -> throw new IllegalArgumentException("'" + text + "' is not an iteration's phase; it is warmup or measure");
            };
        }
    }

    public JmhIteration {
        if (fork < 1) throw new IllegalArgumentException("a fork is counted from 1, got " + fork);
        if (index < 1) throw new IllegalArgumentException("an iteration is counted from 1, got " + index);
        Objects.requireNonNull(phase, "phase");
        unit = unit == null ? "" : unit;
        secondary = Collections.unmodifiableMap(new LinkedHashMap<>(secondary));
    }
}
