package dev.jdkmatrix.workloads;

import java.util.Map;
import java.util.concurrent.Callable;

/**
 * A workload: a shape of task, run {@code tasks} times on an executor. Each task returns a
 * long; {@link #check(long[])} verifies from those values that the work was really done.
 */
public sealed interface Workload permits Sleep, CpuPrimes, CpuLoop, CpuHash, Pinning, SemaphoreLimit, ThreadLocalClient, Mixed, Footprint, HttpFanout, Fault {

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

    /** Builds a workload from its name and {@code --param value} pairs; unknown params are errors. */
    static Workload create(String name, Map<String, String> params) {
        return Workloads.get(name).create(params);
    }
}
