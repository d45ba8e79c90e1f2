package dev.jdkmatrix.results;

import static dev.jdkmatrix.results.FigureFormat.MS;
import static dev.jdkmatrix.results.FigureFormat.PCT;
import static dev.jdkmatrix.results.FigureFormat.SIGNIFICANT;
import static dev.jdkmatrix.results.FigureFormat.WHOLE;

import java.util.Locale;
import java.util.Optional;

/**
 * The numbers a run has, one per raw.csv column that holds a number: what the harness, the
 * workload's record, the cgroup and the JVM measured of it, each with the format the harness
 * writes it in. {@link RawRow#figure} reads one, {@link #columns} writes what the runner
 * measured; the constant's column is its name in raw.csv ({@link #column}), so a figure is
 * spelled in two places: here and in its place among {@link Columns#RAW}.
 */
public enum RunFigure {
    WALL_MS(MS), CPU_MS(MS), COMPLETED(WHOLE), PEAK_THREADS(WHOLE), HEAP_BEFORE_BYTES(WHOLE), HEAP_AFTER_BYTES(WHOLE), HEAP_PEAK_BYTES(WHOLE), MAX_HEAP_BYTES(WHOLE),
    RSS_PEAK_BYTES(WHOLE), CGROUP_PEAK_BYTES(WHOLE), CGROUP_LIMIT_BYTES(WHOLE), GC_COUNT(WHOLE), GC_MS(MS), AVAILABLE_PROCESSORS(WHOLE), JVM_STARTUP_MS(MS), JVM_UPTIME_MS(MS),
    EXIT_CODE(WHOLE), CONTAINER_WALL_MS(MS), HARNESS_OVERHEAD_MS(MS), CREATE_MS(MS), START_MS(MS), COLLECT_MS(MS), WAIT_MS(MS), LOG_MS(MS),
    PINNED_EVENTS(WHOLE), PINNED_TOTAL_MS(MS), PINNED_MAX_MS(MS), HOST_STEAL_PCT(PCT),
    SCORE(SIGNIFICANT), SCORE_ERROR(SIGNIFICANT), JMH_FORKS(WHOLE), JMH_ITERATIONS(WHOLE), JMH_WARMUP_ITERATIONS(WHOLE),
    CPU_PERIODS(WHOLE), CPU_THROTTLED_PERIODS(WHOLE), CPU_THROTTLED_MS(MS), ATTEMPT(WHOLE), PROFILE_SAMPLES(WHOLE),
    GC_PAUSES(WHOLE), GC_PAUSE_MS(MS), GC_PAUSE_MAX_MS(MS), SAFEPOINTS(WHOLE), SAFEPOINT_MS(MS), SAFEPOINT_SYNC_MS(MS), JIT_MS(MS);

    private final FigureFormat format;
    /** Its column's name, spelled once (every row reads its figures by it). */
    private final String column = name().toLowerCase(Locale.ROOT);
    private static final java.util.Map<String, RunFigure> BY_COLUMN = java.util.Arrays.stream(values())
            .collect(java.util.stream.Collectors.toUnmodifiableMap(RunFigure::column, f -> f));

    RunFigure(FigureFormat format) {
        this.format = format;
    }

    /** How the harness writes it where it measures it, and how its summary's statistics are written. */
    public FigureFormat format() {
        return format;
    }

    /** Its raw.csv column. */
    public String column() {
        return column;
    }

    /**
     * Measured figures as a row's columns, each written in its format (one not measured, NaN,
     * empty): how the runner puts what it measured into a run's row.
     */
    public static java.util.Map<String, String> columns(java.util.Map<RunFigure, Double> figures) {
        java.util.Map<String, String> v = new java.util.LinkedHashMap<>();
        figures.forEach((f, x) -> v.put(f.column(), f.format().text(x)));
        return v;
    }

    /** The figure of a raw.csv column's name, if that column holds a number. */
    public static Optional<RunFigure> ofColumn(String column) {
        return Optional.ofNullable(BY_COLUMN.get(column));
    }
}
