package dev.jdkmatrix.report.chart;

import static dev.jdkmatrix.report.chart.ChartStyle.*;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Ratios drawn as they were measured: a row per comparison, its ratio as a point and its interval
 * as a line from its low end to its high end, on an axis fitted to the ratios around a dashed line at
 * 1x (linear within a factor 4, else a log axis fitted to them; {@link #axis}), each row named on its
 * line in a gutter left of the plot. The intervals widen the axis by at most a quarter of the ratios' span, or 10 %
 * ({@link #REACH}); one that runs further is cut at the edge with an arrowhead and its end's value
 * ({@link ClippedEnd}), so a single wide interval does not flatten every other row onto 1x.
 * Points, not bars: a bar from an arbitrary floor of a log axis reads as a gain even below 1x. The
 * speedup and the JDK charts draw with it.
 */
public final class RatioPlot {

    private RatioPlot() {}

    /** One row: its name, the series it is coloured by, the ratio and its interval (NaN ends: none drawn). */
    public record Row(String label, String series, double value, double low, double high) {
        /** Whether its interval can be drawn: both ends positive and finite, the high one above the low. */
        boolean hasInterval() {
            return Double.isFinite(low) && Double.isFinite(high) && low > 0 && high > low;
        }
    }

    /** Pixels per row: a label's height and some air. */
    static final int ROW = 22;
    /** The widest gutter the rows' names take left of the plot, in pixels: a longer name is cut in its middle. */
    public static final int MAX_GUTTER = 440;
    /** The room left of the plot a chart of {@link ChartStyle#WIDTH} has anyway: a gutter beyond it widens the chart. */
    static final int BASE_GUTTER = 60;

    /** {@code label} within {@code width} pixels: whole, or its start and end around an ellipsis. */
    static String fitted(String label, java.awt.FontMetrics metrics, int width) {
        if (metrics.stringWidth(label) <= width) return label;
        int keep = label.length();
        String cut;
        do {
            keep--;
            cut = label.substring(0, (keep + 1) / 2) + "\u2026" + label.substring(label.length() - keep / 2);
        } while (keep > 4 && metrics.stringWidth(cut) > width);
        return cut;
    }

    static XYChart draw(String title, String xTitle, List<Row> rows) {
        return draw(title, xTitle, rows, greys(rows.stream().map(Row::series).toList()));
    }

    /** How a series' rows are drawn: their colour and marker. */
    record Paint(Color colour, org.knowm.xchart.style.markers.Marker marker) {}



    /**
     * Series that are neither JDKs nor executors (a JDK chart's CPU limits): each a grey and a marker of its own by its place
     * among {@code allSeries} in sorted order (every series of the chart's pages, or of its sibling charts: the same on each).
     */
    static java.util.function.Function<String, Paint> greys(java.util.Collection<String> allSeries) {
        List<String> all = allSeries.stream().distinct().sorted().toList();
        return s -> {
            int i = Math.max(0, all.indexOf(s));
            return new Paint(JdkColours.GREYS[i % JdkColours.GREYS.length], JdkColours.MARKERS[i % JdkColours.MARKERS.length]);
        };
    }

    /** Series named {@code vs EXECUTOR} (the speedup rows' baselines): each in its executor's colour of the run, as on the scaling lines. */
    static java.util.function.Function<String, Paint> executors(java.util.Map<String, Color> colours) {
        return s -> new Paint(colours.getOrDefault(s.startsWith("vs ") ? s.substring(3) : s, JdkColours.GREYS[1]), SeriesMarkers.CIRCLE);
    }

    /** As above, each series coloured as among {@code allSeries} (every series of the chart's pages, or of its sibling charts): the same colour on each. */
    /**
     * A chart of one row per label, top to bottom (row i at y = n - 1 - i), its points scattered along x: each row named on
     * its line in a gutter left of the plot, the chart grown by the gutter so that the plot keeps its width and the title,
     * axis title and legend (centred on it) their room. XChart 4 gives up on (and loops over) axis tick labels longer than
     * 20 characters, so the names are annotations ({@link RowLabel}), not ticks.
     */
    static XYChart rows(String title, String xTitle, List<String> names) {
        int n = names.size();
        int height = Math.max(HEIGHT, 200 + ROW * n);
        XYChart probe = new XYChartBuilder().build();
        style(probe);
        java.awt.FontMetrics metrics = new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_RGB).createGraphics()
                .getFontMetrics(probe.getStyler().getAnnotationTextFont());
        List<String> labels = names.stream().map(r -> fitted(r, metrics, MAX_GUTTER - 12)).toList();
        int gutter = Math.min(MAX_GUTTER, labels.stream().mapToInt(metrics::stringWidth).max().orElse(0) + 12);
        XYChart chart = new XYChartBuilder().width(WIDTH + Math.max(0, gutter - BASE_GUTTER)).height(height).title(title).xAxisTitle(xTitle).yAxisTitle("").build();
        style(chart);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(10);
        chart.getStyler().setYAxisMin(-0.8);
        chart.getStyler().setYAxisMax(n - 0.2);
        chart.getStyler().setYAxisTicksVisible(false);
        chart.getStyler().setPlotGridHorizontalLinesVisible(false);
        chart.getStyler().setYAxisLeftWidthHint(gutter);
        for (int i = 0; i < n; i++) chart.addAnnotation(new RowLabel(labels.get(i), n - 1 - i, gutter));
        return chart;
    }

    static XYChart draw(String title, String xTitle, List<Row> rows, java.util.function.Function<String, Paint> paint) {
        int n = rows.size();
        XYChart chart = rows(title, xTitle, rows.stream().map(Row::label).toList());
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setXAxisDecimalPattern("#,##0.##'x'");
        double[] axis = axis(rows);
        List<String> series = rows.stream().map(Row::series).distinct().toList();
        for (int j = 0; j < series.size(); j++) {
            String s = series.get(j);
            Color color = paint.apply(s).colour();
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Row r = rows.get(i);
                if (!r.series().equals(s)) continue;
                x.add(r.value());
                y.add((double) (n - 1 - i));
                if (r.hasInterval()) {
                    double low = Math.max(r.low(), axis[0]);
                    double high = Math.min(r.high(), axis[1]);
                    if (r.low() < axis[0]) chart.addAnnotation(new ClippedEnd(axis[0], n - 1 - i, false, times(r.low()), color));
                    if (r.high() > axis[1]) chart.addAnnotation(new ClippedEnd(axis[1], n - 1 - i, true, times(r.high()), color));
                    XYSeries line = chart.addSeries("interval " + s + " " + i, new double[] {low, high}, new double[] {n - 1 - i, n - 1 - i});
                    line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                    line.setMarker(SeriesMarkers.NONE);
                    line.setLineColor(color);
                    line.setLineWidth(2.5f);
                    line.setLineStyle(org.knowm.xchart.style.lines.SeriesLines.SOLID);
                    line.setShowInLegend(false);
                }
            }
            XYSeries points = chart.addSeries(s, x, y);
            points.setMarker(paint.apply(s).marker());
            points.setMarkerColor(color);
        }
        chart.getStyler().setXAxisLogarithmic(axis[2] > 0);
        chart.getStyler().setXAxisMin(axis[0]);
        chart.getStyler().setXAxisMax(axis[1]);
        chart.addAnnotation(new org.knowm.xchart.AnnotationLine(1.0, true, false));
        chart.getStyler().setAnnotationLineColor(Color.DARK_GRAY);
        chart.getStyler().setAnnotationLineStroke(new java.awt.BasicStroke(1.5f, java.awt.BasicStroke.CAP_BUTT, java.awt.BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        return chart;
    }

    /** What the x axis's title says of intervals cut at its edges (an arrowhead there, the end's value beside it): {@code ; arrow: interval cut}, or nothing. */
    static String clipNote(List<Row> rows) {
        double[] axis = axis(rows);
        boolean cut = rows.stream().anyMatch(r -> r.hasInterval() && (r.low() < axis[0] || r.high() > axis[1]));
        return cut ? "; arrow: interval cut" : "";
    }

    /** A ratio as the plot writes it: 0.48x, 2.10x, 17x. */
    static String times(double v) {
        return String.format(java.util.Locale.ROOT, v >= 10 ? "%,.0fx" : "%.2fx", v);
    }

    /** What the x axis's title says of its scale: ", log scale" where the rows' ratios spread over more than {@link #LINEAR_SPAN}, else nothing. */
    static String scale(List<Row> rows) {
        return axis(rows)[2] > 0 ? ", log scale" : "";
    }

    /**
     * How far the intervals may widen the axis past the ratios (and 1x): a quarter of their span on
     * each side, in log terms, and at least {@link #MIN_REACH} (ratios from 0.5x to 2x let intervals
     * reach 0.35x to 2.8x; ratios near 1x, 10 % past the outermost).
     */
    static final double REACH = 0.25;

    /** The least the intervals may reach past the outermost ratio: 10 %. */
    static final double MIN_REACH = 0.10;

    /**
     * The x axis of these rows: {@link #axis(double, double)} around every ratio and 1x, and every drawn
     * interval's ends as far as {@link #REACH} allows (a wider one is cut at the edge, with a mark).
     */
    static double[] axis(List<Row> rows) {
        double[] points = {1, 1};
        for (Row r : rows) widen(points, r.value());
        double span = Math.log(points[1] / points[0]);
        double slack = Math.max(REACH * span, Math.log(1 + MIN_REACH));
        double floor = points[0] * Math.exp(-slack);
        double ceiling = points[1] * Math.exp(slack);
        double[] range = points.clone();
        for (Row r : rows) {
            if (!r.hasInterval()) continue;
            widen(range, Math.max(r.low(), floor));
            widen(range, Math.min(r.high(), ceiling));
        }
        return axis(range[0], range[1]);
    }

    /** Ratios within this factor of each other (and of 1x) get a linear axis fitted to them; wider ones whole decades on a log axis. */
    static final double LINEAR_SPAN = 4;

    /**
     * The x axis {min, max, log (1) or linear (0)} for values from {@code low} to {@code high}
     * (1x among them): fitted to them with a margin, so that a 5 % difference is visible, where
     * they lie within {@link #LINEAR_SPAN} of each other; on a log axis where they spread wider, fitted
     * to them with a margin where that keeps two powers of ten, else whole decades around them (a
     * 0.1x to 100x axis for ratios of 0.6x to 50x left the left third of the plot empty).
     */
    public static double[] axis(double low, double high) {
        double lo = Math.min(low, 1);
        double hi = Math.max(high, 1);
        if (hi / lo <= LINEAR_SPAN) {
            double margin = Math.max((hi - lo) * 0.08, 0.02);
            return new double[] {Math.max(lo - margin, lo / 2), hi + margin, 0};
        }
        // a log axis fitted to them with a margin of 8 % of their span (at least 10 %), where it keeps two powers of ten to label
        double margin = Math.max(0.08 * Math.log(hi / lo), Math.log(1.1));
        double min = lo * Math.exp(-margin);
        double max = hi * Math.exp(margin);
        if (Math.floor(Math.log10(max)) - Math.ceil(Math.log10(min)) >= 1) return new double[] {min, max, 1};
        return new double[] {Math.pow(10, Math.floor(Math.log10(lo) - 1e-9)), Math.pow(10, Math.ceil(Math.log10(hi) + 1e-9)), 1};
    }

    private static void widen(double[] range, double v) {
        if (!Double.isFinite(v) || v <= 0) return;
        range[0] = Math.min(range[0], v);
        range[1] = Math.max(range[1], v);
    }
}
