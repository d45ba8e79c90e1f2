package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Names the runner class of a run already made, as {@code run --runner-class} would have: make
 * publish does it for a night it publishes when told (RUNNER_CLASS=NAME), so that a team names its
 * testbed where it publishes, not only where it runs.
 */
@Command(name = "label", mixinStandardHelpOptions = true,
        description = "Name the runner class of a results folder's run (run.json's named_class), as run --runner-class would have: a history "
                + "follows the nights of one name as one series, whatever CPU models they ran on. make publish RUNNER_CLASS=NAME does it.")
public final class LabelCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--runner-class", paramLabel = "NAME", required = true, description = "the name of the machines the run measured on, as the team calls them")
    String runnerClass;

    @Parameters(index = "0", paramLabel = "DIR", description = "a results folder written by 'run' or 'merge'")
    Path dir;

    @Override
    public Integer call() {
        String name = RunCommand.runnerClass(runnerClass);
        dev.jdkmatrix.results.format.ResultsFolder folder = dev.jdkmatrix.results.format.ResultsFolder.at(dir).requireRunJson(null);
        try {
            RunMetadata m = folder.meta();
            folder.writeRunJson(m.withNamedClass(name));
            spec.commandLine().getOut().printf("jdkmatrix: %s runner class %s (was %s)%n", dir, name, m.runnerClass());
            spec.commandLine().getOut().flush();
            return 0;
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot name the runner class of " + dir + ": " + e.getMessage()
                    + "\n  fix: name a results folder whose run.json is readable and writable");
        }
    }
}
