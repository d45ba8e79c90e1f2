package dev.jdkmatrix.results;

import java.util.Locale;
import java.util.Optional;

/**
 * The numbers a run has, one per raw.csv column that holds a number: what the harness, the
 * workload's record, the cgroup and the JVM measured of it. {@link RawRow#figure} reads one; the
 * constant's column is its name in raw.csv ({@link #column}), so the name is spelled once.
 */
public enum RunFigure {
    WALL_MS, CPU_MS, COMPLETED, PEAK_THREADS, HEAP_BEFORE_BYTES, HEAP_AFTER_BYTES, HEAP_PEAK_BYTES, MAX_HEAP_BYTES,
    RSS_PEAK_BYTES, CGROUP_PEAK_BYTES, CGROUP_LIMIT_BYTES, GC_COUNT, GC_MS, AVAILABLE_PROCESSORS, JVM_STARTUP_MS, JVM_UPTIME_MS,
    EXIT_CODE, CONTAINER_WALL_MS, HARNESS_OVERHEAD_MS, CREATE_MS, START_MS, COLLECT_MS, WAIT_MS, LOG_MS,
    PINNED_EVENTS, PINNED_TOTAL_MS, PINNED_MAX_MS, HOST_STEAL_PCT,
    SCORE, SCORE_ERROR, JMH_FORKS, JMH_ITERATIONS, JMH_WARMUP_ITERATIONS,
    CPU_PERIODS, CPU_THROTTLED_PERIODS, CPU_THROTTLED_MS, ATTEMPT, PROFILE_SAMPLES,
    GC_PAUSES, GC_PAUSE_MS, GC_PAUSE_MAX_MS, SAFEPOINTS, SAFEPOINT_MS, SAFEPOINT_SYNC_MS, JIT_MS;

    /** Its raw.csv column. */
    public String column() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The figure of a raw.csv column's name, if that column holds a number. */
    public static Optional<RunFigure> ofColumn(String column) {
        for (RunFigure f : values()) if (f.column().equals(column)) return Optional.of(f);
        return Optional.empty();
    }
}
