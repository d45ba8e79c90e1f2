package dev.jdkmatrix.results;

import java.util.Locale;
import java.util.Optional;

/**
 * The numbers a cell's summary has, one per summary.csv column that holds a number: the wall time's
 * and the score's statistics over its ok runs, and the medians of what the runs recorded beside
 * them. {@link SummaryRow#figure} reads one; the constant's column is its name in summary.csv
 * ({@link #column}). A constant made of a run's figure names it and its statistic ({@link #of},
 * {@link #over}): {@link Summarizer} computes every such one and writes it in the run figure's
 * format, so a new one is spelled here and in its place among {@link Columns#SUMMARY}. The score's
 * statistics of a row written before the workload kinds are its wall time's ({@link SummaryRow#score}).
 */
public enum SummaryFigure {
    WALL_MS_MEDIAN, WALL_MS_MIN, WALL_MS_MAX, WALL_MS_MEAN, WALL_MS_STDDEV, WALL_MS_CV, WALL_MS_CI_LOW, WALL_MS_CI_HIGH, CI_LEVEL,
    CPU_MS_MEDIAN(RunFigure.CPU_MS), PEAK_THREADS_MEDIAN(RunFigure.PEAK_THREADS), HEAP_GROWTH_BYTES_MEDIAN,
    HEAP_PEAK_BYTES_MEDIAN(RunFigure.HEAP_PEAK_BYTES), RSS_PEAK_BYTES_MEDIAN(RunFigure.RSS_PEAK_BYTES),
    CGROUP_PEAK_BYTES_MEDIAN(RunFigure.CGROUP_PEAK_BYTES), GC_COUNT_MEDIAN(RunFigure.GC_COUNT),
    CONTAINER_WALL_MS_MEDIAN(RunFigure.CONTAINER_WALL_MS), HARNESS_OVERHEAD_MS_MEDIAN(RunFigure.HARNESS_OVERHEAD_MS),
    PINNED_EVENTS_MEDIAN(RunFigure.PINNED_EVENTS), PINNED_TOTAL_MS_MEDIAN(RunFigure.PINNED_TOTAL_MS), PINNED_MAX_MS_MEDIAN(RunFigure.PINNED_MAX_MS),
    HOST_STEAL_PCT_MEDIAN(RunFigure.HOST_STEAL_PCT), HOST_STEAL_PCT_MAX(RunFigure.HOST_STEAL_PCT, Over.MAX),
    SCORE_MEDIAN, SCORE_MIN, SCORE_MAX, SCORE_CI_LOW, SCORE_CI_HIGH, SCORE_CV, SCORE_ERROR_MEDIAN(RunFigure.SCORE_ERROR),
    CPU_PERIODS_MEDIAN(RunFigure.CPU_PERIODS), CPU_THROTTLED_PERIODS_MEDIAN(RunFigure.CPU_THROTTLED_PERIODS),
    CPU_THROTTLED_MS_MEDIAN(RunFigure.CPU_THROTTLED_MS), INTERVAL_PCT, WALL_MS_CV_PCT, SCORE_CV_PCT,
    PROFILE_SAMPLES, PROFILE_OVERHEAD_PCT,
    GC_PAUSES_MEDIAN(RunFigure.GC_PAUSES), GC_PAUSE_MS_MEDIAN(RunFigure.GC_PAUSE_MS), GC_PAUSE_MAX_MS_MEDIAN(RunFigure.GC_PAUSE_MAX_MS),
    SAFEPOINTS_MEDIAN(RunFigure.SAFEPOINTS), SAFEPOINT_MS_MEDIAN(RunFigure.SAFEPOINT_MS), JIT_MS_MEDIAN(RunFigure.JIT_MS);

    /** Which statistic over a cell's ok runs a figure made of a run's is. */
    public enum Over {
        MEDIAN, MAX
    }

    private final RunFigure of;
    private final Over over;
    /** Its column's name, spelled once (a summary is read a figure at a time). */
    private final String column = name().toLowerCase(Locale.ROOT);

    SummaryFigure() {
        this(null, null);
    }

    SummaryFigure(RunFigure of) {
        this(of, Over.MEDIAN);
    }

    SummaryFigure(RunFigure of, Over over) {
        this.of = of;
        this.over = over;
    }

    /** The run figure this is a statistic of, empty for the figures {@link Summarizer} computes by their own rule. */
    public Optional<RunFigure> of() {
        return Optional.ofNullable(of);
    }

    /** Which statistic of {@link #of} it is; null where it is none. */
    public Over over() {
        return over;
    }

    /** Its summary.csv column. */
    public String column() {
        return column;
    }

    /** The figure of a summary.csv column's name, if that column holds a number. */
    public static Optional<SummaryFigure> ofColumn(String column) {
        for (SummaryFigure f : values()) if (f.column().equals(column)) return Optional.of(f);
        return Optional.empty();
    }
}
