package dev.jdkmatrix.report;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.results.SummaryRow;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What a report reads of a results folder, and nothing else: raw.csv, and run.json when there is
 * one. Summaries and the comparisons inside the run are derived from the raw rows, as summary.csv
 * and comparisons.csv are, so a merged or hand-edited folder reports the same way.
 */
public record ResultsFolder(Path dir, RunMetadata meta, List<RawRow> raw, List<SummaryRow> summary, List<Comparisons.Row> comparisons,
                            List<String> problems) {

    /** {@code problems}: what of the folder was damaged and passed over (rows cut short, profiles that do not read), one line each. */
    public ResultsFolder {
        Objects.requireNonNull(dir, "dir");
        problems = List.copyOf(problems);
        raw = List.copyOf(raw);
        summary = List.copyOf(summary);
        comparisons = List.copyOf(comparisons);
    }

    /** Reads a folder (its raw.csv, or the raw.csv.gz of a published night); one without either is an IOException that says what to name instead. */
    public static ResultsFolder load(Path dir) throws IOException {
        Path raw = RawCsv.in(dir).orElseThrow(() -> new IOException(dir + " has no raw.csv (nor raw.csv.gz): name a results folder written by 'run' or 'merge'"));
        RawCsv.Read read = RawCsv.readAll(raw);
        List<RawRow> rows = read.rows();
        Path json = dir.resolve("run.json");
        RunMetadata meta = Files.isRegularFile(json) ? RunJson.read(json) : null;
        List<String> problems = new java.util.ArrayList<>();
        if (!read.cut().isEmpty()) problems.add(read.problem(raw));
        problems.addAll(ProfilePages.problems(ProfilePages.of(dir, rows)));
        return new ResultsFolder(dir, meta, rows, Summarizer.summarize(rows, meta == null ? Double.NaN : meta.repetitionTarget(),
                meta == null ? List.of() : meta.cellIds()), Comparisons.of(rows, meta), problems);
    }

    public String runId() {
        if (meta != null) return meta.runId();
        return raw.isEmpty() ? dir.getFileName().toString() : raw.get(0).get("run_id");
    }
}
