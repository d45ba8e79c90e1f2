package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The secondary metrics of the user's JMH cells ({@code profilers: [gc]}, {@code @AuxCounters}): per
 * benchmark and param set, the main metric's median by mode and CPU limit (allocation per op is the
 * benchmark's, whatever mode measured it), a bar per JDK, the other main metrics in the caption.
 */
public final class MetricChart implements ChartKind {

    /** The metrics a chart is drawn for, in order of preference: the first a benchmark has is drawn, the others it has are quoted. */
    static final List<String> MAIN = List.of("gc.alloc.rate.norm", "gc.alloc.rate", "gc.count", "gc.time");

    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        List<CellSummary> user = in.cells().stream().filter(c -> !c.builtin() && c.n() > 0 && MAIN.stream().anyMatch(c.metrics()::containsKey))
                .sorted(Comparator.comparing(CellSummary::workload).thenComparing(CellText::benchmarkClass)).toList();
        for (List<CellSummary> g : groups(user, c -> key(CellText.scoreSubject(c), c.params(), c.memory(), c.jvmArgs()))) {
            CellSummary f = g.get(0);
            String metric = MAIN.stream().filter(m -> g.stream().anyMatch(c -> c.metrics().containsKey(m))).findFirst().orElseThrow();
            String storedUnit = f.metricUnits().getOrDefault(metric, "");
            ScoreUnit unit = ScoreUnit.readable(storedUnit, g.stream().mapToDouble(c -> c.metrics().getOrDefault(metric, Double.NaN)).toArray());
            List<String> modes = distinct(g, CellSummary::jmhMode);
            List<String> cpus = g.stream().sorted(BY_CPU_LIMIT).map(CellText::cpuText).distinct().toList();
            List<String[]> slots = new ArrayList<>(); // {mode, CPU limit}, the categories in order
            for (String m : modes) for (String l : cpus) if (g.stream().anyMatch(c -> c.jmhMode().equals(m) && CellText.cpuText(c).equals(l))) slots.add(new String[] {m, l});
            List<String> cats = slots.stream().map(x -> modes.size() > 1 ? x[0] + " | " + x[1] : x[1]).toList();
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(CellText.scoreSubject(f) + (f.params().isEmpty() ? "" : " (" + CellText.paramsText(f) + ")") + ": " + metric + (modes.size() > 1 ? " by mode and CPU limit" : " by CPU limit"))
                    .xAxisTitle(axis(modes.size() > 1 ? "mode | CPU limit" : "CPU limit", g, "median over the runs, no interval"))
                    .yAxisTitle(metric + (unit.unit().isEmpty() ? "" : " (" + unit.unit() + ")")).build();
            style(chart);
            chart.getStyler().setYAxisMin(0.0);
            if (unit.scientific()) chart.getStyler().setYAxisDecimalPattern("0.0##E0");
            rotateIfCrowded(chart.getStyler(), cats);
            for (String jdk : jdks(g)) {
                List<Double> y = new ArrayList<>();
                for (String[] slot : slots) {
                    CellSummary c = g.stream().filter(x -> x.jdk().equals(jdk) && x.jmhMode().equals(slot[0]) && CellText.cpuText(x).equals(slot[1])).findFirst().orElse(null);
                    Double v = c == null ? null : c.metrics().get(metric);
                    y.add(v == null ? null : v * unit.factor());
                }
                JdkColours.paint(chart.addSeries("JDK " + jdk, cats, y), jdk);
            }
            // room above the bars, so the axis has ticks between 0 and the top (equal bars gave only those two)
            double top = g.stream().mapToDouble(c -> c.metrics().getOrDefault(metric, 0.0) * unit.factor()).max().orElse(0);
            if (top > 0) chart.getStyler().setYAxisMax(top * 1.15);
            out.add(new Figure(in.name("metric", CellText.scoreSubject(f), CellText.paramsText(f)), Figure.Section.METRICS, caption(g, metric), chart,
                    CellText.benchmarkClass(f).isEmpty() ? f.workload() : f.workload() + ": " + CellText.benchmarkClass(f)));
        }
        return out;
    }

    /** Per CPU limit and JDK: each main metric's median, with its unit. */
    static String caption(List<CellSummary> g, String drawn) {
        List<String> parts = new ArrayList<>();
        List<String> modes = distinct(g, CellSummary::jmhMode);
        for (String[] slot : g.stream().sorted(BY_CPU_LIMIT).map(c -> new String[] {c.jmhMode(), CellText.cpuText(c)})
                .sorted(java.util.Comparator.comparingInt((String[] x) -> modes.indexOf(x[0]))).map(java.util.Arrays::asList).distinct()
                .map(l -> l.toArray(String[]::new)).toList()) {
            String cpus = (modes.size() > 1 ? slot[0] + ", " : "") + slot[1];
            List<String> jdk = new ArrayList<>();
            for (String j : jdks(g)) {
                CellSummary c = g.stream().filter(x -> x.jdk().equals(j) && x.jmhMode().equals(slot[0]) && CellText.cpuText(x).equals(slot[1])).findFirst().orElse(null);
                if (c == null) continue;
                List<String> values = MAIN.stream().filter(c.metrics()::containsKey)
                        .map(m -> m + " " + String.format(Locale.ROOT, "%,.6g", c.metrics().get(m)).replaceAll("\\.?0+$", "").replaceAll("\\.?0+(e)", "$1")
                                + (c.metricUnits().getOrDefault(m, "").isEmpty() ? "" : " " + c.metricUnits().get(m)))
                        .toList();
                jdk.add("JDK " + j + ": " + String.join(", ", values));
            }
            parts.add(cpus + " - " + String.join("; ", jdk));
        }
        return String.join(". ", parts) + " - " + drawn + " drawn; medians of n=" + g.stream().mapToInt(CellSummary::n).min().orElse(0) + " runs, each a fresh container.";
    }
}
