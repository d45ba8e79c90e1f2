package dev.jdkmatrix.matrix;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The {@code jmh-args} of a {@code jmh} entry: handed to JMH as they are, except the options
 * jdkmatrix sets per cell itself, which are refused with the matrix key to use instead; and read
 * for {@code plan}'s estimate (forks, iterations, times).
 */
final class JmhArgs {

    /** Options jdkmatrix sets for every run, and what to write instead. */
    static final Map<String, String> OWNED = Map.ofEntries(
            Map.entry("-rf", "jdkmatrix asks JMH for JSON itself and copies it out of the container"),
            Map.entry("-rff", "jdkmatrix asks JMH for JSON itself and copies it out of the container"),
            Map.entry("-o", "JMH's output is kept in the run's log"),
            Map.entry("-p", "set @Param values under params: of the entry; they become axes"),
            Map.entry("-bm", "every mode the benchmark declares is a cell of its own; select cells with exclude:"),
            Map.entry("-prof", "list profilers under profilers: of the entry"),
            Map.entry("-jvmArgs", "write JVM options under jvm-args:; they reach JMH's forks"),
            Map.entry("-jvmArgsAppend", "write JVM options under jvm-args:; they reach JMH's forks"),
            Map.entry("-jvmArgsPrepend", "write JVM options under jvm-args:; they reach JMH's forks"),
            Map.entry("-jvm", "the JVM is the cell's JDK"),
            Map.entry("-e", "select benchmarks with benchmarks: (a regex) and exclude:"),
            Map.entry("-l", "'make plan' lists the benchmarks"),
            Map.entry("-lp", "'make plan' lists the benchmarks and their params"),
            Map.entry("-lprof", "run 'java -jar your.jar -lprof' outside jdkmatrix"),
            Map.entry("-lrf", "run 'java -jar your.jar -lrf' outside jdkmatrix"),
            Map.entry("-h", "run 'java -jar your.jar -h' outside jdkmatrix"));

    private JmhArgs() {}

    /** Why an argument cannot be handed to JMH, or null when it can. */
    static String refusal(List<String> args, int index) {
        String a = args.get(index);
        if (OWNED.containsKey(a)) return "jmh-args must not set " + a + ": " + OWNED.get(a);
        boolean isValue = index > 0 && args.get(index - 1).startsWith("-") && !OWNED.containsKey(args.get(index - 1));
        if (!a.startsWith("-") && !isValue) {
            return "jmh-args holds '" + a + "', which JMH would read as a benchmark regex: write it under benchmarks: instead";
        }
        return null;
    }

    /** The whole number after {@code flag}, or {@code otherwise}. */
    static long count(List<String> args, String flag, long otherwise) {
        int i = args.lastIndexOf(flag);
        if (i < 0 || i + 1 >= args.size()) return otherwise;
        try {
            return Long.parseLong(args.get(i + 1).strip());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    /** The time after {@code flag} in ms (JMH's forms: 1s, 200ms, 1min), or {@code otherwise}. */
    static long millis(List<String> args, String flag, long otherwise) {
        int i = args.lastIndexOf(flag);
        if (i < 0 || i + 1 >= args.size()) return otherwise;
        try {
            return TimeValue.fromString(args.get(i + 1).strip()).convertTo(TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            return otherwise;
        }
    }
}
