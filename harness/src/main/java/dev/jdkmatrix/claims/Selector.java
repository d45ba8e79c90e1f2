package dev.jdkmatrix.claims;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.CellSummary;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Which cells a claim or a published figure is about: axis and param values to match, written as
 * in the matrix ({@code workload: sleep, wait-ms: 100, executor: fixed:200}). Keys not given match
 * anything.
 */
public record Selector(Map<String, String> keys) {

    public Selector {
        keys = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(keys, "keys")));
    }

    public boolean matches(CellSummary row) {
        return matches(row.key().axes());
    }

    public boolean matches(RawRow row) {
        return matches(row.key().axes());
    }

    boolean matches(Map<String, String> identity) {
        for (Map.Entry<String, String> e : keys.entrySet()) {
            if (!e.getValue().equals(identity.get(e.getKey()))) return false;
        }
        return true;
    }

    /** The identity with this selector's keys put over it: the partner of a cell in a ratio. */
    Map<String, String> over(Map<String, String> identity) {
        Map<String, String> id = new TreeMap<>(identity);
        id.putAll(keys);
        return id;
    }

    /** How the selector reads: {@code sleep, wait-ms=100, executor=fixed:200}. */
    public String text() {
        StringBuilder b = new StringBuilder();
        keys.forEach((k, v) -> b.append(b.isEmpty() ? "" : ", ").append(k.equals("workload") ? v : k + "=" + v));
        return b.toString();
    }
}
