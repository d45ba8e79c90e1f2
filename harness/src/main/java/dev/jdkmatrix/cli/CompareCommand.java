package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.Comparison;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.ComparisonReport;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
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
            double t = threshold != null ? parseThreshold(threshold) : storedThreshold(current);
            List<Comparison.Row> rows = Comparison.compare(RawCsv.read(raw(baseline)), RawCsv.read(raw(current)), t);
            String md = ComparisonReport.markdown(rows, baseline.toString(), current.toString(), t, acrossMachines(baseline, current));
            spec.commandLine().getOut().print(md);
            spec.commandLine().getOut().flush();
            if (csv != null) ComparisonReport.csv(csv, rows);
            if (markdownFile != null) Files.writeString(markdownFile, md, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            boolean slower = rows.stream().anyMatch(r -> r.verdict() == Comparison.Verdict.SLOWER);
            return failOnRegression && slower ? ExitException.RUNS_FAILED : 0;
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot compare " + baseline + " with " + current + ": " + e.getMessage()
                    + "\n  fix: name two results folders written by 'run' or 'merge'");
        }
    }

    /** How the two runs' machines differ ("baseline ... vs new ..."), empty when alike or when a folder has no run.json to say. */
    static String acrossMachines(Path baseline, Path current) throws IOException {
        Path b = baseline.resolve("run.json");
        Path c = current.resolve("run.json");
        if (!Files.isRegularFile(b) || !Files.isRegularFile(c)) return "";
        String diff = RunJson.read(c).machineDifference(RunJson.read(b));
        return diff.isEmpty() ? "" : "the baseline and the new run ran on different machines (" + diff + ")";
    }

    private static Path raw(Path dir) {
        return dev.jdkmatrix.results.format.RawCsv.in(dir).orElseThrow(() -> new ExitException(ExitException.BAD_INPUT,
                dir + " has no raw.csv (nor raw.csv.gz)\n  fix: name a results folder written by 'run' or 'merge'"));
    }

    static double parseThreshold(String raw) {
        try {
            return dev.jdkmatrix.matrix.Durations.fraction(raw);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, "--threshold: " + e.getMessage() + "\n  fix: write it as 10% or 0.1");
        }
    }

    private static double storedThreshold(Path dir) throws IOException {
        Path json = dir.resolve("run.json");
        if (Files.isRegularFile(json)) {
            RunMetadata m = RunJson.read(json);
            if (m.plan() != null && m.plan().compareThreshold() > 0) return m.plan().compareThreshold();
        }
        return dev.jdkmatrix.matrix.MatrixParser.DEFAULT_COMPARE_THRESHOLD;
    }
}
