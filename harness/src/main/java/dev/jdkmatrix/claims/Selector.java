package dev.jdkmatrix.claims;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.SummaryRow;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Which cells a claim or a published figure is about: axis and param values to match, written as
 * in the matrix ({@code workload: sleep, wait-ms: 100, executor: fixed:200}). Keys not given match
 * anything.
 */
public record Selector(Map<String, String> keys) {

    public Selector {
        keys = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(keys, "keys")));
    }

    public boolean matches(SummaryRow row) {
        return matches(identity(row::get));
    }

    public boolean matches(RawRow row) {
        return matches(identity(row::get));
    }

    boolean matches(Map<String, String> identity) {
        for (Map.Entry<String, String> e : keys.entrySet()) {
            if (!e.getValue().equals(identity.get(e.getKey()))) return false;
        }
        return true;
    }

    /**
     * A cell's axes (its kind: builtin, jmh, jar; a JMH cell's benchmark, full name; cpu-mode: quota,
     * cpuset; jvm-args) and params as one map by their matrix keys, from a row's columns: the same
     * identity the comparisons group cells by.
     */
    static Map<String, String> identity(Function<String, String> column) {
        return dev.jdkmatrix.results.Comparisons.axes(column);
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
