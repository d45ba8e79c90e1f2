package dev.jdkmatrix.results;

import java.util.LinkedHashMap;
import java.util.Map;

/** One row of summary.csv: the statistics of one cell. */
public record SummaryRow(Map<String, String> values) {

    public SummaryRow {
        for (String k : values.keySet()) {
            if (!Columns.SUMMARY.contains(k) && !Columns.isParam(k) && !Columns.isMetric(k)) throw new IllegalArgumentException("'" + k + "' is not a summary.csv column");
        }
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public String get(String column) {
        if (Columns.isParam(column)) {
            // the params column holds every value exactly; a param_ column is its readable copy (a line break flattened by the CSV)
            String exact = Params.parse(values.get("params")).get(column.substring(Columns.PARAM_PREFIX.length()));
            if (exact != null) return exact;
        }
        return values.getOrDefault(column, "");
    }

    /**
     * A score statistic ({@code median}, {@code ci_low}, {@code ci_high}, {@code min}, {@code max}):
     * {@code score_STAT}, or for a row written before the workload kinds, {@code wall_ms_STAT}.
     */
    public String score(String stat) {
        return get("score_median").isEmpty() ? get("wall_ms_" + stat) : get("score_" + stat);
    }

    /** The score's unit: ms for a row written before the workload kinds. */
    public String scoreUnit() {
        return get("score_unit").isEmpty() ? "ms" : get("score_unit");
    }

    /** Whether a higher score is better (throughput), else lower (time). */
    public boolean higherIsBetter() {
        return "higher".equals(get("score_better"));
    }

    /** The kind, builtin for a row written before the workload kinds. */
    public String kind() {
        return get("kind").isEmpty() ? "builtin" : get("kind");
    }
}
