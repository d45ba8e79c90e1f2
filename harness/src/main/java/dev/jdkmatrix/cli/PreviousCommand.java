package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RunJson;
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
                + "engine, or the class the team named); print nothing when there is none. make publish compares with it.")
public final class PreviousCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SITE")
    Path site;

    @Parameters(index = "1", paramLabel = "NEW_DIR")
    Path current;

    @Override
    public Integer call() {
        try {
            Path json = current.resolve(dev.jdkmatrix.results.format.ResultsFiles.RUN_JSON);
            if (!Files.isRegularFile(json)) {
                throw new ExitException(ExitException.BAD_INPUT, current + " has no run.json\n  fix: name a results folder written by 'run' or 'merge'");
            }
            RunMetadata now = RunJson.read(json);
            Path best = null;
            String bestStart = null;
            java.util.List<String> otherClasses = new java.util.ArrayList<>();
            if (Files.isDirectory(site)) {
                try (var dirs = Files.list(site)) {
                    for (Path d : dirs.sorted().toList()) {
                        Path j = d.resolve(dev.jdkmatrix.results.format.ResultsFiles.RUN_JSON);
                        if (!Files.isRegularFile(j) || d.toAbsolutePath().normalize().equals(current.toAbsolutePath().normalize())) continue;
                        RunMetadata m = RunJson.read(j);
                        if (!m.runnerClass().equals(now.runnerClass())) {
                            otherClasses.add(d.getFileName().toString());
                            continue;
                        }
                        if (bestStart == null || m.startedAt().compareTo(bestStart) > 0) {
                            best = d;
                            bestStart = m.startedAt();
                        }
                    }
                }
            }
            if (best != null) spec.commandLine().getOut().println(best);
            if (best == null && !otherClasses.isEmpty()) {
                spec.commandLine().getErr().println("jdkmatrix: no run of this runner class (" + now.runnerClass() + ") in " + site + "; "
                        + otherClasses.size() + " of other machines, not compared with");
            }
            spec.commandLine().getOut().flush();
            return 0;
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read the runs in " + site + ": " + e.getMessage());
        }
    }
}
