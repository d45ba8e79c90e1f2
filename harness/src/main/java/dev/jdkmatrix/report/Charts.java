package dev.jdkmatrix.report;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.workloads.Descriptor;
import dev.jdkmatrix.results.SummaryRow;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.knowm.xchart.AnnotationTextPanel;
import org.knowm.xchart.BoxChart;
import org.knowm.xchart.BoxChartBuilder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Builds every chart of a results folder from its summaries: wall time by executor, speedup of
 * virtual threads, scaling, memory, pinning before and after JEP 491, and the distribution of
 * repetitions. Each chart carries its title, axis units, the JDK builds, the CPU and memory
 * limits and n; each figure a caption with the measured takeaway. Pure: no files.
 */
final class Charts {

    static final int WIDTH = 1000;
    static final int HEIGHT = 600;
    /** An axis switches to a log scale when its values span more than this factor. */
    static final double LOG_SPAN = 10;
    static final String VIRTUAL = "virtual";
    /** Cells by CPU limit, and at one limit the quota before the pinned twin: the order of the CPU categories. */
    static final Comparator<CellStat> BY_CPU_LIMIT = Comparator.comparingDouble(CellStat::cpusValue).thenComparing(CellStat::cpuMode, Comparator.reverseOrder());
        /** JEP 491 (JDK 24): a virtual thread blocked in synchronized releases its carrier. */
    static final int JEP_491_JDK = 24;

    private final List<CellStat> cells;
    private final Map<String, Integer> names = new LinkedHashMap<>();

    Charts(List<SummaryRow> summary, List<RawRow> raw) {
        Map<String, List<RawRow>> byCell = raw.stream().collect(Collectors.groupingBy(r -> r.get("cell")));
        this.cells = summary.stream().map(s -> CellStat.of(s, byCell.getOrDefault(s.get("cell"), List.of()))).toList();
    }

    List<CellStat> cells() {
        return cells;
    }

    /** Every figure, section by section. */
    List<Figure> all() {
        List<Figure> out = new ArrayList<>();
        out.addAll(pinning());
        out.addAll(scores());
        out.addAll(speedup());
        out.addAll(wall());
        out.addAll(scaling());
        out.addAll(memory());
        out.addAll(distribution());
        out.addAll(throttling());
        return out;
    }

    // ---------------------------------------------------------------- CFS throttling

    /**
     * Per JDK: how often the CFS quota throttled the median run (the share of its 100 ms periods
     * that ended throttled), by CPU limit and mode, a bar per workload shape and executor, for the
     * cells whose runs report CFS figures (cgroup cpu.stat) where some run was throttled; the
     * throttled time per run is in the caption. The share, not the time, is on the axis: times
     * differ with each workload's length, and cgroup v1 sums them over the host CPUs' run queues
     * (a pool of 200 at 1 CPU shows about its whole wall time), so one bar would flatten the rest.
     * Pinned cells (cpu-mode cpuset) have no quota and stand beside their quota twins at 0.
     */
    List<Figure> throttling() {
        List<Figure> out = new ArrayList<>();
        List<CellStat> with = measured().stream().filter(c -> Double.isFinite(c.throttledMs())).toList();
        if (with.stream().noneMatch(c -> c.throttledMs() > 0)) return out;
        for (List<CellStat> g : groups(with, c -> key(c.jdk(), c.memory(), c.jvmArgs()))) {
            if (g.stream().noneMatch(c -> c.throttledMs() > 0)) continue;
            CellStat f = g.get(0);
            List<String> limits = g.stream().sorted(BY_CPU_LIMIT)
                    .map(CellStat::cpuText).distinct().toList();
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title("JDK " + f.jdk() + ": how often the CFS quota throttled the median run, memory " + f.memory())
                    .xAxisTitle(axis("CPU limit (pinned: cpu-mode cpuset, no quota)", g, ""))
                    .yAxisTitle("throttled 100 ms periods (% of the run's periods)").build();
            style(chart);
            chart.getStyler().setYAxisMin(0.0);
            chart.getStyler().setYAxisMax(100.0);
            chart.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
            chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
            List<List<CellStat>> all = groups(g, c -> key(shortShape(c), c.executor(), c.tasks()));
            // the task count in a series' name only where two series would otherwise share one
            java.util.Map<String, Long> bases = all.stream().map(x -> shortShape(x.get(0)) + " " + x.get(0).executor())
                    .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            for (List<CellStat> series : all) {
                List<Double> y = new ArrayList<>();
                for (String limit : limits) {
                    CellStat c = series.stream().filter(x -> x.cpuText().equals(limit)).findFirst().orElse(null);
                    y.add(c == null ? null : c.pinned() ? 0.0 : Double.isFinite(c.throttledShare()) ? c.throttledShare() * 100 : null);
                }
                CellStat s0 = series.get(0);
                String base = shortShape(s0) + " " + s0.executor();
                chart.addSeries(bases.get(base) > 1 ? base + " " + s0.tasks() + "t" : base, limits, y);
            }
            out.add(new Figure(name("throttling", "jdk" + f.jdk()), Figure.Section.THROTTLING, throttlingCaption(g), chart));
        }
        return out;
    }

    /** Per CPU limit under a quota: the range of the median throttled time and of the throttled share of periods; pinned ones at 0. */
    static String throttlingCaption(List<CellStat> g) {
        List<String> parts = new ArrayList<>();
        for (String limit : g.stream().sorted(BY_CPU_LIMIT)
                .map(CellStat::cpuText).distinct().toList()) {
            List<CellStat> at = g.stream().filter(c -> c.cpuText().equals(limit)).toList();
            double lo = at.stream().mapToDouble(CellStat::throttledMs).min().orElse(Double.NaN);
            double hi = at.stream().mapToDouble(CellStat::throttledMs).max().orElse(Double.NaN);
            double shareLo = at.stream().mapToDouble(CellStat::throttledShare).filter(Double::isFinite).min().orElse(Double.NaN);
            double shareHi = at.stream().mapToDouble(CellStat::throttledShare).filter(Double::isFinite).max().orElse(Double.NaN);
            if (hi == 0) {
                parts.add(limit + ": never throttled");
            } else {
                parts.add(limit + ": " + ms(lo) + (lo == hi ? "" : " to " + ms(hi)) + " per run"
                        + (Double.isFinite(shareLo) ? ", in " + pct(shareLo) + (shareLo == shareHi ? "" : " to " + pct(shareHi)) + " of its 100 ms periods" : ""));
            }
        }
        int nLo = g.stream().mapToInt(CellStat::n).min().orElse(0);
        int nHi = g.stream().mapToInt(CellStat::n).max().orElse(0);
        return "JDK " + g.get(0).jdk() + ", median run per cell - " + String.join("; ", parts) + " (n=" + (nLo == nHi ? nLo : nLo + " to " + nHi) + " per cell).";
    }

    // ---------------------------------------------------------------- wall time by executor

    /**
     * Per workload shape and task count: bars of the median by executor and CPU limit, a series per
     * JDK. Every CPU limit in one chart: a reader compares JDKs (side by side), CPU limits (the next
     * group) and executors (further along) at a glance, in one chart where a chart per limit and a
     * scaling line per JDK through two limits made four (two JDKs, two limits).
     */
    List<Figure> wall() {
        List<Figure> out = new ArrayList<>();
        for (List<CellStat> g : groups(measured(), c -> key(c.shape(), c.tasks(), c.memory(), c.jvmArgs()))) {
            CellStat f = g.get(0);
            List<String> limits = cpuTexts(g);
            boolean several = limits.size() > 1;
            List<String> executors = distinct(g, CellStat::executor);
            List<String[]> slots = new ArrayList<>(); // {executor, CPU limit}, the categories in order
            for (String e : executors) {
                for (String l : limits) {
                    if (g.stream().anyMatch(c -> c.executor().equals(e) && c.cpuText().equals(l))) slots.add(new String[] {e, l});
                }
            }
            List<String> cats = slots.stream().map(s -> several ? s[0] + " | " + s[1] : s[0]).toList();
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(title(f, ", " + f.tasks() + " tasks: median wall time, " + limitsText(g)))
                    .xAxisTitle(axis(several ? "executor | CPU limit" : "executor", g, "error bar: "
                            + ciText(g, span(g.stream().mapToDouble(CellStat::median).toArray()) > LOG_SPAN)))
                    .yAxisTitle("median wall time (ms)").build();
            style(chart);
            rotateIfCrowded(chart.getStyler(), cats);
            boolean log = logIfWide(chart.getStyler(), g.stream().mapToDouble(CellStat::median).toArray());
            for (String jdk : jdks(g)) {
                List<Double> y = new ArrayList<>();
                List<Double> err = new ArrayList<>();
                for (String[] s : slots) {
                    CellStat c = g.stream().filter(x -> x.executor().equals(s[0]) && x.cpuText().equals(s[1]) && x.jdk().equals(jdk)).findFirst().orElse(null);
                    y.add(c == null ? null : c.median());
                    err.add(c == null ? null : c.errorBar());
                }
                if (log) chart.addSeries("JDK " + jdk, cats, y);
                else chart.addSeries("JDK " + jdk, cats, y, err);
            }
            jdkNote(chart, g);
            out.add(new Figure(name("wall", f.shape(), f.tasks() + "t", several ? "" : f.cpuTag()), Figure.Section.WALL, named(f, chart, wallCaption(g)), chart));
        }
        return out;
    }

    /** Per CPU limit and JDK: the fastest executor and how much faster than the slowest. */
    private static String wallCaption(List<CellStat> g) {
        List<String> limits = cpuTexts(g);
        List<String> perLimit = new ArrayList<>();
        for (String limit : limits) {
            List<CellStat> at = g.stream().filter(c -> c.cpuText().equals(limit)).toList();
            List<String> parts = new ArrayList<>();
            for (String jdk : jdks(at)) {
                List<CellStat> j = at.stream().filter(c -> c.jdk().equals(jdk)).sorted(Comparator.comparingDouble(CellStat::median)).toList();
                if (j.size() < 2) {
                    parts.add("JDK " + jdk + ": " + j.get(0).executor() + " " + ms(j.get(0).median()) + " (n=" + j.get(0).n() + ")");
                    continue;
                }
                CellStat best = j.get(0);
                CellStat worst = j.get(j.size() - 1);
                parts.add("JDK " + jdk + ": " + best.executor() + " fastest at " + ms(best.median()) + ", " + times(worst.median() / best.median())
                        + " faster than " + worst.executor() + " (" + ms(worst.median()) + ")" + nText(best, worst));
            }
            perLimit.add((limits.size() > 1 ? limit + " - " : "") + String.join("; ", parts));
        }
        return String.join(". ", perLimit) + (limits.size() > 1 ? ". Memory " + g.get(0).memory() : " - " + limits(g.get(0))) + ".";
    }

    /** The CPU limits of these cells, by limit and at one limit the quota before the pinned twin: {@code 1 CPU}, {@code 1 CPU pinned}, {@code 2 CPUs}. */
    static List<String> cpuTexts(List<CellStat> g) {
        return g.stream().sorted(BY_CPU_LIMIT).map(CellStat::cpuText).distinct().toList();
    }

    /** {@code 1 CPU, memory 1g}, or for cells under several CPU limits {@code 1 CPU/2 CPUs, memory 1g}. */
    static String limitsText(List<CellStat> g) {
        return String.join("/", cpuTexts(g)) + ", memory " + String.join("/", distinct(g, CellStat::memory));
    }

    // ---------------------------------------------------------------- speedup

    /** One speedup: the median of a baseline executor over the median of virtual, same shape, JDK and limits. */
    record Ratio(String shape, String baseline, double value, CellStat base, CellStat virt) {}

    /** The speedups of virtual threads on one JDK. */
    private List<Ratio> ratios(String jdk) {
        List<Ratio> ratios = new ArrayList<>();
        List<CellStat> onJdk = measured().stream().filter(c -> c.jdk().equals(jdk)).toList();
        for (List<CellStat> g : groups(onJdk, c -> key(c.shape(), c.tasks(), c.cpus(), c.cpuMode(), c.memory(), c.jvmArgs()))) {
            CellStat v = g.stream().filter(c -> c.executor().equals(VIRTUAL)).findFirst().orElse(null);
            if (v == null) continue;
            for (CellStat b : g) {
                if (b == v) continue;
                String shape = shortShape(g.get(0)) + " " + g.get(0).tasks() + "t " + g.get(0).cpuText();
                ratios.add(new Ratio(shape, b.executor(), b.median() / v.median(), b, v));
            }
        }
        return ratios;
    }

    /**
     * The figures a run is remembered by, for trends across runs: every speedup of virtual threads,
     * and every slowdown of synchronized pinning before JEP 491 against after it.
     */
    Map<String, Double> headlines() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String jdk : jdks(measured())) {
            for (Ratio r : ratios(jdk)) out.put("virtual vs " + r.baseline() + ", " + r.shape() + ", JDK " + jdk, r.value());
        }
        List<CellStat> sync = measured().stream().filter(c -> c.has(Descriptor.Trait.PINNING) && c.param("lock").equals("synchronized")).toList();
        for (List<CellStat> g : groups(sync, c -> key(c.paramsWithout("lock"), c.executor(), c.tasks(), c.cpus(), c.cpuMode(), c.memory(), c.jvmArgs()))) {
            CellStat old = g.stream().filter(c -> jdkOrder(c.jdk()) < JEP_491_JDK).findFirst().orElse(null);
            CellStat neu = g.stream().filter(c -> jdkOrder(c.jdk()) >= JEP_491_JDK).findFirst().orElse(null);
            if (old == null || neu == null) continue;
            out.put("synchronized JDK " + old.jdk() + " / JDK " + neu.jdk() + ", " + old.tasks() + "t " + old.cpuText(), old.median() / neu.median());
        }
        return out;
    }

    /** Pixels per row of the speedup chart: a tick label's height and some air. */
    static final int SPEEDUP_ROW = 30;

    /**
     * Baseline executor / virtual, per JDK: a row per workload shape, task count, CPU limit and
     * baseline, with the median's ratio as a point and its interval as a line (the baseline's
     * interval over the virtual one's, as the claims compute it) on a log axis around a line at 1x.
     * Points, not bars: a bar from an arbitrary floor of a log axis reads as a gain even below 1x.
     */
    List<Figure> speedup() {
        List<Figure> out = new ArrayList<>();
        for (String jdk : jdks(measured())) {
            List<Ratio> ratios = ratios(jdk);
            if (ratios.isEmpty()) continue;
            List<String> shapes = ratios.stream().map(Ratio::shape).distinct().toList();
            List<String> baselines = ratios.stream().map(Ratio::baseline).distinct().toList();
            List<Ratio> rows = new ArrayList<>();
            for (String s : shapes) {
                for (String b : baselines) ratios.stream().filter(r -> r.shape().equals(s) && r.baseline().equals(b)).findFirst().ifPresent(rows::add);
            }
            List<CellStat> involved = ratios.stream().flatMap(r -> java.util.stream.Stream.of(r.base(), r.virt())).toList();
            int height = Math.max(HEIGHT, 200 + SPEEDUP_ROW * rows.size());
            XYChart chart = new XYChartBuilder().width(WIDTH).height(height)
                    .title("JDK " + jdk + ": speedup of virtual threads (baseline median / virtual median)")
                    .xAxisTitle(axis("speedup, log scale (right of 1x: virtual faster; line: interval)", involved, "")).yAxisTitle("").build();
            style(chart);
            chart.getStyler().setDefaultSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.Scatter);
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setXAxisDecimalPattern("#,##0.##");
            chart.getStyler().setMarkerSize(10);
            int n = rows.size();
            // Row i at y = n - 1 - i. Each row's name is written just above its line at the plot's
            // left edge: XChart 4 gives up on (and loops over) axis tick labels longer than 20 characters.
            chart.getStyler().setYAxisMin(-0.8);
            chart.getStyler().setYAxisMax(n - 0.1);
            chart.getStyler().setYAxisTicksVisible(false);
            chart.getStyler().setPlotGridHorizontalLinesVisible(false);
            for (int i = 0; i < n; i++) {
                chart.addAnnotation(new RowLabel(rows.get(i).shape() + "  vs " + rows.get(i).baseline(), n - 1 - i + 0.48));
            }
            double[] range = {1, 1};
            Color[] colors = chart.getStyler().getSeriesColors();
            for (int j = 0; j < baselines.size(); j++) {
                String b = baselines.get(j);
                Color color = colors[j % colors.length];
                List<Double> x = new ArrayList<>();
                List<Double> y = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    Ratio r = rows.get(i);
                    if (!r.baseline().equals(b)) continue;
                    x.add(r.value());
                    y.add((double) (n - 1 - i));
                    widen(range, r.value());
                    double lo = r.base().ciLow() / r.virt().ciHigh();
                    double hi = r.base().ciHigh() / r.virt().ciLow();
                    if (Double.isFinite(lo) && Double.isFinite(hi) && lo > 0 && hi > lo) {
                        XYSeries line = chart.addSeries("interval " + b + " " + i, new double[] {lo, hi}, new double[] {n - 1 - i, n - 1 - i});
                        line.setXYSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.Line);
                        line.setMarker(SeriesMarkers.NONE);
                        line.setLineColor(color);
                        line.setLineWidth(2.5f);
                        line.setLineStyle(org.knowm.xchart.style.lines.SeriesLines.SOLID);
                        line.setShowInLegend(false);
                        widen(range, lo);
                        widen(range, hi);
                    }
                }
                XYSeries points = chart.addSeries("vs " + b, x, y);
                points.setMarker(SeriesMarkers.CIRCLE);
                points.setMarkerColor(color);
            }
            // whole decades around every value and 1x, so the line at 1x is always inside
            chart.getStyler().setXAxisMin(Math.pow(10, Math.floor(Math.log10(range[0]) - 1e-9)));
            chart.getStyler().setXAxisMax(Math.pow(10, Math.ceil(Math.log10(range[1]) + 1e-9)));
            org.knowm.xchart.AnnotationLine one = new org.knowm.xchart.AnnotationLine(1.0, true, false);
            chart.addAnnotation(one);
            chart.getStyler().setAnnotationLineColor(Color.DARK_GRAY);
            chart.getStyler().setAnnotationLineStroke(new java.awt.BasicStroke(1.5f, java.awt.BasicStroke.CAP_BUTT, java.awt.BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
            Ratio top = ratios.stream().max(Comparator.comparingDouble(Ratio::value)).orElseThrow();
            Ratio low = ratios.stream().min(Comparator.comparingDouble(Ratio::value)).orElseThrow();
            String caption = "virtual " + times(top.value()) + " faster than " + top.baseline() + " on JDK " + jdk + ", " + top.shape()
                    + nText(top.base(), top.virt()) + (ratios.size() > 1 ? "; least: " + times(low.value()) + " against " + low.baseline()
                    + " (" + low.shape() + ")" : "") + ". Points: the ratio of the medians; lines: its interval; dashed: 1x, no difference.";
            out.add(new Figure(name("speedup", "jdk" + jdk), Figure.Section.SPEEDUP, caption, chart));
        }
        return out;
    }

    /** A row's name, left-aligned at the plot's left edge and centred on a value of the y axis. */
    static final class RowLabel extends org.knowm.xchart.AnnotationText {
        private final String label;

        RowLabel(String label, double y) {
            super(label, 0, y, false);
            this.label = label;
        }

        @Override
        public void paint(java.awt.Graphics2D g) {
            if (!isVisible) return;
            Object hint = g.getRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING);
            g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, java.awt.RenderingHints.VALUE_ANTIALIAS_ON);
            java.awt.Font font = styler.getAnnotationTextFont();
            java.awt.Shape shape = new java.awt.font.TextLayout(label, font, g.getFontRenderContext()).getOutline(null);
            java.awt.geom.Rectangle2D box = shape.getBounds2D();
            double left = getXAxisScreenValueForMin() + 6;
            double base = getYAxisScreenValue(y) + box.getHeight() / 2;
            java.awt.geom.AffineTransform old = g.getTransform();
            g.translate(left, base);
            g.setColor(new Color(0x33, 0x33, 0x33));
            g.fill(shape);
            g.setTransform(old);
            g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, hint);
            bounds = new java.awt.geom.Rectangle2D.Double(left, base - box.getHeight(), box.getWidth(), box.getHeight());
        }
    }

    private static void widen(double[] range, double v) {
        if (!Double.isFinite(v) || v <= 0) return;
        range[0] = Math.min(range[0], v);
        range[1] = Math.max(range[1], v);
    }

    // ---------------------------------------------------------------- scaling

    /**
     * Wall time against task count, and against CPU limit: a line per executor. A line by CPU limit
     * needs three limits: with two, the wall chart already stands them side by side.
     */
    List<Figure> scaling() {
        List<Figure> out = new ArrayList<>();
        for (List<CellStat> g : groups(measured(), c -> key(c.shape(), c.jdk(), c.cpus(), c.cpuMode(), c.memory(), c.jvmArgs()))) {
            if (g.stream().map(CellStat::tasks).distinct().count() < 2) continue;
            CellStat f = g.get(0);
            XYChart chart = line("JDK " + f.jdk() + ", " + title(f, ": median wall time by task count, " + limits(f)),
                    axis("tasks", g, ""), g, c -> (double) c.tasks());
            out.add(new Figure(name("scaling-tasks", f.shape(), "jdk" + f.jdk(), f.cpuTag()), Figure.Section.SCALING,
                    named(f, chart, growthCaption(g, CellStat::tasks, "tasks") + " - JDK " + f.jdk() + ", " + limits(f) + "."), chart));
        }
        for (List<CellStat> g : groups(measured(), c -> key(c.shape(), c.jdk(), c.tasks(), c.cpuMode(), c.memory(), c.jvmArgs()))) {
            if (g.stream().map(CellStat::cpus).distinct().count() < SCALING_POINTS) continue;
            CellStat f = g.get(0);
            XYChart chart = line("JDK " + f.jdk() + ", " + title(f, ", " + f.tasks() + " tasks: median wall time by CPU limit, memory " + f.memory()),
                    axis("CPU limit (CPUs)", g, ""), g, CellStat::cpusValue);
            out.add(new Figure(name("scaling-cpus", f.shape(), f.tasks() + "t", "jdk" + f.jdk()), Figure.Section.SCALING,
                    named(f, chart, growthCaption(g, c -> c.cpusValue(), "CPUs") + " - JDK " + f.jdk() + ", " + f.tasks() + " tasks."), chart));
        }
        return out;
    }

    /** CPU limits a scaling line needs before it says more than the wall chart, which holds every limit. */
    static final int SCALING_POINTS = 3;

    private XYChart line(String title, String xTitle, List<CellStat> g, Function<CellStat, Double> x) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle("median wall time (ms)").build();
        style(chart);
        chart.getStyler().setMarkerSize(10);
        boolean log = logIfWide(chart.getStyler(), g.stream().mapToDouble(CellStat::median).toArray());
        for (String e : distinct(g, CellStat::executor)) {
            List<CellStat> line = g.stream().filter(c -> c.executor().equals(e)).sorted(Comparator.comparing(x)).toList();
            XYSeries s = log ? chart.addSeries(e, line.stream().map(x).toList(), line.stream().map(CellStat::median).toList())
                    : chart.addSeries(e, line.stream().map(x).toList(), line.stream().map(CellStat::median).toList(),
                            line.stream().map(CellStat::errorBar).toList());
            s.setMarker(SeriesMarkers.CIRCLE);
        }
        double[] xs = g.stream().mapToDouble(x::apply).toArray();
        if (span(xs) > LOG_SPAN) chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setXAxisDecimalPattern("#,##0.##"); // 10,000 tasks, not 1E4
        return chart;
    }

    private static <T extends Comparable<T>> String growthCaption(List<CellStat> g, Function<CellStat, T> x, String unit) {
        List<String> parts = new ArrayList<>();
        for (String e : distinct(g, CellStat::executor)) {
            List<CellStat> line = g.stream().filter(c -> c.executor().equals(e)).sorted(Comparator.comparing(x)).toList();
            if (line.size() < 2) continue;
            CellStat a = line.get(0);
            CellStat b = line.get(line.size() - 1);
            parts.add(e + " " + ms(a.median()) + " -> " + ms(b.median()) + " (" + times(b.median() / a.median()) + ")");
        }
        List<T> xs = g.stream().map(x).sorted().distinct().toList();
        int nMin = g.stream().mapToInt(CellStat::n).min().orElse(0);
        int nMax = g.stream().mapToInt(CellStat::n).max().orElse(0);
        return "from " + num(xs.get(0)) + " to " + num(xs.get(xs.size() - 1)) + " " + unit + ": " + String.join(", ", parts)
                + " (n=" + (nMin == nMax ? nMin : nMin + "-" + nMax) + " per point)";
    }

    // ---------------------------------------------------------------- memory

    /** Per workload shape and task count: heap peak, peak RSS and container peak by executor, JDK and CPU limit. */
    List<Figure> memory() {
        List<Figure> out = new ArrayList<>();
        for (List<CellStat> g : groups(measured(), c -> key(c.shape(), c.tasks(), c.memory(), c.jvmArgs()))) {
            boolean any = g.stream().anyMatch(c -> Double.isFinite(c.heapPeak()) || Double.isFinite(c.rssPeak()) || Double.isFinite(c.cgroupPeak()));
            if (!any) continue;
            CellStat f = g.get(0);
            List<String> cats = g.stream().map(c -> c.executor() + " | JDK " + c.jdk() + " | " + c.cpuText()).toList();
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(title(f, ", " + f.tasks() + " tasks: memory (median per run), memory limit " + f.memory()))
                    .xAxisTitle(axis("executor | JDK | CPU limit", g, "")).yAxisTitle("MiB").build();
            style(chart);
            rotateIfCrowded(chart.getStyler(), cats);
            chart.addSeries("heap peak", cats, g.stream().map(c -> mib(c.heapPeak())).toList());
            chart.addSeries("peak RSS (VmHWM)", cats, g.stream().map(c -> mib(c.rssPeak())).toList());
            chart.addSeries("container peak (cgroup)", cats, g.stream().map(c -> mib(c.cgroupPeak())).toList());
            CellStat hi = g.stream().filter(c -> Double.isFinite(c.cgroupPeak())).max(Comparator.comparingDouble(CellStat::cgroupPeak)).orElse(null);
            CellStat lo = g.stream().filter(c -> Double.isFinite(c.cgroupPeak())).min(Comparator.comparingDouble(CellStat::cgroupPeak)).orElse(null);
            String caption = hi == null ? "no container peak was recorded for these cells."
                    : "highest container peak " + mibText(hi.cgroupPeak()) + " (" + hi.executor() + ", JDK " + hi.jdk() + ", " + hi.cpuText()
                    + "), lowest " + mibText(lo.cgroupPeak()) + " (" + lo.executor() + ", JDK " + lo.jdk() + ", " + lo.cpuText() + ")"
                    + nText(hi, lo) + ", memory limit " + f.memory() + ".";
            out.add(new Figure(name("memory", f.shape(), f.tasks() + "t"), Figure.Section.MEMORY, named(f, chart, caption), chart));
        }
        return out;
    }

    // ---------------------------------------------------------------- pinning

    /**
     * The pinning workload: JDK x lock, wall time with the pinned-event counts that JFR recorded
     * written on the bars' labels, and the JEP 491 marker.
     */
    List<Figure> pinning() {
        List<Figure> out = new ArrayList<>();
        List<CellStat> pin = measured().stream().filter(c -> c.has(Descriptor.Trait.PINNING)).toList();
        for (List<CellStat> g : groups(pin, c -> key(c.paramsWithout("lock"), c.executor(), c.tasks(), c.cpus(), c.cpuMode(), c.memory(), c.jvmArgs()))) {
            CellStat f = g.get(0);
            List<CellStat> sorted = g.stream().sorted(Comparator.comparing((CellStat c) -> jdkOrder(c.jdk())).thenComparing(c -> c.param("lock"))).toList();
            List<String> jdks = sorted.stream().map(CellStat::jdk).distinct().toList();
            List<String> locks = sorted.stream().map(c -> c.param("lock")).distinct().sorted().toList();
            // a category per lock, a bar per JDK; the pinned counts of every JDK go in the lock's label
            List<String> cats = locks.stream().map(l -> l + " (" + jdks.stream().map(j -> {
                CellStat c = cellOf(sorted, j, l);
                return j + ": " + (c == null ? "-" : pinnedCount(c));
            }).collect(Collectors.joining(" | ")) + ")").toList();
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title("Pinning: " + f.tasks() + " virtual threads each hold a lock for " + f.param("hold-ms") + " ms, " + limits(f))
                    .xAxisTitle(axis("lock (JFR pinned events per run, threshold 0)", g, ""))
                    .yAxisTitle("median wall time (ms)").build();
            style(chart);
            boolean log = logIfWide(chart.getStyler(), sorted.stream().mapToDouble(CellStat::median).toArray());
            for (String j : jdks) {
                List<CellStat> row = locks.stream().map(l -> cellOf(sorted, j, l)).toList();
                List<Double> y = row.stream().map(c -> c == null ? null : c.median()).toList();
                if (log || row.contains(null)) chart.addSeries("JDK " + j, cats, y);
                else chart.addSeries("JDK " + j, cats, y, row.stream().map(CellStat::errorBar).toList());
            }
            chart.getStyler().setLabelsVisible(true);
            chart.getStyler().setYAxisDecimalPattern("#,##0");
            chart.getStyler().setLabelsFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
            jdkNote(chart, g);
            out.add(new Figure(name("pinning", f.paramsWithout("lock"), f.tasks() + "t", f.cpuTag()), Figure.Section.PINNING, pinningCaption(sorted), chart));
        }
        return out;
    }

    private static CellStat cellOf(List<CellStat> g, String jdk, String lock) {
        return g.stream().filter(c -> c.jdk().equals(jdk) && c.param("lock").equals(lock)).findFirst().orElse(null);
    }

    private static String pinnedCount(CellStat c) {
        return Double.isFinite(c.pinnedEvents()) ? String.format(Locale.ROOT, "%,.0f", c.pinnedEvents()) : "no JFR";
    }

    private static String pinnedText(CellStat c) {
        return Double.isFinite(c.pinnedEvents()) ? pinnedCount(c) + " pinned" : "no JFR";
    }

    private static String pinningCaption(List<CellStat> g) {
        CellStat old = g.stream().filter(c -> c.param("lock").equals("synchronized") && jdkOrder(c.jdk()) < JEP_491_JDK).findFirst().orElse(null);
        CellStat neu = g.stream().filter(c -> c.param("lock").equals("synchronized") && jdkOrder(c.jdk()) >= JEP_491_JDK).findFirst().orElse(null);
        String counts = g.stream().map(c -> "JDK " + c.jdk() + " " + c.param("lock") + " " + pinnedText(c)).collect(Collectors.joining(", "));
        if (old == null || neu == null) return "pinned events per run (median): " + counts + " - " + limits(g.get(0)) + ".";
        return "synchronized: JDK " + old.jdk() + " " + ms(old.median()) + " vs JDK " + neu.jdk() + " " + ms(neu.median()) + ", "
                + times(old.median() / neu.median()) + " slower before JEP 491" + nText(old, neu) + "; pinned events per run (median): " + counts
                + " - " + limits(g.get(0)) + ".";
    }

    /**
     * The JDK behaviour changes ({@link JdkMarkers}) that this chart's JDKs cross and its cells can
     * meet, as a note on it: JEP 491 where JDK 21 and 25 run the pinning workload (or a user's),
     * JEP 444 where JDK 17 and 21 run virtual threads, JDK-8281181 wherever JDK 17 and 21 stand.
     */
    private static void jdkNote(org.knowm.xchart.internal.chartpart.AxesChart<?, ?> chart, List<CellStat> g) {
        List<JdkMarkers.Marker> crossed = markers(g);
        if (crossed.isEmpty()) return;
        boolean log = chart.getStyler().isYAxisLogarithmic();
        // room above the highest bar and its error bar, so the note covers none
        double top = g.stream().mapToDouble(c -> c.builtin() ? c.median() + c.errorBar() : c.score() + c.scoreErrorBar()).filter(Double::isFinite).max().orElse(Double.NaN);
        if (Double.isFinite(top) && top > 0) {
            chart.getStyler().setYAxisMax(log ? top * Math.pow(4, crossed.size() + 1) : top * (1.12 + 0.08 * (crossed.size() + 1)));
            Double min = chart.getStyler().getYAxisMin();
            if (log && min != null && min > 0) labelEveryStep(chart.getStyler(), chart.getStyler().getYAxisMax() / min);
        }
        chart.addAnnotation(new AnnotationTextPanel(String.join("\n", crossed.stream().map(JdkMarkers.Marker::text).toList())
                + (log ? "\nerror bars: " + ciText(g, true) : ""), WIDTH * 0.30, HEIGHT - 110, true));
    }

    /** The JDK behaviour changes these cells' JDKs cross and the cells can meet. */
    static List<JdkMarkers.Marker> markers(List<CellStat> g) {
        List<JdkMarkers.Scope> scopes = new ArrayList<>(List.of(JdkMarkers.Scope.EVERY));
        if (g.stream().anyMatch(c -> !c.builtin() || c.executor().equals(VIRTUAL))) scopes.add(JdkMarkers.Scope.VIRTUAL);
        if (g.stream().anyMatch(c -> !c.builtin() || c.has(Descriptor.Trait.PINNING))) scopes.add(JdkMarkers.Scope.MONITORS);
        return JdkMarkers.crossed(g.stream().map(Charts::feature).toList(), scopes);
    }

    /** A cell's JDK feature version: from the build it ran ("25.0.3+9-LTS"), else from the JDK's name ("21", "temurin-25"). */
    static int feature(CellStat c) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(\\d+)").matcher(c.build());
        if (m.find()) return Integer.parseInt(m.group(1));
        java.util.regex.Matcher n = java.util.regex.Pattern.compile("(\\d+)").matcher(c.jdk());
        return n.find() ? Integer.parseInt(n.group(1)) : Integer.MAX_VALUE;
    }

    // ---------------------------------------------------------------- distribution

    /**
     * Box plots of each cell's measured repetitions, per workload shape and task count: a box per
     * executor, JDK and CPU limit, in the wall chart's order.
     */
    List<Figure> distribution() {
        List<Figure> out = new ArrayList<>();
        for (List<CellStat> g : groups(measured(), c -> key(c.shape(), c.tasks(), c.memory(), c.jvmArgs()))) {
            List<String> executors = distinct(g, CellStat::executor);
            List<String> jdks = jdks(g);
            List<String> limits = cpuTexts(g);
            boolean several = limits.size() > 1;
            List<CellStat> withRuns = g.stream().filter(c -> !c.walls().isEmpty())
                    .sorted(Comparator.comparingInt((CellStat c) -> executors.indexOf(c.executor()))
                            .thenComparingInt(c -> limits.indexOf(c.cpuText())).thenComparingInt(c -> jdks.indexOf(c.jdk())))
                    .toList();
            if (withRuns.isEmpty()) continue;
            CellStat f = g.get(0);
            BoxChart chart = new BoxChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(title(f, ", " + f.tasks() + " tasks: wall time of each repetition, " + limitsText(g)))
                    .xAxisTitle(axis("executor" + (several ? " | CPU limit" : "") + (jdks.size() == 1 ? "" : " | JDK") + " (box: quartiles, whiskers: range)", withRuns, ""))
                    .yAxisTitle("wall time (ms)").build();
            style(chart);
            boolean oneJdk = jdks.size() == 1;
            List<String> labels = withRuns.stream().map(c -> c.executor() + (several ? " | " + c.cpuText() : "") + (oneJdk ? "" : " | JDK " + c.jdk())).toList();
            for (int i = 0; i < withRuns.size(); i++) chart.addSeries(labels.get(i), withRuns.get(i).walls().stream().mapToDouble(Double::doubleValue).toArray());
            boxesFit(chart.getStyler(), labels.size());
            rotateIfCrowded(chart.getStyler(), labels);
            chart.getStyler().setLegendVisible(false);
            logIfWide(chart.getStyler(), withRuns.stream().flatMap(c -> c.walls().stream()).mapToDouble(Double::doubleValue).toArray());
            CellStat widest = withRuns.stream().max(Comparator.comparingDouble(c -> Double.isFinite(c.cv()) ? c.cv() : -1)).orElseThrow();
            long noisy = withRuns.stream().filter(CellStat::noisy).count();
            String caption = "widest spread: " + widest.executor() + " on JDK " + widest.jdk() + (several ? " at " + widest.cpuText() : "")
                    + ", CV " + pct(widest.cv()) + " (n=" + widest.n() + "); "
                    + noisy + " of " + withRuns.size() + " cells noisy (CV above 5%) - " + limitsText(g) + ".";
            out.add(new Figure(name("dist", f.shape(), f.tasks() + "t", several ? "" : f.cpuTag()), Figure.Section.DISTRIBUTION, named(f, chart, caption), chart));
        }
        return out;
    }

    // ---------------------------------------------------------------- shared

    /**
     * A cell's workload with only the params that vary between this folder's cells of that
     * workload ({@code threadlocal(mode=pool)}): short enough for an axis label.
     */
    String shortShape(CellStat c) {
        List<String> varying = new ArrayList<>();
        for (String kv : c.params().split(";")) {
            int eq = kv.indexOf('=');
            if (eq <= 0) continue;
            String key = kv.substring(0, eq);
            boolean varies = cells.stream().filter(o -> o.workload().equals(c.workload())).map(o -> o.param(key)).distinct().count() > 1;
            if (varies) varying.add(kv);
        }
        return varying.isEmpty() ? c.workload() : c.workload() + "(" + String.join(";", varying) + ")";
    }

    /** The measured cells of built-in workloads: every chart but the scores is about executors and tasks. */
    private List<CellStat> measured() {
        return cells.stream().filter(CellStat::measured).filter(CellStat::builtin).toList();
    }

    // ---------------------------------------------------------------- scores of the user's workloads

    /**
     * The user's jmh and jar cells: per benchmark (or jar) and param set, the median score of the
     * runs by CPU limit, a bar per JDK, with the interval of the median over the runs as error bar
     * and the unit and direction on the axis. JMH's own within-run error goes in the caption.
     */
    List<Figure> scores() {
        List<Figure> out = new ArrayList<>();
        List<CellStat> user = cells.stream().filter(c -> !c.builtin() && c.n() > 0 && Double.isFinite(c.score())).toList();
        for (List<CellStat> g : groups(user, c -> key(c.scoreSubject(), c.params(), c.memory(), c.jvmArgs(), c.scoreUnit()))) {
            CellStat f = g.get(0);
            List<String> cpus = g.stream().sorted(BY_CPU_LIMIT)
                    .map(CellStat::cpuText).distinct().toList();
            String better = f.higherIsBetter() ? "higher is better" : "lower is better";
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(f.scoreSubject() + (f.params().isEmpty() ? "" : " (" + f.params() + ")") + ": median score by CPU limit, memory " + f.memory())
                    .xAxisTitle(axis("CPU limit", g, "error bar: " + ciText(g, false)))
                    .yAxisTitle("score (" + f.scoreUnit() + ", " + better + ")").build();
            style(chart);
            chart.getStyler().setYAxisMin(0.0);
            for (String jdk : jdks(g)) {
                List<Double> y = new ArrayList<>();
                List<Double> err = new ArrayList<>();
                for (String cpu : cpus) {
                    CellStat c = g.stream().filter(x -> x.jdk().equals(jdk) && x.cpuText().equals(cpu)).findFirst().orElse(null);
                    y.add(c == null ? null : c.score());
                    err.add(c == null ? null : c.scoreErrorBar());
                }
                chart.addSeries("JDK " + jdk, cpus, y, err);
            }
            jdkNote(chart, g);
            out.add(new Figure(name("score", f.scoreSubject(), f.params()), Figure.Section.SCORE, scoreCaption(g), chart));
        }
        return out;
    }

    /** Per CPU limit: the best JDK and how far the others are from it, in the score's direction; JMH's error beside. */
    static String scoreCaption(List<CellStat> g) {
        List<String> parts = new ArrayList<>();
        CellStat f = g.get(0);
        Comparator<CellStat> best = Comparator.comparingDouble(CellStat::score);
        if (f.higherIsBetter()) best = best.reversed();
        for (String cpus : g.stream().sorted(BY_CPU_LIMIT)
                .map(CellStat::cpuText).distinct().toList()) {
            List<CellStat> at = g.stream().filter(c -> c.cpuText().equals(cpus)).sorted(best).toList();
            CellStat top = at.get(0);
            StringBuilder s = new StringBuilder(cpus + ": JDK " + top.jdk() + " " + score(top));
            for (CellStat o : at.subList(1, at.size())) {
                double ratio = f.higherIsBetter() ? top.score() / o.score() : o.score() / top.score();
                boolean overlap = o.scoreCiLow() <= top.scoreCiHigh() && top.scoreCiLow() <= o.scoreCiHigh();
                s.append(", JDK ").append(o.jdk()).append(' ').append(score(o)).append(" (")
                        .append(ratio >= 1.5 ? times(ratio) + " worse" : String.format(Locale.ROOT, "%.1f %% worse", (ratio - 1) * 100))
                        .append(overlap ? ", intervals overlap" : "").append(')');
            }
            parts.add(s.toString());
        }
        double jmhError = g.stream().mapToDouble(CellStat::scoreError).filter(Double::isFinite).max().orElse(Double.NaN);
        return String.join("; ", parts) + " - " + (f.higherIsBetter() ? "higher" : "lower") + " is better; median of n=" + g.stream().mapToInt(CellStat::n).min().orElse(0)
                + " runs, each a fresh container" + (Double.isFinite(jmhError) ? "; JMH's own error within a run: up to \u00b1" + threeDigits(jmhError) + " " + f.scoreUnit() : "") + ".";
    }

    private static String score(CellStat c) {
        return threeDigits(c.score()) + " " + c.scoreUnit();
    }

    /** Three significant digits, plain: enough for a caption, whatever the unit's scale. */
    static String threeDigits(double v) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /**
     * The house style. Call it once the chart has its titles: a title or x-axis title too wide for
     * the chart is set in a smaller font, down to {@link #MIN_TITLE_POINTS}.
     */
    static void style(org.knowm.xchart.internal.chartpart.AxesChart<? extends AxesChartStyler, ?> chart) {
        AxesChartStyler s = chart.getStyler();
        s.setChartTitleFont(fitted(chart.getTitle(), TITLE_FONT, chart.getWidth()));
        s.setAxisTitleFont(AXIS_TITLE_FONT);
        Font xTitle = fitted(chart.getXAxisTitle(), s.getAxisTitleFont(), chart.getWidth());
        if (xTitle.getSize() < s.getAxisTitleFont().getSize()) {
            // XChart has one font for both axis titles: the y one shrinks with the x one
            s.setAxisTitleFont(xTitle);
        }
        s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Horizontal);
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotGridLinesColor(new Color(0xDD, 0xDD, 0xDD));
        s.setYAxisDecimalPattern("#,##0.###");
        s.setAnnotationTextPanelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        s.setAnnotationTextPanelBackgroundColor(new Color(0xFF, 0xF8, 0xE1));
        if (s instanceof org.knowm.xchart.style.CategoryStyler c) {
            c.setErrorBarsColor(Color.DARK_GRAY);
            c.setAvailableSpaceFill(0.7);
        }
        if (s instanceof org.knowm.xchart.style.XYStyler xy) xy.setErrorBarsColor(Color.DARK_GRAY);
    }

    /** A chart title's font. */
    static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 18);
    /** Below this size a title names its workload by the params that vary only ({@link #title}). */
    static final int SHORT_TITLE_BELOW = 15;

    /**
     * A chart's title: the cell's workload with all its params, then the rest; where that would need
     * a font below {@link #SHORT_TITLE_BELOW} points, the workload with only the params that vary in
     * this folder ({@link #shortShape}), as the axis labels and the speedup rows name it.
     */
    String title(CellStat c, String rest) {
        String full = c.shape() + rest;
        return fitted(full, TITLE_FONT, WIDTH).getSize() >= SHORT_TITLE_BELOW ? full : shortShape(c) + rest;
    }

    /** The caption, after the workload with all its params where the chart's title names it by the varying ones only. */
    static String named(CellStat c, org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, String caption) {
        return chart.getTitle().contains(c.shape()) ? caption : c.shape() + ": " + caption;
    }

    /** The smallest size a title is set in to fit: below it, it is cut at the chart's edge rather than unreadable. */
    static final int MIN_TITLE_POINTS = 11;
    private static final java.awt.font.FontRenderContext TEXT = new java.awt.font.FontRenderContext(null, true, true);

    /** The font, or a smaller one of its family and style, in which the text fits the chart's width with a margin. */
    static Font fitted(String text, Font font, int chartWidth) {
        if (text == null || text.isEmpty()) return font;
        // XChart centres a title on the plot, which starts right of the y axis: room for the plot's width, less a margin
        double room = chartWidth - 130;
        Font f = font;
        while (f.getSize() > MIN_TITLE_POINTS && f.getStringBounds(text, TEXT).getWidth() > room) f = f.deriveFont((float) (f.getSize() - 1));
        return f;
    }

    /** Slants of the category labels, least first: the first at which the labels stand clear of each other is taken. */
    static final int[] LABEL_ROTATIONS = {0, 25, 90};

    /**
     * Slants the category labels just enough to keep them apart: level where the longest fits its
     * category's width, else slanted where neighbours, parallel, stand a line's height and a third
     * apart (the slot's width x the sine of the slant) and the last still fits, else upright. Call it
     * after the plot's content share is set. XChart is told to label every category: it
     * keeps labels 74 pixels apart by default and writes only every second or third one below that.
     */
    static void rotateIfCrowded(AxesChartStyler s, List<String> labels) {
        if (labels.isEmpty()) return;
        String longest = labels.stream().max(java.util.Comparator.comparingInt(String::length)).orElseThrow();
        double room = (WIDTH - 120.0) / labels.size();
        java.awt.geom.Rectangle2D box = s.getAxisTickLabelsFont().getStringBounds(longest, new java.awt.font.FontRenderContext(null, true, false));
        // the plot is narrower than the room reckoned here (the y axis, the content share): half of it
        s.setXAxisTickMarkSpacingHint(Math.min(s.getXAxisTickMarkSpacingHint(), (int) (room / 2)));
        // XChart centres a slanted label on its tick: the last one must not reach past the chart's right
        // edge (it is left out if it would), which leaves it half a slot, the plot's side margin and padding
        double plot = WIDTH - 100.0;
        double rightOfLastTick = room / 2 + (1 - s.getPlotContentSize()) / 2 * plot + 10;
        for (int rotation : LABEL_ROTATIONS) {
            double r = Math.toRadians(rotation);
            double slantedWidth = box.getWidth() * Math.cos(r) + box.getHeight() * Math.sin(r);
            boolean clear = rotation == 0 ? box.getWidth() * 1.1 < room
                    : room * Math.sin(r) >= 1.33 * box.getHeight() && (rotation == 90 || slantedWidth / 2 <= rightOfLastTick - 5);
            if (clear || rotation == LABEL_ROTATIONS[LABEL_ROTATIONS.length - 1]) {
                s.setXAxisLabelRotation(rotation);
                return;
            }
        }
    }

    /**
     * XChart draws a box as wide as twice the plot's side margin, whatever the number of boxes (about
     * 70 pixels here): eight fit, twenty overlap. The plot's content share that makes a box 0.6 of
     * its slot: margin = 0.3 x slot, so (1 - share) / 2 = 0.3 x share / n.
     */
    static void boxesFit(org.knowm.xchart.style.BoxStyler s, int boxes) {
        s.setPlotContentSize(Math.max(0.92, boxes / (boxes + 0.6)));
    }

    /** Switches the y axis to a log scale when the values span more than {@link #LOG_SPAN}; says whether it did. */
    private static boolean logIfWide(AxesChartStyler s, double[] values) {
        boolean log = span(values) > LOG_SPAN;
        if (log) {
            s.setYAxisLogarithmic(true);
            // bars grow from the axis minimum, which a log axis cannot put at 0: the decade below the lowest value
            double min = java.util.Arrays.stream(values).filter(v -> Double.isFinite(v) && v > 0).min().orElse(1);
            double max = java.util.Arrays.stream(values).filter(v -> Double.isFinite(v) && v > 0).max().orElse(1);
            double axisMin = Math.pow(10, Math.floor(Math.log10(min)));
            s.setYAxisMin(axisMin);
            labelEveryStep(s, max / axisMin);
        }
        return log;
    }

    /**
     * Decades a log axis may span and still label 2, 3, ... 9 times each decade: at 600 pixels the
     * labels of 9 and 10 then stand 10 pixels apart; over more, only the decades are labelled
     * (XChart does not drop labels that overlap).
     */
    static final double LABELLED_DECADES = 2;

    /** Labels a log y axis at every step of its decades when it spans few of them, else at the decades only. */
    static void labelEveryStep(AxesChartStyler s, double axisSpan) {
        s.setYAxisLogarithmicDecadeOnly(!(Math.log10(axisSpan) <= LABELLED_DECADES + 1e-9));
    }



    /** max / min of the finite positive values; 1 when there is nothing to span, infinite when a value is 0 or below. */
    static double span(double[] values) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            if (!Double.isFinite(v)) continue;
            if (v <= 0) return 1; // a log axis cannot show it
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return min == Double.POSITIVE_INFINITY ? 1 : max / min;
    }

    private static <K> List<List<CellStat>> groups(List<CellStat> cells, Function<CellStat, K> key) {
        Map<K, List<CellStat>> m = new LinkedHashMap<>();
        for (CellStat c : cells) m.computeIfAbsent(key.apply(c), k -> new ArrayList<>()).add(c);
        return List.copyOf(m.values());
    }

    private static List<Object> key(Object... parts) {
        return List.of(parts);
    }

    private static List<String> distinct(List<CellStat> g, Function<CellStat, String> f) {
        return new ArrayList<>(new LinkedHashSet<>(g.stream().map(f).toList()));
    }

    /** JDK names in numeric order where they are numbers. */
    static List<String> jdks(List<CellStat> g) {
        Set<String> s = new TreeSet<>(Comparator.comparingInt(Charts::jdkOrder).thenComparing(Comparator.naturalOrder()));
        g.forEach(c -> s.add(c.jdk()));
        return List.copyOf(s);
    }

    /** The feature release a JDK name starts with (21 for "21", "21-graal"), or a large number. */
    static int jdkOrder(String jdk) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(\\d+)").matcher(jdk);
        return m.find() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
    }

    /** The axis title's font (XChart has one for both axes). */
    static final Font AXIS_TITLE_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 14);

    /**
     * An x-axis title: what the axis shows, the JDK builds, limits and n behind the chart, and a
     * tail (the error bars) when not empty. Where that does not fit the chart, the builds are
     * written short ({@link #env}).
     */
    static String axis(String lead, List<CellStat> g, String tail) {
        String full = join(lead, env(g, false), tail);
        return fitted(full, AXIS_TITLE_FONT, WIDTH).getSize() == AXIS_TITLE_FONT.getSize() ? full : join(lead, env(g, true), tail);
    }

    private static String join(String lead, String env, String tail) {
        return lead + "  |  " + env + (tail.isEmpty() ? "" : "  |  " + tail);
    }

    /**
     * The JDK builds, limits and n behind a chart, for its axis title. Short: each build by its
     * version up to the vendor's suffix (25.0.3+9), after the JDK's name when the name is not just
     * the version's feature number (temurin-25 25.0.3+9).
     */
    static String env(List<CellStat> g, boolean compact) {
        List<String> builds = new ArrayList<>();
        for (String jdk : jdks(g)) {
            List<String> of = g.stream().filter(c -> c.jdk().equals(jdk)).map(CellStat::build).filter(b -> !b.isEmpty()).distinct().toList();
            if (of.isEmpty()) {
                builds.add("JDK " + jdk);
            } else if (!compact) {
                builds.add(String.join("/", of));
            } else {
                String versions = of.stream().map(b -> b.replaceAll("-.*", "")).distinct().collect(Collectors.joining("/"));
                builds.add(versions.startsWith(jdk + ".") || versions.equals(jdk) ? versions : jdk + " " + versions);
            }
        }
        String cpus = g.stream().map(CellStat::cpus).distinct().map(Charts::cpuText).collect(Collectors.joining("/"));
        String mem = g.stream().map(CellStat::memory).distinct().collect(Collectors.joining("/"));
        int nMin = g.stream().mapToInt(CellStat::n).min().orElse(0);
        int nMax = g.stream().mapToInt(CellStat::n).max().orElse(0);
        return String.join(", ", builds) + " | " + cpus + " | " + mem + " | n=" + (nMin == nMax ? nMin : nMin + "-" + nMax);
    }

    private static String ciText(List<CellStat> g, boolean log) {
        if (log) return "none on a log axis";
        double level = g.stream().mapToDouble(CellStat::ciLevel).filter(Double::isFinite).min().orElse(Double.NaN);
        return Double.isFinite(level) && level > 0 ? "CI of the median (>= " + pct(level) + ")" : "none (n too small for a CI)";
    }

    static String limits(CellStat c) {
        return c.cpuText() + ", memory " + c.memory();
    }

    static String cpuText(String cpus) {
        return cpus + ("1".equals(cpus) ? " CPU" : " CPUs");
    }

    private static String nText(CellStat a, CellStat b) {
        return a.n() == b.n() ? ", n=" + a.n() : ", n=" + a.n() + "/" + b.n();
    }

    static String ms(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f ms", v) : String.format(Locale.ROOT, "%,.1f ms", v);
    }

    static String times(double v) {
        return v >= 10 ? String.format(Locale.ROOT, "%,.0fx", v) : String.format(Locale.ROOT, "%.1fx", v);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f%%", v * 100);
    }

    private static Double mib(double bytes) {
        return Double.isFinite(bytes) ? bytes / (1 << 20) : null;
    }

    private static String mibText(double bytes) {
        return String.format(Locale.ROOT, "%,.0f MiB", bytes / (1 << 20));
    }

    private static String num(Object o) {
        if (o instanceof Double d) return d == Math.rint(d) ? Long.toString(d.longValue()) : d.toString();
        return String.valueOf(o);
    }

    /** A unique file name from the parts: lower case, only letters, digits, '.', '-' and '_'. */
    private String name(Object... parts) {
        String base = java.util.Arrays.stream(parts).map(String::valueOf).filter(s -> !s.isEmpty()).collect(Collectors.joining("-"))
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-").replaceAll("-+", "-").replaceAll("^-|-$", "");
        if (base.length() > 80) base = base.substring(0, 80);
        int k = names.merge(base, 1, Integer::sum);
        return k == 1 ? base : base + "-" + k;
    }
}
