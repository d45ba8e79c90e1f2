package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.report.Report;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Charts and gallery of a results folder, from its stored files only. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Render the charts (PNG and SVG) and the gallery page DIR/index.html of a results folder, and the index of every run beside it (DIR/../index.html). Reads only raw.csv and run.json.")
public final class ReportCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--results", paramLabel = "DIR", required = true, description = "results folder written by 'run' or 'merge'")
    Path results;

    @Option(names = "--no-index", description = "do not write the index of the folder above DIR")
    boolean noIndex;

    @Option(names = "--claims", paramLabel = "FILE", description = "write-ups' figures and claims for the gallery (default: claims.yaml beside the run's matrix, if any)")
    Path claims;

    @Override
    public Integer call() {
        long t0 = System.nanoTime();
        Report.Result r = render(results, !noIndex, claims);
        var out = spec.commandLine().getOut();
        out.printf("jdkmatrix: %d charts and the gallery %s (%.1f s)%n", r.charts(), r.gallery(), (System.nanoTime() - t0) / 1e9);
        if (r.index() != null) out.printf("jdkmatrix: index of %d run(s) in %s%n", r.runsIndexed(), r.index());
        out.flush();
        return 0;
    }

    static Report.Result render(Path dir, boolean index, Path claims) {
        try {
            return Report.render(dir, index, claims);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot report on " + dir + ": " + e.getMessage()
                    + "\n  fix: name a results folder written by 'run' or 'merge', writable by this user");
        }
    }
}
