package dev.jdkmatrix.results.format;

import com.opencsv.CSVWriter;
import com.opencsv.ICSVWriter;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.SummaryRow;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** summary.csv: per-cell statistics (the named columns, then one per param), rewritten whole (through a temporary file) from raw.csv. */
public final class SummaryCsv {

    private SummaryCsv() {}

    public static void write(Path file, List<SummaryRow> rows) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8);
             ICSVWriter w = new CSVWriter(out, ',', '"', '"', "\n")) {
            java.util.Set<String> params = new java.util.TreeSet<>();
            for (SummaryRow r : rows) r.values().keySet().stream().filter(Columns::isParam).forEach(params::add);
            List<String> columns = new java.util.ArrayList<>(Columns.SUMMARY);
            columns.addAll(params);
            w.writeNext(columns.toArray(String[]::new), false);
            for (SummaryRow r : rows) w.writeNext(columns.stream().map(r::get).toArray(String[]::new), false);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
