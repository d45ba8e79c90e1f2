package dev.jdkmatrix.results;

import java.util.Locale;

/**
 * How a figure is written where the harness writes it (raw.csv's measured columns, summary.csv's
 * statistics): the one place a number becomes text. A figure not measured (NaN, infinite) is
 * written empty.
 */
public enum FigureFormat {
    /** Milliseconds to the microsecond: {@code 914.999}. */
    MS,
    /** A count or a size, rounded: {@code 20}, {@code 536870912}. */
    WHOLE,
    /** A percentage to a tenth: {@code 2.5}. */
    PCT,
    /** Six significant digits, plain: {@code 3467630}, {@code 0.00123457} (a JMH score can be either). */
    SIGNIFICANT,
    /** A fraction to four places: {@code 0.0512} (a coefficient of variation, an interval's level). */
    FRACTION,
    /** A percentage to a hundredth: {@code 5.12}. */
    PCT_HUNDREDTHS;

    /** The figure as text, empty where it was not measured. */
    public String text(double v) {
        if (!Double.isFinite(v)) return "";
        return switch (this) {
            case MS -> String.format(Locale.ROOT, "%.3f", v);
            case WHOLE -> Long.toString(Math.round(v));
            case PCT -> String.format(Locale.ROOT, "%.1f", v);
            case SIGNIFICANT -> v == 0 ? "0" : new java.math.BigDecimal(v).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
            case FRACTION -> String.format(Locale.ROOT, "%.4f", v);
            case PCT_HUNDREDTHS -> String.format(Locale.ROOT, "%.2f", v);
        };
    }

    /** The figure as its file keeps it: the number its {@link #text} reads back as (NaN where that is empty). */
    public double stored(double v) {
        String t = text(v);
        return t.isEmpty() ? Double.NaN : Double.parseDouble(t);
    }
}
