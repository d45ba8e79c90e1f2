package dev.jdkmatrix.workloads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

/**
 * Mixed work: each task waits {@code wait-ms} (as on the network), then computes for about
 * {@code compute-ms} (SplitMix64 over a count of iterations calibrated on the main thread
 * before the timed span, and recorded as {@code iterations_per_ms}).
 */
public record Mixed(long waitMs, long computeMs, long[] perMs) implements Workload {
    public Mixed {
        if (waitMs < 0) throw new IllegalArgumentException("mixed: --wait-ms must be >= 0, got " + waitMs);
        if (computeMs < 0) throw new IllegalArgumentException("mixed: --compute-ms must be >= 0, got " + computeMs);
    }
    Mixed(long waitMs, long computeMs) {
        this(waitMs, computeMs, new long[1]);
    }
    /** The compute loop's calibration before the timed span, ms. */
    static final double CALIBRATION_MS = 150;
    public static final Descriptor DESCRIPTOR = new Descriptor("mixed", "each task waits, then computes: where virtual threads start to pay (write-ups 1 and 4)", "sampled tasks recomputed; metric iterations_per_ms",
            List.of(Descriptor.Param.whole("wait-ms", 30, 0, "how long each task waits first, ms"),
                    Descriptor.Param.whole("compute-ms", 10, 0, "CPU time each task then computes, ms")),
            false, Descriptor.Sidecar.NONE, false, Set.of(),
            s -> Math.max(s.waves(s.threads()) * s.param("wait-ms"), s.tasks() * s.param("compute-ms") / s.cpuQuota())
                    + CALIBRATION_MS + s.spawnMillis(),
            p -> new Mixed(p.whole("wait-ms"), p.whole("compute-ms")));
    public String name() { return "mixed"; }
    public Map<String, String> params() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("compute-ms", Long.toString(computeMs));
        p.put("wait-ms", Long.toString(waitMs));
        return p;
    }
    public void prepare() {
        perMs[0] = calibrate();
    }
    /** Warms the loop of {@link #hash}, then counts its iterations per millisecond over about 100 ms. */
    static long calibrate() {
        hash(0, 2_000_000);
        long n = 0;
        long t0 = System.nanoTime();
        long elapsed;
        do {
            hash(n, 100_000);
            n += 100_000;
            elapsed = System.nanoTime() - t0;
        } while (elapsed < 100_000_000L);
        return Math.max(1, n * 1_000_000 / elapsed);
    }
    long iterations() {
        return computeMs * perMs[0];
    }
    static long hash(long seed, long iterations) {
        SplittableRandom random = new SplittableRandom(seed);
        long x = 0;
        for (long i = 0; i < iterations; i++) x ^= random.nextLong();
        return x;
    }
    public Callable<Long> task(int index) {
        return () -> {
            Thread.sleep(waitMs);
            return hash(index, iterations());
        };
    }
    public Map<String, Long> metrics() { return Map.of("iterations_per_ms", perMs[0]); }
    public String check(long[] results) {
        for (int i = 0; i < results.length; i += Math.max(1, results.length / 4)) {
            if (results[i] != hash(i, iterations())) return "task " + i + " hash " + results[i] + " != recomputed";
        }
        return null;
    }
}
