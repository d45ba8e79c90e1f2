package dev.jdkmatrix.results;

import dev.jdkmatrix.stats.SteadyState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * Derives each cell's summary ({@link CellSummary}) from raw rows, never from anything else:
 * measured runs that ended ok go into the statistics; warm-ups are left out; failed runs are
 * counted per status.
 */
public final class Summarizer {

    /** A cell whose coefficient of variation exceeds this is flagged noisy (shown, not hidden). */
    public static final double NOISY_CV = 0.05;

    private Summarizer() {}

    public static List<CellSummary> summarize(List<RawRow> rows) {
        return summarize(rows, Double.NaN);
    }

    /**
     * Summaries, each saying whether its interval reaches at most {@code target} (a fraction)
     * from its median: the adaptive repetitions' target (NaN: none, the column stays empty).
     */
    public static List<CellSummary> summarize(List<RawRow> rows, double target) {
        Map<String, List<RawRow>> byCell = new LinkedHashMap<>();
        Map<String, RawRow> profiled = new java.util.HashMap<>();
        for (RawRow r : rows) {
            if (r.measured()) byCell.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r);
            if ("profile".equals(r.phase()) && r.ok()) profiled.put(r.cell(), r);
        }
        List<CellSummary> out = new ArrayList<>();
        for (Map.Entry<String, List<RawRow>> e : byCell.entrySet()) out.add(summarizeCell(e.getValue(), target, profiled.get(e.getKey())));
        return out;
    }

    /**
     * Summaries in the matrix's cell order ({@code cellIds}, as run.json's plan lists them; empty:
     * in the order the cells first ran), whatever order the plan ran them in: a blocked plan's is
     * shuffled, and a summary should read the same for every seed.
     */
    public static List<CellSummary> summarize(List<RawRow> rows, double target, List<String> cellIds) {
        List<CellSummary> out = new ArrayList<>(summarize(rows, target));
        if (cellIds == null || cellIds.isEmpty()) return out;
        Map<String, Integer> place = new java.util.HashMap<>();
        for (int i = 0; i < cellIds.size(); i++) place.putIfAbsent(cellIds.get(i), i);
        out.sort(java.util.Comparator.comparingInt(s -> place.getOrDefault(s.cell(), Integer.MAX_VALUE)));
        return out;
    }

    /** A cell's summary from its measured runs {@code all}, with its profile run beside it when it has one (else null). */
    static CellSummary summarizeCell(List<RawRow> all, double target, RawRow profile) {
        RawRow first = all.get(0);
        // a noisy run (steal over max-steal) was made again: it is counted, not a failure, and in no statistic
        List<RawRow> runs = all.stream().filter(r -> !r.noisy()).toList();
        List<RawRow> ok = runs.stream().filter(RawRow::ok).toList();
        Map<String, Integer> failures = new TreeMap<>();
        for (RawRow r : runs) if (!r.ok()) failures.merge(r.status(), 1, Integer::sum);
        Figures figures = new Figures();
        Statistics score = ok.isEmpty() ? null : scoreStatistics(ok);
        boolean noisy = false;
        CellSummary.Pinning pinning = new CellSummary.Pinning("", "");
        if (!ok.isEmpty()) {
            Statistics wall = wallFigures(figures, ok);
            noisy = (score != null ? score.cv() : wall.cv()) > NOISY_CV;
            pinning = new CellSummary.Pinning(mostFrequent(ok, RawRow::pinnedTopFrame), mostFrequent(ok, RawRow::pinnedReason));
            if (score != null) scoreFigures(figures, score);
        }
        runFigures(figures, ok);
        double reach = reach(ok);
        figures.put(SummaryFigure.INTERVAL_PCT, reach * 100);
        CellSummary.Target reached = Double.isNaN(target) || ok.isEmpty() ? CellSummary.Target.NONE
                : Double.isFinite(reach) && reach <= target ? CellSummary.Target.YES : CellSummary.Target.NO;
        Metrics metrics = metrics(ok);
        CellSummary.Profile profiled = profile == null ? CellSummary.Profile.NONE : profileFigures(figures, profile, ok, first);
        CellSummary.Jvm jvm = new CellSummary.Jvm(ok.stream().map(RawRow::javaRuntimeVersion).distinct().reduce((a, b) -> a + "|" + b).orElse(""),
                distinctValues(ok, RawRow::javaVendor), distinctValues(ok, RawRow::javaVmName));
        return new CellSummary(first.key(), jvm, ok.size(), runs.size() - ok.size(), all.size() - runs.size(), new TreeMap<>(failures), noisy,
                score == null ? "" : first.scoreUnit(), score != null && first.higherIsBetter(), figures.kept, reached, steadyStates(ok), pinning, profiled,
                metrics.medians(), metrics.units());
    }

    /** A summary's figures as summary.csv keeps them: each rounded by its format, a NaN left out. */
    private static final class Figures {
        final Map<SummaryFigure, Double> kept = new java.util.EnumMap<>(SummaryFigure.class);

        void put(SummaryFigure f, double v) {
            double stored = f.format().stored(v);
            if (!Double.isNaN(stored)) kept.put(f, stored);
        }
    }

    /** The wall-time statistics of a cell's ok runs and the heap's growth; returns the wall time's statistics. */
    private static Statistics wallFigures(Figures f, List<RawRow> ok) {
        Statistics s = Statistics.of(ok.stream().mapToDouble(r -> r.figure(RunFigure.WALL_MS)).toArray());
        f.put(SummaryFigure.WALL_MS_MEDIAN, s.median());
        f.put(SummaryFigure.WALL_MS_MIN, s.min());
        f.put(SummaryFigure.WALL_MS_MAX, s.max());
        f.put(SummaryFigure.WALL_MS_MEAN, s.mean());
        f.put(SummaryFigure.WALL_MS_STDDEV, s.stddev());
        f.put(SummaryFigure.WALL_MS_CV, s.cv());
        f.put(SummaryFigure.WALL_MS_CV_PCT, s.cv() * 100);
        f.put(SummaryFigure.WALL_MS_CI_LOW, s.ciLow());
        f.put(SummaryFigure.WALL_MS_CI_HIGH, s.ciHigh());
        f.put(SummaryFigure.CI_LEVEL, s.ciLevel());
        f.put(SummaryFigure.HEAP_GROWTH_BYTES_MEDIAN, median(ok, r -> r.figure(RunFigure.HEAP_AFTER_BYTES) - r.figure(RunFigure.HEAP_BEFORE_BYTES)));
        return s;
    }

    /** Each summary figure made of a run figure ({@link SummaryFigure#of}): its statistic over the ok runs. */
    private static void runFigures(Figures figures, List<RawRow> ok) {
        for (SummaryFigure f : SummaryFigure.values()) {
            if (f.of().isEmpty()) continue;
            RunFigure of = f.of().get();
            figures.put(f, switch (f.over()) {
                case MEDIAN -> median(ok, r -> r.figure(of));
                case MAX -> ok.stream().mapToDouble(r -> r.figure(of)).filter(Double::isFinite).max().orElse(Double.NaN);
            });
        }
    }

    /** The score's statistics (a JMH or jar cell). */
    private static void scoreFigures(Figures f, Statistics score) {
        f.put(SummaryFigure.SCORE_MEDIAN, score.median());
        f.put(SummaryFigure.SCORE_MIN, score.min());
        f.put(SummaryFigure.SCORE_MAX, score.max());
        f.put(SummaryFigure.SCORE_CI_LOW, score.ciLow());
        f.put(SummaryFigure.SCORE_CI_HIGH, score.ciHigh());
        f.put(SummaryFigure.SCORE_CV, score.cv());
        f.put(SummaryFigure.SCORE_CV_PCT, score.cv() * 100);
    }

    /** Of the ok runs whose iterations were classified, how many are in each class. */
    private static java.util.SortedMap<SteadyState.Kind, Integer> steadyStates(List<RawRow> ok) {
        java.util.SortedMap<SteadyState.Kind, Integer> classes = new TreeMap<>(CellSummary.STEADY_ORDER);
        for (RawRow r : ok) r.steadyState().ifPresent(k -> classes.merge(k, 1, Integer::sum));
        return classes;
    }

    /** The metrics' medians over a cell's ok runs (as summary.csv keeps them), and the units of those that have one. */
    private record Metrics(java.util.SortedMap<String, Double> medians, java.util.SortedMap<String, String> units) {}

    private static Metrics metrics(List<RawRow> ok) {
        Map<String, List<Double>> metrics = new TreeMap<>();
        Map<String, String> units = new TreeMap<>();
        for (RawRow r : ok) {
            r.metrics().forEach((k, val) -> {
                // "units" is the name of the units column; a metric that is no number has no median
                if (Columns.isMetric(Columns.metric(k)) && !Double.isNaN(val)) metrics.computeIfAbsent(k, x -> new ArrayList<>()).add(val);
            });
            r.metricUnits().forEach(units::putIfAbsent);
        }
        java.util.SortedMap<String, Double> medians = new TreeMap<>();
        metrics.forEach((k, xs) -> medians.put(k, FigureFormat.SIGNIFICANT.stored(Statistics.of(xs.stream().mapToDouble(Double::doubleValue).toArray()).median())));
        java.util.SortedMap<String, String> kept = new TreeMap<>();
        units.forEach((k, unit) -> {
            if (metrics.containsKey(k)) kept.put(k, unit);
        });
        return new Metrics(medians, kept);
    }

    /** The cell's profile run: its stacks, and its figure against the cell's median, in percent, positive when slower: what sampling cost, as far as one run tells. */
    private static CellSummary.Profile profileFigures(Figures f, RawRow profile, List<RawRow> ok, RawRow first) {
        f.put(SummaryFigure.PROFILE_SAMPLES, profile.figure(RunFigure.PROFILE_SAMPLES));
        double median = median(ok, RawRow::score);
        if (!Double.isFinite(median)) median = median(ok, r -> r.figure(RunFigure.WALL_MS));
        double run = Double.isFinite(profile.score()) ? profile.score() : profile.figure(RunFigure.WALL_MS);
        boolean higher = first.higherIsBetter();
        if (Double.isFinite(median) && median != 0 && Double.isFinite(run)) f.put(SummaryFigure.PROFILE_OVERHEAD_PCT, (run / median - 1) * 100 * (higher ? -1 : 1));
        return new CellSummary.Profile(profile.profileEvent(), profile.profileFile());
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
