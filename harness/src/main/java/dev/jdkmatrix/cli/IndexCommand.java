package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.report.Report;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The index of a folder of results folders (a site): every run, newest first, and the trends across them. */
@Command(name = "index", mixinStandardHelpOptions = true,
        description = "Write SITE/index.html (what changed over the nights first, then every results folder inside SITE, newest first, linked to "
                + "its gallery or its run.json), SITE/trends/ (each figure's nights as a chart), SITE/changes.csv and SITE/figures.csv.gz (the history, as "
                + "'history' finds it), and each night's figures beside its runs (figures.json.gz, which the next index reads while the night's files are unchanged). "
                + "Touches nothing else; 'make publish' runs it on the site.")
public final class IndexCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SITE", description = "a folder whose sub-folders are results folders")
    Path site;

    @Option(names = "--svg", description = "also write each trend chart as SVG")
    boolean svg;

    @CommandLine.Mixin
    HistoryOptions history;

    @Option(names = "--keep-galleries", paramLabel = "N", description = "remove the galleries (index.html, charts/) of all but the newest N runs; their data stays, "
            + "listed and on the trends, and 'report' renders any of them again (default: 0, keep every gallery)")
    int keepGalleries;

    @Override
    public Integer call() {
        if (keepGalleries < 0) {
            throw new ExitException(ExitException.BAD_INPUT, "--keep-galleries " + keepGalleries + ": a count of runs cannot be negative"
                    + "\n  fix: give 0 to keep every gallery, or N > 0 to keep the newest N");
        }
        if (!Files.isDirectory(site)) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot index " + site + ": no such folder"
                    + "\n  fix: name a folder that holds results folders (each with raw.csv and run.json), such as a site made by make publish");
        }
        Report.Indexed r;
        try {
            r = Report.index(site, svg, keepGalleries, history.finder(), history.watchTarget(), history.byRunner);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot index " + site + ": " + e.getMessage()
                    + "\n  fix: name a folder of results folders, writable by this user");
        }
        var out = spec.commandLine().getOut();
        out.printf("jdkmatrix: index of %d run(s) in %s%s%n", r.runs(), r.page(),
                r.galleriesRemoved() > 0 ? "; the galleries of " + r.galleriesRemoved() + " older run(s) removed, their data kept" : "");
        r.passedOver().forEach(why -> out.println("jdkmatrix: passed over " + why));
        out.flush();
        return 0;
    }
}
