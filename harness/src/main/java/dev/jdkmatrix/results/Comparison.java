package dev.jdkmatrix.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Baseline against new, per cell: the change of the median score (a built-in run's wall time; a
 * JMH score; a jar's wall time or regex value) with a 95 % bootstrap interval, a Mann-Whitney U
 * p-value, and a verdict at a threshold that only the interval decides: {@code slower} or
 * {@code faster} when the whole interval lies past the threshold in that direction (a time up is
 * slower, a throughput up is faster), {@code unchanged} when the whole interval lies within
 * ±threshold, and otherwise, when the interval reaches past the threshold without clearing it,
 * {@code noisy} if either side's own CV exceeds the threshold and {@code undecided} if not: the
 * runs cannot tell, and more runs (or calmer ones) would. With fewer than 6 runs a side (a median's
 * interval under 95 %) it is {@code undecided} whatever the interval says, with why. Where nearly
 * every cell moved past the threshold together ({@link RunnerMove}: the runner's speed between the
 * two runs, unpaired), the verdicts that go its way say so in their note.
 */
public final class Comparison {

    /** How a cell changed. */
    public enum Verdict {
        FASTER, SLOWER, UNCHANGED, NOISY, UNDECIDED, ADDED, REMOVED,
        /** The cell ran on both sides, and every run of one side (or both) failed: its note says which and how. */
        FAILED;

        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One cell's comparison; medians in {@code unit}, change and interval as fractions (0.1 = +10 %);
     * {@code pValue}: the Mann-Whitney U test's two-sided p-value of the two sides' runs.
     */
    public record Row(String cell, int baselineN, int newN, double baselineMedian, double newMedian, double change,
                      double ciLow, double ciHigh, double baselineCv, double newCv, Verdict verdict, String unit, boolean higherIsBetter,
                      double pValue, String note) {
        public Row {
            note = note == null ? "" : note;
        }

        public Row(String cell, int baselineN, int newN, double baselineMedian, double newMedian, double change, double ciLow, double ciHigh,
                   double baselineCv, double newCv, Verdict verdict, String unit, boolean higherIsBetter, double pValue) {
            this(cell, baselineN, newN, baselineMedian, newMedian, change, ciLow, ciHigh, baselineCv, newCv, verdict, unit, higherIsBetter, pValue, "");
        }
    }

    /** A cell's scores with their unit and direction. */
    private record Scores(double[] values, String unit, boolean higherIsBetter) {}

    static final int RESAMPLES = 2000;

    private Comparison() {}

    public static List<Row> compare(List<RawRow> baseline, List<RawRow> current, double threshold) {
        if (!(threshold > 0)) throw new IllegalArgumentException("a threshold is above 0, got " + threshold);
        Map<String, Scores> base = scores(baseline);
        Map<String, Scores> now = scores(current);
        Map<String, String> baseFailed = failed(baseline, base);
        Map<String, String> nowFailed = failed(current, now);
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, Scores> e : now.entrySet()) {
            Scores b = base.get(e.getKey());
            Scores n = e.getValue();
            if (b == null && baseFailed.containsKey(e.getKey())) {
                Statistics s = Statistics.of(n.values());
                rows.add(new Row(e.getKey(), 0, n.values().length, Double.NaN, s.median(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, s.cv(),
                        Verdict.FAILED, n.unit(), n.higherIsBetter(), Double.NaN, "every baseline run failed (" + baseFailed.get(e.getKey()) + ")"));
                continue;
            }
            if (b == null) {
                Statistics s = Statistics.of(n.values());
                rows.add(new Row(e.getKey(), 0, n.values().length, Double.NaN, s.median(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, s.cv(),
                        Verdict.ADDED, n.unit(), n.higherIsBetter(), Double.NaN));
                continue;
            }
            rows.add(row(e.getKey(), b.values(), n.values(), threshold, n.unit(), n.higherIsBetter()));
        }
        for (Map.Entry<String, Scores> e : base.entrySet()) {
            if (!now.containsKey(e.getKey()) && nowFailed.containsKey(e.getKey())) {
                Scores b = e.getValue();
                Statistics s = Statistics.of(b.values());
                rows.add(new Row(e.getKey(), b.values().length, 0, s.median(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, s.cv(), Double.NaN,
                        Verdict.FAILED, b.unit(), b.higherIsBetter(), Double.NaN, "every new run failed (" + nowFailed.get(e.getKey()) + ")"));
            } else if (!now.containsKey(e.getKey())) {
                Scores b = e.getValue();
                Statistics s = Statistics.of(b.values());
                rows.add(new Row(e.getKey(), b.values().length, 0, s.median(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, s.cv(), Double.NaN,
                        Verdict.REMOVED, b.unit(), b.higherIsBetter(), Double.NaN));
            }
        }
        for (Map.Entry<String, String> e : baseFailed.entrySet()) {
            if (nowFailed.containsKey(e.getKey())) {
                rows.add(new Row(e.getKey(), 0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Verdict.FAILED, "", false,
                        Double.NaN, "every run failed on both sides (baseline " + e.getValue() + ", new " + nowFailed.get(e.getKey()) + ")"));
            }
        }
        return RunnerMove.of(rows, threshold).map(m -> m.note(rows)).orElse(rows);
    }

    /** The cells with measured runs none of which has a score (every run failed), with their statuses: {@code oom=3, timeout=1}. */
    private static Map<String, String> failed(List<RawRow> rows, Map<String, Scores> scored) {
        Map<String, List<RawRow>> runs = new LinkedHashMap<>();
        for (RawRow r : rows) {
            if (r.measured() && !r.noisy() && !scored.containsKey(r.cell())) runs.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r);
        }
        Map<String, String> out = new LinkedHashMap<>();
        runs.forEach((cell, list) -> out.put(cell, Comparisons.statuses(list)));
        return out;
    }

    /** One cell's baseline and new wall times (ms, each at least one; lower is better) compared at {@code threshold} (0.03 = 3 %). */
    public static Row row(String cell, double[] b, double[] n, double threshold) {
        return row(cell, b, n, threshold, "ms", false);
    }

    /** One cell's baseline and new scores (each at least one) in {@code unit}, compared at {@code threshold} in the score's direction. */
    public static Row row(String cell, double[] b, double[] n, double threshold, String unit, boolean higherIsBetter) {
        Statistics sb = Statistics.of(b);
        Statistics sn = Statistics.of(n);
        double change = sn.median() / sb.median() - 1;
        double[] interval = bootstrapRatio(cell, b, n);
        double low = interval[0] - 1;
        double high = interval[1] - 1;
        Verdict v;
        double level = Math.min(Statistics.medianLevel(b.length), Statistics.medianLevel(n.length));
        if (level < Comparisons.DECISION_LEVEL - 1e-9) {
            // a bootstrap of a few runs calls itself 95 % and is not: the medians' own intervals say what the runs can
            String note = b.length + " and " + n.length + " runs: a median's interval reaches " + String.format(java.util.Locale.ROOT, "%.1f %%", level * 100)
                    + ", below the 95 % a verdict needs (" + Comparisons.DECISION_ROUNDS + " runs a side reach it)";
            return new Row(cell, b.length, n.length, sb.median(), sn.median(), change, low, high, sb.cv(), sn.cv(), Verdict.UNDECIDED, unit, higherIsBetter,
                    MannWhitney.pValue(b, n), note);
        }
        if (low > threshold) {
            v = higherIsBetter ? Verdict.FASTER : Verdict.SLOWER;
        } else if (high < -threshold) {
            v = higherIsBetter ? Verdict.SLOWER : Verdict.FASTER;
        } else if (low >= -threshold && high <= threshold) {
            v = Verdict.UNCHANGED;
        } else {
            v = sb.cv() > threshold || sn.cv() > threshold ? Verdict.NOISY : Verdict.UNDECIDED;
        }
        return new Row(cell, b.length, n.length, sb.median(), sn.median(), change, low, high, sb.cv(), sn.cv(), v, unit, higherIsBetter,
                MannWhitney.pValue(b, n));
    }

    /**
     * The 95 % percentile-bootstrap interval of median(n) / median(b), from two independent samples
     * (2,000 resamples; the seed comes from {@code key}, so a report is reproducible).
     */
    public static double[] bootstrapRatio(String key, double[] b, double[] n) {
        SplittableRandom random = new SplittableRandom(key.hashCode());
        double[] ratios = new double[RESAMPLES];
        Resample rn = new Resample(n);
        Resample rb = new Resample(b);
        for (int i = 0; i < RESAMPLES; i++) ratios[i] = rn.median(random) / rb.median(random);
        Arrays.sort(ratios);
        return new double[] {ratios[(int) Math.floor(0.025 * (RESAMPLES - 1))], ratios[(int) Math.ceil(0.975 * (RESAMPLES - 1))]};
    }

    /**
     * Medians of resamples of {@code x} drawn with replacement, without sorting each: a resample
     * is counted per index of {@code x} (the same draws as filling an array with x[nextInt(n)]) and
     * its median read by walking x's indices in the order of their values: the same median as
     * sorting the resample, at a count per draw instead of a sort (the report of a 3,000-cell run
     * draws 24 million resamples).
     */
    private static final class Resample {
        private final double[] x;
        private final int[] byValue;
        private final int[] counts;

        Resample(double[] x) {
            this.x = x;
            this.byValue = java.util.stream.IntStream.range(0, x.length).boxed().sorted((i, j) -> Double.compare(x[i], x[j])).mapToInt(Integer::intValue).toArray();
            this.counts = new int[x.length];
        }

        double median(SplittableRandom random) {
            int n = x.length;
            Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) counts[random.nextInt(n)]++;
            int lo = (n - 1) / 2; // the order statistics the median of n values averages: (n-1)/2 and n/2, 0-based
            int hi = n / 2;
            double a = Double.NaN;
            int seen = 0;
            for (int j : byValue) {
                int c = counts[j];
                if (c == 0) continue;
                if (seen <= lo && lo < seen + c) a = x[j];
                if (seen <= hi && hi < seen + c) return (a + x[j]) / 2;
                seen += c;
            }
            throw new IllegalStateException("a resample of " + n + " values has no median");
        }
    }

    /** Scores of the measured ok runs, per cell, in first-seen order, with the unit and direction of the cell's first run. */
    private static Map<String, Scores> scores(List<RawRow> rows) {
        Map<String, List<Double>> m = new LinkedHashMap<>();
        Map<String, RawRow> first = new LinkedHashMap<>();
        for (RawRow r : rows) {
            if (r.measured() && r.ok() && Double.isFinite(r.score())) {
                m.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r.score());
                first.putIfAbsent(r.cell(), r);
            }
        }
        Map<String, Scores> out = new LinkedHashMap<>();
        m.forEach((k, v) -> {
            RawRow f = first.get(k);
            out.put(k, new Scores(v.stream().mapToDouble(Double::doubleValue).toArray(), f.scoreUnit(),
                    f.higherIsBetter()));
        });
        return out;
    }
}
