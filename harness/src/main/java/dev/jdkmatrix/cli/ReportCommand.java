package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.report.Report;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Charts and gallery of a results folder, from its stored files only, written inside that folder. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Render the charts (PNG; SVG too with --svg) and the gallery page DIR/index.html of a results folder. "
                + "Reads only raw.csv and run.json and writes nothing outside DIR (the index of many runs: the 'index' command).")
public final class ReportCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @picocli.CommandLine.Parameters(index = "0", arity = "0..1", paramLabel = "DIR", description = "results folder written by 'run' or 'merge'")
    Path dir;

    @Option(names = "--results", paramLabel = "DIR", description = "the same, as an option (the older form)")
    Path results;

    @Option(names = "--svg", description = "also write each chart as SVG (vector, larger files; the gallery links to it)")
    boolean svg;

    @Option(names = "--link-index", description = "link the gallery to ../index.html, the index of the site DIR is published in (make publish sets it)")
    boolean linkIndex;

    @Option(names = "--claims", paramLabel = "FILE", description = "write-ups' figures and claims for the gallery (default: claims.yaml beside the run's matrix, if any)")
    Path claims;

    @Option(names = "--max-bytes", paramLabel = "BYTES", description = "keep the gallery (charts and page) within BYTES: charts drawn by priority while they fit "
            + "(the JDK overview's first pages first), tables of their first 200 rows, the page says what was left out (make publish sets it; default: no bound)")
    long maxBytes;

    @Override
    public Integer call() {
        if (maxBytes < 0) throw new ExitException(ExitException.BAD_INPUT, "--max-bytes " + maxBytes + " is negative\n  fix: give a byte count, such as --max-bytes 1800000, or leave it out");
        long t0 = System.nanoTime();
        Report.Result r = render(FolderArg.of(dir, results, "report"), new Report.Options(svg, linkIndex, claims, maxBytes));
        var out = spec.commandLine().getOut();
        for (String p : r.problems()) spec.commandLine().getErr().println("jdkmatrix: passed over: " + p);
        spec.commandLine().getErr().flush();
        out.printf("jdkmatrix: %d charts and the gallery %s (%.1f s: %s)%n", r.charts(), r.gallery(), (System.nanoTime() - t0) / 1e9, r.phases());
        out.flush();
        return 0;
    }

    static Report.Result render(Path dir, Report.Options options) {
        try {
            return Report.render(dir, options);
        } catch (IOException e) {
            String why = String.valueOf(e.getMessage());
            throw new ExitException(ExitException.BAD_INPUT, "cannot report on " + dir + ": " + why
                    + (why.contains("\n  fix: ") ? "" : "\n  fix: name a results folder written by 'run' or 'merge', writable by this user"));
        }
    }
}
