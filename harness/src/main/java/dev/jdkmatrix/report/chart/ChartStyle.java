package dev.jdkmatrix.report.chart;

import java.awt.Color;
import java.awt.Font;
import java.util.List;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;

/**
 * The house style every chart shares: its size, fonts and colours, titles that fit, category
 * labels that stand clear of each other, box widths, and when and how an axis goes logarithmic.
 */
public final class ChartStyle {

    private ChartStyle() {}

    public static final int WIDTH = 1000;
    public static final int HEIGHT = 600;
    /** An axis switches to a log scale when its values span more than this factor. */
    static final double LOG_SPAN = 10;

    /**
     * The house style. Call it once the chart has its titles: a title or x-axis title too wide for
     * the chart is set in a smaller font, down to {@link #MIN_TITLE_POINTS}.
     */
    public static void style(org.knowm.xchart.internal.chartpart.AxesChart<? extends AxesChartStyler, ?> chart) {
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

    /** The smallest size a title is set in to fit: below it, it is cut at the chart's edge rather than unreadable. */
    static final int MIN_TITLE_POINTS = 11;
    static final java.awt.font.FontRenderContext TEXT = new java.awt.font.FontRenderContext(null, true, true);

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

    /** Switches the y axis to a log scale when the values span more than {@link #LOG_SPAN}; says whether it did. */
    static boolean logIfWide(AxesChartStyler s, double[] values) {
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

    /** The axis title's font (XChart has one for both axes). */
    static final Font AXIS_TITLE_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
}
