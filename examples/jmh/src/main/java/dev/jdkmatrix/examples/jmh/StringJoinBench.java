package dev.jdkmatrix.examples.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Joining {@code size} short strings three ways: the everyday code whose speed and allocation
 * (run with {@code profilers: [gc]}) change between JDK versions.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StringJoinBench {

    @Param({"10", "1000"})
    public int size;

    private List<String> parts;

    @Setup
    public void setup() {
        parts = new ArrayList<>();
        for (int i = 0; i < size; i++) parts.add("item-" + i);
    }

    @Benchmark
    public String plusInLoop() {
        String s = "";
        for (String p : parts) s = s + p + ",";
        return s;
    }

    @Benchmark
    public String stringBuilder() {
        StringBuilder b = new StringBuilder();
        for (String p : parts) b.append(p).append(',');
        return b.toString();
    }

    @Benchmark
    public String stringJoin() {
        return String.join(",", parts);
    }
}
