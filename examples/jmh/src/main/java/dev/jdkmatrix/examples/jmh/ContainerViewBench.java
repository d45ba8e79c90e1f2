package dev.jdkmatrix.examples.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What the measured JVM (JMH's fork) sees of its container: the processors and the heap it was
 * given, reported as JMH secondary metrics ({@code availableProcessors}, {@code maxHeapMiB}).
 * A CPU limit, {@code -XX:ActiveProcessorCount} or {@code -Xmx} in the cell's jvm-args show up here.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ContainerViewBench {

    /** Set by every call, reported as the iteration's value (JMH sums EVENTS counters over threads: one thread here). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Seen {
        public long availableProcessors;
        public long maxHeapMiB;
    }

    @Benchmark
    public int availableProcessors(Seen seen) {
        int cpus = Runtime.getRuntime().availableProcessors();
        seen.availableProcessors = cpus;
        seen.maxHeapMiB = Runtime.getRuntime().maxMemory() >> 20;
        return cpus;
    }
}
