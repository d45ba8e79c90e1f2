package dev.jdkmatrix.results.format;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.SuiteVerdict;
import java.util.List;
import java.util.Objects;

/**
 * What a results folder's final files are written from (a run's end, a merge): its rows, its
 * run.json, the comparisons of its rows and their suites ({@link SuiteVerdict}, at the run's
 * compare-threshold and min-difference), computed once, here, and its JMH runs' iterations. A
 * run's answer in the terminal is read from it too.
 */
public record FolderEnd(List<RawRow> rows, RunMetadata meta, List<Comparisons.Row> comparisons, List<SuiteVerdict> suites, List<IterationsCsv.Stored> iterations) {

    public FolderEnd {
        rows = List.copyOf(rows);
        Objects.requireNonNull(meta, "meta");
        comparisons = List.copyOf(comparisons);
        suites = List.copyOf(suites);
        iterations = List.copyOf(iterations);
    }

    /** The end of a folder of these rows and run.json: its comparisons and suites computed from them. */
    public static FolderEnd of(List<RawRow> rows, RunMetadata meta, List<IterationsCsv.Stored> iterations) {
        List<Comparisons.Row> comparisons = Comparisons.of(rows, meta);
        return new FolderEnd(rows, meta, comparisons, SuiteVerdict.of(rows, comparisons, meta.compareThreshold(), meta.minDifference()), iterations);
    }
}
