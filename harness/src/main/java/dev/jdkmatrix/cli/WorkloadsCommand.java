package dev.jdkmatrix.cli;

import dev.jdkmatrix.workloads.Descriptor;
import dev.jdkmatrix.workloads.Workloads;
import java.io.PrintWriter;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Prints the built-in workloads from their descriptors as the Markdown table of docs/workloads.md (a test
 * holds the two equal), followed by the other kinds a matrix may name.
 */
@Command(name = "workloads", mixinStandardHelpOptions = true,
        description = "List the built-in workloads with their params and defaults (Markdown, as in docs/workloads.md), and the other kinds: jmh, jar.")
public final class WorkloadsCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(table());
        out.println();
        out.println("Your own workloads are entries with a kind (docs/workloads.md):");
        out.println("  kind: jmh   a JMH uber-jar: a cell per benchmark, mode and @Param set; the score in JMH's unit");
        out.println("  kind: jar   any runnable jar or main class with ${param} arguments; its wall time, a JDKMATRIX-RESULT record or a result regex");
        out.flush();
        return 0;
    }

    /** The table of docs/workloads.md: one row per built-in workload, in {@link Workloads#ALL}'s order. */
    public static String table() {
        StringBuilder b = new StringBuilder();
        b.append("| workload | each run | params: default, what | checks | JFR | sidecar | `--parallel auto` | `order: auto` |\n");
        b.append("|---|---|---|---|---|---|---|---|\n");
        for (Descriptor d : Workloads.ALL) {
            StringJoiner params = new StringJoiner("<br>");
            for (Descriptor.Param p : d.params()) {
                params.add("`" + p.name() + "`: " + (p.choices().isEmpty() ? p.defaultValue() : "`" + p.defaultValue() + "` (" + String.join(" \\| ", p.choices()) + ")")
                        + ", " + p.summary());
            }
            b.append("| `").append(d.name()).append("` | ").append(d.summary()).append(" | ").append(params.length() == 0 ? "none" : params.toString())
                    .append(" | ").append(d.check()).append(" | ").append(d.jfrByDefault() ? "on" : "off")
                    .append(" | ").append(switch (d.sidecar()) {
                        case NONE -> "none";
                        case HTTP_UPSTREAM -> "upstream stub";
                    }).append(" | ").append(d.packable() ? "packed" : "serial")
                    .append(" | ").append(d.traits().contains(Descriptor.Trait.DUET) ? "duet" : "blocked").append(" |\n");
        }
        return b.toString();
    }
}
