package dev.jdkmatrix.results;

import java.util.List;

/**
 * The column names of raw.csv and summary.csv, in order. They are a public format: add columns
 * at the end, never rename or remove one (golden tests hold them). Documented in the README.
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

    public static final List<String> RAW = concat(concat(RAW_HARNESS, RAW_RECORD), RAW_ADDED);

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
            "host_steal_pct_median", "host_steal_pct_max");

    private static List<String> concat(List<String> a, List<String> b) {
        java.util.ArrayList<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }
}
