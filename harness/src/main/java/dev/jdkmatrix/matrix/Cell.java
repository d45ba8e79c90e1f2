package dev.jdkmatrix.matrix;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.model.MemoryLimit;
import dev.jdkmatrix.workloads.Workloads;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One combination of the matrix: a workload of some {@link WorkloadKind} with its params, on a
 * JDK, inside a container with a CPU and a memory limit; a built-in workload also has an executor
 * and a task count ({@code executor} is empty and {@code tasks} 0 for the other kinds).
 * {@code workload} is the built-in workload's name, or the label a {@code jmh} or {@code jar}
 * entry gives its cells. {@code jfr} records the JFR event {@code jdk.VirtualThreadPinned} at
 * threshold 0 in every run of the cell; it is a setting of how the cell is observed, not an
 * axis, so it is not part of {@link #id()}, and so is {@code profile} (the event of the cell's one
 * profile run, {@link Profile#NONE} for none), and so is {@code internals} (each run's JVM writes
 * its GC log and performance counters, read as raw.csv's internals columns; the matrix's
 * {@code jvm-internals}). {@code cpuMode} says how the CPU limit is enforced
 * (a CFS quota or pinned CPUs); the id names it only when it is not the default quota, so cells
 * of runs stored before it keep their ids.
 */
public record Cell(
        WorkloadKind kind,
        String workload,
        SortedMap<String, String> params,
        String executor,
        int tasks,
        String jdk,
        CpuLimit cpus,
        CpuMode cpuMode,
        MemoryLimit memory,
        List<String> jvmArgs,
        Duration timeout,
        boolean jfr,
        Profile profile,
        boolean internals) {

    /** A cell whose runs leave the JVM's internals out. */
    public Cell(WorkloadKind kind, String workload, SortedMap<String, String> params, String executor, int tasks, String jdk, CpuLimit cpus,
                CpuMode cpuMode, MemoryLimit memory, List<String> jvmArgs, Duration timeout, boolean jfr, Profile profile) {
        this(kind, workload, params, executor, tasks, jdk, cpus, cpuMode, memory, jvmArgs, timeout, jfr, profile, false);
    }

    /** A cell that is not profiled. */
    public Cell(WorkloadKind kind, String workload, SortedMap<String, String> params, String executor, int tasks, String jdk, CpuLimit cpus,
                CpuMode cpuMode, MemoryLimit memory, List<String> jvmArgs, Duration timeout, boolean jfr) {
        this(kind, workload, params, executor, tasks, jdk, cpus, cpuMode, memory, jvmArgs, timeout, jfr, Profile.NONE);
    }

    /** This cell with the JVM's internals read from its runs or not (never for a jmh cell, whose JVMs are JMH's forks). */
    public Cell withInternals(boolean on) {
        boolean v = on && !(kind instanceof WorkloadKind.Jmh);
        return v == internals ? this : new Cell(kind, workload, params, executor, tasks, jdk, cpus, cpuMode, memory, jvmArgs, timeout, jfr, profile, v);
    }

    /** A cell of a built-in workload. */
    public Cell(String workload, SortedMap<String, String> params, String executor, int tasks, String jdk, CpuLimit cpus,
                MemoryLimit memory, List<String> jvmArgs, Duration timeout, boolean jfr) {
        this(new WorkloadKind.Builtin(Workloads.get(workload)), workload, params, executor, tasks, jdk, cpus, CpuMode.DEFAULT, memory, jvmArgs, timeout, jfr);
    }

    /** A cell of a built-in workload without JFR recording. */
    public Cell(String workload, SortedMap<String, String> params, String executor, int tasks, String jdk, CpuLimit cpus,
                MemoryLimit memory, List<String> jvmArgs, Duration timeout) {
        this(workload, params, executor, tasks, jdk, cpus, memory, jvmArgs, timeout, false);
    }

    public Cell {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(executor, "executor");
        Objects.requireNonNull(jdk, "jdk");
        Objects.requireNonNull(cpus, "cpus");
        Objects.requireNonNull(cpuMode, "cpuMode");
        if (cpuMode == CpuMode.CPUSET && cpus.value() != Math.rint(cpus.value())) {
            throw new IllegalArgumentException("cpu-mode cpuset pins whole CPUs, and cpus " + cpus.text() + " is a fraction; use a whole number of CPUs, or cpu-mode quota");
        }
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(profile, "profile");
        if (internals && kind instanceof WorkloadKind.Jmh) throw new IllegalArgumentException("a jmh cell's JVMs are JMH's forks: the harness reads no internals of them");
        if (kind instanceof WorkloadKind.Builtin) {
            if (tasks < 1) throw new IllegalArgumentException("tasks must be at least 1, got " + tasks);
            if (executor.isEmpty()) throw new IllegalArgumentException("a built-in workload needs an executor");
        } else if (tasks != 0 || !executor.isEmpty()) {
            throw new IllegalArgumentException("executor and tasks are axes of built-in workloads only, not of a " + kind.name() + " workload");
        }
        if (timeout.isNegative() || timeout.isZero()) throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        params = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(params));
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** {@code k=v;k=v}, sorted by key, any character of a value kept (dev.jdkmatrix.model.ParamsText): the params column of the CSV files. */
    public String paramsText() {
        return dev.jdkmatrix.model.ParamsText.format(params);
    }

    public String jvmArgsText() {
        return String.join(" ", jvmArgs);
    }

    /** The benchmark's full name for a {@code jmh} cell, else empty: the benchmark column. */
    public String benchmark() {
        return kind instanceof WorkloadKind.Jmh j ? j.benchmark() : "";
    }

    /** The cell's identity as one typed value: its axes, their defaults and its id ({@link CellKey}, which owns them). */
    public CellKey key() {
        return CellKey.of(CellKey.Kind.parse(kind.name()), workload, benchmark(), kind instanceof WorkloadKind.Jmh j ? j.mode() : "", params,
                executor, tasks, jdk, cpus, cpuMode, memory, jvmArgsText());
    }

    /**
     * A stable, readable identity: equal for equal cells, distinct otherwise ({@link CellKey#of}). Built-in cells:
     * {@code sleep(wait-ms=100) virtual tasks=10000 jdk=21 cpus=1 mem=1g}; JMH cells:
     * {@code my-bench:Bench.method[avgt](size=10) jdk=21 cpus=1 mem=1g}; jar cells:
     * {@code my-app(size=1000) jdk=21 cpus=1 mem=1g}.
     */
    public String id() {
        return key().id();
    }

    /** The value of an axis or param by its matrix key, for include/exclude matching ({@link CellKey#valueOf}). */
    public String valueOf(String key) {
        return key().valueOf(key);
    }

    /** Every axis and param of the cell by its matrix key: what tells it from the others. */
    public SortedMap<String, String> axes() {
        return key().axes();
    }

    /** Arguments after {@code java [jvm args] -jar workloads.jar} of a built-in cell. */
    public List<String> workloadArgs() {
        if (!(kind instanceof WorkloadKind.Builtin)) throw new IllegalStateException(kind.name() + " cell " + id() + " has no workloads-jar arguments");
        List<String> args = new java.util.ArrayList<>(List.of(workload, "--executor", executor, "--tasks", Integer.toString(tasks)));
        for (Map.Entry<String, String> e : params.entrySet()) {
            args.add("--" + e.getKey());
            args.add(e.getValue());
        }
        return List.copyOf(args);
    }
}
