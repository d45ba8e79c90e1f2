package dev.jdkmatrix.report;

import static dev.jdkmatrix.report.ChartStyle.*;
import static dev.jdkmatrix.report.ChartText.*;
import static dev.jdkmatrix.report.JdkNotes.*;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The speedup of virtual threads over each baseline executor, per JDK: a point and its interval per workload shape. */
final class SpeedupChart implements ChartKind {

    /** One speedup: the median of a baseline executor over the median of virtual, same shape, JDK and limits. */
    record Ratio(String shape, String baseline, double value, CellStat base, CellStat virt) {}

    /** The speedups of virtual threads on one JDK. */
    static List<Ratio> ratios(ChartCells in, String jdk) {
        List<Ratio> ratios = new ArrayList<>();
        List<CellStat> onJdk = in.measured().stream().filter(c -> c.jdk().equals(jdk)).toList();
        for (List<CellStat> g : groups(onJdk, c -> key(c.shape(), c.tasks(), c.cpus(), c.cpuMode(), c.memory(), c.jvmArgs()))) {
            CellStat v = g.stream().filter(c -> c.executor().equals(VIRTUAL)).findFirst().orElse(null);
            if (v == null) continue;
            for (CellStat b : g) {
                if (b == v) continue;
                String shape = in.shortShape(g.get(0)) + " " + g.get(0).tasks() + "t " + g.get(0).cpuText();
                ratios.add(new Ratio(shape, b.executor(), b.median() / v.median(), b, v));
            }
        }
        return ratios;
    }

    /** Pixels per row of the speedup chart: a tick label's height and some air. */
    static final int SPEEDUP_ROW = 30;

    /**
     * Baseline executor / virtual, per JDK: a row per workload shape, task count, CPU limit and
     * baseline, with the median's ratio as a point and its interval as a line (the baseline's
     * interval over the virtual one's, as the claims compute it) on a log axis around a line at 1x.
     * Points, not bars: a bar from an arbitrary floor of a log axis reads as a gain even below 1x.
     */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        for (String jdk : jdks(in.measured())) {
            List<Ratio> ratios = ratios(in, jdk);
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
            out.add(new Figure(in.name("speedup", "jdk" + jdk), Figure.Section.SPEEDUP, caption, chart));
        }
        return out;
    }

    private static void widen(double[] range, double v) {
        if (!Double.isFinite(v) || v <= 0) return;
        range[0] = Math.min(range[0], v);
        range[1] = Math.max(range[1], v);
    }
}
