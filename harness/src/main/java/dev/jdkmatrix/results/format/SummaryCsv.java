package dev.jdkmatrix.results.format;

import com.opencsv.CSVWriter;
import com.opencsv.ICSVWriter;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.CellSummary;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** summary.csv: per-cell statistics (the named columns, then one per param, then one per metric), rewritten whole (through a temporary file) from raw.csv. */
public final class SummaryCsv {

    private SummaryCsv() {}

    public static final String FILE = "summary.csv";

    /** summary.csv as a folder's end writes it: the repetitions' target and the cells as run.json's plan says. */
    public static final Exporter<FolderEnd> EXPORT = Exporter.of(FILE, "each cell's statistics: its figure's median and interval, failures, steady state, metrics",
            List.of(FILE), (end, dir) -> write(dir.resolve(FILE), dev.jdkmatrix.results.Summarizer.summarize(end.rows(), end.meta().repetitionTarget(), end.meta().cellIds())));

    public static void write(Path file, List<CellSummary> rows) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            writeTo(tmp, rows);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot write " + file + " (through " + tmp.getFileName() + "): " + e.getMessage(), e);
        }
    }

    private static void writeTo(Path tmp, List<CellSummary> rows) throws IOException {
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8);
             ICSVWriter w = new CSVWriter(out, ',', '"', '"', "\n")) {
            List<java.util.Map<String, String>> texts = rows.stream().map(SummaryColumns::row).toList();
            java.util.Set<String> params = new java.util.TreeSet<>();
            java.util.Set<String> metrics = new java.util.TreeSet<>();
            for (java.util.Map<String, String> r : texts) r.keySet().stream().filter(Columns::isParam).forEach(params::add);
            for (java.util.Map<String, String> r : texts) r.keySet().stream().filter(Columns::isMetric).forEach(metrics::add);
            List<String> columns = new java.util.ArrayList<>(Columns.SUMMARY);
            columns.addAll(params);
            columns.addAll(metrics);
            w.writeNext(columns.toArray(String[]::new), false);
            for (java.util.Map<String, String> r : texts) w.writeNext(columns.stream().map(c -> r.getOrDefault(c, "")).toArray(String[]::new), false);
            w.flush();
            if (w.checkError()) throw new IOException("the CSV writer failed");
        }
    }

    /** Reads summary.csv as written, each row a {@link CellSummary}; columns it does not know (a newer harness's) are left out. */
    public static List<CellSummary> read(Path file) throws IOException {
        try (java.io.Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8); com.opencsv.CSVReader r = new com.opencsv.CSVReader(in)) {
            List<String[]> all = r.readAll();
            if (all.isEmpty()) return List.of();
            String[] header = all.get(0);
            List<CellSummary> rows = new java.util.ArrayList<>();
            List<String[]> lines = new java.util.ArrayList<>(all); // OpenCSV's readAll is a LinkedList: get(i) walks it
            for (int i = 1; i < lines.size(); i++) {
                String[] line = lines.get(i);
                if (line.length != header.length) throw new IOException(file + ": line " + (i + 1) + " has " + line.length + " cells, the header " + header.length);
                java.util.Map<String, String> v = new java.util.LinkedHashMap<>();
                for (int c = 0; c < header.length; c++) {
                    if (Columns.SUMMARY.contains(header[c]) || Columns.isParam(header[c]) || Columns.isMetric(header[c])) v.put(header[c], line[c]);
                }
                rows.add(SummaryColumns.read(v));
            }
            return rows;
        } catch (com.opencsv.exceptions.CsvException e) {
            throw new IOException(file + ": unreadable CSV: " + e.getMessage(), e);
        }
    }
}
