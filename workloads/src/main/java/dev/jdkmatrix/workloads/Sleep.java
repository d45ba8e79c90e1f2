package dev.jdkmatrix.workloads;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** SEEDS A: each task sleeps {@code wait-ms}. */
public record Sleep(long waitMs) implements Workload {
    public Sleep {
        if (waitMs < 0) throw new IllegalArgumentException("sleep: --wait-ms must be >= 0, got " + waitMs);
    }
    public static final Descriptor DESCRIPTOR = new Descriptor("sleep", "each task sleeps: pools run waves, virtual threads about one (write-ups 1, 2 and 3)", "every task completed",
            List.of(Descriptor.Param.whole("wait-ms", 100, 0, "how long each task sleeps, ms")),
            false, Descriptor.Sidecar.NONE, false, Set.of(Descriptor.Trait.DUET),
            s -> s.waves(s.threads()) * s.param("wait-ms") + s.spawnMillis(),
            p -> new Sleep(p.whole("wait-ms")));
    public String name() { return "sleep"; }
    public Map<String, String> params() { return Map.of("wait-ms", Long.toString(waitMs)); }
    public Callable<Long> task(int index) {
        return () -> {
            Thread.sleep(waitMs);
            return 1L;
        };
    }
    public String check(long[] results) { return Checks.allEqual(results, 1L, "task result"); }
}
