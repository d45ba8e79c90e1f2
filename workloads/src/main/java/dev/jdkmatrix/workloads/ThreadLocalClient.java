package dev.jdkmatrix.workloads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * SEEDS E: the ThreadLocal trap. {@code mode=threadlocal} caches an expensive client of
 * {@code client-kb} in a ThreadLocal (one per thread that runs a task), {@code mode=pool} borrows
 * from one shared pool of {@code pool} clients; both then wait {@code wait-ms}. {@code mode=carrier}
 * tests write-up 4's claim that a ThreadLocal follows the carrier: each task stores its own value,
 * sleeps {@code wait-ms} (a virtual thread unmounts and may come back on another carrier), reads it
 * back; it records the values that changed and the tasks that came back on another carrier.
 */
public record ThreadLocalClient(String mode, int clientKb, int pool, long waitMs, Gauge clients, Gauge mismatches, Gauge moved,
                         ThreadLocal<byte[]> cache, ThreadLocal<Long> value, java.util.concurrent.BlockingQueue<byte[]> shared)
        implements Workload {
    static final List<String> MODES = List.of("threadlocal", "pool", "carrier");
    public ThreadLocalClient {
        if (!MODES.contains(mode)) throw new IllegalArgumentException("threadlocal: --mode must be one of " + String.join(", ", MODES) + "; got '" + mode + "'");
        if (clientKb < 1) throw new IllegalArgumentException("threadlocal: --client-kb must be >= 1, got " + clientKb);
        if (pool < 1) throw new IllegalArgumentException("threadlocal: --pool must be >= 1, got " + pool);
        if (waitMs < 0) throw new IllegalArgumentException("threadlocal: --wait-ms must be >= 0, got " + waitMs);
    }
    ThreadLocalClient(String mode, int clientKb, int pool, long waitMs) {
        this(mode, clientKb, pool, waitMs, new Gauge(), new Gauge(), new Gauge(), new ThreadLocal<>(), new ThreadLocal<>(),
                new java.util.concurrent.ArrayBlockingQueue<>(pool));
    }
    public static final Descriptor DESCRIPTOR = new Descriptor("threadlocal", "an expensive client cached in a ThreadLocal, shared from a pool, or checked against the carrier (write-ups 1 and 4)", "every task completed; metrics clients_created, and for carrier mismatches and carrier_changes",
            List.of(Descriptor.Param.choice("mode", "threadlocal", MODES,
                            "threadlocal: a client per thread; pool: a shared pool of clients; carrier: does a ThreadLocal follow the carrier?"),
                    Descriptor.Param.whole("client-kb", 256, 1, "size of one client, KiB"),
                    Descriptor.Param.whole("pool", 20, 1, "clients in the shared pool (mode pool)"),
                    Descriptor.Param.whole("wait-ms", 10, 0, "how long each task waits with its client, ms")),
            false, Descriptor.Sidecar.NONE, false, Set.of(),
            s -> s.waves(s.threads()) * s.param("wait-ms") + s.spawnMillis(),
            p -> new ThreadLocalClient(p.choice("mode"), p.wholeInt("client-kb"), p.wholeInt("pool"), p.whole("wait-ms")));
    public String name() { return "threadlocal"; }
    public Map<String, String> params() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("client-kb", Integer.toString(clientKb));
        p.put("mode", mode);
        p.put("pool", Integer.toString(pool));
        p.put("wait-ms", Long.toString(waitMs));
        return p;
    }
    /** An expensive client: {@code client-kb} of state, filled so the memory is really touched. */
    private byte[] newClient() {
        clients.enter();
        byte[] b = new byte[clientKb * 1024];
        java.util.Arrays.fill(b, (byte) 1);
        return b;
    }
    public void prepare() {
        if (mode.equals("pool")) for (int i = 0; i < pool; i++) shared.add(newClient());
    }
    public Callable<Long> task(int index) {
        return switch (mode) {
            case "threadlocal" -> () -> {
                byte[] client = cache.get();
                if (client == null) {
                    client = newClient();
                    cache.set(client);
                }
                Thread.sleep(waitMs);
                return (long) client[index % client.length];
            };
            case "pool" -> () -> {
                byte[] client = shared.take();
                try {
                    Thread.sleep(waitMs);
                    return (long) client[index % client.length];
                } finally {
                    shared.put(client);
                }
            };
            default -> () -> {
                String before = carrier();
                value.set((long) index);
                Thread.sleep(waitMs);
                Long after = value.get();
                if (after == null || after != index) mismatches.enter();
                if (!before.isEmpty() && !before.equals(carrier())) moved.enter();
                value.remove();
                return 1L;
            };
        };
    }
    /** The carrier a virtual thread runs on, from its toString ("VirtualThread[#22]/runnable@ForkJoinPool-1-worker-1"), or "". */
    static String carrier() {
        String s = Thread.currentThread().toString();
        int at = s.lastIndexOf('@');
        return Thread.currentThread().isVirtual() && at >= 0 ? s.substring(at + 1) : "";
    }
    public Map<String, Long> metrics() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("clients_created", (long) clients.total());
        if (mode.equals("carrier")) {
            m.put("mismatches", (long) mismatches.total());
            m.put("carrier_changes", (long) moved.total());
        }
        return m;
    }
    public String check(long[] results) {
        return Checks.allEqual(results, 1L, "task result");
    }
}
