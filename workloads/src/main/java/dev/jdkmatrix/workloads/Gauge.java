package dev.jdkmatrix.workloads;

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
