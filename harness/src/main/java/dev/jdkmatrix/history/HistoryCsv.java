package dev.jdkmatrix.history;

import com.opencsv.CSVWriter;
import com.opencsv.ICSVWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The history's two files at a site's root: changes.csv (one row per change, regressions first,
 * newest first) and figures.csv.gz (one row per series: how far it moves from night to night and what
 * step it can show; gzipped, as a site keeps its nights' CSV files: a matrix of 3,000 cells has 12,000 series). A figure is named as raw.csv ({@code cell}) and comparisons.csv
 * ({@code cell_a}, {@code cell_b}) name it; a night by its folder and its run id.
 */
public final class HistoryCsv {

    public static final List<String> CHANGES = List.of("runner_class", "figure", "cell", "cell_a", "cell_b", "compared", "unit", "better",
            "status", "direction", "new_tonight", "night_before", "run_id_before", "night", "run_id", "started_at", "nights_before", "nights_after",
            "ratio", "ratio_low", "ratio_high", "change_pct", "p_value", "what_changed", "by_cpu_model");

    public static final List<String> FIGURES = List.of("runner_class", "figure", "cell", "cell_a", "cell_b", "compared", "unit", "better",
            "nights", "first_night", "last_night", "changes", "spread_pct", "within_night_pct", "rounds", "resolvable_pct", "target_pct", "watchable", "note",
            "cpu_models");

    public static final String CHANGES_FILE = "changes.csv";
    public static final String FIGURES_FILE = "figures.csv.gz";

    /** changes.csv at a site's root, as index writes it. */
    public static final dev.jdkmatrix.results.format.Exporter<History> CHANGES_EXPORT = dev.jdkmatrix.results.format.Exporter.of(CHANGES_FILE,
            "every change the history found: its figure, nights, size, p-value, status and what changed", List.of(CHANGES_FILE),
            (h, dir) -> writeChanges(dir.resolve(CHANGES_FILE), h));

    /** figures.csv.gz at a site's root, as index writes it. */
    public static final dev.jdkmatrix.results.format.Exporter<History> FIGURES_EXPORT = dev.jdkmatrix.results.format.Exporter.of(FIGURES_FILE,
            "every figure's series: its spread from night to night and the step it can show", List.of(FIGURES_FILE),
            (h, dir) -> writeFigures(dir.resolve(FIGURES_FILE), h));

    private HistoryCsv() {}

    public static void writeChanges(Path file, History h) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (Change c : h.changes()) {
            rows.add(new String[] {c.runnerClass(), c.figure().kind(), cell(c.figure()), cellA(c.figure()), cellB(c.figure()), c.compared(), unit(c.figure(), c.unit()),
                    c.higherIsBetter() ? "higher" : "lower", c.status().text(), c.direction(), h.newTonight().contains(c) ? "yes" : "no",
                    c.before().folder(), c.before().runId(), c.after().folder(), c.after().runId(), c.after().started().toString(),
                    Integer.toString(c.nightsBefore()), Integer.toString(c.nightsAfter()), num(c.ratio()), num(c.low()), num(c.high()),
                    String.format(Locale.ROOT, "%.2f", c.percent()), String.format(Locale.ROOT, "%.3g", c.pValue()), c.whatChangedText(), c.byMachine()});
        }
        write(file, CHANGES, rows);
    }

    public static void writeFigures(Path file, History h) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (ChangeFinder.Finding f : h.findings()) {
            Series s = f.series();
            Watch w = h.watches().get(s);
            rows.add(new String[] {s.runnerClass(), s.key().kind(), cell(s.key()), cellA(s.key()), cellB(s.key()), s.newest().compared(), unit(s.key(), s.newest().unit()),
                    s.newest().higherIsBetter() ? "higher" : "lower", Integer.toString(f.nights()), s.entries().get(0).night().runId(),
                    s.entries().get(s.entries().size() - 1).night().runId(), Integer.toString(f.changes().size()), pct(w.spread()), pct(w.withinSd()),
                    Integer.toString(w.rounds()), pct(w.resolvable()), pct(w.target()), Double.isFinite(w.resolvable()) ? (w.watchable() ? "yes" : "no") : "",
                    f.examined() ? w.advice() : f.note(), f.levels().text()});
        }
        write(file, FIGURES, rows);
    }

    /** Written whole through a temporary file; gzipped when the file's name ends in .gz (a site's figures.csv.gz). */
    private static void write(Path file, List<String> header, List<String[]> rows) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        java.io.OutputStream bytes = Files.newOutputStream(tmp);
        if (file.getFileName().toString().endsWith(".gz")) bytes = new java.util.zip.GZIPOutputStream(bytes, 1 << 16);
        try (Writer out = new java.io.BufferedWriter(new java.io.OutputStreamWriter(bytes, StandardCharsets.UTF_8)); ICSVWriter w = new CSVWriter(out, ',', '"', '"', "\n")) {
            w.writeNext(header.toArray(String[]::new), false);
            for (String[] r : rows) w.writeNext(r, false);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    static String cell(FigureKey k) {
        return k instanceof FigureKey.Cell c ? c.cell() : "";
    }

    static String cellA(FigureKey k) {
        return k instanceof FigureKey.Pair p ? p.cellA() : "";
    }

    static String cellB(FigureKey k) {
        return k instanceof FigureKey.Pair p ? p.cellB() : "";
    }

    /** A comparison's figure is a ratio of its cells' unit. */
    static String unit(FigureKey k, String unit) {
        return k instanceof FigureKey.Pair ? "x" : unit;
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "";
    }

    private static String pct(double fraction) {
        return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%.2f", fraction * 100) : "";
    }
}
