package dev.jdkmatrix.workloads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * SEEDS E, write-up 1: limit the scarce thing, not the threads. A {@code Semaphore(permits)}
 * guards a partner call of {@code call-ms}; the workload records the most holders seen at once.
 */
public record SemaphoreLimit(int permits, long callMs, java.util.concurrent.Semaphore semaphore, Gauge holders) implements Workload {
    public SemaphoreLimit {
        if (permits < 1) throw new IllegalArgumentException("semaphore: --permits must be >= 1, got " + permits);
        if (callMs < 0) throw new IllegalArgumentException("semaphore: --call-ms must be >= 0, got " + callMs);
    }
    SemaphoreLimit(int permits, long callMs) {
        this(permits, callMs, new java.util.concurrent.Semaphore(permits), new Gauge());
    }
    public static final Descriptor DESCRIPTOR = new Descriptor("semaphore", "a Semaphore guards a slow partner call: limit the scarce thing, not the threads (write-ups 1 and 4)", "the most holders seen at once (metric max_holders) never exceeds permits",
            List.of(Descriptor.Param.whole("permits", 20, 1, "calls allowed at once"),
                    Descriptor.Param.whole("call-ms", 50, 0, "how long each call takes, ms")),
            false, Descriptor.Sidecar.NONE, false, Set.of(),
            s -> s.waves((int) Math.min(s.threads(), s.param("permits"))) * s.param("call-ms") + s.spawnMillis(),
            p -> new SemaphoreLimit(p.wholeInt("permits"), p.whole("call-ms")));
    public String name() { return "semaphore"; }
    public Map<String, String> params() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("call-ms", Long.toString(callMs));
        p.put("permits", Integer.toString(permits));
        return p;
    }
    public Callable<Long> task(int index) {
        return () -> {
            semaphore.acquire();
            try {
                holders.enter();
                Thread.sleep(callMs);
                holders.leave();
            } finally {
                semaphore.release();
            }
            return 1L;
        };
    }
    public Map<String, Long> metrics() { return Map.of("max_holders", (long) holders.max()); }
    public String check(long[] results) {
        if (holders.max() > permits) return "the semaphore let " + holders.max() + " callers in at once, more than its " + permits + " permits";
        return Checks.allEqual(results, 1L, "task result");
    }
}
