package dev.jdkmatrix.results;

import dev.jdkmatrix.model.CellKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One cell's statistics, as a row of summary.csv holds them. Read it through its typed accessors:
 * the cell's {@link #key}, its counts ({@link #n}, {@link #nFailed}), its numbers
 * ({@link #figure}, the score's {@link #score}) and its metrics. {@link #values} is the row as
 * written, for the CSV views ({@code results.format}); {@link #column} reads a column a person
 * named (a claim's {@code of}).
 */
public final class SummaryRow extends StoredRow<SummaryFigure> {

    public SummaryRow(Map<String, String> values) {
        super(checked(values), SummaryFigure.class, SummaryFigure::column);
    }

    /** The columns of a summary.csv row, each checked to be one. */
    private static Map<String, String> checked(Map<String, String> values) {
        for (String k : values.keySet()) {
            if (!Columns.SUMMARY.contains(k) && !Columns.isParam(k) && !Columns.isMetric(k)) throw new IllegalArgumentException("'" + k + "' is not a summary.csv column");
        }
        return new LinkedHashMap<>(values);
    }

    /** The statistics of a cell's score, in its unit and direction. */
    public enum Stat {
        MEDIAN, MIN, MAX, CI_LOW, CI_HIGH;

        String suffix() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A column by the name a person gave (a claim's {@code of}), empty where the row has none; code reads the typed accessors. */
    public String column(String column) {
        return RowText.column(values(), column);
    }

    private String text(String column) {
        return values().getOrDefault(column, "");
    }

    /** The cell, as one typed value (its id is {@link #cell}). */
    public CellKey key() {
        return CellColumns.read(this::text);
    }

    /** The cell's id as stored. */
    public String cell() {
        return text("cell");
    }

    /** A statistic of the score: {@code score_STAT}, or for a row written before the workload kinds, {@code wall_ms_STAT}. */
    public double score(Stat stat) {
        return number(text("score_median").isEmpty() ? text("wall_ms_" + stat.suffix()) : text("score_" + stat.suffix()));
    }

    /** Whether the cell has a score of its own (a row written after the workload kinds), else its wall time stands for it. */
    public boolean scored() {
        return !text("score_median").isEmpty();
    }

    /** The score's coefficient of variation (a fraction): {@code score_cv}, or the wall time's for a row before the kinds. */
    public double scoreCv() {
        return number(text("score_cv").isEmpty() ? text("wall_ms_cv") : text("score_cv"));
    }

    /** The score's unit: ms for a row written before the workload kinds. */
    public String scoreUnit() {
        return text("score_unit").isEmpty() ? "ms" : text("score_unit");
    }

    /** Whether a higher score is better (throughput), else lower (time). */
    public boolean higherIsBetter() {
        return "higher".equals(text("score_better"));
    }

    /** Measured runs that ended ok: the runs in the statistics. */
    public int n() {
        return whole("n");
    }

    /** Measured runs that did not end ok (noisy ones left out). */
    public int nFailed() {
        return whole("n_failed");
    }

    /** The failed runs by status: {@code oom=2;timeout=1}. */
    public String failures() {
        return text("failures");
    }

    /** Whether the score's CV passed the noisy mark (5 %). */
    public boolean noisy() {
        return "true".equals(text("noisy"));
    }

    /** The JDK builds the cell's ok runs reported, {@code |}-joined. */
    public String javaRuntimeVersion() {
        return text("java_runtime_version");
    }

    /** Whether the interval met the repetitions' target: yes, no, or empty without a target. */
    public String targetReached() {
        return text("target_reached");
    }

    /** The cell's profile run's event, empty for a cell that was not profiled. */
    public String profileEvent() {
        return text("profile_event");
    }

    /** The cell's profile run's stacks' file under profiles/, empty where none was kept. */
    public String profileFile() {
        return text("profile_file");
    }

    public String pinnedTopFrame() {
        return text("pinned_top_frame");
    }

    public String pinnedReason() {
        return text("pinned_reason");
    }

    /** The medians of the metrics the cell's runs reported, by name (the {@code metric_NAME} columns that hold a number). */
    public SortedMap<String, Double> metrics() {
        SortedMap<String, Double> out = new TreeMap<>();
        values().forEach((column, value) -> {
            if (Columns.isMetric(column) && Double.isFinite(number(value))) out.put(column.substring(Columns.METRIC_PREFIX.length()), number(value));
        });
        return out;
    }

    /** The units of {@link #metrics}, by name. */
    public SortedMap<String, String> metricUnits() {
        return Params.parse(text("metric_units"));
    }

    private int whole(String column) {
        return RowText.whole(text(column));
    }

    private static double number(String text) {
        return RowText.number(text);
    }
}
