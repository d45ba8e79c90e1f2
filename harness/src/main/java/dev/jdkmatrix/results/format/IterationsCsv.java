package dev.jdkmatrix.results.format;

import com.opencsv.CSVReader;
import com.opencsv.CSVWriter;
import com.opencsv.ICSVWriter;
import com.opencsv.exceptions.CsvException;
import dev.jdkmatrix.model.JmhIteration;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * iterations.csv.gz: every iteration of every JMH run of a results folder, warm-up ones included
 * (output.JmhIterations reads them from the runs' logs), a row each: the run (run_id, seq, attempt, run_phase, cell, rep), its fork, the
 * iteration's phase and number, score, unit and secondary metrics ({@code k=v;k=v}). Written at a
 * run's end from the runs' logs (logs/: output.JmhIterations.fromLogs), by merge from the folders' own files; a folder without
 * JMH runs, or of a version before it, has none, and its readers pass over that with a note.
 */
public final class IterationsCsv {

    private IterationsCsv() {}

    public static final String FILE = "iterations.csv.gz";
    /** iterations.csv.gz as a folder's end writes it (none where no run has iterations). */
    public static final Exporter<FolderEnd> EXPORT = Exporter.of(FILE, "every iteration of every JMH run, warm-up ones included",
            List.of(FILE), (end, dir) -> write(dir, end.iterations()));

    public static final List<String> COLUMNS = List.of("run_id", "seq", "attempt", "run_phase", "cell", "rep", "fork", "phase", "iteration", "score", "unit", "metrics");

    /** One stored iteration: the run it belongs to (its phase: warmup, measure or profile, as raw.csv's) and the iteration. */
    public record Stored(String runId, int seq, int attempt, String runPhase, String cell, int rep, JmhIteration iteration) {
        public Stored {
            java.util.Objects.requireNonNull(iteration, "iteration");
            runPhase = runPhase == null ? "" : runPhase;
            if (seq < 1 || attempt < 1) throw new IllegalArgumentException("a stored iteration's run has seq and attempt from 1, got " + seq + ", " + attempt);
        }

        /** The run it belongs to, as raw.csv's rows are keyed: seq and attempt. */
        public String runKey() {
            return seq + "/" + attempt;
        }
    }

    /** Writes the file (replacing it); none, and an older one removed, when there is no iteration. */
    public static void write(Path dir, List<Stored> iterations) throws IOException {
        Path file = dir.resolve(FILE);
        if (iterations.isEmpty()) {
            Files.deleteIfExists(file);
            return;
        }
        Path tmp = dir.resolve(FILE + ".tmp");
        try (OutputStream raw = Files.newOutputStream(tmp);
             GZIPOutputStream gz = new GZIPOutputStream(raw, 1 << 16);
             Writer out = new java.io.OutputStreamWriter(gz, StandardCharsets.UTF_8);
             ICSVWriter w = new CSVWriter(out, ',', '"', '"', "\n")) {
            w.writeNext(COLUMNS.toArray(String[]::new), false);
            for (Stored s : iterations) w.writeNext(values(s), false);
            w.flush();
            if (w.checkError()) throw new IOException("the CSV writer failed");
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot write " + file + " (through " + tmp.getFileName() + "): " + e.getMessage(), e);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The folder's stored iterations; empty when it has no file (no JMH run, or a version before it). */
    public static List<Stored> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) return List.of();
        List<String[]> all;
        try (InputStream stored = Files.newInputStream(file);
             InputStream bytes = new GZIPInputStream(stored, 1 << 16);
             Reader in = new java.io.BufferedReader(new java.io.InputStreamReader(bytes, StandardCharsets.UTF_8));
             CSVReader r = new com.opencsv.CSVReaderBuilder(in).withVerifyReader(false).build()) {
            all = r.readAll();
        } catch (CsvException e) {
            throw new IOException(file + ": not a CSV: " + e.getMessage(), e);
        }
        if (all.isEmpty()) return List.of();
        Map<String, Integer> at = new LinkedHashMap<>();
        for (int c = 0; c < all.get(0).length; c++) at.put(all.get(0)[c], c);
        for (String column : COLUMNS) {
            if (!at.containsKey(column)) throw new IOException(file + ": no column '" + column + "' in its header\n  fix: remove it and run 'report' on the folder, which writes it again from the folder's logs (logs/)");
        }
        List<Stored> out = new ArrayList<>(all.size() - 1);
        for (int i = 1; i < all.size(); i++) {
            String[] v = all.get(i);
            if (v.length != all.get(0).length) continue; // a line cut short: passed over, as raw.csv's are
            try {
                JmhIteration it = new JmhIteration(Integer.parseInt(v[at.get("fork")]), JmhIteration.Phase.of(v[at.get("phase")]),
                        Integer.parseInt(v[at.get("iteration")]), number(v[at.get("score")]), v[at.get("unit")], metrics(v[at.get("metrics")]));
                out.add(new Stored(v[at.get("run_id")], Integer.parseInt(v[at.get("seq")]), Integer.parseInt(v[at.get("attempt")]), v[at.get("run_phase")],
                        v[at.get("cell")], Integer.parseInt(v[at.get("rep")]), it));
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ", line " + (i + 1) + ": " + e.getMessage() + "\n  fix: remove it and run 'report' on the folder, which writes it again from the folder's logs (logs/)", e);
            }
        }
        return out;
    }

    /** The iterations of several folders as one (merge): each run once, by seq and attempt, in run order. */
    public static List<Stored> union(List<List<Stored>> folders) {
        Map<String, List<Stored>> byRun = new LinkedHashMap<>();
        java.util.Set<String> taken = new java.util.HashSet<>();
        for (List<Stored> folder : folders) {
            Map<String, List<Stored>> mine = new LinkedHashMap<>();
            for (Stored s : folder) mine.computeIfAbsent(s.runKey(), k -> new ArrayList<>()).add(s);
            mine.forEach((k, v) -> {
                if (taken.add(k)) byRun.put(k, v);
            });
        }
        List<Stored> out = new ArrayList<>();
        byRun.values().forEach(out::addAll);
        out.sort(Comparator.comparingInt(Stored::seq).thenComparingInt(Stored::attempt));
        return out;
    }

    private static String[] values(Stored s) {
        JmhIteration it = s.iteration();
        StringBuilder m = new StringBuilder();
        it.secondary().forEach((k, v) -> m.append(m.isEmpty() ? "" : ";").append(k).append('=').append(number(v)));
        return new String[] {s.runId(), Integer.toString(s.seq()), Integer.toString(s.attempt()), s.runPhase(), s.cell(), Integer.toString(s.rep()),
                Integer.toString(it.fork()), it.phase().text(), Integer.toString(it.index()), number(it.score()), it.unit(), m.toString()};
    }

    private static String number(double v) {
        return Double.isFinite(v) ? dev.jdkmatrix.results.Summarizer.significant(v) : "";
    }

    private static double number(String s) {
        return s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    }

    private static Map<String, Double> metrics(String text) {
        Map<String, Double> m = new LinkedHashMap<>();
        if (text.isEmpty()) return m;
        for (String kv : text.split(";")) {
            int eq = kv.indexOf('=');
            if (eq > 0) m.put(kv.substring(0, eq), number(kv.substring(eq + 1)));
        }
        return m;
    }
}
