package dev.jdkmatrix.matrix;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them in a matrix: 500ms, 90s, 5m, 1h, or a plain number of seconds. */
public final class Durations {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    private Durations() {}

    public static Duration parse(String raw) {
        Matcher m = FORM.matcher(raw.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + raw + "' is not a duration; write it as 500ms, 90s, 5m or 1h");
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double millis = switch (unit) {
            case "ms" -> n;
            case "m" -> n * 60_000;
            case "h" -> n * 3_600_000;
            default -> n * 1000;
        };
        Duration d = Duration.ofMillis(Math.round(millis));
        if (d.isZero()) throw new IllegalArgumentException("duration '" + raw + "' must be above zero");
        return d;
    }

    /** A fraction written as a percentage (10%) or a number (0.1); above 0 and below 10 (1000 %). */
    public static double fraction(String raw) {
        String s = raw.trim();
        try {
            double v = s.endsWith("%") ? Double.parseDouble(s.substring(0, s.length() - 1).trim()) / 100 : Double.parseDouble(s);
            if (v > 0 && v < 10) return v;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("'" + raw + "' is not a positive fraction or percentage"); // each caller's fix gives its example
    }

    /**
     * A threshold or a difference, a fraction below 1 ({@code 10%}, {@code 0.1}): {@code 5} or
     * {@code 150%} (500 % and 150 %, which no change of a time halved or of a throughput could
     * pass as meant) is refused with the reading it would have had and the fix.
     */
    public static double fractionBelowOne(String raw) {
        double v = fraction(raw);
        if (v >= 1) {
            String pct = java.math.BigDecimal.valueOf(v * 100).stripTrailingZeros().toPlainString();
            throw new IllegalArgumentException("'" + raw.trim() + "' reads as " + pct + " %, and a threshold or difference is below 100 %"
                    + (raw.trim().endsWith("%") ? "" : " (a plain number is a fraction: 0.05 is 5 %)"));
        }
        return v;
    }

    /** Compact text: 1h02m, 4m05s, 12.3s, 850ms. */
    public static String text(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) return ms + "ms";
        if (ms < 60_000) return String.format(java.util.Locale.ROOT, "%.1fs", ms / 1000.0);
        long s = ms / 1000;
        if (s < 3600) return String.format(java.util.Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        return String.format(java.util.Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
    }
}
