package dev.jdkmatrix.report;

import java.awt.Color;

/** A row's name, left-aligned at the plot's left edge and centred on a value of the y axis. */
final class RowLabel extends org.knowm.xchart.AnnotationText {
    private final String label;

    RowLabel(String label, double y) {
        super(label, 0, y, false);
        this.label = label;
    }

    @Override
    public void paint(java.awt.Graphics2D g) {
        if (!isVisible) return;
        Object hint = g.getRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING);
        g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, java.awt.RenderingHints.VALUE_ANTIALIAS_ON);
        java.awt.Font font = styler.getAnnotationTextFont();
        java.awt.Shape shape = new java.awt.font.TextLayout(label, font, g.getFontRenderContext()).getOutline(null);
        java.awt.geom.Rectangle2D box = shape.getBounds2D();
        double left = getXAxisScreenValueForMin() + 6;
        double base = getYAxisScreenValue(y) + box.getHeight() / 2;
        java.awt.geom.AffineTransform old = g.getTransform();
        g.translate(left, base);
        g.setColor(new Color(0x33, 0x33, 0x33));
        g.fill(shape);
        g.setTransform(old);
        g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, hint);
        bounds = new java.awt.geom.Rectangle2D.Double(left, base - box.getHeight(), box.getWidth(), box.getHeight());
    }
}
