package dev.jdkmatrix.workloads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.ReentrantLock;

/** SEEDS C: each task blocks {@code hold-ms} inside its own critical section. */
public record Pinning(String lock, long holdMs) implements Workload {
    static final Set<String> LOCKS = Set.of("synchronized", "reentrant", "object-wait", "class-init");
    /** How long each {@code class-init} task's static initializer sleeps (read by {@link SlowInit}'s copies). */
    static volatile long classInitHoldMs;
    public Pinning {
        if (!LOCKS.contains(lock)) {
            throw new IllegalArgumentException("pinning: --lock must be one of synchronized, reentrant, object-wait, class-init; got '" + lock + "'");
        }
        if (holdMs < 0) throw new IllegalArgumentException("pinning: --hold-ms must be >= 0, got " + holdMs);
    }
    public static final Descriptor DESCRIPTOR = new Descriptor("pinning", "each task blocks inside its own lock: carrier pinning before and after JEP 491 (JEP 491)", "every task completed",
            List.of(Descriptor.Param.choice("lock", "synchronized", List.of("synchronized", "reentrant", "object-wait", "class-init"),
                            "the critical section: a monitor, a ReentrantLock, Object.wait in a monitor, or a static initializer"),
                    Descriptor.Param.whole("hold-ms", 50, 0, "how long each task blocks inside it, ms")),
            true, Descriptor.Sidecar.NONE, false, Set.of(Descriptor.Trait.PINNING),
            s -> {
                // class-init pins on every JDK; synchronized before JEP 491 (JDK 24; an unknown JDK counts as before);
                // object-wait is compensated with more carriers
                String lock = s.params().get("lock");
                boolean pins = s.executor() instanceof ExecutorSpec.Virtual
                        && (lock.equals("class-init") || lock.equals("synchronized") && s.jdkFeature() < 24);
                return s.waves(pins ? s.visibleCpus() : s.threads()) * s.param("hold-ms") + s.spawnMillis();
            },
            p -> new Pinning(p.choice("lock"), p.whole("hold-ms")));
    public String name() { return "pinning"; }
    public Map<String, String> params() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("hold-ms", Long.toString(holdMs));
        p.put("lock", lock);
        return p;
    }
    public Callable<Long> task(int index) {
        if (lock.equals("object-wait")) {
            // Object.wait inside synchronized: pins on JDK 21, which adds a carrier to compensate
            return () -> {
                Object monitor = new Object();
                synchronized (monitor) {
                    long end = System.nanoTime() + holdMs * 1_000_000;
                    for (long left = holdMs; left > 0; left = (end - System.nanoTime()) / 1_000_000) monitor.wait(left);
                }
                return 1L;
            };
        }
        if (lock.equals("class-init")) {
            // blocking inside a static initializer: still pins on JDK 24+ (JEP 491 leaves it out)
            classInitHoldMs = holdMs;
            byte[] template = SlowInit.bytes();
            return () -> {
                java.lang.invoke.MethodHandles.lookup().defineHiddenClass(template, true);
                return 1L;
            };
        }
        if (lock.equals("synchronized")) {
            return () -> {
                Object monitor = new Object();
                synchronized (monitor) {
                    Thread.sleep(holdMs);
                }
                return 1L;
            };
        }
        return () -> {
            ReentrantLock l = new ReentrantLock();
            l.lock();
            try {
                Thread.sleep(holdMs);
            } finally {
                l.unlock();
            }
            return 1L;
        };
    }
    public String check(long[] results) { return Checks.allEqual(results, 1L, "task result"); }
}
