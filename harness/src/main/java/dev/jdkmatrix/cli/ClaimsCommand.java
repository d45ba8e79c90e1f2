package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.claims.Claims;
import dev.jdkmatrix.claims.Verdicts;
import dev.jdkmatrix.report.ReportFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The write-ups' claims, checked on a results folder. */
@Command(name = "claims", mixinStandardHelpOptions = true,
        description = "Check the write-ups' claims (claims.yaml) on a results folder: a verdict per claim (holds, fails, undecided when a confidence interval reaches across the bound, not measured) with the numbers behind it. Exit 1 only when a claim fails (through make: make's own exit 2), exit 2 when no claim is measured by the run.")
public final class ClaimsCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @picocli.CommandLine.Parameters(index = "0", arity = "0..1", paramLabel = "DIR", description = "results folder written by 'run' or 'merge'")
    Path dir;

    @Option(names = "--results", paramLabel = "DIR", description = "the same, as an option (the older form)")
    Path results;

    @Option(names = "--claims", paramLabel = "FILE", description = "claims file (default: claims.yaml beside the run's matrix, else ./claims.yaml)")
    Path claimsFile;

    @Option(names = "--unpaired", description = "read every ratio from the two cells' medians, as if no runs were paired (to set beside the paired verdicts)")
    boolean unpaired;

    @Override
    public Integer call() {
        ReportFolder folder;
        results = FolderArg.of(dir, results, "claims");
        try {
            folder = ReportFolder.load(results);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read " + results + ": " + e.getMessage());
        }
        java.util.Optional<Path> beside = Claims.besideMatrix(folder.meta());
        Path file = claimsFile != null ? claimsFile : beside.orElse(Path.of("claims.yaml"));
        if (claimsFile == null && beside.isEmpty()) {
            spec.commandLine().getErr().println("jdkmatrix: no claims.yaml beside the run's matrix" + (folder.meta() == null ? "" : " (" + folder.meta().matrixFile() + ")")
                    + "; checking " + file + " (the write-ups' claims)");
        }
        if (!Files.isRegularFile(file)) {
            throw new ExitException(ExitException.BAD_INPUT, "no claims file " + file + "\n  fix: pass --claims FILE");
        }
        Claims claims;
        try {
            claims = Claims.read(file);
        } catch (IOException | IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, e.getMessage());
        }
        List<Verdicts.ClaimResult> verdicts = Verdicts.claims(claims, folder.summary(), folder.raw(), unpaired ? List.of() : folder.comparisons());
        PrintWriter out = spec.commandLine().getOut();
        out.printf("jdkmatrix: %d claims of %s on %s%s%n", verdicts.size(), file, results,
                unpaired ? " (every ratio from two medians, unpaired)" : " (a ratio of two cells compared pair by pair from their pairs of runs)");
        out.print(markdown(verdicts));
        long fails = verdicts.stream().filter(v -> v.verdict() == Verdicts.Verdict.FAILS).count();
        long missing = verdicts.stream().filter(v -> v.verdict() == Verdicts.Verdict.NOT_MEASURED).count();
        long undecided = verdicts.stream().filter(v -> v.verdict() == Verdicts.Verdict.UNDECIDED).count();
        out.printf("%d hold, %d fail, %d undecided, %d not measured%n", verdicts.size() - fails - missing - undecided, fails, undecided, missing);
        out.flush();
        if (!verdicts.isEmpty() && missing == verdicts.size()) {
            throw new ExitException(ExitException.BAD_INPUT, "none of the " + verdicts.size() + " claims of " + file + " is measured by the run in " + results
                    + ": their cells are not among its cells, so nothing was checked"
                    + "\n  fix: pass --claims FILE with claims about this run's cells (docs/reference-run.md says how to write one)");
        }
        return fails > 0 ? ExitException.RUNS_FAILED : 0;
    }

    static String markdown(List<Verdicts.ClaimResult> verdicts) {
        StringBuilder b = new StringBuilder("| claim | source | verdict | bound | measured |\n|---|---|---|---|---|\n");
        for (Verdicts.ClaimResult v : verdicts) {
            b.append("| ").append(v.claim().text().replace("|", "\\|")).append(" (`").append(v.claim().id()).append("`) | ").append(v.claim().source())
                    .append(" | **").append(v.verdict().text()).append("** | ").append(v.claim().bound()).append(" | ")
                    .append(v.evidence().replace("|", "\\|")).append(" |\n");
        }
        return b.toString();
    }
}
