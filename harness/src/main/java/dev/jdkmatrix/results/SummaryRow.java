package dev.jdkmatrix.results;

import java.util.LinkedHashMap;
import java.util.Map;

/** One row of summary.csv: the statistics of one cell. */
public record SummaryRow(Map<String, String> values) {

    public SummaryRow {
        for (String k : values.keySet()) {
            if (!Columns.SUMMARY.contains(k)) throw new IllegalArgumentException("'" + k + "' is not a summary.csv column");
        }
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public String get(String column) {
        return values.getOrDefault(column, "");
    }
}
