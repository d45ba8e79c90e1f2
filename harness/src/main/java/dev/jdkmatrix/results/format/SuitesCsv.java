package dev.jdkmatrix.results.format;

import com.opencsv.CSVWriter;
import com.opencsv.ICSVWriter;
import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.results.SuiteVerdict;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** suites.csv: a row per suite of a run ({@link Columns#SUITES}): what one choice does across its benchmarks, rewritten whole from raw.csv like comparisons.csv. */
public final class SuitesCsv {

    private SuitesCsv() {}

    public static final String FILE = "suites.csv";

    /** suites.csv as a folder's end writes it. */
    public static final Exporter<FolderEnd> EXPORT = Exporter.of(FILE, "each compared choice across the suite's benchmarks: its geometric mean, interval and verdict",
            List.of(FILE), (end, dir) -> write(dir.resolve(FILE), end.suites()));

    public static void write(Path file, List<SuiteVerdict> suites) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8);
             ICSVWriter w = new CSVWriter(out, ',', '"', '"', "\n")) {
            w.writeNext(Columns.SUITES.toArray(String[]::new), false);
            for (SuiteVerdict s : suites) w.writeNext(values(s), false);
            w.flush();
            if (w.checkError()) throw new IOException("the CSV writer failed");
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot write " + file + " (through " + tmp.getFileName() + "): " + e.getMessage(), e);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot write " + file + " (through " + tmp.getFileName() + "): " + e.getMessage(), e);
        }
    }

    static String[] values(SuiteVerdict s) {
        Answer.Cost c = s.cost();
        return new String[] {
                s.compared(), s.setting(), Integer.toString(s.benchmarks()),
                c == null ? "" : Summarizer.significant(c.cost()), c == null ? "" : Summarizer.significant(c.low()), c == null ? "" : Summarizer.significant(c.high()),
                s.verdict().text(), Integer.toString(s.count(Comparisons.Verdict.FASTER)), Integer.toString(s.count(Comparisons.Verdict.SLOWER)),
                Integer.toString(s.count(Comparisons.Verdict.SAME)), Integer.toString(s.count(Comparisons.Verdict.UNDECIDED)),
                Integer.toString(s.count(Comparisons.Verdict.FAILED)),
                String.join("; ", s.movers(3).stream().map(m -> m.benchmark() + " " + Answer.change(m.cost())).toList()), s.words()};
    }
}
