package dev.jdkmatrix.matrix;

import java.util.List;
import java.util.Locale;

/**
 * What a cell's profile run samples (a matrix's, a workload entry's or an include entry's
 * {@code profile:}): one of async-profiler's events, or none. A profiled cell gets one extra run,
 * in phase {@code profile}, after its measured runs; that run is stored like a warm-up and left
 * out of every statistic, so a profile never changes a measured figure.
 */
public enum Profile {
    NONE, CPU, WALL, ALLOC, LOCK;

    /** The values {@code profile:} takes. */
    public static final List<String> TEXTS = List.of("cpu", "wall", "alloc", "lock");

    /** async-profiler's event name; {@code cpu} samples with its own timer where perf_events is not allowed, as in the run containers. */
    public String event() {
        if (this == NONE) throw new IllegalStateException("no profile");
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * How often a profile run samples, in nanoseconds: cpu every 1 ms of CPU time, wall every 5 ms
     * of each thread; 0 for alloc and lock, which keep the library's own defaults.
     */
    public long intervalNanos() {
        return switch (this) {
            case CPU -> 1_000_000;
            case WALL -> 5_000_000;
            default -> 0;
        };
    }

    public String text() {
        return this == NONE ? "" : event();
    }

    /** The event of {@code profile: raw}; unknown text is an {@link IllegalArgumentException} naming the events. */
    public static Profile parse(String raw) {
        String t = raw.trim().toLowerCase(Locale.ROOT);
        if (!TEXTS.contains(t)) throw new IllegalArgumentException("unknown profile event '" + raw + "'; profile: takes " + String.join(", ", TEXTS));
        return valueOf(t.toUpperCase(Locale.ROOT));
    }
}
