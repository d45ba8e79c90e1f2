package dev.jdkmatrix.matrix;

import java.util.Objects;

/**
 * One run of the plan: a fresh JVM in a fresh container for a cell. Warm-up runs and a profiled
 * cell's profile run are stored but left out of every statistic. {@code sequence} is the run's
 * place in the plan, from 1.
 */
public record PlannedRun(int sequence, Cell cell, Phase phase, int repetition) {

    public enum Phase {
        WARMUP, MEASURE, PROFILE;

        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public PlannedRun {
        Objects.requireNonNull(cell, "cell");
        Objects.requireNonNull(phase, "phase");
        if (sequence < 1) throw new IllegalArgumentException("sequence starts at 1, got " + sequence);
        if (repetition < 1) throw new IllegalArgumentException("repetition starts at 1, got " + repetition);
    }

    /** Identity of a run across an interrupted and a resumed harness; a stored row gives it back as {@code RawRow.runKey()}. */
    public String key() {
        return cell.id() + "#" + phase.text() + repetition;
    }
}
