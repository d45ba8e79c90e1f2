package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.history.Acceptance;
import dev.jdkmatrix.history.Change;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.Nights;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** A change the team accepts as expected: kept in the site, shown as accepted, never failed on again. */
@Command(name = "accept", mixinStandardHelpOptions = true,
        description = "Accept a change of SITE's history as expected: the site keeps it (accepted.json), the index, the job summary and the history's "
                + "table show it as accepted, and 'history --fail-on-regression' no longer fails on it. --figure and --night name it as the index does "
                + "(a part of the figure's label; the first night after the change: its folder, run id or date). Refused, with the changes there are, "
                + "when it names none.")
public final class AcceptCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SITE", description = "a folder of published nights (make publish)")
    Path site;

    @Option(names = "--figure", required = true, paramLabel = "TEXT", description = "the figure's label on the index, or a part of it (every change it names is accepted)")
    String figure;

    @Option(names = "--night", required = true, paramLabel = "NIGHT", description = "the first night after the change: its folder, run id or date (a night either side counts)")
    String night;

    @Option(names = "--note", required = true, paramLabel = "TEXT", description = "why the change is expected (the index shows it)")
    String note;

    @Option(names = "--by", paramLabel = "NAME", description = "who accepts it (default: $GITHUB_ACTOR, else $USER)")
    String by;

    @Option(names = "--how", paramLabel = "TEXT", description = "how it was accepted, as the site records it (default: ${DEFAULT-VALUE})", defaultValue = "jdkmatrix accept")
    String how;

    @Mixin
    HistoryOptions options;

    @Override
    public Integer call() {
        if (!Files.isDirectory(site)) {
            throw new ExitException(ExitException.BAD_INPUT, "no site " + site + ": no such folder\n  fix: name a site of published nights (make publish SITE=dir NEW=dir)");
        }
        PrintWriter out = spec.commandLine().getOut();
        try {
            Nights.Read read = Nights.read(site);
            String who = by != null ? by : System.getenv().getOrDefault("GITHUB_ACTOR", System.getenv().getOrDefault("USER", ""));
            Acceptance a;
            try {
                a = new Acceptance(figure.strip(), night.strip(), note.strip(), who, java.time.Instant.now().toString(), how);
            } catch (IllegalArgumentException e) {
                throw new ExitException(ExitException.BAD_INPUT, e.getMessage() + "\n  fix: copy the figure and the night from the index's table of changes");
            }
            // the history with this acceptance alone: its changes are the site's (an acceptance finds none), those it covers marked
            History with = History.of(new Nights.Read(read.nights(), read.skipped(), List.of(a)), options.finder(), options.watchTarget(), options.byRunner);
            List<Change> covered = with.changes().stream().filter(c -> !with.acceptedText(c).isEmpty()).toList();
            if (covered.isEmpty()) {
                StringBuilder there = new StringBuilder();
                with.changes().forEach(c -> there.append("\n    ").append(c.after().folder()).append(" (").append(c.after().date()).append("): ").append(c.figure().label()));
                throw new ExitException(ExitException.BAD_INPUT, "no change of " + site + "'s history has a figure with '" + figure + "' in its label and its first night "
                        + "after it at '" + night + "' (or a night either side)\n  fix: name one of its " + with.changes().size() + " change(s)" + there);
            }
            Acceptance.add(site, a);
            out.printf("jdkmatrix: accepted %d change(s) in %s (%s): %s%n", covered.size(), site.resolve(Acceptance.FILE), a.text(),
                    String.join("; ", covered.stream().map(c -> c.after().folder() + " " + c.figure().label() + " " + c.sizeText()).toList()));
            out.flush();
            return 0;
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot accept in " + site + ": " + e.getMessage() + "\n  fix: a readable, writable site of published nights");
        }
    }
}
