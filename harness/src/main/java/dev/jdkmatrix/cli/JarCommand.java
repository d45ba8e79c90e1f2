package dev.jdkmatrix.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jdkmatrix jar app.jar --jdk 21,25 -- ARGS}: any runnable jar on some JDKs, its wall time (or a figure its output prints) compared. */
@Command(name = "jar", mixinStandardHelpOptions = true, description = {
        "Run any runnable jar on JDKs, with no matrix file: java -jar JAR ARGS on each JDK once a round, back to back, each run a fresh container; "
                + "the figure is the JVM's wall time from start to exit, or the number --result-regex finds in its output. The matrix it ran is "
                + "written into the results folder, and the run ends with its answer.",
        "Exit 0 when every run is ok, 1 when some failed, 2 for bad input, 3 when Docker is missing."})
public final class JarCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "JAR", description = "a jar whose manifest names its Main-Class")
    Path jar;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "the program's arguments, after --")
    List<String> args = new ArrayList<>();

    @Option(names = "--result-regex", paramLabel = "REGEX", description = "read the figure from the program's output: the regex's first group, "
            + "e.g. 'in (\\d+(?:\\.\\d+)?) ms' (default: the JVM's wall time)")
    String regex;

    @Option(names = "--result-unit", paramLabel = "UNIT", description = "the unit of the figure --result-regex reads (default: ${DEFAULT-VALUE})", defaultValue = "ms")
    String unit;

    @Option(names = "--higher-is-better", description = "the figure --result-regex reads is a throughput: higher is better (default: a time, lower is better)")
    boolean higher;

    @Mixin
    OwnJarOptions own;

    @Override
    public Integer call() {
        return own.run(OwnJarOptions.name("jar", jar), entry(), spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** The matrix's workload entry: the jar, its arguments, how its figure is read. */
    List<String> entry() {
        String path = OwnJarOptions.jar(jar, "jar");
        String name = OwnJarOptions.name("jar", jar);
        List<String> entry = new ArrayList<>(List.of("- name: " + OwnJarOptions.q(name.substring(4)), "  kind: jar", "  jar: " + OwnJarOptions.q(path)));
        if (!args.isEmpty()) entry.add("  args: " + OwnJarOptions.list(args));
        if (regex != null) {
            entry.add("  result: { regex: " + OwnJarOptions.q(regex) + ", unit: " + OwnJarOptions.q(unit) + ", better: " + (higher ? "higher" : "lower") + " }");
        }
        return entry;
    }
}
