package dev.jdkmatrix.matrix;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A parsed, validated, expanded matrix file. {@code maxSteal}: a measured run during which the
 * host's CPU steal passed this fraction is stored as {@code noisy} and run again (NaN: off).
 */
public record Matrix(
        String name,
        Path file,
        String sha256,
        Map<String, Jdk> jdks,
        List<Cell> cells,
        Repetitions repetitions,
        int warmup,
        Order order,
        double compareThreshold,
        double maxSteal) {

    /** Run order of the repetitions. */
    public enum Order {
        /** Rep 1 of every cell, then rep 2 of every cell... so slow drift spreads over all cells. */
        INTERLEAVED,
        /** Every rep of cell 1, then every rep of cell 2... */
        SEQUENTIAL
    }

    public Matrix {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(order, "order");
        jdks = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(jdks));
        cells = List.copyOf(cells);
        if (cells.isEmpty()) throw new IllegalArgumentException("a matrix needs at least one cell");
        Objects.requireNonNull(repetitions, "repetitions");
        if (!Double.isNaN(maxSteal) && !(maxSteal > 0 && maxSteal < 1)) throw new IllegalArgumentException("max-steal must be between 0 % and 100 %, got " + maxSteal);
        if (warmup < 0) throw new IllegalArgumentException("warmup must be 0 or more, got " + warmup);
        if (!(compareThreshold > 0 && compareThreshold < 10)) throw new IllegalArgumentException("compare-threshold must be above 0, got " + compareThreshold);
    }

    /**
     * Every run that may run, in the order they will run: warm-ups first, then the measured
     * repetitions, up to the maximum of adaptive ones (the runner leaves out the rounds past the
     * minimum that a cell does not need).
     */
    public List<PlannedRun> plan() {
        List<PlannedRun> runs = new ArrayList<>();
        int seq = 1;
        if (order == Order.INTERLEAVED) {
            for (int w = 1; w <= warmup; w++) {
                for (Cell c : cells) runs.add(new PlannedRun(seq++, c, PlannedRun.Phase.WARMUP, w));
            }
            for (int r = 1; r <= repetitions.max(); r++) {
                for (Cell c : cells) runs.add(new PlannedRun(seq++, c, PlannedRun.Phase.MEASURE, r));
            }
        } else {
            for (Cell c : cells) {
                for (int w = 1; w <= warmup; w++) runs.add(new PlannedRun(seq++, c, PlannedRun.Phase.WARMUP, w));
                for (int r = 1; r <= repetitions.max(); r++) runs.add(new PlannedRun(seq++, c, PlannedRun.Phase.MEASURE, r));
            }
        }
        return List.copyOf(runs);
    }
}
