package dev.jdkmatrix.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.CategoryStyler;

/**
 * The interval of each bar of a bar chart drawn as it was measured: a line from its low end to its
 * high end, capped at both, over the bar's centre. XChart draws only symmetric error bars (as wide
 * as the wider side, so a skewed interval reached below zero); this draws the two ends. It lays the
 * bars out as XChart's category plot does (side by side, each category's share of the plot's
 * content width, {@code availableSpaceFill} of it for the bars) and works on a log axis too.
 */
public final class IntervalMarks extends org.knowm.xchart.internal.chartpart.Annotation {

    /** One bar's interval; NaN ends: none drawn. */
    public record Interval(double low, double high) {
        static final Interval NONE = new Interval(Double.NaN, Double.NaN);

        public boolean drawn() {
            return Double.isFinite(low) && Double.isFinite(high) && high >= low;
        }
    }

    private final List<List<Interval>> series = new ArrayList<>();
    private final CategoryChart target;

    private IntervalMarks(CategoryChart target) {
        super(false);
        this.target = target;
    }

    /** Marks for the chart's bars, drawn over them (annotations are painted after the series). */
    static IntervalMarks on(CategoryChart chart) {
        IntervalMarks m = new IntervalMarks(chart);
        chart.addAnnotation(m);
        return m;
    }

    /**
     * The intervals of the next series added to the chart, a category each (null: no bar there).
     * The value axis is raised to hold the highest end: XChart scales it to the bars alone.
     */
    IntervalMarks add(List<Interval> intervals) {
        List<Interval> row = intervals.stream().map(i -> i == null ? Interval.NONE : i).toList();
        series.add(row);
        double high = row.stream().filter(Interval::drawn).mapToDouble(Interval::high).max().orElse(Double.NaN);
        Double max = target.getStyler().getYAxisMax();
        if (Double.isFinite(high) && high > 0 && (max == null || max < high * 1.03)) target.getStyler().setYAxisMax(high * 1.03);
        return this;
    }

    /** Every interval drawn, series by series: what a reader sees (and tests check). */
    public List<List<Interval>> intervals() {
        return series.stream().map(List::copyOf).toList();
    }

    @Override
    public void paint(Graphics2D g) {
        if (series.isEmpty()) return;
        CategoryStyler s = (CategoryStyler) styler;
        double left = getXAxisScreenValueForMin();
        double width = getXAxisScreenValueForMax() - left;
        double top = getYAxisScreenValueForMax();
        double bottom = getYAxisScreenValueForMin();
        int categories = series.stream().mapToInt(List::size).max().orElse(0);
        if (categories == 0) return;
        double tickSpace = s.getPlotContentSize() * width;
        double step = tickSpace / categories;
        double fill = s.getAvailableSpaceFill();
        double barWidth = s.isOverlapped() || s.isStacked() ? step * fill : step / series.size() * fill;
        java.awt.Stroke stroke = g.getStroke();
        Object hint = g.getRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING);
        g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, java.awt.RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(s.getErrorBarsColor() == null ? Color.DARK_GRAY : s.getErrorBarsColor());
        g.setStroke(new BasicStroke(1.6f));
        double cap = Math.min(6, Math.max(2, barWidth / 4));
        for (int j = 0; j < series.size(); j++) {
            List<Interval> row = series.get(j);
            for (int i = 0; i < row.size(); i++) {
                Interval iv = row.get(i);
                if (!iv.drawn() || (s.isYAxisLogarithmic() && iv.low() <= 0)) continue;
                double x = left + (width - tickSpace) / 2 + step * i + step * (1 - fill) / 2 + (s.isOverlapped() || s.isStacked() ? 0 : j * barWidth) + barWidth / 2;
                double yLow = clamp(getYAxisScreenValue(iv.low()), top, bottom);
                double yHigh = clamp(getYAxisScreenValue(iv.high()), top, bottom);
                g.draw(new Line2D.Double(x, yLow, x, yHigh));
                g.draw(new Line2D.Double(x - cap, yLow, x + cap, yLow));
                g.draw(new Line2D.Double(x - cap, yHigh, x + cap, yHigh));
            }
        }
        g.setStroke(stroke);
        g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, hint);
        bounds = new java.awt.geom.Rectangle2D.Double(left, top, width, bottom - top);
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(Math.min(lo, hi), Math.min(Math.max(lo, hi), v));
    }
}
