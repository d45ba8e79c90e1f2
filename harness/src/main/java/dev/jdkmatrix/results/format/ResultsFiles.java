package dev.jdkmatrix.results.format;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The files of a results folder, owned here: their names (raw.csv, or raw.csv.gz where a published
 * night keeps only that; run.json; summary.csv; comparisons.csv; iterations.csv.gz), how a command
 * reads a folder (its raw rows once, from either form; its run.json where it has one), and the one
 * place its final files are written from its rows and metadata (a run's end, a merge). Every command
 * that reads a folder (merge, report, compare, plan --from, pr-verdict, history's nights) goes
 * through {@link #read}, so each reads a folder the same way.
 */
public final class ResultsFiles {

    private ResultsFiles() {}

    /** The raw rows as a run appends them. */
    public static final String RAW = RawCsv.FILE;
    /** The same, gzipped: what a published night keeps (make publish). */
    public static final String RAW_GZ = RawCsv.GZIPPED;
    public static final String RUN_JSON = RunJson.FILE;
    public static final String SUMMARY = SummaryCsv.FILE;
    public static final String COMPARISONS = ComparisonsCsv.FILE;
    public static final String ITERATIONS = IterationsCsv.FILE;

    /** A folder as a command reads it: its raw rows (and the lines passed over) from {@code rawFile}, and its run.json ({@code meta}; null: none). */
    public record Stored(Path dir, Path rawFile, RawCsv.Read raw, RunMetadata meta) {
        public Stored {
            Objects.requireNonNull(dir, "dir");
            Objects.requireNonNull(rawFile, "rawFile");
            Objects.requireNonNull(raw, "raw");
        }

        public List<RawRow> rows() {
            return raw.rows();
        }

        /** {@code raw.csv: 1 row cut short (line 17) passed over}, or empty when none was. */
        public String cut() {
            return raw.problem(rawFile);
        }
    }

    /** The folder's raw.csv, or its raw.csv.gz when it has only that; empty when it has neither. */
    public static Optional<Path> raw(Path dir) {
        return RawCsv.in(dir);
    }

    public static Path runJson(Path dir) {
        return dir.resolve(RUN_JSON);
    }

    /** A folder's run.json, or null where it has none (a run from before run.json). */
    public static RunMetadata meta(Path dir) throws IOException {
        Path json = runJson(dir);
        return Files.isRegularFile(json) ? RunJson.read(json) : null;
    }

    /**
     * Reads a results folder: its raw rows from raw.csv or raw.csv.gz, its run.json where it has one.
     * {@code who} begins a refusal (the command: {@code merge}, {@code plan --from}; null: the folder does); with
     * {@code needsRunJson} a folder without run.json is refused too. A refusal is an
     * {@link ExitException} that names the folder, what it lacks and what to name instead.
     */
    public static Stored read(Path dir, String who, boolean needsRunJson) throws IOException {
        String by = who == null ? "" : who + ": ";
        Path raw = raw(dir).orElseThrow(() -> new ExitException(ExitException.BAD_INPUT, by + dir + " is not a results folder: it has no " + RAW
                + " (nor " + RAW_GZ + ", as a published night keeps it)\n  fix: name a folder written by 'run' or 'merge'"));
        Path json = runJson(dir);
        if (needsRunJson && !Files.isRegularFile(json)) {
            throw new ExitException(ExitException.BAD_INPUT, by + dir + " has " + raw.getFileName() + " but no " + RUN_JSON
                    + "\n  fix: name a folder written by 'run' or 'merge' (a published night keeps both)");
        }
        RunMetadata meta = Files.isRegularFile(json) ? RunJson.read(json) : null;
        return new Stored(dir, raw, RawCsv.readAll(raw), meta);
    }

    /** The formats of a folder's end, in the order they are written: run.json last, so a folder that has it is whole. */
    public static final List<Exporter<FolderEnd>> END = List.of(SummaryCsv.EXPORT, ComparisonsCsv.EXPORT, SuitesCsv.EXPORT, IterationsCsv.EXPORT, RunJson.EXPORT);

    /**
     * A folder's final files from its rows and run.json (a run's end, a merge): each format of
     * {@link #END} in its order; returns what they were written from (its comparisons and suites among it).
     */
    public static FolderEnd writeEnd(Path dir, List<RawRow> rows, RunMetadata meta, List<IterationsCsv.Stored> iterations) throws IOException {
        FolderEnd end = FolderEnd.of(rows, meta, iterations);
        for (Exporter<FolderEnd> format : END) format.write(end, dir);
        return end;
    }
}
