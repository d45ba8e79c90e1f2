package dev.jdkmatrix.report.chart;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Path2D;

/**
 * Where an interval runs past the edge of a ratio plot's axis: an arrowhead at the edge, pointing
 * out, and the end's value beside it ({@code 0.48x}), so one wide interval no longer sets the axis
 * for every other row ({@link RatioPlot}).
 */
final class ClippedEnd extends org.knowm.xchart.internal.chartpart.Annotation {

    private final double edge;
    private final double y;
    private final boolean right;
    private final String value;
    private final Color color;

    /** The end of the interval of the row at {@code y}, cut at the axis's {@code edge} (its right one, or its left), whose value was {@code value}. */
    ClippedEnd(double edge, double y, boolean right, String value, Color color) {
        super(false);
        this.edge = edge;
        this.y = y;
        this.right = right;
        this.value = value;
        this.color = color;
    }

    String value() {
        return value;
    }

    boolean right() {
        return right;
    }

    @Override
    public void paint(Graphics2D g) {
        if (!isVisible) return;
        double x = getXAxisScreenValue(edge);
        double yy = getYAxisScreenValue(y);
        double dir = right ? 1 : -1;
        Path2D.Double head = new Path2D.Double();
        head.moveTo(x + dir * 2, yy);
        head.lineTo(x - dir * 8, yy - 6);
        head.lineTo(x - dir * 8, yy + 6);
        head.closePath();
        g.setColor(color);
        g.fill(head);
        java.awt.Font font = styler.getAnnotationTextFont();
        java.awt.FontMetrics metrics = g.getFontMetrics(font);
        g.setFont(font);
        g.setColor(new Color(0x33, 0x33, 0x33));
        int width = metrics.stringWidth(value);
        float tx = (float) (right ? x - 10 - width : x + 10);
        float ty = (float) (yy - 8);
        g.drawString(value, tx, ty);
        bounds = new java.awt.geom.Rectangle2D.Double(Math.min(tx, x - 8), ty - metrics.getAscent(), width + 18, metrics.getAscent() + 14);
    }
}
