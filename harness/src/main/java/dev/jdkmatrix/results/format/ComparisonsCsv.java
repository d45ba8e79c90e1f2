package dev.jdkmatrix.results.format;

import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PairedRatio;
import dev.jdkmatrix.results.Summarizer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** comparisons.csv: a row per pair of cells compared inside a run ({@link Columns#COMPARISONS}), rewritten whole from raw.csv like summary.csv. */
public final class ComparisonsCsv {

    private ComparisonsCsv() {}

    public static final String FILE = "comparisons.csv";

    /** comparisons.csv as a folder's end writes it. */
    public static final Exporter<FolderEnd> EXPORT = Exporter.of(FILE, "each compared pair of cells: its ratio, interval and verdict",
            List.of(FILE), (end, dir) -> write(dir.resolve(FILE), end.comparisons(), end.meta().compareThreshold()));

    /** comparisons.csv of these rows; {@code threshold}: the run's compare-threshold, which the answer's "the same within ±10 %" names. */
    public static void write(Path file, List<Comparisons.Row> rows, double threshold) throws IOException {
        CsvFile.write(file, Columns.COMPARISONS, rows.stream().map(r -> values(r, threshold)).toList());
    }

    static String[] values(Comparisons.Row r, double threshold) {
        PairedRatio p = r.ratio();
        boolean shown = r.paired() && p != null;
        return new String[] {
                Integer.toString(r.group()), r.compared(), r.cellA(), r.cellB(), r.pairing(), Integer.toString(r.pairs()), Integer.toString(r.dropped()),
                shown ? ratio(p.ratio()) : "", shown && p.n() > 1 ? ratio(p.low()) : "", shown && p.n() > 1 ? ratio(p.high()) : "",
                shown && p.n() > 1 ? String.format(Locale.ROOT, "%.4f", p.level()) : "", shown ? pValue(p.pValue()) : "", shown ? ratio(p.medianRatio()) : "",
                ratio(r.unpairedRatio()), ratio(r.unpairedLow()), ratio(r.unpairedHigh()), pValue(r.unpairedP()),
                r.unit(), r.higherIsBetter() ? "higher" : "lower", r.verdict().text(), r.unpairedVerdict().text(), r.targetReached(),
                r.note(), pValue(r.qValue()), Double.isFinite(r.resolution().resolvable()) ? String.format(Locale.ROOT, "%.2f", r.resolution().resolvable() * 100) : "",
                r.resolution().roundsForTarget() > 0 ? Integer.toString(r.resolution().roundsForTarget()) : "", r.steady(), Answer.of(r, threshold)};
    }

    /** Six significant digits: a ratio of 1.00012 must not read as 1. */
    private static String ratio(double v) {
        return Summarizer.significant(v);
    }

    private static String pValue(double p) {
        return Double.isFinite(p) ? String.format(Locale.ROOT, "%.4g", p) : "";
    }
}
