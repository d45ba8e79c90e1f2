package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;
import static dev.jdkmatrix.report.chart.JdkNotes.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Each cell's measured repetitions, every run a dot in its JDK's colour and its median a bar, per
 * workload shape and task count. With 6 to 14 runs a cell, the runs themselves say more than a box
 * plot's quartiles, and XChart draws a box in its own fixed colours (blue, a red median), which no
 * JDK's colour reaches.
 */
public final class DistributionChart implements ChartKind {

    /**
     * The runs of each cell, per workload shape and task count: a column per executor, JDK and CPU
     * limit, in the wall chart's order; a series per JDK and round (its dots, that JDK's colour) and
     * one per JDK of its medians (a bar, named in the legend where the chart has several JDKs).
     */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        for (List<CellSummary> g : groups(in.measured(), c -> key(CellText.shape(c), c.tasks(), c.memory(), c.jvmArgs()))) {
            List<String> executors = distinct(g, CellSummary::executor);
            List<String> jdks = jdks(g);
            List<String> limits = cpuTexts(g);
            boolean several = limits.size() > 1;
            List<CellSummary> withRuns = g.stream().filter(c -> !in.walls(c).isEmpty())
                    .sorted(Comparator.comparingInt((CellSummary c) -> executors.indexOf(c.executor()))
                            .thenComparingInt(c -> limits.indexOf(CellText.cpuText(c))).thenComparingInt(c -> jdks.indexOf(c.jdk())))
                    .toList();
            if (withRuns.isEmpty()) continue;
            CellSummary f = g.get(0);
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(in.title(f, ", " + f.tasks() + " tasks: wall time of each repetition, " + limitsText(g)))
                    .xAxisTitle(axis("executor" + (several ? " | CPU limit" : "") + (jdks.size() == 1 ? "" : " | JDK") + " (dots: each run, bar: the median)", withRuns, ""))
                    .yAxisTitle("wall time (ms)").build();
            style(chart);
            boolean oneJdk = jdks.size() == 1;
            List<String> labels = withRuns.stream().map(c -> c.executor() + (several ? " | " + CellText.cpuText(c) : "") + (oneJdk ? "" : " | JDK " + c.jdk())).toList();
            addRuns(chart, withRuns, labels, jdks, in);
            chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
            chart.getStyler().setMarkerSize(8);
            rotateIfCrowded(chart.getStyler(), labels);
            chart.getStyler().setLegendVisible(!oneJdk);
            logIfWide(chart.getStyler(), withRuns.stream().flatMap(c -> in.walls(c).stream()).mapToDouble(Double::doubleValue).toArray());
            CellSummary widest = withRuns.stream().max(Comparator.comparingDouble(c -> Double.isFinite(c.cv()) ? c.cv() : -1)).orElseThrow();
            long noisy = withRuns.stream().filter(CellSummary::noisy).count();
            String caption = "widest spread: " + widest.executor() + " on JDK " + widest.jdk() + (several ? " at " + CellText.cpuText(widest) : "")
                    + ", CV " + pct(widest.cv()) + " (n=" + widest.n() + "); "
                    + noisy + " of " + withRuns.size() + " cells noisy (CV above 5%) - " + limitsText(g)
                    + ". A dot is one measured run, in its JDK's colour; the bar across a column is the cell's median.";
            out.add(new Figure(in.name("dist", CellText.shape(f), f.tasks() + "t", several ? "" : CellText.cpuTag(f)), Figure.Section.DISTRIBUTION, named(f, chart, caption), chart));
        }
        return out;
    }

    /**
     * The dots and the median bars: for each JDK a series per round, its runs in their columns (the
     * other columns empty: XChart skips a NaN), and a series of its medians drawn as bars.
     */
    private static void addRuns(CategoryChart chart, List<CellSummary> cells, List<String> labels, List<String> jdks, ChartCells in) {
        int rounds = cells.stream().mapToInt(c -> in.walls(c).size()).max().orElse(0);
        for (String jdk : jdks) {
            if (cells.stream().noneMatch(c -> c.jdk().equals(jdk))) continue;
            // XChart gives each series a slot of its own across a column: the median's in the middle of the rounds', so its bar crosses them
            for (int r = 0; r < rounds; r++) {
                if (r == rounds / 2) addMedians(chart, cells, labels, jdk);
                int round = r;
                List<Double> y = cells.stream().map(c -> c.jdk().equals(jdk) && round < in.walls(c).size() ? in.walls(c).get(round) : Double.NaN).toList();
                CategorySeries dots = JdkColours.paint(chart.addSeries("JDK " + jdk + " run " + (r + 1), labels, y), jdk);
                dots.setMarker(SeriesMarkers.CIRCLE);
                dots.setShowInLegend(false);
            }
        }
    }

    private static void addMedians(CategoryChart chart, List<CellSummary> cells, List<String> labels, String jdk) {
        List<Double> medians = cells.stream().map(c -> c.jdk().equals(jdk) ? c.median() : Double.NaN).toList();
        JdkColours.paint(chart.addSeries("JDK " + jdk + " (bar: median)", labels, medians), jdk).setMarker(new MedianBar());
    }

    /** A median as a bar across its column: a line three markers wide, so that it reads apart from the runs' dots. */
    static final class MedianBar extends org.knowm.xchart.style.markers.Marker {
        @Override
        public void paint(java.awt.Graphics2D g, double x, double y, int size) {
            java.awt.Stroke before = g.getStroke();
            g.setStroke(new java.awt.BasicStroke(3f, java.awt.BasicStroke.CAP_BUTT, java.awt.BasicStroke.JOIN_MITER));
            g.draw(new java.awt.geom.Line2D.Double(x - 2.5 * size, y, x + 2.5 * size, y));
            g.setStroke(before);
        }
    }
}
