package dev.jdkmatrix.workloads;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** SEEDS B, write-up 2: {@code sum += (i * 37L) % 11} for {@code iterations} values of i. */
public record CpuLoop(long iterations) implements Workload {
    public CpuLoop {
        if (iterations < 1) throw new IllegalArgumentException("cpu-loop: --iterations must be >= 1, got " + iterations);
    }
    /** Single-CPU ms per million iterations (results/reference). */
    static final double MS_PER_MILLION = 2.2;
    public static final Descriptor DESCRIPTOR = new Descriptor("cpu-loop", "each task sums (i * 37) % 11 over a loop (write-up 2)", "every sum equals the closed form",
            List.of(Descriptor.Param.whole("iterations", 200_000, 1, "loop iterations per task")),
            false, Descriptor.Sidecar.NONE, false, Set.of(),
            s -> s.cpuMillis(s.param("iterations") / 1e6 * MS_PER_MILLION),
            p -> new CpuLoop(p.whole("iterations")));
    public String name() { return "cpu-loop"; }
    public Map<String, String> params() { return Map.of("iterations", Long.toString(iterations)); }
    public Callable<Long> task(int index) {
        return () -> {
            long sum = 0;
            for (long i = 0; i < iterations; i++) {
                sum += (i * 37L) % 11;
            }
            return sum;
        };
    }
    /** Closed form: (i*37) mod 11 cycles through a permutation of 0..10 every 11 values. */
    long expected() {
        long full = iterations / 11;
        long sum = full * 55;
        for (long i = full * 11; i < iterations; i++) sum += (i * 37L) % 11;
        return sum;
    }
    public String check(long[] results) { return Checks.allEqual(results, expected(), "loop sum"); }
}
