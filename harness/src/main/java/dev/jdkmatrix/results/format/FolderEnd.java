package dev.jdkmatrix.results.format;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.SuiteVerdict;
import java.util.List;
import java.util.Objects;

/**
 * What a results folder's final files are written from (a run's end, a merge): its rows, its
 * run.json, the comparisons of its rows (computed once, here) and its JMH runs' iterations.
 */
public record FolderEnd(List<RawRow> rows, RunMetadata meta, List<Comparisons.Row> comparisons, List<IterationsCsv.Stored> iterations) {

    public FolderEnd {
        rows = List.copyOf(rows);
        Objects.requireNonNull(meta, "meta");
        comparisons = List.copyOf(comparisons);
        iterations = List.copyOf(iterations);
    }

    /** The suites of its comparisons ({@link SuiteVerdict}), at the run's compare-threshold and min-difference. */
    public List<SuiteVerdict> suites() {
        return SuiteVerdict.of(rows, comparisons, meta.compareThreshold(), meta.minDifference());
    }

    /** The end of a folder of these rows and run.json: its comparisons computed from them. */
    public static FolderEnd of(List<RawRow> rows, RunMetadata meta, List<IterationsCsv.Stored> iterations) {
        return new FolderEnd(rows, meta, Comparisons.of(rows, meta), iterations);
    }
}
