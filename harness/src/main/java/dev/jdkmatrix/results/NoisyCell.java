package dev.jdkmatrix.results;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.stats.Median;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A cell whose runs spread more from round to round than a comparison of 5 % can stand ({@link #NOISY}),
 * with what its own runs say would quiet it: a CPU quota that throttled it, the host's CPU steal, JMH
 * iterations that vary within a run (longer or more iterations) or runs that each settle apart (more
 * rounds or forks), runs so short that the JVM's start is much of them. {@code spread}: the standard
 * deviation of the log of its ok runs' figures (about the relative spread); {@code causes}: each cause
 * with its fix, the strongest first.
 */
public record NoisyCell(String cell, int runs, double spread, List<String> causes) {

    /** The spread from round to round above which a cell is noisy: 5 %, the difference a nightly wants to hear. */
    public static final double NOISY = 0.05;
    /** The fewest ok runs whose spread says anything. */
    static final int MIN_RUNS = 3;
    /** Host CPU steal (percent of the host's time) from which it is named a cause. */
    static final double STEAL_PCT = 2;
    /** A run shorter than this (ms) is mostly the JVM's start and warm-up. */
    static final double SHORT_MS = 200;

    public NoisyCell {
        Objects.requireNonNull(cell, "cell");
        if (runs < MIN_RUNS) throw new IllegalArgumentException("a noisy cell is said from " + MIN_RUNS + " runs or more, got " + runs);
        causes = List.copyOf(causes);
    }

    /** The noisy cells of these rows, the noisiest first. */
    public static List<NoisyCell> of(List<RawRow> rows) {
        Map<String, List<RawRow>> byCell = new LinkedHashMap<>();
        for (RawRow r : rows) if (r.measured() && r.ok() && !r.noisy() && r.score() > 0) byCell.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r);
        List<NoisyCell> out = new ArrayList<>();
        byCell.forEach((cell, runs) -> {
            if (runs.size() < MIN_RUNS) return;
            double spread = Statistics.of(runs.stream().mapToDouble(r -> Math.log(r.score())).toArray()).stddev();
            if (spread > NOISY) out.add(new NoisyCell(cell, runs.size(), spread, causes(runs, spread)));
        });
        out.sort(java.util.Comparator.comparingDouble(NoisyCell::spread).reversed());
        return out;
    }

    /** What the runs say of why they spread, each with its fix. */
    static List<String> causes(List<RawRow> runs, double spread) {
        CellKey key = runs.get(0).key();
        List<String> out = new ArrayList<>();
        long throttled = runs.stream().filter(r -> r.figure(RunFigure.CPU_THROTTLED_MS) > 0).count();
        if (key.cpuMode() == CpuMode.QUOTA && throttled > 0) {
            out.add("throttled by its CPU quota in " + throttled + " of " + runs.size() + " runs: cpu-mode: cpuset gives it whole CPUs of its own");
        }
        double steal = runs.stream().mapToDouble(r -> r.figure(RunFigure.HOST_STEAL_PCT)).filter(Double::isFinite).max().orElse(0);
        if (steal >= STEAL_PCT) {
            out.add(String.format(Locale.ROOT, "the host's CPU steal reached %.1f %% of its time: a quieter machine or hour (max-steal re-runs a run above it)", steal));
        }
        if (key.kind() == CellKey.Kind.JMH) {
            out.add(jmh(runs, spread));
        } else if (Median.of(runs.stream().mapToDouble(RawRow::score).toArray()) < SHORT_MS && "ms".equals(runs.get(0).scoreUnit())) {
            out.add(String.format(Locale.ROOT, "runs of %.0f ms, much of it the JVM's start and warm-up: more work a run, or more rounds",
                    Median.of(runs.stream().mapToDouble(RawRow::score).toArray())));
        } else if (out.isEmpty()) {
            out.add("more rounds (repetitions) narrow its comparisons as the square root of their number");
        }
        return out;
    }

    /**
     * A JMH cell: JMH's own error of a run (its 99.9 % half-width, relative), as the standard error of the run's figure (over
     * Student's t at 99.95 % for its iterations), against the spread between runs. Where that standard error is half the
     * spread or more, iterations that vary within a run are the cause: longer or more iterations; where it is less, runs whose
     * iterations agree differ from each other, each JVM settling apart (JIT, memory layout): more rounds or forks.
     */
    private static String jmh(List<RawRow> runs, double spread) {
        double error = Median.of(runs.stream().mapToDouble(r -> r.figure(RunFigure.SCORE_ERROR) / r.score()).filter(Double::isFinite).toArray());
        double within = error / t999(runs.get(0).figure(RunFigure.JMH_ITERATIONS) * Math.max(1, runs.get(0).figure(RunFigure.JMH_FORKS)));
        String iterations = settings(runs);
        String said = String.format(Locale.ROOT, "JMH's own error ±%.1f %%, a standard error of %.1f %% for a run's figure", 100 * error, 100 * within);
        if (Double.isFinite(within) && within >= spread / 2) {
            return "its iterations vary within a run (" + said + "): longer iterations (-r) or more of them (-i)" + iterations;
        }
        return (Double.isFinite(within) ? "a run's iterations agree (" + said + ") but the runs do not: " : "the runs differ: ")
                + "each JVM settles apart (JIT, memory layout), which more rounds or forks (-f) average out" + iterations;
    }

    /** Student's t at 99.95 % for {@code n} iterations (JMH's 99.9 % interval of a run's figure); NaN under 2. */
    private static double t999(double n) {
        return n >= 2 && Double.isFinite(n) ? org.apache.commons.statistics.distribution.TDistribution.of(n - 1).inverseSurvivalProbability(0.0005) : Double.NaN;
    }

    /** "; they ran 5 iterations of 500 ms" where raw.csv says, else "". */
    private static String settings(List<RawRow> runs) {
        double iterations = runs.get(0).figure(RunFigure.JMH_ITERATIONS);
        String time = runs.get(0).jmhMeasurementTime();
        if (!Double.isFinite(iterations) && time.isEmpty()) return "";
        return "; they ran " + (Double.isFinite(iterations) ? (long) iterations + " iteration" + (iterations == 1 ? "" : "s") : "iterations")
                + (time.isEmpty() ? "" : " of " + time);
    }

    /** "9.8 % from round to round over 6 runs; throttled by ..." */
    public String text() {
        return String.format(Locale.ROOT, "%.1f %% from round to round over %d runs; ", 100 * spread, runs) + String.join("; ", causes);
    }
}
