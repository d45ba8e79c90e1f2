package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.engine.Docker;
import dev.jdkmatrix.engine.Prune;
import dev.jdkmatrix.matrix.Durations;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** Removes what jdkmatrix left on the engine and no live session uses; says what it removed and what it kept, and why. */
@Command(name = "prune", mixinStandardHelpOptions = true,
        description = "Remove from the engine the containers of jdkmatrix sessions that are gone and the run images no container uses "
                + "(with --all the JDK images too, which the next run builds again). A live session's images are held by it and kept.")
public final class PruneCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--all", description = "remove the JDK images too (jdkmatrix/jdk-*, built again from their Dockerfile or folder when next used)")
    boolean all;

    @Option(names = "--dry-run", description = "say what would be removed, remove nothing")
    boolean dryRun;

    @Option(names = "--older-than", paramLabel = "DURATION", description = "remove the containers of sessions of other hosts created longer ago than this "
            + "(their process cannot be seen from here; default: ${DEFAULT-VALUE})", defaultValue = "24h")
    String olderThan;

    @Override
    public Integer call() {
        Duration age;
        try {
            age = Durations.parse(olderThan);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, "--older-than: " + e.getMessage() + "\n  fix: pass a duration such as 24h or 90m");
        }
        Docker.checkNamedEngine();
        Prune.Result r = Prune.prune(Docker.connect(), all, dryRun, age);
        PrintWriter out = spec.commandLine().getOut();
        String verb = dryRun ? "would remove" : "removed";
        for (String line : r.removed()) out.println(verb + " " + line);
        for (String line : r.kept()) out.println("kept " + line);
        out.printf("prune: %s %d, kept %d%s%n", verb, r.removed().size(), r.kept().size(), all ? "" : " (JDK images are kept without --all)");
        out.flush();
        return 0;
    }
}
