package dev.jdkmatrix.claims;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.SummaryRow;
import java.util.LinkedHashMap;
import java.util.List;
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

    /**
     * The axes of a cell, its kind (builtin, jmh, jar) and a JMH cell's benchmark (full name); with
     * {@code cpu-mode} (quota, cpuset) every other key is a param of its workload.
     */
    public static final List<String> AXES = List.of("workload", "kind", "benchmark", "executor", "tasks", "jdk", "cpus", "memory", "jvm_args");

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

    /** A cell's axes and params as one map, from a row's columns. */
    static Map<String, String> identity(Function<String, String> column) {
        Map<String, String> id = new TreeMap<>();
        for (String axis : AXES) id.put(axis, column.apply(axis));
        if (id.get("kind").isEmpty()) id.put("kind", "builtin"); // rows written before the kinds
        // how the CPU limit was enforced, as the matrix writes it (rows written before it: quota)
        id.put("cpu-mode", column.apply("cpu_mode").isEmpty() ? "quota" : column.apply("cpu_mode"));
        // the params as the results' one reader of the params column gives them
        dev.jdkmatrix.results.Params.parse(column.apply("params")).forEach(id::put);
        return id;
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
