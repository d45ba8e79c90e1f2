package dev.jdkmatrix.examples.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A benchmark that never settles: each call adds to a list it keeps for the whole fork and then
 * reads a share of it, so a call costs more the longer the fork has run and every iteration is
 * slower than the one before (as a cache or a heap that only grows makes a real one). What
 * {@code warmup: until-steady} does with a run that reaches no steady state: it runs to its bound
 * and says so (docs/statistics.md).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DriftBench {

    private final List<Integer> kept = new ArrayList<>();

    @Benchmark
    public long growing() {
        kept.add(kept.size());
        long sum = 0;
        for (int i = 0; i < kept.size(); i += 16) sum += kept.get(i);
        return sum;
    }
}
