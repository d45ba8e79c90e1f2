package dev.jdkmatrix.results;

import java.util.Locale;
import java.util.Optional;

/**
 * The numbers a cell's summary has, one per summary.csv column that holds a number: the wall time's
 * and the score's statistics over its ok runs, and the medians of what the runs recorded beside
 * them. {@link SummaryRow#figure} reads one; the constant's column is its name in summary.csv
 * ({@link #column}). The score's statistics of a row written before the workload kinds are its
 * wall time's ({@link SummaryRow#score}).
 */
public enum SummaryFigure {
    WALL_MS_MEDIAN, WALL_MS_MIN, WALL_MS_MAX, WALL_MS_MEAN, WALL_MS_STDDEV, WALL_MS_CV, WALL_MS_CI_LOW, WALL_MS_CI_HIGH, CI_LEVEL,
    CPU_MS_MEDIAN, PEAK_THREADS_MEDIAN, HEAP_GROWTH_BYTES_MEDIAN, HEAP_PEAK_BYTES_MEDIAN, RSS_PEAK_BYTES_MEDIAN, CGROUP_PEAK_BYTES_MEDIAN,
    GC_COUNT_MEDIAN, CONTAINER_WALL_MS_MEDIAN, HARNESS_OVERHEAD_MS_MEDIAN, PINNED_EVENTS_MEDIAN, PINNED_TOTAL_MS_MEDIAN, PINNED_MAX_MS_MEDIAN,
    HOST_STEAL_PCT_MEDIAN, HOST_STEAL_PCT_MAX,
    SCORE_MEDIAN, SCORE_MIN, SCORE_MAX, SCORE_CI_LOW, SCORE_CI_HIGH, SCORE_CV, SCORE_ERROR_MEDIAN,
    CPU_PERIODS_MEDIAN, CPU_THROTTLED_PERIODS_MEDIAN, CPU_THROTTLED_MS_MEDIAN, INTERVAL_PCT, WALL_MS_CV_PCT, SCORE_CV_PCT,
    PROFILE_SAMPLES, PROFILE_OVERHEAD_PCT,
    GC_PAUSES_MEDIAN, GC_PAUSE_MS_MEDIAN, GC_PAUSE_MAX_MS_MEDIAN, SAFEPOINTS_MEDIAN, SAFEPOINT_MS_MEDIAN, JIT_MS_MEDIAN;

    /** Its summary.csv column. */
    public String column() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The figure of a summary.csv column's name, if that column holds a number. */
    public static Optional<SummaryFigure> ofColumn(String column) {
        for (SummaryFigure f : values()) if (f.column().equals(column)) return Optional.of(f);
        return Optional.empty();
    }
}
