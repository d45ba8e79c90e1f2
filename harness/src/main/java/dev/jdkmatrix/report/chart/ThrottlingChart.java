package dev.jdkmatrix.report.chart;

import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;
import static dev.jdkmatrix.report.chart.JdkNotes.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/** How often the CFS quota throttled the median run, per JDK (section: CPU throttling under a quota). */
public final class ThrottlingChart implements ChartKind {

    /**
     * Per JDK: how often the CFS quota throttled the median run (the share of its 100 ms periods
     * that ended throttled), by CPU limit and mode, a bar per workload shape and executor, for the
     * cells whose runs report CFS figures (cgroup cpu.stat) where some run was throttled; the
     * throttled time per run is in the caption. The share, not the time, is on the axis: times
     * differ with each workload's length, and cgroup v1 sums them over the host CPUs' run queues
     * (a pool of 200 at 1 CPU shows about its whole wall time), so one bar would flatten the rest.
     * Pinned cells (cpu-mode cpuset) have no quota and stand beside their quota twins at 0.
     */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        List<CellStat> with = in.measured().stream().filter(c -> Double.isFinite(c.throttledMs())).toList();
        if (with.stream().noneMatch(c -> c.throttledMs() > 0)) return out;
        for (List<CellStat> g : groups(with, c -> key(c.jdk(), c.memory(), c.jvmArgs()))) {
            if (g.stream().noneMatch(c -> c.throttledMs() > 0)) continue;
            CellStat f = g.get(0);
            List<CellStat.Cpu> limits = g.stream().sorted(BY_CPU_LIMIT).map(CellStat::cpu).distinct().toList();
            List<List<CellStat>> all = groups(g, c -> key(in.shortShape(c), c.executor(), c.tasks()));
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(legendHeight(all.size()))
                    .title("JDK " + f.jdk() + ": how often the CFS quota throttled the median run, memory " + f.memory())
                    .xAxisTitle(axis("CPU limit (pinned: cpu-mode cpuset, no quota)", g, ""))
                    .yAxisTitle("throttled 100 ms periods (% of the run's periods)").build();
            style(chart);
            chart.getStyler().setYAxisMin(0.0);
            chart.getStyler().setYAxisMax(100.0);
            chart.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
            chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
            // the task count in a series' name only where two series would otherwise share one
            java.util.Map<String, Long> bases = all.stream().map(x -> in.shortShape(x.get(0)) + " " + x.get(0).executor())
                    .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            for (List<CellStat> series : all) {
                List<Double> y = new ArrayList<>();
                for (CellStat.Cpu limit : limits) {
                    CellStat c = series.stream().filter(x -> x.cpu().equals(limit)).findFirst().orElse(null);
                    y.add(c == null ? null : c.pinned() ? 0.0 : Double.isFinite(c.throttledShare()) ? c.throttledShare() * 100 : null);
                }
                CellStat s0 = series.get(0);
                String base = in.shortShape(s0) + " " + s0.executor();
                chart.addSeries(bases.get(base) > 1 ? base + " " + s0.tasks() + "t" : base, limits.stream().map(CellStat.Cpu::text).toList(), y);
            }
            legendFits(chart, all.size());
            out.add(new Figure(in.name("throttling", "jdk" + f.jdk()), Figure.Section.THROTTLING, throttlingCaption(g), chart));
        }
        return out;
    }

    /**
     * A legend of many series set in a smaller type, so that the column beside the plot fits its height: at 14 points it
     * holds about 15 entries, and a longer one ran over the chart's title and axis (the reference run's has 25).
     */
    /** The chart's height: its legend's column of n entries (about 21 pixels each in the smaller type) fits beside the plot, up to 200 pixels more than a chart's. */
    static int legendHeight(int n) {
        return n <= 22 ? HEIGHT : Math.min(HEIGHT + 200, 90 + 21 * n);
    }

    static void legendFits(CategoryChart chart, int n) {
        if (n <= 14) return;
        chart.getStyler().setLegendFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, n > 22 ? 9 : 11));
        chart.getStyler().setLegendPadding(3);
    }

    /** Per CPU limit under a quota: the range of the median throttled time and of the throttled share of periods; pinned ones at 0. */
    static String throttlingCaption(List<CellStat> g) {
        List<String> parts = new ArrayList<>();
        for (CellStat.Cpu limit : g.stream().sorted(BY_CPU_LIMIT).map(CellStat::cpu).distinct().toList()) {
            List<CellStat> at = g.stream().filter(c -> c.cpu().equals(limit)).toList();
            double lo = at.stream().mapToDouble(CellStat::throttledMs).min().orElse(Double.NaN);
            double hi = at.stream().mapToDouble(CellStat::throttledMs).max().orElse(Double.NaN);
            double shareLo = at.stream().mapToDouble(CellStat::throttledShare).filter(Double::isFinite).min().orElse(Double.NaN);
            double shareHi = at.stream().mapToDouble(CellStat::throttledShare).filter(Double::isFinite).max().orElse(Double.NaN);
            if (hi == 0) {
                parts.add(limit.text() + ": never throttled");
            } else {
                parts.add(limit.text() + ": " + ms(lo) + (lo == hi ? "" : " to " + ms(hi)) + " per run"
                        + (Double.isFinite(shareLo) ? ", in " + pct(shareLo) + (shareLo == shareHi ? "" : " to " + pct(shareHi)) + " of its 100 ms periods" : ""));
            }
        }
        int nLo = g.stream().mapToInt(CellStat::n).min().orElse(0);
        int nHi = g.stream().mapToInt(CellStat::n).max().orElse(0);
        return "JDK " + g.get(0).jdk() + ", median run per cell - " + String.join("; ", parts) + " (n=" + (nLo == nHi ? nLo : nLo + " to " + nHi) + " per cell).";
    }
}
