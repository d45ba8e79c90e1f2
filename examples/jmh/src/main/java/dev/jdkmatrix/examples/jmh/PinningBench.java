package dev.jdkmatrix.examples.jmh;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A batch of virtual threads, each sleeping while it holds a lock of its own. Inside
 * {@code synchronized} a virtual thread pins its carrier on JDK 21 (so with one CPU the batch
 * runs one sleep after another); JEP 491 (JDK 24) lets it unmount, so on JDK 25 the sleeps
 * overlap. Holding a {@link ReentrantLock} never pins: the same batch is fast on both.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PinningBench {

    @Param({"16"})
    public int threads;

    @Param({"5"})
    public int sleepMs;

    @Benchmark
    public int sleepInSynchronized() throws InterruptedException {
        return batch(() -> {
            Object monitor = new Object();
            synchronized (monitor) {
                sleep();
            }
        });
    }

    @Benchmark
    public int sleepHoldingReentrantLock() throws InterruptedException {
        return batch(() -> {
            ReentrantLock lock = new ReentrantLock();
            lock.lock();
            try {
                sleep();
            } finally {
                lock.unlock();
            }
        });
    }

    private void sleep() {
        try {
            Thread.sleep(sleepMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private int batch(Runnable task) throws InterruptedException {
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < threads; i++) ex.submit(task);
        }
        return threads;
    }
}
