package dev.jdkmatrix.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jdkmatrix jmh benchmarks.jar --jdk 21,25}: one's own JMH benchmarks on some JDKs, no matrix file; ends with the answer. */
@Command(name = "jmh", mixinStandardHelpOptions = true, description = {
        "Run your JMH benchmarks jar on JDKs, with no matrix file: each benchmark on each JDK once a round, back to back, each run a fresh container; "
                + "the matrix it ran is written into the results folder (to edit and run again), and the run ends with its answer.",
        "Exit 0 when every run is ok, 1 when some failed, 2 for bad input, 3 when Docker is missing."})
public final class JmhCommand implements Callable<Integer> {

    /** JMH's own options where none are given: 1 fork (each repetition is a fork of its own), 3 warm-up and 5 measured iterations of 1 s. */
    static final String DEFAULT_JMH_ARGS = "-f 1 -wi 3 -i 5 -w 1s -r 1s";

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "JAR", description = "your JMH project's shaded benchmarks jar (target/benchmarks.jar after mvn package)")
    Path jar;

    @Option(names = "--benchmarks", paramLabel = "REGEX", description = "the benchmarks to run, as JMH's own argument selects them (default: all of the jar's)")
    String benchmarks;

    @Option(names = "--jmh-args", paramLabel = "ARGS", description = "JMH's options, as one string (default: '" + DEFAULT_JMH_ARGS + "'; "
            + "JMH's own defaults, 5 forks of 5 warm-up and 5 measured 10 s iterations, take about 8 minutes a benchmark a repetition)")
    String jmhArgs;

    @Mixin
    OwnJarOptions own;

    @Override
    public Integer call() {
        List<String> entry = entry();
        if (jmhArgs == null) spec.commandLine().getOut().println("jdkmatrix: JMH runs with " + DEFAULT_JMH_ARGS + " (--jmh-args to change it)");
        return own.run(OwnJarOptions.name("jmh", jar), entry, spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** JMH's options as --jmh-args gives them in one string (null: {@link #DEFAULT_JMH_ARGS}), a word each. */
    static List<String> jmhArgs(String given) {
        return Arrays.stream((given == null ? DEFAULT_JMH_ARGS : given).strip().split("\\s+")).filter(a -> !a.isEmpty()).toList();
    }

    /** The matrix's workload entry: the jar, the benchmarks, JMH's options. */
    List<String> entry() {
        String path = OwnJarOptions.jar(jar, "jmh");
        List<String> args = jmhArgs(jmhArgs);
        List<String> entry = new ArrayList<>(List.of("- name: " + OwnJarOptions.q(OwnJarOptions.name("jmh", jar).substring(4)), "  kind: jmh", "  jar: " + OwnJarOptions.q(path)));
        if (benchmarks != null && !benchmarks.isBlank()) entry.add("  benchmarks: " + OwnJarOptions.q(benchmarks));
        entry.add("  jmh-args: " + OwnJarOptions.list(args));
        return entry;
    }
}
