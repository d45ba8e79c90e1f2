package dev.jdkmatrix.matrix;

import dev.jdkmatrix.workloads.Descriptor;
import dev.jdkmatrix.workloads.ExecutorSpec;
import java.time.Duration;
import java.util.List;

/**
 * A rough duration model for {@code plan}: container and JVM start, plus the run's own time. A
 * built-in workload's comes from its descriptor's cost model; a JMH benchmark's from its forks,
 * iterations and iteration times (the jmh-args, else its annotations, else JMH's defaults); a
 * jar's is not known before it runs, so {@link #JAR_MS} is assumed. An estimate for planning
 * only; results never use it.
 */
public final class Estimate {

    /*
     * Calibrated on results/reference (2 vCPUs Xeon 2.5 GHz, JDK 21 and 25, medians of 5):
     * container create/start/remove and JVM start beyond the workload's own time, per run.
     */
    static final double OVERHEAD_MS = 700;
    /** A JMH fork's JVM start and JMH's own set-up, beyond its iterations. */
    static final double JMH_FORK_MS = 700;
    /** JMH's defaults (1.37): 5 forks of 5 warm-up and 5 measurement iterations of 10 s. */
    static final long JMH_FORKS = 5, JMH_ITERATIONS = 5, JMH_ITERATION_MS = 10_000;
    /** A jar's run, before any of its runs is measured. */
    static final double JAR_MS = 5_000;

    private Estimate() {}

    public static Duration of(List<PlannedRun> runs) {
        double ms = 0;
        for (PlannedRun r : runs) ms += runMillis(r.cell());
        return Duration.ofMillis(Math.round(ms));
    }

    public static double runMillis(Cell c) {
        return OVERHEAD_MS + Math.min(workMillis(c), c.timeout().toMillis());
    }

    static double workMillis(Cell c) {
        return switch (c.kind()) {
            case WorkloadKind.Builtin b -> b.descriptor().cost().millis(new Descriptor.Shape(ExecutorSpec.parse(c.executor()), c.tasks(),
                    c.cpus().value(), c.cpus().visibleProcessors(), jdkFeature(c.jdk()), c.params()));
            case WorkloadKind.Jmh j -> jmhMillis(j);
            case WorkloadKind.Jar j -> JAR_MS;
        };
    }

    /** Forks x (start + warm-up and measurement iterations): the jmh-args, else the benchmark's annotations, else JMH's defaults. */
    static double jmhMillis(WorkloadKind.Jmh j) {
        JmhJar.Benchmark b = j.listed();
        if (j.warmup() instanceof WorkloadKind.Jmh.Warmup.UntilSteady u) { // at most: the bound's iterations in one fork
            return JMH_FORK_MS + u.max() * JmhArgs.millis(j.jmhArgs(), "-r", b.iterationMillis().orElse(JMH_ITERATION_MS));
        }
        long forks = JmhArgs.count(j.jmhArgs(), "-f", b.forks().orElse(JMH_FORKS));
        long wi = JmhArgs.count(j.jmhArgs(), "-wi", b.warmupIterations().orElse(JMH_ITERATIONS));
        long i = JmhArgs.count(j.jmhArgs(), "-i", b.iterations().orElse(JMH_ITERATIONS));
        long w = JmhArgs.millis(j.jmhArgs(), "-w", b.warmupMillis().orElse(JMH_ITERATION_MS));
        long r = JmhArgs.millis(j.jmhArgs(), "-r", b.iterationMillis().orElse(JMH_ITERATION_MS));
        return Math.max(1, forks) * (JMH_FORK_MS + wi * w + i * r);
    }

    /** The feature version in a JDK's name ("21", "temurin-25"), or 0 when it has none. */
    static int jdkFeature(String jdk) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{2})").matcher(jdk);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
