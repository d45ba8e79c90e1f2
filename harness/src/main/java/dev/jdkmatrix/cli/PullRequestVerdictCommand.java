package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PullRequestVerdict;
import dev.jdkmatrix.results.format.PullRequestReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What a pull request's run says: only the differences decided at 95 %, what the others could resolve; exit 1 on a decided regression past the threshold. */
@Command(name = "pr-verdict", mixinStandardHelpOptions = true,
        description = "Read the results of a pull request's matrix (pr-matrix) and print, as Markdown, each benchmark's head against its base: "
                + "the differences decided at 95 %% (paired by round, with q-values), then those the rounds could not decide with what each could "
                + "resolve. Exit 1 on a decided regression of at least --threshold; never on an undecided one.")
public final class PullRequestVerdictCommand implements Callable<Integer> {

    /** The first line of the check's Markdown: what finds its pull request comment again, to update it in place. */
    public static final String MARKER = "<!-- jdkmatrix pull request check -->";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS", description = "the results folder of the pull request's run")
    Path results;

    @Option(names = "--threshold", paramLabel = "STEP", description = "the smallest decided regression that fails the check, e.g. 5%% (default: ${DEFAULT-VALUE})", defaultValue = "5%")
    String threshold;

    @Option(names = "--markdown", paramLabel = "FILE", description = "append the Markdown to FILE too (e.g. $GITHUB_STEP_SUMMARY)")
    Path markdown;

    @Option(names = "--nightly", description = "RESULTS is a night measured against its baseline (a matrix's baseline:): say tonight's suite against "
            + "its baseline, not a pull request's against its base")
    boolean nightly;

    @Option(names = "--comment", paramLabel = "FILE", description = "write the Markdown to FILE, the body of the pull request's one comment")
    Path comment;

    @Override
    public Integer call() {
        double t;
        try {
            t = dev.jdkmatrix.matrix.Durations.fraction(threshold);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, "--threshold: " + e.getMessage() + "\n  fix: write it as 5% or 0.05");
        }
        try {
            dev.jdkmatrix.results.format.ResultsFolder stored = dev.jdkmatrix.results.format.ResultsFolder.read(results, "pr-verdict", true);
            List<Comparisons.Row> comparisons = Comparisons.of(stored.rows(), stored.meta());
            PullRequestVerdict v = PullRequestVerdict.of(comparisons, t);
            List<dev.jdkmatrix.results.SuiteVerdict> suites = dev.jdkmatrix.results.SuiteVerdict.of(stored.rows(), comparisons, stored.meta().compareThreshold(),
                    stored.meta().minDifference());
            String md = nightly ? PullRequestReport.markdown(v, "<!-- jdkmatrix night against its baseline -->", "tonight's suite against its baseline", suites)
                    : PullRequestReport.markdown(v, MARKER, "this pull request's suite against its base", suites);
            if (markdown != null) Files.writeString(markdown, md, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            if (comment != null) Files.writeString(comment, md);
            spec.commandLine().getOut().print(md);
            spec.commandLine().getOut().flush();
            if (v.decided().isEmpty() && v.undecided().isEmpty()) {
                throw new ExitException(ExitException.BAD_INPUT, results + " compares no head with its base\n  fix: " + (nightly
                        ? "a night measured against its baseline (a matrix with baseline:, or run --baseline)" : "run the matrix pr-matrix wrote"));
            }
            return v.regressions().isEmpty() ? 0 : ExitException.RUNS_FAILED;
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read " + results + ": " + e.getMessage() + "\n  fix: name a readable results folder");
        }
    }
}
