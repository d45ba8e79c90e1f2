package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.HistoryCsv;
import dev.jdkmatrix.history.HistoryReport;
import dev.jdkmatrix.history.Night;
import dev.jdkmatrix.history.Nights;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What changed over a site's nights, and when. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = "Find the changes of every figure over the nights of SITE (each cell's median and each within-night comparison's paired ratio, "
                + "one series per fleet of runners, each CPU model's level taken out) by E-Divisive means as Apache Otava computes it, and print them "
                + "with what run.json says changed between the two nights (JDK builds, images, jars, harness commit, CPU model, runner image, kernel, "
                + "engine), and the nights the runner moved every figure together. Exit 1 under --fail-on-regression when tonight confirmed a regression.")
public final class HistoryCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SITE", description = "a folder of published nights (make publish)")
    Path site;

    @Mixin
    HistoryOptions options;

    @Option(names = "--csv", paramLabel = "FILE", description = "also write the changes as CSV (the site's changes.csv has the same columns)")
    Path csv;

    @Option(names = "--figures-csv", paramLabel = "FILE", description = "also write every figure's series: its spread and the step it can show (gzipped when FILE ends in .gz)")
    Path figuresCsv;

    @Option(names = "--markdown", paramLabel = "FILE", description = "append tonight's new and suspected changes as Markdown (e.g. $GITHUB_STEP_SUMMARY)")
    Path markdown;

    @Option(names = "--export", paramLabel = "WHAT", description = "write each night's figures into its folder as Bencher Metric Format JSON ("
            + dev.jdkmatrix.history.BencherJson.FILE + ") and github-action-benchmark's custom JSON (" + dev.jdkmatrix.history.BenchmarkActionJson.SMALLER
            + ", " + dev.jdkmatrix.history.BenchmarkActionJson.BIGGER + "): 'all' nights, "
            + "the 'newest', or one night by its folder's name (make publish EXPORT=1 names the night it publishes)")
    String export;

    @Option(names = "--fail-on-regression", description = "exit 1 when tonight's night confirmed a regression (a change the nights after it hold, not one noisy night)")
    boolean failOnRegression;

    @Override
    public Integer call() {
        if (!Files.isDirectory(site)) {
            throw new ExitException(ExitException.BAD_INPUT, "no history in " + site + ": no such folder\n  fix: name a site of published nights (make publish SITE=dir NEW=dir)");
        }
        if (Files.isRegularFile(site.resolve(dev.jdkmatrix.results.format.ResultsFolder.RUN_JSON))) {
            throw new ExitException(ExitException.BAD_INPUT, site + " is a results folder, not a site: a site is a folder of nights, each a results folder "
                    + "of its own (run.json, raw.csv or raw.csv.gz)\n  fix: make one with make publish SITE=site NEW=" + site + " (a night a publish), then jdkmatrix history site");
        }
        History h;
        try {
            h = History.of(Nights.read(site), options.finder(), options.watchTarget(), options.byRunner);
            if (csv != null) HistoryCsv.writeChanges(csv, h);
            if (figuresCsv != null) HistoryCsv.writeFigures(figuresCsv, h);
            if (markdown != null) Files.writeString(markdown, HistoryReport.markdown(h), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            if (export != null) {
                for (Night n : exported(h)) {
                    for (var format : dev.jdkmatrix.export.Exporters.NIGHT) format.write(n, site.resolve(n.folder()));
                }
            }
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read the history of " + site + ": " + e.getMessage()
                    + "\n  fix: name a readable site of published nights, and writable files for --csv, --markdown and --export");
        }
        var out = spec.commandLine().getOut();
        out.print(HistoryReport.table(h));
        out.flush();
        if (h.nights().isEmpty()) {
            throw new ExitException(ExitException.BAD_INPUT, site + " holds no night: a site is a folder of nights, each a results folder of its own "
                    + "(run.json, raw.csv or raw.csv.gz)\n  fix: add a night with make publish SITE=" + site + " NEW=results/<run>");
        }
        return failOnRegression && !h.newRegressions().isEmpty() ? ExitException.RUNS_FAILED : 0;
    }

    /** The nights --export names: all, the newest (by start), or the one of that folder. */
    private java.util.List<Night> exported(History h) {
        if (export.equals("all")) return h.nights();
        if (export.equals("newest")) return h.nights().stream().max(java.util.Comparator.comparing(Night::started)).stream().toList();
        java.util.List<Night> named = h.nights().stream().filter(n -> n.folder().equals(export)).toList();
        if (named.isEmpty()) {
            throw new ExitException(ExitException.BAD_INPUT, "--export " + export + ": no night of " + site + " has that folder"
                    + "\n  fix: --export all (every night), --export newest, or the name of a night's folder in " + site);
        }
        return named;
    }
}
