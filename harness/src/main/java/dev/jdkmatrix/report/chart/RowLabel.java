package dev.jdkmatrix.report.chart;

import java.awt.Color;

/**
 * A row's name, centred on a value of the y axis and left-aligned {@code gutter} pixels left of the
 * plot's left edge: in the room the chart keeps there for the names ({@link RatioPlot}).
 */
public final class RowLabel extends org.knowm.xchart.AnnotationText {
    private final String label;
    private final int gutter;

    public RowLabel(String label, double y, int gutter) {
        super(label, 0, y, false);
        this.label = label;
        this.gutter = gutter;
    }

    /**
     * Drawn as a string (through the JDK's glyph cache), not as XChart draws its text, the outline
     * of a TextLayout filled: a chart of 40 rows drew 40 outlines, a tenth of a large report's time.
     */
    @Override
    public void paint(java.awt.Graphics2D g) {
        if (!isVisible) return;
        Object hint = g.getRenderingHint(java.awt.RenderingHints.KEY_TEXT_ANTIALIASING);
        g.setRenderingHint(java.awt.RenderingHints.KEY_TEXT_ANTIALIASING, java.awt.RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        java.awt.Font font = styler.getAnnotationTextFont();
        java.awt.FontMetrics metrics = g.getFontMetrics(font);
        double left = getXAxisScreenValueForMin() - gutter + 6;
        double height = metrics.getAscent();
        double base = getYAxisScreenValue(y) + height / 2;
        g.setFont(font);
        g.setColor(new Color(0x33, 0x33, 0x33));
        g.drawString(label, (float) left, (float) base);
        g.setRenderingHint(java.awt.RenderingHints.KEY_TEXT_ANTIALIASING, hint == null ? java.awt.RenderingHints.VALUE_TEXT_ANTIALIAS_DEFAULT : hint);
        bounds = new java.awt.geom.Rectangle2D.Double(left, base - height, metrics.stringWidth(label), height);
    }
}
