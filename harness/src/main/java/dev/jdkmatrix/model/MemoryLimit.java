package dev.jdkmatrix.model;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A container memory limit ({@code docker run --memory}), written like Docker: 512m, 1g, 1.5g. */
public record MemoryLimit(long bytes) implements Comparable<MemoryLimit> {

    /** Below this a JVM does not start reliably; refusing it early beats a wall of OOM runs. */
    public static final long FLOOR = 64L << 20;

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)i?b?", Pattern.CASE_INSENSITIVE);

    public MemoryLimit {
        if (bytes < FLOOR) {
            throw new IllegalArgumentException("a memory limit must be at least 64m (a JVM needs it), got " + bytes + " bytes");
        }
    }

    public static MemoryLimit parse(String raw) {
        Matcher m = FORM.matcher(raw.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + raw + "' is not a memory size; write it like Docker does: 512m, 1g, 1.5g");
        }
        double number = Double.parseDouble(m.group(1));
        long unit = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 1L << 10;
            case "m" -> 1L << 20;
            case "g" -> 1L << 30;
            case "t" -> 1L << 40;
            default -> 1L;
        };
        long bytes = Math.round(number * unit);
        if (bytes < FLOOR) {
            throw new IllegalArgumentException("memory '" + raw + "' is below the floor of 64m; a JVM needs at least that");
        }
        return new MemoryLimit(bytes);
    }

    /** Shortest exact Docker-style text: 1g, 512m, 1536m. */
    public String text() {
        for (String unit : new String[] {"t", "g", "m", "k"}) {
            long size = switch (unit) {
                case "t" -> 1L << 40;
                case "g" -> 1L << 30;
                case "m" -> 1L << 20;
                default -> 1L << 10;
            };
            if (bytes % size == 0) return (bytes / size) + unit;
        }
        return Long.toString(bytes);
    }

    @Override
    public int compareTo(MemoryLimit o) {
        return Long.compare(bytes, o.bytes);
    }

    @Override
    public String toString() {
        return text();
    }
}
