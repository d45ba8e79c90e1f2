package dev.jdkmatrix.results.format;

import com.opencsv.CSVReader;
import com.opencsv.CSVWriter;
import com.opencsv.ICSVWriter;
import com.opencsv.exceptions.CsvException;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.RawRow;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * raw.csv: one row per run (the named columns, then one per param), appended, flushed and synced the moment the run ends. One row is
 * one line (a line break inside a value is written as " | "), so a row cut short by a killed
 * harness is exactly the text after the last line break, and is cut off before appending.
 */
public final class RawCsv implements AutoCloseable {

    private final Path file;
    private final FileOutputStream stream;
    private final ICSVWriter writer;
    private final List<String> columns;

    private RawCsv(Path file, FileOutputStream stream, ICSVWriter writer, List<String> columns) {
        this.file = file;
        this.stream = stream;
        this.writer = writer;
        this.columns = columns;
    }

    /**
     * Opens for appending; writes the header ({@link Columns#RAW}, then {@code paramColumns}) when
     * the file is new, checks it when it is not.
     */
    public static RawCsv append(Path file, List<String> paramColumns) throws IOException {
        List<String> columns = new ArrayList<>(Columns.RAW);
        columns.addAll(paramColumns);
        boolean fresh = !Files.exists(file) || Files.size(file) == 0;
        if (!fresh) {
            cutPartialLastLine(file);
            List<String> header = header(file);
            if (!header.equals(columns)) {
                throw new IOException(file + " has columns " + header + ", not those of this harness version and matrix; write to a new folder");
            }
        }
        FileOutputStream out = new FileOutputStream(file.toFile(), true);
        ICSVWriter w = new CSVWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), ',', '"', '"', "\n");
        RawCsv csv = new RawCsv(file, out, w, List.copyOf(columns));
        if (fresh) {
            w.writeNext(columns.toArray(String[]::new), false);
            csv.sync();
        }
        return csv;
    }

    /** The param columns that these rows' cells need, sorted by name. */
    public static List<String> paramColumns(List<RawRow> rows) {
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (RawRow r : rows) names.addAll(r.paramNames());
        return Columns.params(names);
    }

    /** Appends {@code row}, synced to the disk; returns it as the file now holds it (as {@link #read} gives it back). */
    public RawRow write(RawRow row) {
        String[] line = columns.stream().map(c -> oneLine(row.column(c))).toArray(String[]::new);
        writer.writeNext(line, false);
        sync();
        Map<String, String> written = new LinkedHashMap<>();
        for (int c = 0; c < line.length; c++) written.put(columns.get(c), line[c]);
        return new RawRow(written);
    }

    static String oneLine(String value) {
        return value.replace("\r\n", "\n").replace('\r', '\n').replace("\n", " | ");
    }

    /** Drops the text after the last line break: the row a kill -9 interrupted. */
    static void cutPartialLastLine(Path file) throws IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.READ,
                java.nio.file.StandardOpenOption.WRITE)) {
            long size = ch.size();
            long pos = size;
            java.nio.ByteBuffer one = java.nio.ByteBuffer.allocate(1);
            while (pos > 0) {
                one.clear();
                ch.read(one, pos - 1);
                if (one.get(0) == '\n') break;
                pos--;
            }
            if (pos < size) ch.truncate(pos);
        }
    }

    private void sync() {
        try {
            writer.flush();
            stream.getFD().sync();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        writer.close();
    }

    private static List<String> header(Path file) throws IOException {
        try (CSVReader r = new CSVReader(Files.newBufferedReader(file, StandardCharsets.UTF_8))) {
            String[] h = r.readNext();
            return h == null ? List.of() : Arrays.asList(h);
        } catch (CsvException e) {
            throw new IOException(file + ": unreadable CSV header: " + e.getMessage(), e);
        }
    }

    /** The file a run writes. */
    public static final String FILE = "raw.csv";
    /** The same, gzipped: how a published site keeps every night's data (make publish). */
    public static final String GZIPPED = "raw.csv.gz";

    /** A results folder's raw.csv, or its raw.csv.gz when it has only that; empty when it has neither. */
    public static java.util.Optional<Path> in(Path dir) {
        for (String name : List.of(FILE, GZIPPED)) {
            if (Files.isRegularFile(dir.resolve(name))) return java.util.Optional.of(dir.resolve(name));
        }
        return java.util.Optional.empty();
    }

    /**
     * Reads every complete row, from a file whose name ends in .gz through gzip. A line cut short
     * by a crash (fewer or more cells than the header) is skipped, so a folder left by a killed
     * harness still reads; so is a damaged one, which this harness never writes: a figure that is
     * not a finite number (NaN, an infinity, an overflow such as 1e999, hex, text), an ok run
     * without its wall time, or a steady_state that names no class. {@link #readAll} says which were.
     */
    public static List<RawRow> read(Path file) throws IOException {
        return readAll(file).rows();
    }

    /** A raw.csv's rows, and the lines (1-based, the header line 1) passed over: a cell count other than the header's, or a damaged figure. */
    public record Read(List<RawRow> rows, List<Long> cut) {
        public Read {
            rows = List.copyOf(rows);
            cut = List.copyOf(cut);
        }
    }

    /** {@link #read}, with the lines it passed over. */
    public static Read readAll(Path file) throws IOException {
        try (java.io.InputStream stored = Files.newInputStream(file);
             java.io.InputStream bytes = file.getFileName().toString().endsWith(".gz") ? new java.util.zip.GZIPInputStream(stored, 1 << 16) : stored;
             Reader in = new java.io.BufferedReader(new java.io.InputStreamReader(bytes, StandardCharsets.UTF_8));
             // verifyReader off: OpenCSV's check for a closed reader would take a truncated gzip's EOFException for the end of the file
             CSVReader r = new com.opencsv.CSVReaderBuilder(in).withVerifyReader(false).build()) {
            List<String[]> all = r.readAll();
            if (all.isEmpty()) return new Read(List.of(), List.of());
            String[] header = all.get(0);
            // the columns this harness knows, found once for the file
            int[] known = java.util.stream.IntStream.range(0, header.length).filter(c -> Columns.isRaw(header[c]) || Columns.isParam(header[c])).toArray();
            int[] figures = java.util.stream.IntStream.of(known).filter(c -> dev.jdkmatrix.results.RunFigure.ofColumn(header[c]).isPresent()).toArray();
            int status = List.of(header).indexOf("status");
            int wall = List.of(header).indexOf(dev.jdkmatrix.results.RunFigure.WALL_MS.column());
            List<RawRow> rows = new ArrayList<>(all.size());
            List<Long> cut = new ArrayList<>();
            long record = 0;
            for (String[] line : all) { // OpenCSV's readAll is a LinkedList: get(i) would walk it for every row
                if (record++ == 0) continue;
                if (line.length != header.length || damaged(line, figures, status, wall)) {
                    cut.add(record);
                    continue;
                }
                Map<String, String> v = new LinkedHashMap<>();
                for (int c : known) v.put(header[c], line[c]);
                try {
                    rows.add(new RawRow(v));
                } catch (IllegalArgumentException refused) { // a value the row's own checks refuse (a steady_state that names no class)
                    cut.add(record);
                }
            }
            return new Read(rows, cut);
        } catch (CsvException e) {
            throw new IOException(file + ": unreadable CSV: " + e.getMessage(), e);
        }
    }

    /** A figure's text that is there and no finite number, or an ok run without its wall time: what this harness never writes. */
    static boolean damaged(String[] line, int[] figures, int status, int wall) {
        for (int c : figures) {
            String t = line[c];
            if (t.isEmpty()) continue;
            if (!finite(t)) return true;
        }
        return status >= 0 && wall >= 0 && "ok".equals(line[status]) && line[wall].isEmpty();
    }

    private static boolean finite(String t) {
        char last = t.charAt(t.length() - 1);
        if (last == 'd' || last == 'D' || last == 'f' || last == 'F') return false; // Java's parser takes 1.5d; no file of ours writes it
        try {
            return Double.isFinite(Double.parseDouble(t));
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
