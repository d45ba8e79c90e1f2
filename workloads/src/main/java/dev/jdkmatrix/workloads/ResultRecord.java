package dev.jdkmatrix.workloads;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one line a workload prints for the harness: {@value #MARKER} followed by a flat JSON
 * object. Keys are snake_case and become raw.csv columns as they are. Field order is fixed
 * by insertion order, so the line is stable for golden tests.
 */
public final class ResultRecord {

    /** Marks the record line; anything else the workload prints is log. */
    public static final String MARKER = "JDKMATRIX-RESULT ";

    /**
     * Marks a progress line, {@code JDKMATRIX-PROGRESS elapsed_ms=N;submitted=N;METRIC=N...}: printed
     * while a run goes on (after 1 s, then at doubling intervals), so a run killed before its record
     * (at its memory limit, at its timeout) still says how far it got.
     */
    public static final String PROGRESS_MARKER = "JDKMATRIX-PROGRESS ";

    /**
     * Marks the measured section's line, {@code JDKMATRIX-SECTION from_ms=E;to_ms=E} (wall-clock
     * milliseconds since the epoch): printed as the section ends, so that a profile run's samples
     * can be cut to it, as JMH's profilers cover its measured iterations only.
     */
    public static final String SECTION_MARKER = "JDKMATRIX-SECTION ";

    /** Bumped whenever a field is renamed or removed. */
    public static final int SCHEMA = 1;

    private final Map<String, Object> fields = new LinkedHashMap<>();

    public ResultRecord() {
        fields.put("schema", SCHEMA);
    }

    public ResultRecord put(String key, Object value) {
        if (!key.matches("[a-z][a-z0-9_]*")) throw new IllegalArgumentException("record key must be snake_case: " + key);
        if (value != null && !(value instanceof String || value instanceof Number || value instanceof Boolean)) {
            throw new IllegalArgumentException("record value for " + key + " must be a string, number or boolean");
        }
        fields.put(key, value);
        return this;
    }

    public Map<String, Object> fields() {
        return Map.copyOf(fields);
    }

    /** The record line, marker included. */
    public String line() {
        StringBuilder sb = new StringBuilder(MARKER).append('{');
        boolean first = true;
        for (Map.Entry<String, Object> e : fields.entrySet()) {
            if (!first) sb.append(',');
            first = false;
            appendString(sb, e.getKey());
            sb.append(':');
            Object v = e.getValue();
            if (v == null) {
                sb.append("null");
            } else if (v instanceof String s) {
                appendString(sb, s);
            } else if (v instanceof Double d) {
                sb.append(Double.isFinite(d) ? fixed3(d) : "null");
            } else {
                sb.append(v);
            }
        }
        return sb.append('}').toString();
    }

    private static String fixed3(double d) {
        // Locale-independent, 3 decimals: milliseconds to the microsecond.
        return String.format(java.util.Locale.ROOT, "%.3f", d);
    }

    private static void appendString(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        sb.append('"');
    }
}
