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

    /** Names of the workloads, as used on the command line and in matrix.yaml. */
    List<String> NAMES = List.of("sleep", "cpu-primes", "cpu-loop", "cpu-hash", "pinning", "fault");

    String name();

    /** The parameters as given (defaults filled in), for the record. */
    Map<String, String> params();

    Callable<Long> task(int index);

    /** Returns null when the results prove the work was done, else a description of what is wrong. */
    String check(long[] results);

    /** SEEDS A: each task sleeps {@code wait-ms}. */
    record Sleep(long waitMs) implements Workload {
        public Sleep {
            if (waitMs < 0) throw new IllegalArgumentException("sleep: --wait-ms must be >= 0, got " + waitMs);
        }
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
        static final Set<String> LOCKS = Set.of("synchronized", "reentrant");
        public Pinning {
            if (!LOCKS.contains(lock)) {
                throw new IllegalArgumentException("pinning: --lock must be one of synchronized, reentrant; got '" + lock + "'");
            }
            if (holdMs < 0) throw new IllegalArgumentException("pinning: --hold-ms must be >= 0, got " + holdMs);
        }
        public String name() { return "pinning"; }
        public Map<String, String> params() {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("hold-ms", Long.toString(holdMs));
            p.put("lock", lock);
            return p;
        }
        public Callable<Long> task(int index) {
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
     * Fault injection, for testing the harness: each mode fails the run in one of the ways a real
     * run can fail. {@code none} behaves like a 1 ms sleep.
     */
    record Fault(String mode, long holdMs) implements Workload {
        static final List<String> MODES = List.of("none", "hang", "oom", "exit3", "garbage", "two-records", "crash", "wrong-check");
        public Fault {
            if (!MODES.contains(mode)) throw new IllegalArgumentException("fault: --mode must be one of " + String.join(", ", MODES) + "; got '" + mode + "'");
            if (holdMs < 0) throw new IllegalArgumentException("fault: --hold-ms must be >= 0, got " + holdMs);
        }
        public String name() { return "fault"; }
        public Map<String, String> params() {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("hold-ms", Long.toString(holdMs));
            p.put("mode", mode);
            return p;
        }
        public Callable<Long> task(int index) {
            return () -> {
                Thread.sleep(holdMs);
                return 1L;
            };
        }
        public String check(long[] results) {
            return mode.equals("wrong-check") ? "fault injected: wrong result" : allEqual(results, 1L, "task result");
        }

        /** Fails before any task runs, for the modes that fail the JVM itself. Returns normally otherwise. */
        void beforeRun() throws InterruptedException {
            switch (mode) {
                case "hang" -> Thread.sleep(Long.MAX_VALUE);
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
        Map<String, String> p = new LinkedHashMap<>(params);
        Workload w = switch (name) {
            case "sleep" -> new Sleep(longParam(name, p, "wait-ms", 100));
            case "cpu-primes" -> new CpuPrimes(Math.toIntExact(longParam(name, p, "limit", 1_000_000)));
            case "cpu-loop" -> new CpuLoop(longParam(name, p, "iterations", 200_000));
            case "cpu-hash" -> new CpuHash(longParam(name, p, "iterations", 1_000_000));
            case "pinning" -> new Pinning(stringParam(p, "lock", "synchronized"), longParam(name, p, "hold-ms", 50));
            case "fault" -> new Fault(stringParam(p, "mode", "none"), longParam(name, p, "hold-ms", 1));
            default -> throw new IllegalArgumentException("unknown workload '" + name + "'; valid workloads: " + String.join(", ", NAMES));
        };
        if (!p.isEmpty()) {
            throw new IllegalArgumentException("workload '" + name + "' has no parameter(s) " + p.keySet()
                    + "; its parameters are " + w.params().keySet());
        }
        return w;
    }

    private static long longParam(String workload, Map<String, String> p, String key, long dflt) {
        String v = p.remove(key);
        if (v == null) return dflt;
        try {
            return Long.parseLong(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(workload + ": --" + key + " must be a whole number, got '" + v + "'");
        }
    }

    private static String stringParam(Map<String, String> p, String key, String dflt) {
        String v = p.remove(key);
        return v == null ? dflt : v;
    }

    private static String allEqual(long[] results, long expected, String what) {
        for (int i = 0; i < results.length; i++) {
            if (results[i] != expected) return "task " + i + ": " + what + " " + results[i] + " != expected " + expected;
        }
        return null;
    }
}
