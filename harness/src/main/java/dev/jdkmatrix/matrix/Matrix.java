package dev.jdkmatrix.matrix;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A parsed, validated, expanded matrix file. {@code maxSteal}: a measured run during which the
 * host's CPU steal passed this fraction is stored as {@code noisy} and run again (NaN: off).
 * {@code compareAlong}: the axes (and params) the user compares cells along, which split the
 * cells into {@link Group}s; {@code seed}: what the blocked order's shuffles are drawn from;
 * {@code minDifference}: the smallest difference a comparison inside the run calls faster or
 * slower (its whole interval must lie past it).
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
        double maxSteal,
        List<String> compareAlong,
        long seed,
        double minDifference,
        Engine engine,
        dev.jdkmatrix.model.NodePool nodePool,
        String runnerClass) {

    /** Where the matrix's runs are measured ({@code engine:}; the command line's --engine wins). */
    public enum Engine {
        /** Each run a container of the Docker engine (the default). */
        DOCKER,
        /** Each run a Job of a Kubernetes cluster (docs/kubernetes.md). */
        KUBERNETES;

        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** The engine whose {@link #text()} is {@code text}, or empty. */
        public static java.util.Optional<Engine> parse(String text) {
            for (Engine e : values()) if (e.text().equals(text)) return java.util.Optional.of(e);
            return java.util.Optional.empty();
        }
    }

    /** A matrix measured on the Docker engine. */
    public Matrix(String name, Path file, String sha256, Map<String, Jdk> jdks, List<Cell> cells, Repetitions repetitions, int warmup, Order order,
                  double compareThreshold, double maxSteal, List<String> compareAlong, long seed, double minDifference) {
        this(name, file, sha256, jdks, cells, repetitions, warmup, order, compareThreshold, maxSteal, compareAlong, seed, minDifference, Engine.DOCKER,
                dev.jdkmatrix.model.NodePool.ANY);
    }

    /** A matrix whose team names no runner class. */
    public Matrix(String name, Path file, String sha256, Map<String, Jdk> jdks, List<Cell> cells, Repetitions repetitions, int warmup, Order order,
                  double compareThreshold, double maxSteal, List<String> compareAlong, long seed, double minDifference, Engine engine,
                  dev.jdkmatrix.model.NodePool nodePool) {
        this(name, file, sha256, jdks, cells, repetitions, warmup, order, compareThreshold, maxSteal, compareAlong, seed, minDifference, engine, nodePool, null);
    }

    /**
     * The same matrix with the runner class a session names ({@code run --runner-class}, which wins
     * over the matrix's {@code runner-class}): run.json records it, and a history follows its nights
     * as one series whatever CPU models they ran on.
     */
    public Matrix withRunnerClass(String name) {
        return new Matrix(this.name, file, sha256, jdks, cells, repetitions, warmup, order, compareThreshold, maxSteal, compareAlong, seed, minDifference,
                engine, nodePool, name);
    }

    /**
     * The same matrix in another order ({@code run --order}, {@code plan --order}, which win over the
     * matrix's {@code order:}); a duet order is checked by the caller ({@link Duets#refusal}).
     */
    public Matrix withOrder(Order order) {
        return new Matrix(name, file, sha256, jdks, cells, repetitions, warmup, order, compareThreshold, maxSteal, compareAlong, seed, minDifference,
                engine, nodePool, runnerClass);
    }

    /** Run order of the repetitions. */
    public enum Order {
        /**
         * Round by round, and in each round every group's cells back to back: the groups in a fresh
         * random order, and the cells of each group too (drawn from the seed). Two cells compared
         * are measured minutes, not a whole round, apart, so the machine's drift cancels in each
         * pair's ratio (a randomised block design).
         */
        BLOCKED,
        /** Rep 1 of every cell, then rep 2 of every cell... so slow drift spreads over all cells. */
        INTERLEAVED,
        /** Every rep of cell 1, then every rep of cell 2... */
        SEQUENTIAL,
        /**
         * Blocked, and in each round a group's cells start at one moment, each on CPUs of its own
         * ({@link Duets}): a pair's two runs share the machine's bursts instead of meeting them minutes apart.
         */
        DUET,
        /**
         * Blocked, and duet for the groups measured to gain from it: built-in workloads whose
         * descriptor has the {@code DUET} trait (make bench-duet), pinned to at most half the host's
         * CPUs; every other group back to back ({@link Duets#chosen}).
         */
        AUTO;

        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** Whether the plan's runs of a group may start together ({@link #DUET}, {@link #AUTO}); the plan itself is the blocked one. */
        public boolean startsTogether() {
            return this == DUET || this == AUTO;
        }

        /** An order as the matrix and the command line write it: blocked, duet, interleaved or sequential. */
        public static Order parse(String text) {
            for (Order o : values()) if (o.text().equals(text)) return o;
            throw new IllegalArgumentException("unknown order '" + text + "': write blocked, duet, auto, interleaved or sequential");
        }
    }

    public Matrix {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(nodePool, "nodePool");
        if (runnerClass != null) new dev.jdkmatrix.model.RunnerClass(runnerClass);
        jdks = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(jdks));
        cells = List.copyOf(cells);
        if (cells.isEmpty()) throw new IllegalArgumentException("a matrix needs at least one cell");
        Objects.requireNonNull(repetitions, "repetitions");
        if (!Double.isNaN(maxSteal) && !(maxSteal > 0 && maxSteal < 1)) throw new IllegalArgumentException("max-steal must be between 0 % and 100 %, got " + maxSteal);
        if (warmup < 0) throw new IllegalArgumentException("warmup must be 0 or more, got " + warmup);
        if (!(compareThreshold > 0 && compareThreshold < 10)) throw new IllegalArgumentException("compare-threshold must be above 0, got " + compareThreshold);
        compareAlong = List.copyOf(compareAlong);
        if (!(minDifference >= 0 && minDifference < compareThreshold)) {
            throw new IllegalArgumentException("min-difference must be at least 0 and below compare-threshold (" + compareThreshold + "), got " + minDifference);
        }
    }

    /** The cells in groups that differ only along {@link #compareAlong}, in the order of their first cell. */
    public List<Group> groups() {
        return Group.of(cells, compareAlong);
    }

    /**
     * Every run that may run, in the order they will run: warm-ups first, then the measured
     * repetitions, up to the maximum of adaptive ones (the runner leaves out the rounds past the
     * minimum that a cell does not need).
     */
    public List<PlannedRun> plan() {
        List<PlannedRun> runs = new ArrayList<>();
        int seq = 1;
        if (order == Order.BLOCKED || order.startsTogether()) {
            java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
            List<Group> groups = groups();
            for (int w = 1; w <= warmup; w++) {
                for (Cell c : round(groups, random)) runs.add(new PlannedRun(seq++, c, PlannedRun.Phase.WARMUP, w));
            }
            for (int r = 1; r <= repetitions.max(); r++) {
                for (Cell c : round(groups, random)) runs.add(new PlannedRun(seq++, c, PlannedRun.Phase.MEASURE, r));
            }
        } else if (order == Order.INTERLEAVED) {
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
                if (c.profile() != Profile.NONE) runs.add(new PlannedRun(seq++, c, PlannedRun.Phase.PROFILE, 1));
            }
            return List.copyOf(runs);
        }
        // after every measured round: a profile run never sits between the compared runs of a round
        for (Cell c : cells) {
            if (c.profile() != Profile.NONE) runs.add(new PlannedRun(seq++, c, PlannedRun.Phase.PROFILE, 1));
        }
        return List.copyOf(runs);
    }

    /** One round of a blocked plan: the groups shuffled, and each group's cells shuffled, back to back. */
    private static List<Cell> round(List<Group> groups, java.util.SplittableRandom random) {
        List<Group> g = shuffled(groups, random);
        List<Cell> out = new ArrayList<>();
        for (Group group : g) out.addAll(shuffled(group.cells(), random));
        return out;
    }

    /**
     * A Fisher-Yates shuffle of a copy, drawn from {@code random}'s SplitMix64 longs (specified, so
     * the same seed gives the same order on every JDK; the modulo's bias is below 1e-17).
     */
    private static <T> List<T> shuffled(List<T> items, java.util.SplittableRandom random) {
        List<T> copy = new ArrayList<>(items);
        for (int i = copy.size() - 1; i > 0; i--) java.util.Collections.swap(copy, i, (int) Long.remainderUnsigned(random.nextLong(), i + 1));
        return copy;
    }
}
