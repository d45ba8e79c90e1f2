package dev.jdkmatrix.results;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One row of raw.csv: one run. Values are text as stored; empty cells are absent; unknown columns
 * are refused. The {@code param_NAME} columns follow from the {@code params} column.
 */
public record RawRow(Map<String, String> values) {

    public RawRow {
        for (String k : values.keySet()) {
            if (!Columns.isRaw(k) && !Columns.isParam(k)) throw new IllegalArgumentException("'" + k + "' is not a raw.csv column; columns: " + Columns.RAW);
        }
        LinkedHashMap<String, String> kept = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (v != null && !v.isEmpty()) kept.put(k, v);
        });
        values = java.util.Collections.unmodifiableMap(kept);
    }

    public String get(String column) {
        if (Columns.isParam(column)) {
            // the params column holds every value exactly; a param_ column is its readable copy (a line break flattened by the CSV)
            String exact = Params.parse(values.get("params")).get(column.substring(Columns.PARAM_PREFIX.length()));
            if (exact != null) return exact;
        }
        return values.getOrDefault(column, "");
    }

    /** The param names of this run's cell. */
    public java.util.Set<String> paramNames() {
        return Params.parse(get("params")).keySet();
    }

    /**
     * The run's figure: {@code score} with its unit and direction; for a row stored before the
     * workload kinds (no score), its wall_ms in ms, lower is better.
     */
    public double score() {
        if (get("score").isEmpty() && !get("kind").isEmpty() && !"builtin".equals(get("kind"))) return Double.NaN;
        return get("score").isEmpty() ? number("wall_ms") : number("score");
    }

    /** The figure's unit: ms for a row stored before the workload kinds (its figure is wall_ms). */
    public String scoreUnit() {
        return get("score_unit").isEmpty() ? "ms" : get("score_unit");
    }

    /** The run's identity across an interrupted and a resumed harness, equal to {@code PlannedRun.key()} of the run that made it. */
    public String runKey() {
        return get("cell") + "#" + get("phase") + get("rep");
    }

    public boolean measured() {
        return "measure".equals(get("phase"));
    }

    /** Stored as noisy: the host's CPU steal passed max-steal during it, and it was made again. */
    public boolean noisy() {
        return "noisy".equals(get("status"));
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
