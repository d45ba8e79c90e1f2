package dev.jdkmatrix.report;

import dev.jdkmatrix.output.JmhIterations;
import dev.jdkmatrix.report.profile.ProfilePages;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.SuiteVerdict;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.results.CellSummary;
import dev.jdkmatrix.results.format.IterationsCsv;
import dev.jdkmatrix.results.format.ResultsFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What a report reads of a results folder, and nothing else: raw.csv, run.json when there is
 * one, and the JMH runs' iterations (iterations.csv.gz). Summaries and the comparisons inside the run are derived from the raw rows, as summary.csv
 * and comparisons.csv are, so a merged or hand-edited folder reports the same way.
 */
public record ReportFolder(Path dir, RunMetadata meta, List<RawRow> raw, List<CellSummary> summary, List<Comparisons.Row> comparisons,
                            String cutRows, List<ProfilePages.Profiled> profiles, List<IterationsCsv.Stored> iterations, String iterationsNote) {

    /**
     * {@code cutRows}: raw.csv's rows cut short and passed over, said in a line (empty when none);
     * {@code profiles}: the folder's profile runs, each stored profile read once to check it;
     * {@code iterations}: its JMH runs' iterations (iterations.csv.gz, or read from the runs' logs
     * when the folder has them and no such file: nothing is written into the folder read), and why
     * there are none where it has JMH runs.
     */
    public ReportFolder {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(cutRows, "cutRows");
        profiles = List.copyOf(profiles);
        raw = List.copyOf(raw);
        summary = List.copyOf(summary);
        comparisons = List.copyOf(comparisons);
        iterations = List.copyOf(iterations);
        iterationsNote = iterationsNote == null ? "" : iterationsNote;
    }

    /** Reads a folder (its raw.csv, or the raw.csv.gz of a published night); one without either is refused with what to name instead. */
    public static ReportFolder load(Path dir) throws IOException {
        ResultsFolder stored = ResultsFolder.read(dir, null, false); // each of its files read once
        List<RawRow> rows = stored.rows();
        if (rows.isEmpty() && !stored.cut().isEmpty()) {
            throw new IOException("none of its runs can be read (" + stored.cut().replaceFirst(" passed over$", "") + ")\n  fix: a raw.csv as 'run' writes it, "
                    + "each figure a finite number (the lines named): measure it again, or take the folder from where it was measured");
        }
        RunMetadata meta = stored.meta();
        List<IterationsCsv.Stored> iterations = stored.iterations();
        // a folder of a harness before iterations.csv.gz: read from its logs, and not written back (a report reads its folder)
        if (iterations.isEmpty() && Files.isDirectory(dir.resolve("logs"))) iterations = JmhIterations.fromLogs(dir, rows);
        long jmh = rows.stream().filter(r -> "jmh".equals(r.kind())).count();
        String note = jmh > 0 && iterations.isEmpty() ? dir + ": its " + jmh + " JMH runs have no stored iterations (" + IterationsCsv.FILE
                + " and logs/ absent: a folder of an earlier version, or a published night): no steady-state figures for them" : "";
        return new ReportFolder(dir, meta, rows, Summarizer.summarize(rows, meta == null ? Double.NaN : meta.repetitionTarget(),
                meta == null ? List.of() : meta.cellIds()), Comparisons.of(rows, meta), stored.cut(), ProfilePages.of(dir, rows), iterations, note);
    }

    /** What of the folder was damaged and passed over (rows cut short, profiles that do not read or whose run failed), one line each. */
    public List<String> problems() {
        List<String> out = new java.util.ArrayList<>();
        if (!cutRows.isEmpty()) out.add(cutRows);
        if (!iterationsNote.isEmpty()) out.add(iterationsNote);
        out.addAll(ProfilePages.problems(profiles));
        return out;
    }

    /** The run's compare-threshold (what "the same" allows), 10 % for a folder without run.json. */
    public double threshold() {
        return meta == null ? 0.10 : meta.compareThreshold();
    }

    /** The suites of its comparisons ({@link SuiteVerdict}). */
    public List<SuiteVerdict> suites() {
        return SuiteVerdict.of(raw, comparisons, threshold(), meta == null ? Comparisons.DEFAULT_MIN_DIFFERENCE : meta.minDifference());
    }

    public String runId() {
        if (meta != null) return meta.runId();
        return raw.isEmpty() ? dir.getFileName().toString() : raw.get(0).runId();
    }
}
