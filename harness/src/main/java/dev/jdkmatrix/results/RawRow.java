package dev.jdkmatrix.results;

import java.util.LinkedHashMap;
import java.util.Map;

/** One row of raw.csv: one run. Values are text as stored; empty cells are absent; unknown columns are refused. */
public record RawRow(Map<String, String> values) {

    public RawRow {
        for (String k : values.keySet()) {
            if (!Columns.RAW.contains(k)) throw new IllegalArgumentException("'" + k + "' is not a raw.csv column; columns: " + Columns.RAW);
        }
        LinkedHashMap<String, String> kept = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (v != null && !v.isEmpty()) kept.put(k, v);
        });
        values = java.util.Collections.unmodifiableMap(kept);
    }

    public String get(String column) {
        return values.getOrDefault(column, "");
    }

    /** The run's identity across an interrupted and a resumed harness, equal to {@code PlannedRun.key()} of the run that made it. */
    public String runKey() {
        return get("cell") + "#" + get("phase") + get("rep");
    }

    public boolean measured() {
        return "measure".equals(get("phase"));
    }

    public boolean ok() {
        return "ok".equals(get("status"));
    }

    /** The number in a column, or NaN when empty or not a number. */
    public double number(String column) {
        String v = get(column);
        if (v.isEmpty()) return Double.NaN;
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
