package dev.jdkmatrix.results;

import java.util.List;

/**
 * The column names of raw.csv, summary.csv and comparisons.csv, in order. They are a public format: add columns
 * at the end, never rename or remove one (golden tests hold them). Documented in docs/results.md.
 */
public final class Columns {

    private Columns() {}

    /** Columns the harness fills for every run, whatever its status. */
    public static final List<String> RAW_HARNESS = List.of(
            "run_id", "seq", "cell", "phase", "rep", "status", "status_detail",
            "workload", "params", "executor", "tasks", "jdk", "cpus", "memory", "jvm_args", "image",
            "started_at", "exit_code", "oom_killed", "container_wall_ms", "harness_overhead_ms",
            "create_ms", "start_ms", "collect_ms");

    /** Columns from the workload's result record (empty when there was none). */
    public static final List<String> RAW_RECORD = List.of(
            "wall_ms", "cpu_ms", "completed", "check", "checksum", "peak_threads",
            "heap_before_bytes", "heap_after_bytes", "heap_peak_bytes", "max_heap_bytes",
            "rss_peak_bytes", "cgroup_peak_bytes", "cgroup_limit_bytes", "gc_count", "gc_ms",
            "available_processors", "java_version", "java_runtime_version", "java_vendor",
            "jvm_startup_ms", "jvm_uptime_ms");

    /**
     * Columns added later, at the end as the format promises: the rest of the harness's time
     * split, then what the run's JFR recording says of pinned virtual threads (empty when the
     * cell records no JFR, or the JVM ended before writing it), then what the workload measured
     * besides time and memory ({@code metrics}: "k=v;k=v", e.g. max_holders=20), then the
     * host's CPU steal during the container's life (percent of host CPU time; virtual machines).
     */
    public static final List<String> RAW_ADDED = List.of("wait_ms", "log_ms", "cpuset",
            "jfr_file", "pinned_events", "pinned_total_ms", "pinned_max_ms", "pinned_top_frame", "pinned_reason", "pinned_blocking_operation",
            "metrics", "host_steal_pct");

    /**
     * Columns of workload kinds, added after those: the kind (builtin, jmh, jar) and a JMH
     * benchmark's full name; the run's figure with its unit and direction ({@code score}: a
     * built-in run's wall_ms in ms, lower is better; a JMH score in its unit; a jar's wall time or
     * the value its result regex read) and JMH's own error of it; JMH's mode, forks and iterations;
     * the units of the {@code metrics} (JMH's secondary metrics have units).
     */
    public static final List<String> RAW_KINDS = List.of("kind", "benchmark", "score", "score_error", "score_unit", "score_better",
            "jmh_mode", "jmh_forks", "jmh_iterations", "jmh_warmup_iterations", "metric_units");

    /** The JDK's VM name as seen inside the container (the vendor and versions are in the record's columns above, filled for every kind). */
    public static final List<String> RAW_JDK = List.of("java_vm_name");

    /**
     * Columns of trust, added after those: how the CPU limit was enforced ({@code quota} or
     * {@code cpuset}); the container's CFS accounting from its cgroup's {@code cpu.stat}, read as
     * the container's last act after the JVM exited (periods of 100 ms it ran in, periods it was
     * throttled in, time throttled; 0 under cpuset, which sets no quota; empty where no cgroup
     * was visible or the container was killed); and which attempt of its run this row is (a run
     * stored as {@code noisy} because the host's CPU steal passed {@code max-steal} is made again
     * as attempt 2, and so on).
     */
    public static final List<String> RAW_TRUST = List.of("cpu_mode", "cpu_periods", "cpu_throttled_periods", "cpu_throttled_ms", "attempt");

    /**
     * JMH's settings of the run as its JSON reports them, added after the trust columns: threads,
     * warm-up time and batch size, measurement time and batch size (a time as JMH writes it:
     * {@code 10 s}, {@code 200 ms}, {@code single-shot}); empty for other kinds.
     */
    public static final List<String> RAW_JMH = List.of("jmh_threads", "jmh_warmup_time", "jmh_warmup_batch_size", "jmh_measurement_time", "jmh_batch_size");

    /**
     * Added with profiles: a profile run's async-profiler event (cpu, wall, alloc, lock; empty on
     * every other run), its stacks' file under profiles/ (collapsed, gzipped) and their samples.
     */
    public static final List<String> RAW_PROFILE = List.of("profile_event", "profile_file", "profile_samples");

    /**
     * Added with the JVM's internals (a built-in or jar run with {@code jvm-internals} on; empty
     * otherwise): GC pauses from the JVM's GC log (count, total, longest), time at safepoints
     * (count, total, and of it the time to reach them) and JIT compilation time from its
     * performance counters, saved when it exits.
     */
    public static final List<String> RAW_INTERNALS = List.of("gc_pauses", "gc_pause_ms", "gc_pause_max_ms", "safepoints", "safepoint_ms", "safepoint_sync_ms", "jit_ms");

    /** Added with Kubernetes: the node that ran the run's pod (its name); empty on the Docker engine. */
    public static final List<String> RAW_NODE = List.of("node");

    /**
     * Added with steady states: a JMH run's iterations classified per fork (stats.SteadyState:
     * flat, warmup, slowdown, none), and the iteration of its fork (warm-up iterations counted
     * first) where the steady state begins; empty for other kinds and runs with too few iterations.
     */
    public static final List<String> RAW_STEADY = List.of("steady_state", "steady_from");

    /**
     * Added with duets ({@code order: duet}): the sequence numbers of the runs this one was started
     * together with (space-separated), and at most how many milliseconds its start lay from theirs
     * (the widest gap the start calls' windows allow, engine.StartTogether); empty for a run made alone.
     */
    public static final List<String> RAW_DUET = List.of("duet_with", "start_skew_ms");

    /**
     * Added with {@code score: steady} on a jmh entry: JMH's own score of a run whose {@code score} is
     * the mean of its steady iterations instead (empty where the score is JMH's).
     */
    public static final List<String> RAW_SCORE = List.of("score_jmh");
    public static final List<String> RAW = concat(concat(concat(concat(concat(concat(concat(concat(concat(concat(concat(concat(RAW_HARNESS, RAW_RECORD), RAW_ADDED), RAW_KINDS),
            RAW_JDK), RAW_TRUST), RAW_JMH), RAW_PROFILE), RAW_INTERNALS), RAW_NODE), RAW_STEADY), RAW_DUET), RAW_SCORE);

    /** Whether a name is a named raw.csv column (a set: every row's every key is checked). */
    public static boolean isRaw(String column) {
        return RAW_SET.contains(column);
    }

    private static final java.util.Set<String> RAW_SET = java.util.Set.copyOf(RAW);

    /**
     * After every named column, one {@code param_NAME} column per param of the folder's cells
     * (sorted by name; empty where a cell has no such param), so that pandas or R group on a param
     * without splitting the {@code params} text. Which ones a file has depends on its matrix.
     */
    public static final String PARAM_PREFIX = "param_";

    /** The column of a param. */
    public static String param(String name) {
        return PARAM_PREFIX + name;
    }

    public static boolean isParam(String column) {
        return column.startsWith(PARAM_PREFIX) && column.length() > PARAM_PREFIX.length();
    }

    /** The param columns of these params' names, sorted. */
    public static List<String> params(java.util.Collection<String> names) {
        return new java.util.TreeSet<>(names).stream().map(Columns::param).toList();
    }

    /**
     * In summary.csv, after the param columns, one {@code metric_NAME} column per metric the
     * folder's runs report in raw.csv's {@code metrics} (JMH's secondary metrics such as
     * {@code gc.alloc.rate.norm}, the percentiles of sample mode, a workload's own): the median over
     * the cell's ok runs, in the unit {@code metric_units} gives.
     */
    public static final String METRIC_PREFIX = "metric_";

    /** The column of a metric. */
    public static String metric(String name) {
        return METRIC_PREFIX + name;
    }

    /** A {@code metric_NAME} column; not {@code metric_units}, the named column that gives their units (so no metric is called {@code units}). */
    public static boolean isMetric(String column) {
        return column.startsWith(METRIC_PREFIX) && column.length() > METRIC_PREFIX.length() && !column.equals("metric_units");
    }

    /** Per-cell statistics of the measured runs that ended ok. */
    public static final List<String> SUMMARY = List.of(
            "cell", "workload", "params", "executor", "tasks", "jdk", "cpus", "memory", "jvm_args",
            "java_runtime_version", "n", "n_failed", "failures",
            "wall_ms_median", "wall_ms_min", "wall_ms_max", "wall_ms_mean", "wall_ms_stddev", "wall_ms_cv",
            "wall_ms_ci_low", "wall_ms_ci_high", "ci_level", "noisy",
            "cpu_ms_median", "peak_threads_median", "heap_growth_bytes_median", "heap_peak_bytes_median",
            "rss_peak_bytes_median", "cgroup_peak_bytes_median", "gc_count_median",
            "container_wall_ms_median", "harness_overhead_ms_median",
            "pinned_events_median", "pinned_total_ms_median", "pinned_max_ms_median", "pinned_top_frame", "pinned_reason",
            "host_steal_pct_median", "host_steal_pct_max",
            // added with the workload kinds: the figure's statistics in its unit and direction, JMH's own error beside them
            "kind", "benchmark", "score_median", "score_min", "score_max", "score_ci_low", "score_ci_high", "score_cv",
            "score_unit", "score_better", "score_error_median",
            // added with JDK sources: the JDK as seen inside the container
            "java_vendor", "java_vm_name",
            // added with the trust columns: the CPU mode, the medians of the CFS accounting, the runs left out as noisy
            // (steal over max-steal), how far the figure's interval reaches from its median (%), and whether that met the
            // repetitions' target (yes, no; empty without a target)
            "cpu_mode", "cpu_periods_median", "cpu_throttled_periods_median", "cpu_throttled_ms_median", "n_noisy",
            "interval_pct", "target_reached",
            // added with JMH as a JMH user reads it: the mode (thrpt, avgt, sample, ss; empty for other kinds), and the
            // units of the metric_ columns ("gc.alloc.rate.norm=B/op;...")
            "jmh_mode", "metric_units",
            // the CVs in percent, as interval_pct is (wall_ms_cv and score_cv stay fractions: 0.05 is 5 %)
            "wall_ms_cv_pct", "score_cv_pct",
            // added with profiles: the cell's profile run (its event, stacks and samples), and its figure against the cell's
            // median in percent, oriented so that positive is slower (what sampling cost, as far as one run tells)
            "profile_event", "profile_file", "profile_samples", "profile_overhead_pct",
            // added with the JVM's internals: their medians over the cell's ok runs
            "gc_pauses_median", "gc_pause_ms_median", "gc_pause_max_ms_median", "safepoints_median", "safepoint_ms_median", "jit_ms_median",
            // added with steady states: of the ok runs whose iterations were classified (JMH), how many reached a steady state (flat or
            // warm-up) and the count of each class ("flat=4;warmup=2"); empty where none was classified
            "n_steady", "steady_states");

    /**
     * comparisons.csv: a row per pair of cells of a group (cells that differ only along the
     * compared axes), b against a. The paired figure (from the rounds where both ran ok: the
     * Hodges-Lehmann ratio with its signed-rank interval and p-value, and the plain median of the
     * per-round ratios), then the unpaired one on the same cells (ratio of medians, bootstrap
     * interval, Mann-Whitney U p-value), the unit and direction, the verdicts and the target.
     */
    public static final List<String> COMPARISONS = List.of(
            "group", "compared", "cell_a", "cell_b", "pairing", "pairs", "pairs_dropped",
            "ratio", "ratio_low", "ratio_high", "ratio_level", "p_value", "ratio_median",
            "unpaired_ratio", "unpaired_low", "unpaired_high", "unpaired_p_value",
            "unit", "better", "verdict", "unpaired_verdict", "target_reached",
            // added with verdicts that never say more than the runs show: why a verdict is undecided when its interval is below 95 %,
            // the Benjamini-Hochberg q-value of the verdict's p-value over all the run's comparisons, the smallest difference the rounds
            // would call faster or slower in 80 % of trials (percent; results.Resolution) and the rounds a 5 % difference would need
            "verdict_note", "q_value", "resolvable_pct", "rounds_for_5pct",
            // added with steady states: when a side's JMH runs were not measured at a steady state, which and which way that leans the ratio
            "steady_note",
            // added with the answer in words: the comparison as a reader is told it (results.Answer), the same words as the gallery's
            "answer");

    /**
     * suites.csv: a row per suite of a run ({@link SuiteVerdict}): what it compares and where, its
     * benchmarks, the geometric mean of b's cost over a's (a time as it is, a throughput inverted:
     * below 1, b is faster) with its 95 % interval over rounds and benchmarks, its verdict, the
     * counts of its benchmarks' verdicts, its largest movers and its answer in words.
     */
    public static final List<String> SUITES = List.of(
            "compared", "setting", "benchmarks", "cost_ratio", "cost_low", "cost_high", "verdict",
            "faster", "slower", "same", "undecided", "failed", "largest_movers", "answer");

    private static List<String> concat(List<String> a, List<String> b) {
        java.util.ArrayList<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }
}
