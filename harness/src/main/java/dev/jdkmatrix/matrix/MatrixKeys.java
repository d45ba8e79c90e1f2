package dev.jdkmatrix.matrix;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The keys a matrix file may hold, where, and the defaults of what it leaves out: one place every section of the parser reads them from. */
public final class MatrixKeys {

    private MatrixKeys() {}

    static final List<String> TOP_KEYS = List.of("name", "repetitions", "warmup", "timeout", "order", "compare-along", "seed", "compare-threshold", "min-difference",
            "max-steal", "jvm-internals", "engine", "kubernetes", "runner-class", "jdks",
            "matrix");
    static final List<String> REPETITION_KEYS = List.of("min", "max", "target");
    /** `compare` calls a change a regression past this fraction unless the cell is noisy. */
    public static final double DEFAULT_COMPARE_THRESHOLD = 0.10;
    /** A comparison inside a run calls faster or slower only when its whole interval lies past this (docs/verdicts.md). */
    public static final double DEFAULT_MIN_DIFFERENCE = 0.005;
    /**
     * Whether a matrix that says nothing reads the JVM's internals (GC pauses, safepoints, JIT time)
     * from its built-in and jar runs: off, as make bench-internals did not find every reference
     * cell's median within 2 % with them (docs/internals-cost.md: 11 of 14; the three others within
     * their own noise, their paired intervals around 1); {@code jvm-internals: true} turns them on.
     */
    public static final boolean DEFAULT_JVM_INTERNALS = false;
    static final List<String> MATRIX_KEYS = List.of("jdk", "cpus", "cpu-mode", "memory", "tasks", "executor", "jvm-args", "timeout", "jfr", "profile", "workload", "exclude", "include");
    static final List<String> WORKLOAD_KEYS = List.of("name", "kind", "jdk", "cpus", "cpu-mode", "memory", "tasks", "executor", "jvm-args", "timeout", "jfr", "profile", "params",
            "jar", "benchmarks", "jmh-args", "profilers", "main", "args", "result", "files", "workdir", "score", "warmup", "max-iterations", "steady-iterations");
    /** The kinds of workload entry: the project's workloads, a JMH uber-jar, any runnable jar. */
    static final List<String> KINDS = List.of("builtin", "jmh", "jar");
    /** Keys of a workload entry that only some kinds take. */
    static final Map<String, List<String>> KIND_KEYS = Map.of(
            "builtin", List.of("tasks", "executor"),
            "jmh", List.of("jar", "benchmarks", "jmh-args", "profilers", "files", "workdir", "score", "warmup", "max-iterations", "steady-iterations"),
            "jar", List.of("jar", "main", "args", "result", "files", "workdir"));
    static final List<String> RESULT_KEYS = List.of("regex", "unit", "better");
    static final List<String> JDK_KEYS = List.of("dockerfile", "image", "home", "archive");
    /** The built-in workloads run on virtual threads, final in JDK 21 (JEP 444). */
    public static final int BUILTIN_MIN_FEATURE = 21;
    /** Axes every cell has, in expansion order; params follow them. */
    static final List<String> AXES = List.of("workload", "jdk", "cpus", "cpu-mode", "memory", "tasks", "executor");
    /** The axes an entry or the matrix may set; cpu-mode defaults to quota. */
    static final List<String> SETTABLE_AXES = List.of("jdk", "cpus", "cpu-mode", "memory", "tasks", "executor");
    static final int DEFAULT_REPETITIONS = 6;
    static final int DEFAULT_WARMUP = 1;
    static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
}
