package dev.jdkmatrix.workloads;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

/**
 * SEEDS B, write-up 4: XOR of {@code iterations} random longs. Uses {@link SplittableRandom}
 * seeded by the task index instead of ThreadLocalRandom (the same SplitMix64 generator,
 * but seedable), so that the checksum is the same on every JDK and can be checked.
 */
public record CpuHash(long iterations) implements Workload {
    public CpuHash {
        if (iterations < 1) throw new IllegalArgumentException("cpu-hash: --iterations must be >= 1, got " + iterations);
    }
    /** Single-CPU ms per million random longs (results/reference). */
    static final double MS_PER_MILLION = 2.55;
    public static final Descriptor DESCRIPTOR = new Descriptor("cpu-hash", "each task XORs random longs from a seeded SplittableRandom (write-up 4)", "sampled tasks recomputed",
            List.of(Descriptor.Param.whole("iterations", 1_000_000, 1, "random longs per task")),
            false, Descriptor.Sidecar.NONE, false, Set.of(),
            s -> s.cpuMillis(s.param("iterations") / 1e6 * MS_PER_MILLION),
            p -> new CpuHash(p.whole("iterations")));
    public String name() { return "cpu-hash"; }
    public Map<String, String> params() { return Map.of("iterations", Long.toString(iterations)); }
    public Callable<Long> task(int index) {
        return () -> hash(index);
    }
    long hash(int index) {
        SplittableRandom random = new SplittableRandom(index);
        long x = 0;
        for (long i = 0; i < iterations; i++) x ^= random.nextLong();
        return x;
    }
    public String check(long[] results) {
        // Recompute a sample of tasks on this thread and compare.
        for (int i = 0; i < results.length; i += Math.max(1, results.length / 4)) {
            if (results[i] != hash(i)) return "task " + i + " hash " + results[i] + " != recomputed " + hash(i);
        }
        return null;
    }
}
