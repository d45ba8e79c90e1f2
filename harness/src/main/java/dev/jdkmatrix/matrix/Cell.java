package dev.jdkmatrix.matrix;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * One combination of the matrix: a workload with its params, run by an executor with a task
 * count, on a JDK, inside a container with a CPU and a memory limit. {@code jfr} records the
 * JFR event {@code jdk.VirtualThreadPinned} at threshold 0 in every run of the cell; it is a
 * setting of how the cell is observed, not an axis, so it is not part of {@link #id()}.
 */
public record Cell(
        String workload,
        SortedMap<String, String> params,
        String executor,
        int tasks,
        String jdk,
        CpuLimit cpus,
        MemoryLimit memory,
        List<String> jvmArgs,
        Duration timeout,
        boolean jfr) {

    /** A cell without JFR recording. */
    public Cell(String workload, SortedMap<String, String> params, String executor, int tasks, String jdk, CpuLimit cpus,
                MemoryLimit memory, List<String> jvmArgs, Duration timeout) {
        this(workload, params, executor, tasks, jdk, cpus, memory, jvmArgs, timeout, false);
    }

    public Cell {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(executor, "executor");
        Objects.requireNonNull(jdk, "jdk");
        Objects.requireNonNull(cpus, "cpus");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(timeout, "timeout");
        if (tasks < 1) throw new IllegalArgumentException("tasks must be at least 1, got " + tasks);
        if (timeout.isNegative() || timeout.isZero()) throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        params = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(params));
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** {@code k=v;k=v}, sorted by key: the params column of the CSV files. */
    public String paramsText() {
        StringJoiner j = new StringJoiner(";");
        params.forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }

    public String jvmArgsText() {
        return String.join(" ", jvmArgs);
    }

    /** A stable, readable identity: equal for equal cells, distinct otherwise. */
    public String id() {
        StringBuilder sb = new StringBuilder(workload);
        if (!params.isEmpty()) sb.append('(').append(paramsText()).append(')');
        sb.append(' ').append(executor)
                .append(" tasks=").append(tasks)
                .append(" jdk=").append(jdk)
                .append(" cpus=").append(cpus.text())
                .append(" mem=").append(memory.text());
        if (!jvmArgs.isEmpty()) sb.append(" jvm=[").append(jvmArgsText()).append(']');
        return sb.toString();
    }

    /** The value of an axis or param by its matrix key, for include/exclude matching. */
    public String valueOf(String key) {
        return switch (key) {
            case "workload" -> workload;
            case "executor" -> executor;
            case "tasks" -> Integer.toString(tasks);
            case "jdk" -> jdk;
            case "cpus" -> cpus.text();
            case "memory" -> memory.text();
            default -> params.get(key);
        };
    }

    /** Arguments after {@code java [jvm args] -jar workloads.jar}. */
    public List<String> workloadArgs() {
        List<String> args = new java.util.ArrayList<>(List.of(workload, "--executor", executor, "--tasks", Integer.toString(tasks)));
        for (Map.Entry<String, String> e : params.entrySet()) {
            args.add("--" + e.getKey());
            args.add(e.getValue());
        }
        return List.copyOf(args);
    }
}
