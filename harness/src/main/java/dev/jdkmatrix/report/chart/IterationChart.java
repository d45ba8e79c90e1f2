package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;

import dev.jdkmatrix.results.Statistics;
import dev.jdkmatrix.results.format.IterationsCsv;
import dev.jdkmatrix.stats.SteadyState;
import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Warm-up and steady state, beside the scores: per JMH benchmark, mode, param set and CPU limit,
 * each JDK's iterations in the order a fork ran them (JMH's warm-up first), the median over the
 * measured runs' forks at each iteration as a line with their range as a bar, JMH's warm-up's end
 * dashed; the caption says per JDK how its runs' iterations were classified (stats.SteadyState),
 * where the steady state began, and how many runs JMH measured before it.
 */
public final class IterationChart implements ChartKind {

    @Override
    public List<Figure> figures(ChartCells in) {
        Map<String, Map<Integer, List<IterationsCsv.Stored>>> byCell = measuredRuns(in.iterations());
        if (byCell.isEmpty()) return List.of();
        List<CellSummary> jmh = in.cells().stream().filter(c -> !c.builtin() && byCell.containsKey(c.cell()))
                .sorted(java.util.Comparator.comparing(CellSummary::workload).thenComparing(CellText::benchmarkClass)).toList();
        List<Figure> out = new ArrayList<>();
        for (List<CellSummary> g : groups(jmh, c -> key(CellText.scoreSubject(c), c.jmhMode(), c.params(), CellText.cpuText(c), c.memory(), c.jvmArgs(), c.scoreUnit()))) {
            CellSummary f = g.get(0);
            List<Curve> curves = new ArrayList<>();
            for (String jdk : jdks(g)) {
                CellSummary c = g.stream().filter(x -> x.jdk().equals(jdk)).findFirst().orElseThrow();
                curves.add(Curve.of(jdk, byCell.get(c.cell()), f.higherIsBetter()));
            }
            double[] all = curves.stream().flatMapToDouble(cv -> java.util.Arrays.stream(cv.median())).filter(Double::isFinite).toArray();
            if (all.length == 0) continue;
            ScoreUnit unit = ScoreUnit.readable(f.scoreUnit(), all);
            out.add(new Figure(in.name("iterations", CellText.scoreSubject(f), f.jmhMode(), CellText.paramsText(f), CellText.cpuText(f)), Figure.Section.SCORE,
                    caption(curves), draw(f, curves, unit), CellText.benchmarkClass(f).isEmpty() ? f.workload() : f.workload() + ": " + CellText.benchmarkClass(f)));
        }
        return out;
    }

    /** Per cell, its measured runs' iterations by run (the last attempt of each), in order. */
    static Map<String, Map<Integer, List<IterationsCsv.Stored>>> measuredRuns(List<IterationsCsv.Stored> iterations) {
        Map<String, Integer> lastAttempt = new java.util.HashMap<>();
        for (IterationsCsv.Stored s : iterations) lastAttempt.merge(s.cell() + "#" + s.seq(), s.attempt(), Math::max);
        Map<String, Map<Integer, List<IterationsCsv.Stored>>> out = new LinkedHashMap<>();
        for (IterationsCsv.Stored s : iterations) {
            if (!s.runPhase().equals("measure") || s.attempt() != lastAttempt.get(s.cell() + "#" + s.seq())) continue;
            out.computeIfAbsent(s.cell(), k -> new TreeMap<>()).computeIfAbsent(s.seq(), k -> new ArrayList<>()).add(s);
        }
        return out;
    }

    /**
     * One JDK's curve: at each position of a fork's series (warm-up first), the median, lowest and
     * highest score over its runs' forks; JMH's warm-up iterations; and its runs' classes.
     */
    record Curve(String jdk, double[] median, double[] low, double[] high, int warmup, int runs, Map<String, Integer> classes, int steadyFrom, int measuredEarly) {

        static Curve of(String jdk, Map<Integer, List<IterationsCsv.Stored>> runs, boolean higherIsBetter) {
            List<List<Double>> at = new ArrayList<>();
            Map<String, Integer> classes = new TreeMap<>();
            List<Integer> froms = new ArrayList<>();
            int warmup = 0;
            int early = 0;
            for (List<IterationsCsv.Stored> run : runs.values()) {
                Map<Integer, List<IterationsCsv.Stored>> forks = new TreeMap<>();
                for (IterationsCsv.Stored s : run) forks.computeIfAbsent(s.iteration().fork(), k -> new ArrayList<>()).add(s);
                for (List<IterationsCsv.Stored> fork : forks.values()) {
                    for (int i = 0; i < fork.size(); i++) {
                        while (at.size() <= i) at.add(new ArrayList<>());
                        at.get(i).add(fork.get(i).iteration().score());
                    }
                    warmup = Math.max(warmup, (int) fork.stream().filter(s -> s.iteration().phase() == dev.jdkmatrix.model.JmhIteration.Phase.WARMUP).count());
                }
                SteadyState s = SteadyState.ofRun(run.stream().map(IterationsCsv.Stored::iteration).toList(), higherIsBetter);
                if (s == null) continue;
                classes.merge(s.kind().text(), 1, Integer::sum);
                if (s.from() > 0) froms.add(s.from());
                if (s.kind() == SteadyState.Kind.WARMUP && s.from() > warmupOf(run) + 1) early++;
            }
            double[] median = new double[at.size()];
            double[] low = new double[at.size()];
            double[] high = new double[at.size()];
            for (int i = 0; i < at.size(); i++) {
                double[] v = at.get(i).stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).toArray();
                Statistics st = v.length == 0 ? null : Statistics.of(v);
                median[i] = st == null ? Double.NaN : st.median();
                low[i] = st == null ? Double.NaN : st.min();
                high[i] = st == null ? Double.NaN : st.max();
            }
            int from = froms.isEmpty() ? 0 : (int) Math.round(Statistics.of(froms.stream().mapToDouble(Integer::doubleValue).toArray()).median());
            return new Curve(jdk, median, low, high, warmup, runs.size(), classes, from, early);
        }

        private static int warmupOf(List<IterationsCsv.Stored> run) {
            return (int) run.stream().filter(s -> s.iteration().fork() == run.get(0).iteration().fork()
                    && s.iteration().phase() == dev.jdkmatrix.model.JmhIteration.Phase.WARMUP).count();
        }
    }

    static XYChart draw(CellSummary f, List<Curve> curves, ScoreUnit unit) {
        String mode = f.jmhMode().isEmpty() ? "" : ", " + CellText.modeText(f) + " (" + f.jmhMode() + ")";
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(CellText.scoreSubject(f) + (f.params().isEmpty() ? "" : " (" + CellText.paramsText(f) + ")") + mode + ", " + CellText.cpuText(f) + ": iterations by JDK")
                .xAxisTitle("iteration of a fork, JMH's warm-up first (line: median over the runs' forks; bar: their range)")
                .yAxisTitle("score (" + unit.unit() + ", " + (f.higherIsBetter() ? "higher" : "lower") + " is better)").build();
        style(chart);
        int warmup = 0;
        for (int j = 0; j < curves.size(); j++) {
            Curve c = curves.get(j);
            Color color = JdkColours.of(c.jdk()); // its ranges in its JDK's colour, as its line
            warmup = Math.max(warmup, c.warmup());
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int i = 0; i < c.median().length; i++) {
                if (!Double.isFinite(c.median()[i])) continue;
                x.add(i + 1.0);
                y.add(c.median()[i] * unit.factor());
                if (c.high()[i] > c.low()[i]) {
                    XYSeries bar = chart.addSeries("range " + c.jdk() + " " + i, new double[] {i + 1.0, i + 1.0},
                            new double[] {c.low()[i] * unit.factor(), c.high()[i] * unit.factor()});
                    bar.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                    bar.setMarker(SeriesMarkers.NONE);
                    bar.setLineColor(color);
                    bar.setLineWidth(1.5f);
                    bar.setShowInLegend(false);
                }
            }
            XYSeries line = chart.addSeries("JDK " + c.jdk(), x, y);
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            line.setMarker(SeriesMarkers.CIRCLE);
            line.setMarkerColor(color);
            line.setLineColor(color);
        }
        if (warmup > 0) {
            chart.addAnnotation(new org.knowm.xchart.AnnotationLine(warmup + 0.5, true, false));
            chart.getStyler().setAnnotationLineColor(Color.DARK_GRAY);
            chart.getStyler().setAnnotationLineStroke(new java.awt.BasicStroke(1.5f, java.awt.BasicStroke.CAP_BUTT, java.awt.BasicStroke.JOIN_MITER, 10f,
                    new float[] {6f, 4f}, 0f));
        }
        return chart;
    }

    /** Per JDK: its runs' classes, where the steady state began (median), and how many runs JMH measured before it. */
    static String caption(List<Curve> curves) {
        List<String> parts = new ArrayList<>();
        for (Curve c : curves) {
            String classes = c.classes().isEmpty() ? "too few iterations to classify"
                    : String.join(", ", c.classes().entrySet().stream().map(e -> e.getKey() + " in " + e.getValue()).toList()) + " of " + c.runs() + " runs";
            String from = c.steadyFrom() > 0 ? "; steady from iteration " + c.steadyFrom() + " (median)" : "";
            String early = c.measuredEarly() > 0 ? "; " + c.measuredEarly() + " measured before their steady state (JMH's warm-up: " + c.warmup() + ")" : "";
            parts.add("JDK " + c.jdk() + ": " + classes + from + early);
        }
        return String.join(". ", parts) + ". Dashed: where JMH's warm-up ends; classes as Barrett et al. (docs/statistics.md).";
    }
}
