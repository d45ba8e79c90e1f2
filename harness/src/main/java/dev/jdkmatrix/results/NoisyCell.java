package dev.jdkmatrix.results;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.CpuMode;
import java.util.ArrayList;
import java.util.Arrays;
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
        } else if (median(runs.stream().mapToDouble(RawRow::score).toArray()) < SHORT_MS && "ms".equals(runs.get(0).scoreUnit())) {
            out.add(String.format(Locale.ROOT, "runs of %.0f ms, much of it the JVM's start and warm-up: more work a run, or more rounds",
                    median(runs.stream().mapToDouble(RawRow::score).toArray())));
        } else if (out.isEmpty()) {
            out.add("more rounds (repetitions) narrow its comparisons as the square root of their number");
        }
        return out;
    }

    /**
     * A JMH cell: JMH's own error of a run (its 99.9 % half-width, relative) against the spread between runs. Iterations that
     * vary within a run want longer or more iterations; runs whose iterations agree but which differ from each other settle
     * apart (JIT, memory layout), which only more rounds or forks average out.
     */
    private static String jmh(List<RawRow> runs, double spread) {
        double within = median(runs.stream().mapToDouble(r -> r.figure(RunFigure.SCORE_ERROR) / r.score()).filter(Double::isFinite).toArray());
        String iterations = settings(runs);
        if (Double.isFinite(within) && within >= spread) {
            return String.format(Locale.ROOT, "its iterations vary within a run (JMH's own error ±%.1f %%): longer iterations (-r) or more of them (-i)%s",
                    100 * within, iterations);
        }
        return (Double.isFinite(within) ? String.format(Locale.ROOT, "a run's iterations agree (JMH's own error ±%.1f %%) but the runs do not: ", 100 * within)
                : "the runs differ: ") + "each JVM settles apart (JIT, memory layout), which more rounds or forks (-f) average out" + iterations;
    }

    /** "; they ran 5 iterations of 500 ms" where raw.csv says, else "". */
    private static String settings(List<RawRow> runs) {
        double iterations = runs.get(0).figure(RunFigure.JMH_ITERATIONS);
        String time = runs.get(0).jmhMeasurementTime();
        if (!Double.isFinite(iterations) && time.isEmpty()) return "";
        return "; they ran " + (Double.isFinite(iterations) ? (long) iterations + " iteration" + (iterations == 1 ? "" : "s") : "iterations")
                + (time.isEmpty() ? "" : " of " + time);
    }

    private static double median(double[] x) {
        if (x.length == 0) return Double.NaN;
        double[] s = x.clone();
        Arrays.sort(s);
        return Statistics.medianOfSorted(s);
    }

    /** "9.8 % from round to round over 6 runs; throttled by ..." */
    public String text() {
        return String.format(Locale.ROOT, "%.1f %% from round to round over %d runs; ", 100 * spread, runs) + String.join("; ", causes);
    }
}
