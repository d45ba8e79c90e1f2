package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.Merge;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Builds one results folder from the folders of a plan's shards. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = "Merge results folders (the shards of one plan) into one: every raw row once, summaries recomputed, run.json listing every source.")
public final class MergeCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", required = true, description = "the merged results folder (new)")
    Path out;

    @Option(names = "--runner-class", paramLabel = "NAME", description = "the name of the machines the merged night ran on, as the team calls them "
            + "(a testbed): a history follows its nights as one series (default: the class the folders named, else their CPU count and engine)")
    String runnerClass;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "results folders to merge")
    List<Path> sources;

    @Override
    public Integer call() {
        try {
            List<String> notes = new java.util.ArrayList<>();
            RunMetadata m = Merge.merge(sources, out, notes::add, runnerClass == null ? null : RunCommand.runnerClass(runnerClass));
            notes.forEach(n -> spec.commandLine().getOut().println("jdkmatrix: note: " + n));
            spec.commandLine().getOut().printf("jdkmatrix: merged %d folders, %d runs of %d cells into %s%n", sources.size(), m.plan().runs(),
                    m.plan().cells(), out);
            java.util.List<String> engines = m.mergedFrom().stream().map(RunMetadata.Source::engine).filter(e -> !e.isEmpty()).distinct().toList();
            if (engines.size() > 1) {
                spec.commandLine().getOut().printf("jdkmatrix: note: the folders ran on %d engines (%s): each cell's runs come from one of them, "
                        + "so two cells on different engines compare two machines%n", engines.size(), String.join("; ", engines));
            }
            spec.commandLine().getOut().flush();
            return 0;
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot merge into " + out + ": " + e.getMessage() + "\n  fix: check the folders and permissions");
        }
    }
}
