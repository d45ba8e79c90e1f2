package dev.jdkmatrix.workloads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A workload: a shape of task, run {@code tasks} times on an executor. Each task returns a
 * long; {@link #check(long[])} verifies from those values that the work was really done.
 */
public sealed interface Workload {


    String name();

    /** The parameters as given (defaults filled in), for the record. */
    Map<String, String> params();

    Callable<Long> task(int index);

    /** Returns null when the results prove the work was done, else a description of what is wrong. */
    String check(long[] results);

    /** What this workload measured besides time and memory, for the record's {@code metrics} ("k=v;k=v"). */
    default Map<String, Long> metrics() {
        return Map.of();
    }

    /** Why this workload cannot run on this executor with this many tasks, or null when it can. */
    default String unsupported(ExecutorSpec executor, int tasks) {
        return null;
    }

    /** Called once every task is submitted ({@code submitted} of them, fewer when a submit failed), before waiting for them. */
    default void afterSubmit(int submitted) throws InterruptedException {}

    /** Called on the main thread before any task, outside the timed span. */
    default void prepare() {}

    /** SEEDS A: each task sleeps {@code wait-ms}. */
    record Sleep(long waitMs) implements Workload {
        public Sleep {
            if (waitMs < 0) throw new IllegalArgumentException("sleep: --wait-ms must be >= 0, got " + waitMs);
        }
        public static final Descriptor DESCRIPTOR = new Descriptor("sleep", "each task sleeps: pools run waves, virtual threads about one (SEEDS A)", "every task completed",
                List.of(Descriptor.Param.whole("wait-ms", 100, 0, "how long each task sleeps, ms")),
                false, Descriptor.Sidecar.NONE, false, Set.of(),
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
        public String check(long[] results) { return allEqual(results, 1L, "task result"); }
    }

    /** SEEDS B, write-up 1: count the primes up to {@code limit} by trial division. */
    record CpuPrimes(int limit) implements Workload {
        public CpuPrimes {
            if (limit < 2) throw new IllegalArgumentException("cpu-primes: --limit must be >= 2, got " + limit);
        }
        /** Single-CPU ms to count the primes up to a million by trial division (results/reference); grows as limit^1.5. */
        static final double MS_PER_MILLION_LIMIT = 215;
        public static final Descriptor DESCRIPTOR = new Descriptor("cpu-primes", "each task counts the primes up to a limit by trial division (SEEDS B, write-up 1)", "every count equals a sieve's",
                List.of(Descriptor.Param.whole("limit", 1_000_000, 2, "count the primes up to this number")),
                false, Descriptor.Sidecar.NONE, false, Set.of(),
                s -> s.cpuMillis(Math.pow(s.param("limit") / 1e6, 1.5) * MS_PER_MILLION_LIMIT),
                p -> new CpuPrimes(p.wholeInt("limit")));
        public String name() { return "cpu-primes"; }
        public Map<String, String> params() { return Map.of("limit", Integer.toString(limit)); }
        public Callable<Long> task(int index) {
            return () -> {
                long count = 0;
                for (int n = 2; n <= limit; n++) {
                    if (isPrime(n)) count++;
                }
                return count;
            };
        }
        static boolean isPrime(int n) {
            if (n < 4) return n > 1;
            if (n % 2 == 0) return false;
            for (int d = 3; (long) d * d <= n; d += 2) {
                if (n % d == 0) return false;
            }
            return true;
        }
        /** Reference count by a sieve, an independent method. */
        long sieveCount() {
            boolean[] composite = new boolean[limit + 1];
            long count = 0;
            for (int i = 2; i <= limit; i++) {
                if (!composite[i]) {
                    count++;
                    for (long j = (long) i * i; j <= limit; j += i) composite[(int) j] = true;
                }
            }
            return count;
        }
        public String check(long[] results) { return allEqual(results, sieveCount(), "prime count"); }
    }

    /** SEEDS B, write-up 2: {@code sum += (i * 37L) % 11} for {@code iterations} values of i. */
    record CpuLoop(long iterations) implements Workload {
        public CpuLoop {
            if (iterations < 1) throw new IllegalArgumentException("cpu-loop: --iterations must be >= 1, got " + iterations);
        }
        /** Single-CPU ms per million iterations (results/reference). */
        static final double MS_PER_MILLION = 2.2;
        public static final Descriptor DESCRIPTOR = new Descriptor("cpu-loop", "each task sums (i * 37) % 11 over a loop (SEEDS B, write-up 2)", "every sum equals the closed form",
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
        public String check(long[] results) { return allEqual(results, expected(), "loop sum"); }
    }

    /**
     * SEEDS B, write-up 4: XOR of {@code iterations} random longs. Uses {@link SplittableRandom}
     * seeded by the task index instead of ThreadLocalRandom (the same SplitMix64 generator,
     * but seedable), so that the checksum is the same on every JDK and can be checked.
     */
    record CpuHash(long iterations) implements Workload {
        public CpuHash {
            if (iterations < 1) throw new IllegalArgumentException("cpu-hash: --iterations must be >= 1, got " + iterations);
        }
        /** Single-CPU ms per million random longs (results/reference). */
        static final double MS_PER_MILLION = 2.55;
        public static final Descriptor DESCRIPTOR = new Descriptor("cpu-hash", "each task XORs random longs from a seeded SplittableRandom (SEEDS B, write-up 4)", "sampled tasks recomputed",
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

    /** SEEDS C: each task blocks {@code hold-ms} inside its own critical section. */
    record Pinning(String lock, long holdMs) implements Workload {
        static final Set<String> LOCKS = Set.of("synchronized", "reentrant", "object-wait", "class-init");
        /** How long each {@code class-init} task's static initializer sleeps (read by {@link SlowInit}'s copies). */
        static volatile long classInitHoldMs;
        public Pinning {
            if (!LOCKS.contains(lock)) {
                throw new IllegalArgumentException("pinning: --lock must be one of synchronized, reentrant, object-wait, class-init; got '" + lock + "'");
            }
            if (holdMs < 0) throw new IllegalArgumentException("pinning: --hold-ms must be >= 0, got " + holdMs);
        }
        public static final Descriptor DESCRIPTOR = new Descriptor("pinning", "each task blocks inside its own lock: carrier pinning before and after JEP 491 (SEEDS C)", "every task completed",
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
        public String check(long[] results) { return allEqual(results, 1L, "task result"); }
    }

    /**
     * SEEDS E, write-up 1: limit the scarce thing, not the threads. A {@code Semaphore(permits)}
     * guards a partner call of {@code call-ms}; the workload records the most holders seen at once.
     */
    record SemaphoreLimit(int permits, long callMs, java.util.concurrent.Semaphore semaphore, Gauge holders) implements Workload {
        public SemaphoreLimit {
            if (permits < 1) throw new IllegalArgumentException("semaphore: --permits must be >= 1, got " + permits);
            if (callMs < 0) throw new IllegalArgumentException("semaphore: --call-ms must be >= 0, got " + callMs);
        }
        SemaphoreLimit(int permits, long callMs) {
            this(permits, callMs, new java.util.concurrent.Semaphore(permits), new Gauge());
        }
        public static final Descriptor DESCRIPTOR = new Descriptor("semaphore", "a Semaphore guards a slow partner call: limit the scarce thing, not the threads (SEEDS E)", "the most holders seen at once (metric max_holders) never exceeds permits",
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
            return allEqual(results, 1L, "task result");
        }
    }

    /**
     * SEEDS E: the ThreadLocal trap. {@code mode=threadlocal} caches an expensive client of
     * {@code client-kb} in a ThreadLocal (one per thread that runs a task), {@code mode=pool} borrows
     * from one shared pool of {@code pool} clients; both then wait {@code wait-ms}. {@code mode=carrier}
     * tests write-up 4's claim that a ThreadLocal follows the carrier: each task stores its own value,
     * sleeps {@code wait-ms} (a virtual thread unmounts and may come back on another carrier), reads it
     * back; it records the values that changed and the tasks that came back on another carrier.
     */
    record ThreadLocalClient(String mode, int clientKb, int pool, long waitMs, Gauge clients, Gauge mismatches, Gauge moved,
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
        public static final Descriptor DESCRIPTOR = new Descriptor("threadlocal", "an expensive client cached in a ThreadLocal, shared from a pool, or checked against the carrier (SEEDS E)", "every task completed; metrics clients_created, and for carrier mismatches and carrier_changes",
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
            return allEqual(results, 1L, "task result");
        }
    }

    /**
     * Mixed work: each task waits {@code wait-ms} (as on the network), then computes for about
     * {@code compute-ms} (SplitMix64 over a count of iterations calibrated on the main thread
     * before the timed span, and recorded as {@code iterations_per_ms}).
     */
    record Mixed(long waitMs, long computeMs, long[] perMs) implements Workload {
        public Mixed {
            if (waitMs < 0) throw new IllegalArgumentException("mixed: --wait-ms must be >= 0, got " + waitMs);
            if (computeMs < 0) throw new IllegalArgumentException("mixed: --compute-ms must be >= 0, got " + computeMs);
        }
        Mixed(long waitMs, long computeMs) {
            this(waitMs, computeMs, new long[1]);
        }
        /** The compute loop's calibration before the timed span, ms. */
        static final double CALIBRATION_MS = 150;
        public static final Descriptor DESCRIPTOR = new Descriptor("mixed", "each task waits, then computes: where virtual threads start to pay (SEEDS E)", "sampled tasks recomputed; metric iterations_per_ms",
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

    /**
     * SEEDS F: memory per thread. Every task is a thread that parks until all have started, so
     * that {@code tasks} threads exist at once; the peaks of heap, RSS and the container's memory
     * then say what a thread costs. Needs an executor with a thread per task (virtual,
     * thread-per-task, cached). A thread that cannot start is recorded, not a crash.
     */
    record Footprint(java.util.concurrent.atomic.AtomicInteger started, java.util.concurrent.CountDownLatch release) implements Workload {
        Footprint() {
            this(new java.util.concurrent.atomic.AtomicInteger(), new java.util.concurrent.CountDownLatch(1));
        }
        /** Starting and parking a platform thread, CPU-ms: 10,000 took 18 s at 2 CPUs in the reference run. */
        static final double PLATFORM_START_MS = 3.6;
        public static final Descriptor DESCRIPTOR = new Descriptor("footprint", "N threads parked at once: the memory a thread costs (SEEDS F)", "every task completed; metric threads_started; on a pool the record says it cannot run (status invalid)",
                List.of(), false, Descriptor.Sidecar.NONE, false, Set.of(),
                s -> s.executor().threadPerTask()
                        ? s.tasks() * (s.executor() instanceof ExecutorSpec.Virtual ? Descriptor.Cost.SPAWN_MS_PER_TASK : PLATFORM_START_MS) / s.cpuQuota()
                        : 0,
                p -> new Footprint());
        public String name() { return "footprint"; }
        public Map<String, String> params() { return Map.of(); }
        public String unsupported(ExecutorSpec executor, int tasks) {
            return executor.threadPerTask() ? null
                    : "footprint needs a thread per task (virtual, thread-per-task or cached); " + executor.text() + " would run the " + tasks
                    + " parked tasks a few at a time and never finish";
        }
        public Callable<Long> task(int index) {
            return () -> {
                started.incrementAndGet();
                release.await();
                return 1L;
            };
        }
        public void afterSubmit(int submitted) throws InterruptedException {
            while (started.get() < submitted) Thread.sleep(1);
            release.countDown();
        }
        public Map<String, Long> metrics() { return Map.of("threads_started", (long) started.get()); }
        public String check(long[] results) { return allEqual(results, 1L, "task result"); }
    }

    /**
     * SEEDS D, write-up 4: fan-out to slow upstreams. Task i fetches feed i with
     * {@code java.net.http.HttpClient} (HTTP/1.1, one client for all tasks) from the
     * {@link Upstream} stub at {@code --upstream} (the harness starts it in a sibling container
     * and passes its address); the stub answers after a delay drawn uniformly in
     * [{@code min-ms}, {@code max-ms}] from {@code seed} and i, so every executor waits the same.
     * Each response is checked (status, feed number, items) and then parsed for about
     * {@code parse-ms} of CPU (the loop of {@link Mixed}, calibrated before the timed span).
     * Records the observed latency distribution and the planned delays.
     */
    record HttpFanout(String upstream, long minMs, long maxMs, long parseMs, long seed, long[] perMs,
                      java.util.concurrent.ConcurrentHashMap<Integer, Long> latencyMicros, java.net.http.HttpClient[] client) implements Workload {
        public HttpFanout {
            if (minMs < 0 || maxMs < minMs) throw new IllegalArgumentException("http-fanout: need 0 <= --min-ms <= --max-ms, got " + minMs + " and " + maxMs);
            if (parseMs < 0) throw new IllegalArgumentException("http-fanout: --parse-ms must be >= 0, got " + parseMs);
            if (maxMs > Upstream.MAX_DELAY_MS) throw new IllegalArgumentException("http-fanout: --max-ms must be at most " + Upstream.MAX_DELAY_MS + ", got " + maxMs);
        }
        HttpFanout(String upstream, long minMs, long maxMs, long parseMs, long seed) {
            this(upstream, minMs, maxMs, parseMs, seed, new long[1], new java.util.concurrent.ConcurrentHashMap<>(), new java.net.http.HttpClient[1]);
        }
        /** Starting the upstream stub (a container and a JVM) and its network, inside the run, outside its timed span, ms. */
        static final double UPSTREAM_START_MS = 1500;
        public static final Descriptor DESCRIPTOR = new Descriptor("http-fanout", "fetch N feeds over HTTP from a slow upstream stub, then parse each (SEEDS D)", "every answer is status 200 and the feed asked for; sampled parses recomputed; metrics feeds_fetched and the latency percentiles",
                List.of(Descriptor.Param.whole("min-ms", 200, 0, "the upstream's shortest answer, ms"),
                        Descriptor.Param.whole("max-ms", 500, 0, "the upstream's longest answer, ms (at most " + Upstream.MAX_DELAY_MS + ")"),
                        Descriptor.Param.whole("parse-ms", 2, 0, "CPU time to parse each feed, ms"),
                        Descriptor.Param.whole("seed", 42, 0, "seed of the answers' delays: every executor waits the same")),
                false, Descriptor.Sidecar.HTTP_UPSTREAM, false, Set.of(),
                // waves of requests at the mean delay, the parsing CPU, the calibration and the stub's start
                s -> s.waves(s.threads()) * (s.param("min-ms") + s.param("max-ms")) / 2 + s.tasks() * s.param("parse-ms") / s.cpuQuota()
                        + Mixed.CALIBRATION_MS + UPSTREAM_START_MS + s.spawnMillis(),
                p -> new HttpFanout(p.address("upstream"), p.whole("min-ms"), p.whole("max-ms"), p.whole("parse-ms"), p.whole("seed")));
        public String name() { return "http-fanout"; }
        public Map<String, String> params() {
            // the upstream's address is where, not what: it stays out of the params (and the cell id)
            Map<String, String> p = new LinkedHashMap<>();
            p.put("max-ms", Long.toString(maxMs));
            p.put("min-ms", Long.toString(minMs));
            p.put("parse-ms", Long.toString(parseMs));
            p.put("seed", Long.toString(seed));
            return p;
        }
        public String unsupported(ExecutorSpec executor, int tasks) {
            return upstream.isEmpty() ? "http-fanout needs --upstream http://host:port, the address of a running 'workloads.jar upstream'"
                    + " (the harness starts one in a sibling container)" : null;
        }
        long delay(int index) {
            return minMs + new SplittableRandom(seed * 1_000_003L + index).nextLong(maxMs - minMs + 1);
        }
        public void prepare() {
            perMs[0] = Mixed.calibrate();
            client[0] = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
                    .connectTimeout(java.time.Duration.ofSeconds(30)).build();
        }
        long expected(int index) {
            return Mixed.hash(Upstream.body(index).hashCode(), parseMs * perMs[0]);
        }
        public Callable<Long> task(int index) {
            java.net.URI uri = java.net.URI.create(upstream + "/feed/" + index + "?delay=" + delay(index));
            return () -> {
                long t0 = System.nanoTime();
                java.net.http.HttpResponse<String> r = client[0].send(
                        java.net.http.HttpRequest.newBuilder(uri).timeout(java.time.Duration.ofSeconds(60)).GET().build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
                latencyMicros.put(index, (System.nanoTime() - t0) / 1_000);
                if (r.statusCode() != 200) throw new IllegalStateException("GET " + uri + " answered " + r.statusCode() + ": " + r.body().strip());
                String body = r.body();
                String[] lines = body.split("\n");
                if (!lines[0].equals("feed " + index) || lines.length != Upstream.ITEMS + 1) {
                    throw new IllegalStateException("GET " + uri + " answered another feed: '" + lines[0] + "', " + lines.length + " lines");
                }
                return Mixed.hash(body.hashCode(), parseMs * perMs[0]);
            };
        }
        public Map<String, Long> metrics() {
            long[] lat = latencyMicros.values().stream().mapToLong(Long::longValue).sorted().toArray();
            Map<String, Long> m = new LinkedHashMap<>();
            m.put("feeds_fetched", (long) lat.length);
            if (lat.length > 0) {
                m.put("latency_min_ms", lat[0] / 1_000);
                m.put("latency_p50_ms", lat[(lat.length - 1) / 2] / 1_000);
                m.put("latency_p90_ms", lat[(int) Math.ceil(0.9 * lat.length) - 1] / 1_000);
                m.put("latency_max_ms", lat[lat.length - 1] / 1_000);
            }
            m.put("iterations_per_ms", perMs[0]);
            return m;
        }
        public String check(long[] results) {
            // each task checked its feed's number and items; recomputing the parse of every feed would cost as much CPU again
            for (int i = 0; i < results.length; i += Math.max(1, results.length / 8)) {
                if (results[i] != expected(i)) return "feed " + i + ": parsed hash " + results[i] + " != expected " + expected(i);
            }
            if (latencyMicros.size() != results.length) return latencyMicros.size() + " feeds fetched of " + results.length;
            return null;
        }
    }

    /** Counts entries and the most present at once. */
    final class Gauge {
        private final java.util.concurrent.atomic.AtomicInteger now = new java.util.concurrent.atomic.AtomicInteger();
        private final java.util.concurrent.atomic.AtomicInteger max = new java.util.concurrent.atomic.AtomicInteger();
        private final java.util.concurrent.atomic.AtomicInteger total = new java.util.concurrent.atomic.AtomicInteger();

        void enter() {
            total.incrementAndGet();
            max.accumulateAndGet(now.incrementAndGet(), Math::max);
        }

        void leave() {
            now.decrementAndGet();
        }

        int max() {
            return max.get();
        }

        int total() {
            return total.get();
        }
    }

    /**
     * Fault injection, for testing the harness: each mode fails the run in one of the ways a real
     * run can fail. {@code none} behaves like a 1 ms sleep.
     */
    record Fault(String mode, long holdMs) implements Workload {
        static final List<String> MODES = List.of("none", "hang", "oom", "exit3", "garbage", "two-records", "crash", "wrong-check", "jitter");
        public Fault {
            if (!MODES.contains(mode)) throw new IllegalArgumentException("fault: --mode must be one of " + String.join(", ", MODES) + "; got '" + mode + "'");
            if (holdMs < 0) throw new IllegalArgumentException("fault: --hold-ms must be >= 0, got " + holdMs);
        }
        public static final Descriptor DESCRIPTOR = new Descriptor("fault", "the harness's own tests: a run that hangs, runs out of memory, crashes or lies", "as its mode says",
                List.of(Descriptor.Param.choice("mode", "none", MODES, "how the run fails (none: it does not; jitter: it succeeds, each task taking between hold-ms and twice that)"),
                        Descriptor.Param.whole("hold-ms", 1, 0, "how long each task works first, ms")),
                false, Descriptor.Sidecar.NONE, true, Set.of(),
                s -> 1000,
                p -> new Fault(p.choice("mode"), p.whole("hold-ms")));
        public String name() { return "fault"; }
        public Map<String, String> params() {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("hold-ms", Long.toString(holdMs));
            p.put("mode", mode);
            return p;
        }
        public Callable<Long> task(int index) {
            return () -> {
                if (mode.equals("hang")) Thread.sleep(Long.MAX_VALUE); // in its tasks, so that its progress lines go on until the kill
                // jitter: a run that is noisy by design, each task holding between hold-ms and twice that
                Thread.sleep(mode.equals("jitter") ? holdMs + java.util.concurrent.ThreadLocalRandom.current().nextLong(holdMs + 1) : holdMs);
                return 1L;
            };
        }
        public String check(long[] results) {
            return mode.equals("wrong-check") ? "fault injected: wrong result" : allEqual(results, 1L, "task result");
        }

        /** Fails before any task runs, for the modes that fail the JVM itself (hang hangs in its tasks). Returns normally otherwise. */
        void beforeRun() throws InterruptedException {
            switch (mode) {
                case "exit3" -> {
                    System.err.println("fault: exiting with 3");
                    System.exit(3);
                }
                case "garbage" -> {
                    for (int i = 0; i < 1000; i++) System.out.println("garbage line " + i + " {\"not\": \"a record\"");
                    System.out.flush();
                    System.exit(0);
                }
                case "oom" -> {
                    // Hold and touch memory until the kernel kills the container at its limit
                    // (run with -Xmx above the container's memory so that the heap is not the limit).
                    List<long[]> held = new java.util.ArrayList<>();
                    while (true) {
                        long[] chunk = new long[1 << 20];
                        java.util.Arrays.fill(chunk, held.size());
                        held.add(chunk);
                    }
                }
                case "crash" -> crash();
                default -> { }
            }
        }

        /** A real JVM crash (SIGSEGV in Unsafe), which writes hs_err and exits 134. */
        private static void crash() {
            try {
                java.lang.reflect.Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
                f.setAccessible(true);
                Object unsafe = f.get(null);
                unsafe.getClass().getMethod("putAddress", long.class, long.class).invoke(unsafe, 0L, 42L);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot crash this JVM: " + e, e);
            }
        }
    }

    /** Builds a workload from its name and {@code --param value} pairs; unknown params are errors. */
    static Workload create(String name, Map<String, String> params) {
        return Workloads.get(name).create(params);
    }

    private static String allEqual(long[] results, long expected, String what) {
        for (int i = 0; i < results.length; i++) {
            if (results[i] != expected) return "task " + i + ": " + what + " " + results[i] + " != expected " + expected;
        }
        return null;
    }
}
