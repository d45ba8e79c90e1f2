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

    /*
     * Calibrated on results/reference (2 vCPUs Xeon 2.5 GHz, JDK 21 and 25, medians of 5):
     * container create/start/remove and JVM start beyond the workload's own time, per run;
     * single-CPU costs per task; creating and scheduling one task on a virtual thread.
     */
    static final double OVERHEAD_MS = 700;
    static final double PRIMES_MS_PER_MILLION_LIMIT = 215;
    static final double LOOP_MS_PER_MILLION = 2.2;
    static final double HASH_MS_PER_MILLION = 2.55;
    static final double SPAWN_MS_PER_TASK = 0.055;

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
        boolean threadPerTask = ex instanceof ExecutorSpec.Virtual || ex instanceof ExecutorSpec.ThreadPerTask || ex instanceof ExecutorSpec.Cached;
        double spawn = threadPerTask ? c.tasks() * SPAWN_MS_PER_TASK / quota : 0;
        return switch (c.workload()) {
            case "sleep" -> waves(c.tasks(), threads) * param(c, "wait-ms") + spawn;
            case "pinning" -> {
                String lock = c.params().get("lock");
                // class-init pins on every JDK; synchronized before JEP 491; object-wait is compensated with more carriers
                boolean pins = ex instanceof ExecutorSpec.Virtual && (lock.equals("class-init") || lock.equals("synchronized") && jdkPins(c));
                int parallel = pins ? cpus : threads;
                yield waves(c.tasks(), parallel) * param(c, "hold-ms") + spawn;
            }
            case "cpu-primes" -> c.tasks() * Math.pow(param(c, "limit") / 1e6, 1.5) * PRIMES_MS_PER_MILLION_LIMIT / Math.min(quota, threads);
            case "cpu-loop" -> c.tasks() * param(c, "iterations") / 1e6 * LOOP_MS_PER_MILLION / Math.min(quota, threads);
            case "cpu-hash" -> c.tasks() * param(c, "iterations") / 1e6 * HASH_MS_PER_MILLION / Math.min(quota, threads);
            case "semaphore" -> waves(c.tasks(), (int) Math.min(threads, param(c, "permits"))) * param(c, "call-ms") + spawn;
            case "threadlocal" -> waves(c.tasks(), threads) * param(c, "wait-ms") + spawn;
            case "mixed" -> Math.max(waves(c.tasks(), threads) * param(c, "wait-ms"), c.tasks() * param(c, "compute-ms") / quota) + MIXED_CALIBRATION_MS + spawn;
            // waves of requests at the mean delay, the parsing CPU, and the stub's start (outside the measured span, inside the run)
            case "http-fanout" -> waves(c.tasks(), threads) * (param(c, "min-ms") + param(c, "max-ms")) / 2 + c.tasks() * param(c, "parse-ms") / quota
                    + MIXED_CALIBRATION_MS + UPSTREAM_START_MS + spawn;
            case "footprint" -> threadPerTask ? c.tasks() * (ex instanceof ExecutorSpec.Virtual ? SPAWN_MS_PER_TASK : PLATFORM_START_MS) / quota : 0;
            default -> 1000;
        };
    }

    /** The mixed workload calibrates its compute loop for about 100 ms before the timed span. */
    static final double MIXED_CALIBRATION_MS = 150;
    /** Starting the upstream stub of http-fanout (a container and a JVM) and its network. */
    static final double UPSTREAM_START_MS = 1500;
    /** Starting and parking a platform thread, CPU-ms: 10,000 took 18 s at 2 CPUs in the reference run. */
    static final double PLATFORM_START_MS = 3.6;

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
