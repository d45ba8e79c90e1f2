package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.Comparison;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.ComparisonReport;
import dev.jdkmatrix.results.format.ResultsFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Compares two results folders cell by cell. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare two results folders per cell: change of the median with a bootstrap interval, a Mann-Whitney U p-value and a verdict "
                + "(faster or slower only when the whole interval is past the threshold; unchanged, undecided, noisy). Prints Markdown; its first line says so "
                + "when the runs are from different machines.")
public final class CompareCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASELINE_DIR")
    Path baseline;

    @Parameters(index = "1", paramLabel = "NEW_DIR")
    Path current;

    @Option(names = "--threshold", description = "e.g. 10%% (default: the new run's compare-threshold from its matrix, else 10%%)")
    String threshold;

    @Option(names = "--csv", paramLabel = "FILE", description = "also write the comparison as CSV")
    Path csv;

    @Option(names = "--markdown", paramLabel = "FILE", description = "also write the Markdown to a file (e.g. $GITHUB_STEP_SUMMARY)")
    Path markdownFile;

    @Option(names = "--fail-on-regression", description = "exit 1 when a cell got slower")
    boolean failOnRegression;

    @Override
    public Integer call() {
        try {
            ResultsFolder baseFolder = ResultsFolder.at(baseline);
            ResultsFolder nowFolder = ResultsFolder.at(current);
            RunMetadata baseMeta = baseFolder.meta();
            RunMetadata nowMeta = nowFolder.meta();
            double t = threshold != null ? parseThreshold(threshold) : storedThreshold(nowMeta);
            List<RawRow> base = read(baseFolder);
            List<RawRow> now = read(nowFolder);
            List<Comparison.Row> rows = Comparison.compare(base, now, t);
            String md = ComparisonReport.markdown(rows, baseline.toString(), current.toString(), t, acrossMachines(baseMeta, nowMeta),
                    baseMeta == null || nowMeta == null ? "" : RunMetadata.Repository.range(baseMeta.repository(), nowMeta.repository()));
            long shared = rows.stream().filter(r -> r.verdict() != Comparison.Verdict.ADDED && r.verdict() != Comparison.Verdict.REMOVED).count();
            String matrices = otherMatrix(baseMeta, nowMeta);
            var err = spec.commandLine().getErr();
            if (shared == 0) {
                err.println("jdkmatrix: " + current + " and " + baseline + " share no cell" + (matrices.isEmpty() ? "" : " (" + matrices + ")")
                        + ": nothing was compared" + (failOnRegression ? ", so --fail-on-regression fails" : "")
                        + "\n  fix: compare two runs of one matrix, or of matrices that have cells in common");
            } else if (!matrices.isEmpty()) {
                err.println("jdkmatrix: warning: " + matrices + "; only the " + shared + " cells both ran are compared");
            }
            dev.jdkmatrix.results.RunnerMove.of(rows, t).ifPresent(m -> err.println("jdkmatrix: warning: the runner moved between the two runs: " + m.text()
                    + "\n  the runner's speed (another CPU, a busy neighbour) or a change that touches every cell alike; compare within one run "
                    + "(comparisons.csv, paired by round) or over nights (jdkmatrix history) to tell which"));
            err.flush();
            spec.commandLine().getOut().print(md);
            spec.commandLine().getOut().flush();
            if (csv != null) ComparisonReport.csv(csv, rows);
            if (markdownFile != null) Files.writeString(markdownFile, md, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            // a gate fails on a cell that got slower, on one whose every new run failed, and when nothing was compared at all
            boolean slower = rows.stream().anyMatch(r -> r.verdict() == Comparison.Verdict.SLOWER
                    || (r.verdict() == Comparison.Verdict.FAILED && r.newN() == 0));
            return failOnRegression && (slower || shared == 0) ? ExitException.RUNS_FAILED : 0;
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot compare " + baseline + " with " + current + ": " + e.getMessage()
                    + "\n  fix: name two results folders written by 'run' or 'merge'");
        }
    }

    /** How the two runs' machines differ ("baseline ... vs new ..."), empty when alike or when a folder has no run.json to say. */
    static String acrossMachines(RunMetadata b, RunMetadata c) {
        if (b == null || c == null) return "";
        String diff = c.machineDifference(b);
        return diff.isEmpty() ? "" : "the baseline and the new run ran on different machines (" + diff + ")";
    }

    /** {@code the baseline ran another matrix (sha256 ab12cd34ef56 against 9f8e7d6c5b4a)}, or empty when alike or unknown. */
    static String otherMatrix(RunMetadata b, RunMetadata c) {
        if (b == null || c == null) return "";
        String sb = b.matrixSha256();
        String sc = c.matrixSha256();
        if (sb == null || sc == null || sb.isEmpty() || sc.isEmpty() || sb.equals(sc)) return "";
        return "the baseline ran another matrix (sha256 " + sb.substring(0, Math.min(12, sb.length())) + " against " + sc.substring(0, Math.min(12, sc.length())) + ")";
    }

    /** A folder's raw rows; rows cut short are named on standard error and passed over. */
    private List<RawRow> read(ResultsFolder folder) throws IOException {
        var missing = folder.missing(false);
        if (missing.isPresent()) throw new dev.jdkmatrix.results.format.FolderProblem.Refused(null, missing.get());
        var passedOver = folder.passedOver();
        if (passedOver.isPresent()) {
            spec.commandLine().getErr().println("jdkmatrix: passed over: " + folder.dir() + "/" + passedOver.get().note());
            spec.commandLine().getErr().flush();
        }
        return folder.rows();
    }

    static double parseThreshold(String raw) {
        try {
            return dev.jdkmatrix.matrix.Durations.fractionBelowOne(raw);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, "--threshold: " + e.getMessage() + "\n  fix: write it as 10% or 0.1");
        }
    }

    private static double storedThreshold(RunMetadata m) {
        if (m != null && m.plan() != null && m.plan().compareThreshold() > 0) return m.plan().compareThreshold();
        return dev.jdkmatrix.matrix.MatrixKeys.DEFAULT_COMPARE_THRESHOLD;
    }

}
