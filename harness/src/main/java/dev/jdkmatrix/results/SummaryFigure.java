package dev.jdkmatrix.results;

import static dev.jdkmatrix.results.FigureFormat.FRACTION;
import static dev.jdkmatrix.results.FigureFormat.MS;
import static dev.jdkmatrix.results.FigureFormat.PCT;
import static dev.jdkmatrix.results.FigureFormat.PCT_HUNDREDTHS;
import static dev.jdkmatrix.results.FigureFormat.SIGNIFICANT;
import static dev.jdkmatrix.results.FigureFormat.WHOLE;

import java.util.Locale;
import java.util.Optional;

/**
 * The numbers a cell's summary has, one per summary.csv column that holds a number: the wall time's
 * and the score's statistics over its ok runs, and the medians of what the runs recorded beside
 * them. {@link CellSummary#figure} reads one; the constant's column is its name in summary.csv
 * ({@link #column}) and its {@link #format} how that column writes it. A constant made of a run's
 * figure names it and its statistic ({@link #of}, {@link #over}): {@link Summarizer} computes every
 * such one, so a new one is spelled here and in its place among {@link Columns#SUMMARY}. The score's
 * statistics of a summary written before the workload kinds are its wall time's ({@link #wallStandIn}).
 */
public enum SummaryFigure {
    WALL_MS_MEDIAN(MS), WALL_MS_MIN(MS), WALL_MS_MAX(MS), WALL_MS_MEAN(MS), WALL_MS_STDDEV(MS), WALL_MS_CV(FRACTION), WALL_MS_CI_LOW(MS),
    WALL_MS_CI_HIGH(MS), CI_LEVEL(FRACTION),
    CPU_MS_MEDIAN(RunFigure.CPU_MS), PEAK_THREADS_MEDIAN(RunFigure.PEAK_THREADS), HEAP_GROWTH_BYTES_MEDIAN(WHOLE),
    HEAP_PEAK_BYTES_MEDIAN(RunFigure.HEAP_PEAK_BYTES), RSS_PEAK_BYTES_MEDIAN(RunFigure.RSS_PEAK_BYTES),
    CGROUP_PEAK_BYTES_MEDIAN(RunFigure.CGROUP_PEAK_BYTES), GC_COUNT_MEDIAN(RunFigure.GC_COUNT),
    CONTAINER_WALL_MS_MEDIAN(RunFigure.CONTAINER_WALL_MS), HARNESS_OVERHEAD_MS_MEDIAN(RunFigure.HARNESS_OVERHEAD_MS),
    PINNED_EVENTS_MEDIAN(RunFigure.PINNED_EVENTS), PINNED_TOTAL_MS_MEDIAN(RunFigure.PINNED_TOTAL_MS), PINNED_MAX_MS_MEDIAN(RunFigure.PINNED_MAX_MS),
    HOST_STEAL_PCT_MEDIAN(RunFigure.HOST_STEAL_PCT), HOST_STEAL_PCT_MAX(RunFigure.HOST_STEAL_PCT, Over.MAX),
    SCORE_MEDIAN(SIGNIFICANT), SCORE_MIN(SIGNIFICANT), SCORE_MAX(SIGNIFICANT), SCORE_CI_LOW(SIGNIFICANT), SCORE_CI_HIGH(SIGNIFICANT), SCORE_CV(FRACTION),
    SCORE_ERROR_MEDIAN(RunFigure.SCORE_ERROR),
    CPU_PERIODS_MEDIAN(RunFigure.CPU_PERIODS), CPU_THROTTLED_PERIODS_MEDIAN(RunFigure.CPU_THROTTLED_PERIODS),
    CPU_THROTTLED_MS_MEDIAN(RunFigure.CPU_THROTTLED_MS), INTERVAL_PCT(PCT_HUNDREDTHS), WALL_MS_CV_PCT(PCT_HUNDREDTHS), SCORE_CV_PCT(PCT_HUNDREDTHS),
    PROFILE_SAMPLES(SIGNIFICANT), PROFILE_OVERHEAD_PCT(PCT),
    GC_PAUSES_MEDIAN(RunFigure.GC_PAUSES), GC_PAUSE_MS_MEDIAN(RunFigure.GC_PAUSE_MS), GC_PAUSE_MAX_MS_MEDIAN(RunFigure.GC_PAUSE_MAX_MS),
    SAFEPOINTS_MEDIAN(RunFigure.SAFEPOINTS), SAFEPOINT_MS_MEDIAN(RunFigure.SAFEPOINT_MS), JIT_MS_MEDIAN(RunFigure.JIT_MS);

    /** Which statistic over a cell's ok runs a figure made of a run's is. */
    public enum Over {
        MEDIAN, MAX
    }

    private final RunFigure of;
    private final Over over;
    private final FigureFormat format;
    /** Its column's name, spelled once (a summary is read a figure at a time). */
    private final String column = name().toLowerCase(Locale.ROOT);

    SummaryFigure(FigureFormat format) {
        this.of = null;
        this.over = null;
        this.format = format;
    }

    SummaryFigure(RunFigure of) {
        this(of, Over.MEDIAN);
    }

    SummaryFigure(RunFigure of, Over over) {
        this.of = of;
        this.over = over;
        this.format = of.format();
    }

    /** How summary.csv writes it: a figure made of a run's in that run figure's format. */
    public FigureFormat format() {
        return format;
    }

    /**
     * The wall-time figure that stands for this score statistic in a summary of runs that had no score
     * of their own (written before the workload kinds); empty for the other figures.
     */
    public Optional<SummaryFigure> wallStandIn() {
        return Optional.ofNullable(switch (this) {
            case SCORE_MEDIAN -> WALL_MS_MEDIAN;
            case SCORE_MIN -> WALL_MS_MIN;
            case SCORE_MAX -> WALL_MS_MAX;
            case SCORE_CI_LOW -> WALL_MS_CI_LOW;
            case SCORE_CI_HIGH -> WALL_MS_CI_HIGH;
            case SCORE_CV -> WALL_MS_CV;
            default -> null;
        });
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
