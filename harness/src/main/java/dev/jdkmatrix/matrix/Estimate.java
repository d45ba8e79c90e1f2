package dev.jdkmatrix.matrix;

import dev.jdkmatrix.workloads.ExecutorSpec;
import java.time.Duration;
import java.util.List;

/**
 * A rough duration model for {@code plan}: container and JVM start, plus the workload's own
 * time from theory (waves of sleeps) or from per-task costs measured on a 2-CPU machine.
 * An estimate for planning only; results never use it.
 */
public final class Estimate {

    /** Container create/start/remove plus JVM start, per run, measured here. */
    static final double OVERHEAD_MS = 1200;
    /** Single-CPU costs in milliseconds, measured on this project's machine (Xeon 2.5 GHz, JDK 25). */
    static final double PRIMES_MS_PER_MILLION_LIMIT = 157;
    static final double LOOP_MS_PER_MILLION = 1.5;
    static final double HASH_MS_PER_MILLION = 2.1;
    static final double SPAWN_MS_PER_TASK = 0.004;

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
        int cpus = c.cpus().visibleProcessors();
        double quota = c.cpus().value();
        ExecutorSpec ex = ExecutorSpec.parse(c.executor());
        int threads = switch (ex) {
            case ExecutorSpec.Fixed f -> f.size() == 0 ? cpus : f.size();
            case ExecutorSpec.ForkJoin f -> f.parallelism() == 0 ? cpus : f.parallelism();
            default -> c.tasks();
        };
        double spawn = c.tasks() * SPAWN_MS_PER_TASK / quota;
        return switch (c.workload()) {
            case "sleep" -> waves(c.tasks(), threads) * param(c, "wait-ms") + spawn;
            case "pinning" -> {
                boolean pins = c.params().get("lock").equals("synchronized") && ex instanceof ExecutorSpec.Virtual && jdkPins(c);
                int parallel = pins ? cpus : threads;
                yield waves(c.tasks(), parallel) * param(c, "hold-ms") + spawn;
            }
            case "cpu-primes" -> c.tasks() * Math.pow(param(c, "limit") / 1e6, 1.5) * PRIMES_MS_PER_MILLION_LIMIT / Math.min(quota, threads);
            case "cpu-loop" -> c.tasks() * param(c, "iterations") / 1e6 * LOOP_MS_PER_MILLION / Math.min(quota, threads);
            case "cpu-hash" -> c.tasks() * param(c, "iterations") / 1e6 * HASH_MS_PER_MILLION / Math.min(quota, threads);
            default -> 1000;
        };
    }

    private static boolean jdkPins(Cell c) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{2})").matcher(c.jdk());
        return !m.find() || Integer.parseInt(m.group(1)) < 24;
    }

    private static long waves(int tasks, int threads) {
        return (tasks + threads - 1) / Math.max(1, threads);
    }

    private static double param(Cell c, String key) {
        return Double.parseDouble(c.params().get(key));
    }
}
