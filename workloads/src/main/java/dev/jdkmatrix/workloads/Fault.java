package dev.jdkmatrix.workloads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * Fault injection, for testing the harness: each mode fails the run in one of the ways a real
 * run can fail. {@code none} behaves like a 1 ms sleep.
 */
public record Fault(String mode, long holdMs) implements Workload {
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
        return mode.equals("wrong-check") ? "fault injected: wrong result" : Checks.allEqual(results, 1L, "task result");
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
