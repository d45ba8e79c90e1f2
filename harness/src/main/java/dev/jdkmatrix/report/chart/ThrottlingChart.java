package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;
import static dev.jdkmatrix.report.chart.JdkNotes.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Comparator;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** How often the CFS quota throttled the median run, per JDK: a row per workload shape and executor (section: CPU throttling under a quota). */
public final class ThrottlingChart implements ChartKind {

    /**
     * Per JDK: how often the CFS quota throttled the median run (the share of its 100 ms periods
     * that ended throttled), for the cells whose runs report CFS figures (cgroup cpu.stat) where some
     * run was throttled: a row per workload shape and executor (the most throttled first), a point
     * per CPU limit on it, each limit a grey and a marker of its own (neither a JDK nor an executor:
     * no JDK's colour is reused). The throttled time per run is in the caption. The share, not the
     * time, is on the axis: times differ with each workload's length, and cgroup v1 sums them over the
     * host CPUs' run queues (a pool of 200 at 1 CPU shows about its whole wall time), so one point
     * would flatten the rest. Pinned cells (cpu-mode cpuset) have no quota and stand at 0.
     */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        List<CellSummary> with = in.measured().stream().filter(c -> Double.isFinite(c.throttledMs())).toList();
        if (with.stream().noneMatch(c -> c.throttledMs() > 0)) return out;
        for (List<CellSummary> g : groups(with, c -> key(c.jdk(), c.memory(), c.jvmArgs()))) {
            if (g.stream().noneMatch(c -> c.throttledMs() > 0)) continue;
            CellSummary f = g.get(0);
            List<CellText.Cpu> limits = g.stream().sorted(BY_CPU_LIMIT).map(CellText::cpu).distinct().toList();
            List<List<CellSummary>> rows = new ArrayList<>(groups(g, c -> key(in.shortShape(c), c.executor(), c.tasks())));
            Map<List<CellSummary>, String> names = new java.util.IdentityHashMap<>();
            for (List<CellSummary> r : rows) names.put(r, name(in, r.get(0), rows));
            rows.sort(Comparator.comparingDouble((List<CellSummary> r) -> -most(r)).thenComparing(names::get));
            XYChart chart = RatioPlot.rows("JDK " + f.jdk() + ": how often the CFS quota throttled the median run, memory " + f.memory(),
                    axis("throttled 100 ms periods, % of the run's periods (pinned: cpu-mode cpuset, no quota)", g, ""),
                    rows.stream().map(names::get).toList());
            chart.getStyler().setXAxisMin(0.0);
            chart.getStyler().setXAxisMax(100.0);
            chart.getStyler().setXAxisDecimalPattern("0'%'");
            int n = rows.size();
            for (int l = 0; l < limits.size(); l++) {
                CellText.Cpu limit = limits.get(l);
                List<Double> x = new ArrayList<>();
                List<Double> y = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    double v = rows.get(i).stream().filter(c -> CellText.cpu(c).equals(limit)).mapToDouble(ThrottlingChart::share).findFirst().orElse(Double.NaN);
                    if (!Double.isFinite(v)) continue;
                    x.add(v);
                    y.add((double) (n - 1 - i));
                }
                if (x.isEmpty()) continue;
                XYSeries points = JdkColours.paintGrey(chart.addSeries(limit.text(), x, y), l);
                points.setMarker(JdkColours.MARKERS[l % JdkColours.MARKERS.length]);
            }
            out.add(new Figure(in.name("throttling", "jdk" + f.jdk()), Figure.Section.THROTTLING, throttlingCaption(g), chart));
        }
        return out;
    }



    /** The throttled share of a cell's median run, in %: 0 for a pinned cell (no quota), NaN where its runs do not say. */
    static double share(CellSummary c) {
        return c.pinned() ? 0.0 : Double.isFinite(c.throttledShare()) ? c.throttledShare() * 100 : Double.NaN;
    }

    /** A row's highest share over its CPU limits (-1 where none says): the rows' order, the most throttled first. */
    private static double most(List<CellSummary> row) {
        return row.stream().mapToDouble(ThrottlingChart::share).filter(Double::isFinite).max().orElse(-1);
    }

    /** A row's name: its workload shape and executor, with its task count only where two rows would otherwise share one. */
    private static String name(ChartCells in, CellSummary c, List<List<CellSummary>> rows) {
        String base = in.shortShape(c) + " " + c.executor();
        long same = rows.stream().filter(r -> (in.shortShape(r.get(0)) + " " + r.get(0).executor()).equals(base)).count();
        return same > 1 ? base + " " + c.tasks() + "t" : base;
    }

    /** Per CPU limit under a quota: the range of the median throttled time and of the throttled share of periods; pinned ones at 0. */
    static String throttlingCaption(List<CellSummary> g) {
        List<String> parts = new ArrayList<>();
        for (CellText.Cpu limit : g.stream().sorted(BY_CPU_LIMIT).map(CellText::cpu).distinct().toList()) {
            List<CellSummary> at = g.stream().filter(c -> CellText.cpu(c).equals(limit)).toList();
            double lo = at.stream().mapToDouble(CellSummary::throttledMs).min().orElse(Double.NaN);
            double hi = at.stream().mapToDouble(CellSummary::throttledMs).max().orElse(Double.NaN);
            double shareLo = at.stream().mapToDouble(CellSummary::throttledShare).filter(Double::isFinite).min().orElse(Double.NaN);
            double shareHi = at.stream().mapToDouble(CellSummary::throttledShare).filter(Double::isFinite).max().orElse(Double.NaN);
            if (hi == 0) {
                parts.add(limit.text() + ": never throttled");
            } else {
                parts.add(limit.text() + ": " + ms(lo) + (lo == hi ? "" : " to " + ms(hi)) + " per run"
                        + (Double.isFinite(shareLo) ? ", in " + pct(shareLo) + (shareLo == shareHi ? "" : " to " + pct(shareHi)) + " of its 100 ms periods" : ""));
            }
        }
        int nLo = g.stream().mapToInt(CellSummary::n).min().orElse(0);
        int nHi = g.stream().mapToInt(CellSummary::n).max().orElse(0);
        return "JDK " + g.get(0).jdk() + ", median run per cell - " + String.join("; ", parts) + " (n=" + (nLo == nHi ? nLo : nLo + " to " + nHi) + " per cell).";
    }
}
