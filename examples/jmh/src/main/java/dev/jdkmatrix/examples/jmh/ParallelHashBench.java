package dev.jdkmatrix.examples.jmh;

import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * CPU-bound work split over the common fork-join pool: its throughput follows the CPUs the
 * container grants (the pool is sized from {@code availableProcessors}), not the host's.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ParallelHashBench {

    @Param({"4000000"})
    public int n;

    @Benchmark
    public long parallelHash() {
        return LongStream.range(0, n).parallel().map(ParallelHashBench::mix).reduce(0L, (a, b) -> a ^ b);
    }

    @Benchmark
    public long sequentialHash() {
        return LongStream.range(0, n).map(ParallelHashBench::mix).reduce(0L, (a, b) -> a ^ b);
    }

    /** SplitMix64's finalizer: cheap, and the JIT cannot fold it away. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
