package dev.jdkmatrix.workloads;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * SEEDS F: memory per thread. Every task is a thread that parks until all have started, so
 * that {@code tasks} threads exist at once; the peaks of heap, RSS and the container's memory
 * then say what a thread costs. Needs an executor with a thread per task (virtual,
 * thread-per-task, cached). A thread that cannot start is recorded, not a crash.
 */
public record Footprint(java.util.concurrent.atomic.AtomicInteger started, java.util.concurrent.CountDownLatch release) implements Workload {
    Footprint() {
        this(new java.util.concurrent.atomic.AtomicInteger(), new java.util.concurrent.CountDownLatch(1));
    }
    /** Starting and parking a platform thread, CPU-ms: 10,000 took 18 s at 2 CPUs in the reference run. */
    static final double PLATFORM_START_MS = 3.6;
    public static final Descriptor DESCRIPTOR = new Descriptor("footprint", "N threads parked at once: the memory a thread costs (this project's memory figure)", "every task completed; metric threads_started; on a pool the record says it cannot run (status invalid)",
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
    public String check(long[] results) { return Checks.allEqual(results, 1L, "task result"); }
}
