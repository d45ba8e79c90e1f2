package dev.jdkmatrix.results.format;

import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.results.SuiteVerdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** suites.csv: a row per suite of a run ({@link Columns#SUITES}): what one choice does across its benchmarks, rewritten whole from raw.csv like comparisons.csv. */
public final class SuitesCsv {

    private SuitesCsv() {}

    public static final String FILE = "suites.csv";

    /** suites.csv as a folder's end writes it. */
    public static final Exporter<FolderEnd> EXPORT = Exporter.of(FILE, "each compared choice across the suite's benchmarks: its geometric mean, interval and verdict",
            List.of(FILE), (end, dir) -> write(dir.resolve(FILE), end.suites()));

    public static void write(Path file, List<SuiteVerdict> suites) throws IOException {
        CsvFile.write(file, Columns.SUITES, suites.stream().map(SuitesCsv::values).toList());
    }

    static String[] values(SuiteVerdict s) {
        Answer.Cost c = s.cost();
        return new String[] {
                s.compared(), s.setting(), Integer.toString(s.benchmarks()),
                c == null ? "" : Summarizer.significant(c.cost()), c == null ? "" : Summarizer.significant(c.low()), c == null ? "" : Summarizer.significant(c.high()),
                s.verdict().text(), Integer.toString(s.count(Comparisons.Verdict.FASTER)), Integer.toString(s.count(Comparisons.Verdict.SLOWER)),
                Integer.toString(s.count(Comparisons.Verdict.SAME)), Integer.toString(s.count(Comparisons.Verdict.UNDECIDED)),
                Integer.toString(s.count(Comparisons.Verdict.FAILED)),
                s.moversText(3), s.words()};
    }
}
