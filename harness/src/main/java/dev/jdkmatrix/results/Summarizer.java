package dev.jdkmatrix.results;

import dev.jdkmatrix.stats.SteadyState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * Derives summary rows from raw rows, never from anything else: measured runs that ended ok go
 * into the statistics; warm-ups are left out; failed runs are counted per status.
 */
public final class Summarizer {

    /** A cell whose coefficient of variation exceeds this is flagged noisy (shown, not hidden). */
    public static final double NOISY_CV = 0.05;

    private Summarizer() {}

    public static List<SummaryRow> summarize(List<RawRow> rows) {
        return summarize(rows, Double.NaN);
    }

    /**
     * Summary rows, each saying whether its interval reaches at most {@code target} (a fraction)
     * from its median: the adaptive repetitions' target (NaN: none, the column stays empty).
     */
    public static List<SummaryRow> summarize(List<RawRow> rows, double target) {
        Map<String, List<RawRow>> byCell = new LinkedHashMap<>();
        Map<String, RawRow> profiled = new java.util.HashMap<>();
        for (RawRow r : rows) {
            if (r.measured()) byCell.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r);
            if ("profile".equals(r.phase()) && r.ok()) profiled.put(r.cell(), r);
        }
        List<SummaryRow> out = new ArrayList<>();
        for (Map.Entry<String, List<RawRow>> e : byCell.entrySet()) out.add(summarizeCell(e.getValue(), target, profiled.get(e.getKey())));
        return out;
    }

    /**
     * Summary rows in the matrix's cell order ({@code cellIds}, as run.json's plan lists them; empty:
     * in the order the cells first ran), whatever order the plan ran them in: a blocked plan's is
     * shuffled, and a summary should read the same for every seed.
     */
    public static List<SummaryRow> summarize(List<RawRow> rows, double target, List<String> cellIds) {
        List<SummaryRow> out = new ArrayList<>(summarize(rows, target));
        if (cellIds == null || cellIds.isEmpty()) return out;
        Map<String, Integer> place = new java.util.HashMap<>();
        for (int i = 0; i < cellIds.size(); i++) place.putIfAbsent(cellIds.get(i), i);
        out.sort(java.util.Comparator.comparingInt(s -> place.getOrDefault(s.cell(), Integer.MAX_VALUE)));
        return out;
    }

    /** A cell's summary from its measured runs {@code all}, with its profile run beside it when it has one (else null). */
    static SummaryRow summarizeCell(List<RawRow> all, double target, RawRow profile) {
        RawRow first = all.get(0);
        // a noisy run (steal over max-steal) was made again: it is counted, not a failure, and in no statistic
        List<RawRow> runs = all.stream().filter(r -> !r.noisy()).toList();
        List<RawRow> ok = runs.stream().filter(RawRow::ok).toList();
        Map<String, Integer> failures = new TreeMap<>();
        for (RawRow r : runs) if (!r.ok()) failures.merge(r.status(), 1, Integer::sum);

        Map<String, String> v = new LinkedHashMap<>();
        dev.jdkmatrix.model.CellKey key = first.key();
        CellColumns.write(key, v);
        v.put("java_runtime_version", ok.stream().map(r -> r.javaRuntimeVersion()).distinct().reduce((a, b) -> a + "|" + b).orElse(""));
        v.put("n", Integer.toString(ok.size()));
        v.put("n_failed", Integer.toString(runs.size() - ok.size()));
        StringBuilder f = new StringBuilder();
        failures.forEach((status, count) -> f.append(f.isEmpty() ? "" : ";").append(status).append('=').append(count));
        v.put("failures", f.toString());
        if (!ok.isEmpty()) okColumns(v, ok, first);
        v.put("java_vendor", distinctValues(ok, RawRow::javaVendor));
        v.put("java_vm_name", distinctValues(ok, RawRow::javaVmName));
        runFigureColumns(v, ok);
        v.put("n_noisy", Integer.toString(all.size() - runs.size()));
        double reach = reach(ok);
        v.put("interval_pct", Double.isFinite(reach) ? String.format(Locale.ROOT, "%.2f", reach * 100) : "");
        v.put("target_reached", Double.isNaN(target) || ok.isEmpty() ? "" : Double.isFinite(reach) && reach <= target ? "yes" : "no");
        steadyColumns(v, ok);
        metricColumns(v, ok);
        if (profile != null) profileColumns(v, profile, ok, first);
        key.params().forEach((name, value) -> v.put(Columns.param(name), value));
        return new SummaryRow(v);
    }

    /** The wall-time statistics of a cell's ok runs and the medians of what the runs recorded beside it; their score's, where they have one. */
    private static void okColumns(Map<String, String> v, List<RawRow> ok, RawRow first) {
        Statistics s = Statistics.of(ok.stream().mapToDouble(r -> r.figure(RunFigure.WALL_MS)).toArray());
        v.put("wall_ms_median", ms(s.median()));
        v.put("wall_ms_min", ms(s.min()));
        v.put("wall_ms_max", ms(s.max()));
        v.put("wall_ms_mean", ms(s.mean()));
        v.put("wall_ms_stddev", ms(s.stddev()));
        v.put("wall_ms_cv", String.format(Locale.ROOT, "%.4f", s.cv()));
        v.put("wall_ms_cv_pct", String.format(Locale.ROOT, "%.2f", s.cv() * 100));
        v.put("wall_ms_ci_low", ms(s.ciLow()));
        v.put("wall_ms_ci_high", ms(s.ciHigh()));
        v.put("ci_level", String.format(Locale.ROOT, "%.4f", s.ciLevel()));
        Statistics score = scoreStatistics(ok);
        v.put("noisy", Boolean.toString((score != null ? score.cv() : s.cv()) > NOISY_CV));
        v.put("heap_growth_bytes_median", whole(median(ok, r -> r.figure(RunFigure.HEAP_AFTER_BYTES) - r.figure(RunFigure.HEAP_BEFORE_BYTES))));
        v.put("pinned_top_frame", mostFrequent(ok, RawRow::pinnedTopFrame));
        v.put("pinned_reason", mostFrequent(ok, RawRow::pinnedReason));
        if (score != null) scoreColumns(v, score, ok, first);
    }

    /** Each summary figure made of a run figure ({@link SummaryFigure#of}): its statistic over the ok runs, in the run figure's format. */
    private static void runFigureColumns(Map<String, String> v, List<RawRow> ok) {
        for (SummaryFigure f : SummaryFigure.values()) {
            if (f.of().isEmpty()) continue;
            RunFigure of = f.of().get();
            double stat = switch (f.over()) {
                case MEDIAN -> median(ok, r -> r.figure(of));
                case MAX -> ok.stream().mapToDouble(r -> r.figure(of)).filter(Double::isFinite).max().orElse(Double.NaN);
            };
            v.put(f.column(), of.format().text(stat));
        }
    }

    /** The score's statistics (a JMH or jar cell), its unit and direction, and JMH's own error. */
    private static void scoreColumns(Map<String, String> v, Statistics score, List<RawRow> ok, RawRow first) {
        v.put("score_median", significant(score.median()));
        v.put("score_min", significant(score.min()));
        v.put("score_max", significant(score.max()));
        v.put("score_ci_low", significant(score.ciLow()));
        v.put("score_ci_high", significant(score.ciHigh()));
        v.put("score_cv", String.format(Locale.ROOT, "%.4f", score.cv()));
        v.put("score_cv_pct", String.format(Locale.ROOT, "%.2f", score.cv() * 100));
        v.put("score_unit", first.scoreUnit());
        v.put("score_better", first.higherIsBetter() ? "higher" : "lower");
    }

    /** Of the ok runs whose iterations were classified, how many reached a steady state, and how many are in each class. */
    private static void steadyColumns(Map<String, String> v, List<RawRow> ok) {
        // by the classes' names, as summary.csv has always listed them
        Map<SteadyState.Kind, Integer> classes = new TreeMap<>(java.util.Comparator.comparing(SteadyState.Kind::text));
        for (RawRow r : ok) r.steadyState().ifPresent(k -> classes.merge(k, 1, Integer::sum));
        if (classes.isEmpty()) return;
        v.put("n_steady", Integer.toString(classes.getOrDefault(SteadyState.Kind.FLAT, 0) + classes.getOrDefault(SteadyState.Kind.WARMUP, 0)));
        StringBuilder b = new StringBuilder();
        classes.forEach((k, n) -> b.append(b.isEmpty() ? "" : ";").append(k.text()).append('=').append(n));
        v.put("steady_states", b.toString());
    }

    /** Each metric's median over the ok runs, as its own column, its unit in metric_units. */
    private static void metricColumns(Map<String, String> v, List<RawRow> ok) {
        Map<String, List<Double>> metrics = new TreeMap<>();
        Map<String, String> units = new TreeMap<>();
        for (RawRow r : ok) {
            r.metrics().forEach((k, val) -> {
                // "units" is the name of the units column; a metric that is no number has no median
                if (Columns.isMetric(Columns.metric(k)) && !Double.isNaN(val)) metrics.computeIfAbsent(k, x -> new ArrayList<>()).add(val);
            });
            r.metricUnits().forEach(units::putIfAbsent);
        }
        metrics.forEach((k, xs) -> v.put(Columns.metric(k), significant(Statistics.of(xs.stream().mapToDouble(Double::doubleValue).toArray()).median())));
        StringBuilder u = new StringBuilder();
        units.forEach((k, unit) -> {
            if (metrics.containsKey(k)) u.append(u.isEmpty() ? "" : ";").append(k).append('=').append(unit);
        });
        v.put("metric_units", u.toString());
    }

    /** The cell's profile run: its stacks, and its figure against the cell's median, in percent, positive when slower: what sampling cost, as far as one run tells. */
    private static void profileColumns(Map<String, String> v, RawRow profile, List<RawRow> ok, RawRow first) {
        v.put("profile_event", profile.profileEvent());
        v.put("profile_file", profile.profileFile());
        v.put("profile_samples", significant(profile.figure(RunFigure.PROFILE_SAMPLES)));
        double median = median(ok, RawRow::score);
        if (!Double.isFinite(median)) median = median(ok, r -> r.figure(RunFigure.WALL_MS));
        double run = Double.isFinite(profile.score()) ? profile.score() : profile.figure(RunFigure.WALL_MS);
        boolean higher = first.higherIsBetter();
        v.put("profile_overhead_pct", Double.isFinite(median) && median != 0 && Double.isFinite(run)
                ? String.format(Locale.ROOT, "%.1f", (run / median - 1) * 100 * (higher ? -1 : 1)) : "");
    }

    /**
     * How far the confidence interval of the runs' median figure reaches from it, as a fraction
     * of it ({@link Statistics#reach}); NaN with fewer than two runs. The adaptive repetitions
     * and the summary's interval_pct both use it.
     */
    public static double reach(List<RawRow> ok) {
        Statistics s = scoreStatistics(ok);
        return s == null || s.n() < 2 ? Double.NaN : s.reach();
    }

    /** The distinct non-empty values of a column over the runs, joined by "|" (one JDK's runs all say the same). */
    static String distinctValues(List<RawRow> rows, java.util.function.Function<RawRow, String> column) {
        return rows.stream().map(column).filter(s -> !s.isEmpty()).distinct().reduce((a, b) -> a + "|" + b).orElse("");
    }

    /** Statistics of the runs' scores (their wall_ms for rows stored before the kinds), or null when none is a number. */
    static Statistics scoreStatistics(List<RawRow> ok) {
        double[] x = ok.stream().mapToDouble(RawRow::score).filter(Double::isFinite).toArray();
        return x.length == 0 ? null : Statistics.of(x);
    }

    /** Six significant digits, plain: 3467630, 0.00123457 (a JMH score can be either). */
    public static String significant(double v) {
        return FigureFormat.SIGNIFICANT.text(v);
    }

    /** The most frequent non-empty value of a column over the runs, or empty. */
    static String mostFrequent(List<RawRow> rows, java.util.function.Function<RawRow, String> column) {
        Map<String, Integer> counts = new TreeMap<>();
        for (RawRow r : rows) if (!column.apply(r).isEmpty()) counts.merge(column.apply(r), 1, Integer::sum);
        return counts.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
    }

    /** Median of the finite values, NaN when there are none. */
    public static double median(List<RawRow> rows, ToDoubleFunction<RawRow> f) {
        double[] x = rows.stream().mapToDouble(f).filter(Double::isFinite).toArray();
        return x.length == 0 ? Double.NaN : Statistics.of(x).median();
    }

    public static String ms(double v) {
        return FigureFormat.MS.text(v);
    }


    public static String whole(double v) {
        return FigureFormat.WHOLE.text(v);
    }
}
