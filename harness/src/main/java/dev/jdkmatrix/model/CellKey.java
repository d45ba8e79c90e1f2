package dev.jdkmatrix.model;

import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A cell's identity as one typed value: every axis that tells it from the others, and its id, the
 * text of raw.csv's {@code cell} column. The one owner of the axes and their defaults: a matrix's
 * {@code Cell} makes its key with {@link #of}; a stored row's key is read back by the CSV views
 * ({@code results.CellColumns}) with the id it was stored under, so cells of older runs keep theirs.
 * {@code benchmark} and {@code jmhMode} are a {@code jmh} cell's (else empty); {@code executor} and
 * {@code tasks} a built-in cell's (else empty and 0); {@code jvmArgs} the JVM arguments as one
 * line, as the id and the CSV files write them.
 */
public record CellKey(
        String id,
        Kind kind,
        String workload,
        String benchmark,
        String jmhMode,
        SortedMap<String, String> params,
        String executor,
        int tasks,
        String jdk,
        CpuLimit cpus,
        CpuMode cpuMode,
        MemoryLimit memory,
        String jvmArgs) {

    /** How a cell runs: a built-in workload, a JMH benchmark, or a jar's main. */
    public enum Kind {
        BUILTIN, JMH, JAR;

        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** A stored kind; empty for a row written before the kinds, all of them built-in. */
        public static Kind parse(String text) {
            if (text.isEmpty()) return BUILTIN;
            for (Kind k : values()) if (k.text().equals(text)) return k;
            throw new IllegalArgumentException("'" + text + "' is not a workload kind; the kinds: builtin, jmh, jar");
        }
    }

    /** The keys of the axes every cell has ({@link #valueOf}), as the matrix names them; its params follow them. */
    public static final List<String> AXIS_KEYS = List.of("workload", "kind", "benchmark", "jmh-mode", "executor", "tasks", "jdk", "cpus", "cpu-mode", "memory", "jvm-args");

    public CellKey {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(jdk, "jdk");
        Objects.requireNonNull(cpus, "cpus");
        Objects.requireNonNull(memory, "memory");
        if (id == null || id.isEmpty()) throw new IllegalArgumentException("a cell needs an id");
        benchmark = benchmark == null ? "" : benchmark;
        jmhMode = jmhMode == null ? "" : jmhMode;
        executor = executor == null ? "" : executor;
        cpuMode = cpuMode == null ? CpuMode.DEFAULT : cpuMode;
        jvmArgs = jvmArgs == null ? "" : jvmArgs;
        if (tasks < 0) throw new IllegalArgumentException("tasks must not be negative, got " + tasks + " in cell " + id);
        params = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(params));
    }

    /** Where {@code s} first holds a control character (C0, DEL, C1, or a line or paragraph separator), or -1: a cell's name holds none. */
    public static int controlCharAt(String s) {
        return controlCharAt(s, false);
    }

    /**
     * As above; with {@code lineBreaksKept}, a line feed or carriage return is no such character: a param's value may hold them,
     * since the cell's name writes them escaped ({@link ParamsText}: %0A, %0D).
     */
    public static int controlCharAt(String s, boolean lineBreaksKept) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (lineBreaksKept && (c == '\n' || c == '\r')) continue;
            if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 || c == 0x2029) return i;
        }
        return -1;
    }

    /** {@code s} with each control character written as a backslash, u and its four hex digits: safe to print in a message. */
    public static String visible(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (controlCharAt(String.valueOf(c)) == 0) b.append(String.format(java.util.Locale.ROOT, "\\u%04X", (int) c));
            else b.append(c);
        }
        return b.toString();
    }

    /**
     * A key with its id made from its axes: {@code sleep(wait-ms=100) virtual tasks=10000 jdk=21 cpus=1 mem=1g}
     * (built-in), {@code my-bench:Bench.method[avgt](size=10) jdk=21 cpus=1 mem=1g} (jmh),
     * {@code my-app(size=1000) jdk=21 cpus=1 mem=1g} (jar); {@code cpu-mode=} only when not the
     * default quota and {@code jvm=[..]} only with arguments, so ids of older runs stay as they were.
     */
    public static CellKey of(Kind kind, String workload, String benchmark, String jmhMode, SortedMap<String, String> params, String executor, int tasks,
                             String jdk, CpuLimit cpus, CpuMode cpuMode, MemoryLimit memory, String jvmArgs) {
        for (String part : java.util.stream.Stream.concat(java.util.stream.Stream.of(workload, benchmark, jmhMode, executor, jdk, jvmArgs),
                params.keySet().stream()).toList()) {
            if (part != null && controlCharAt(part) >= 0) {
                throw new IllegalArgumentException("a cell's part '" + visible(part) + "' holds a control character: a cell's name is one line of printable text");
            }
        }
        for (String value : params.values()) { // a line break in a param's value is kept, escaped in the name (ParamsText)
            if (controlCharAt(value, true) >= 0) {
                throw new IllegalArgumentException("a param's value '" + visible(value) + "' holds a control character other than a line break: a cell's name is one line of printable text");
            }
        }
        StringBuilder sb = new StringBuilder(workload);
        if (kind == Kind.JMH) sb.append(':').append(shortBenchmark(benchmark)).append('[').append(jmhMode).append(']');
        if (!params.isEmpty()) sb.append('(').append(ParamsText.format(params)).append(')');
        if (kind == Kind.BUILTIN) sb.append(' ').append(executor).append(" tasks=").append(tasks);
        sb.append(" jdk=").append(jdk).append(" cpus=").append(cpus.text());
        if (cpuMode != CpuMode.DEFAULT) sb.append(" cpu-mode=").append(cpuMode.text());
        sb.append(" mem=").append(memory.text());
        if (!jvmArgs.isEmpty()) sb.append(" jvm=[").append(jvmArgs).append(']');
        return new CellKey(sb.toString(), kind, workload, benchmark, jmhMode, params, executor, tasks, jdk, cpus, cpuMode, memory, jvmArgs);
    }

    /**
     * {@code Class.method}: a benchmark's full name without its package, for ids and labels; a
     * nested class keeps the classes around it ({@code Top.Outer.Inner.work} of
     * {@code pkg.Top.Outer.Inner.work}), so two nested classes of one name stay apart. The package
     * is the leading names that start with a lower-case letter; a name in none, the last class and
     * method.
     */
    public static String shortBenchmark(String benchmark) {
        String[] parts = benchmark.split("\\.");
        int cls = 0;
        while (cls < parts.length - 2 && !parts[cls].isEmpty() && Character.isLowerCase(parts[cls].charAt(0))) cls++;
        if (cls < parts.length - 1 && !parts[cls].isEmpty() && Character.isUpperCase(parts[cls].charAt(0))) {
            return String.join(".", java.util.Arrays.copyOfRange(parts, cls, parts.length));
        }
        int method = benchmark.lastIndexOf('.');
        int last = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(last + 1);
    }

    /** {@code k=v;k=v}, sorted by key, any character of a value kept ({@link ParamsText}): the params column. */
    public String paramsText() {
        return ParamsText.format(params);
    }

    /** A cell of a built-in workload (executor, tasks), as opposed to a jmh or jar cell of the user's. */
    public boolean builtin() {
        return kind == Kind.BUILTIN;
    }

    /** The value of an axis or param by its matrix key ({@link #AXIS_KEYS}, else a param; null for neither). */
    public String valueOf(String key) {
        return switch (key) {
            case "workload" -> workload;
            case "kind" -> kind.text();
            case "benchmark" -> benchmark;
            case "jmh-mode" -> jmhMode; // not "mode", which a workload may take as a param: avgt and thrpt of one benchmark are two cells
            case "executor" -> executor;
            case "tasks" -> kind == Kind.BUILTIN ? Integer.toString(tasks) : "";
            case "jdk" -> jdk;
            case "cpus" -> cpus.text();
            case "cpu-mode" -> cpuMode.text();
            case "memory" -> memory.text();
            case "jvm-args" -> jvmArgs;
            default -> params.get(key);
        };
    }

    /** Every axis and param of the cell by its matrix key: what tells it from the others (an axis before a param of its name). */
    public SortedMap<String, String> axes() {
        SortedMap<String, String> m = new TreeMap<>();
        for (String k : AXIS_KEYS) m.put(k, valueOf(k));
        params.forEach(m::putIfAbsent);
        return m;
    }
}
