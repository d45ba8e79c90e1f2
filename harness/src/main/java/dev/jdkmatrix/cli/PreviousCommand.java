package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * The run a new one is compared with on a published site: the newest run already there of the same
 * runner class ({@link RunMetadata#runnerClass()}: CPU model and count and engine, or the class the
 * team named), so that a night is never measured against another machine's numbers.
 */
@Command(name = "previous", mixinStandardHelpOptions = true,
        description = "Print the folder of the newest run already in SITE (by start) of NEW_DIR's runner class (CPU model and count and "
                + "engine, or the class the team named); print nothing when there is none; a run whose run.json cannot be read, or dated more than a day after this machine's clock, is passed over by name. "
                + "make publish compares with it.")
public final class PreviousCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SITE")
    Path site;

    @Parameters(index = "1", paramLabel = "NEW_DIR")
    Path current;

    @Override
    public Integer call() {
        Path json = dev.jdkmatrix.results.format.ResultsFolder.at(current).requireRunJson(null).runJsonFile();
        Started now;
        try {
            now = Started.read(current);
        } catch (IOException | RuntimeException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read " + json + ": " + oneLine(e)
                    + "\n  fix: name a results folder whose run.json 'run' or 'merge' wrote (its started_at a time)");
        }
        Path best = null;
        java.time.Instant bestStart = null;
        java.util.List<String> otherClasses = new java.util.ArrayList<>();
        var err = spec.commandLine().getErr();
        for (Path d : folders()) {
            Path j = d.resolve(dev.jdkmatrix.results.format.ResultsFolder.RUN_JSON);
            if (!Files.isRegularFile(j) || d.toAbsolutePath().normalize().equals(current.toAbsolutePath().normalize())) continue;
            Started run;
            try {
                run = Started.read(d);
            } catch (IOException | RuntimeException e) {
                err.println("jdkmatrix: passed over " + d.getFileName() + ": its run.json cannot be read (" + oneLine(e) + ")");
                continue;
            }
            if (!run.meta().runnerClass().equals(now.meta().runnerClass())) {
                otherClasses.add(d.getFileName().toString());
                continue;
            }
            if (run.at().isAfter(java.time.Instant.now().plus(dev.jdkmatrix.history.Nights.FUTURE))) { // a wrong clock: it would be every later night's previous
                err.println("jdkmatrix: passed over " + d.getFileName() + ": its run.json's started_at " + run.at() + " is in the future (more than a day after this "
                        + "machine's clock)");
                continue;
            }
            if (bestStart == null || run.at().isAfter(bestStart)) {
                best = d;
                bestStart = run.at();
            }
        }
        if (best != null) spec.commandLine().getOut().println(best);
        if (best == null && !otherClasses.isEmpty()) {
            err.println("jdkmatrix: no run of this runner class (" + now.meta().runnerClass() + ") in " + site + "; "
                    + otherClasses.size() + " of other machines, not compared with");
        }
        spec.commandLine().getOut().flush();
        err.flush();
        return 0;
    }

    /** A run as its run.json says it, and when it started. */
    private record Started(RunMetadata meta, java.time.Instant at) {
        static Started read(Path dir) throws IOException {
            RunMetadata m = dev.jdkmatrix.results.format.ResultsFolder.at(dir).meta();
            return new Started(m, java.time.Instant.parse(m.startedAt()));
        }
    }

    /** The site's folders, in name order; none where the site is not a folder yet (a first night). */
    private java.util.List<Path> folders() {
        if (!Files.isDirectory(site)) return java.util.List.of();
        try (var dirs = Files.list(site)) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot list the runs in " + site + ": " + e.getMessage() + "\n  fix: name a readable site folder");
        }
    }

    private static String oneLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }
}
