package dev.jdkmatrix.workloads;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;

/**
 * How the tasks of a run are executed. Parsed from the {@code --executor} argument:
 * {@code fixed:N}, {@code fixed:cpus}, {@code virtual}, {@code cached},
 * {@code thread-per-task}, {@code fork-join:N}, {@code fork-join:cpus}.
 */
public sealed interface ExecutorSpec {

    /** The valid forms, for error messages. */
    String FORMS = "fixed:N, fixed:cpus, virtual, cached, thread-per-task, fork-join:N, fork-join:cpus";

    /** A fixed pool of platform threads; {@code size == 0} means one per available processor. */
    record Fixed(int size) implements ExecutorSpec {
        public Fixed {
            if (size < 0) throw new IllegalArgumentException("fixed pool size must be >= 0, got " + size);
        }
    }

    /** One new virtual thread per task. */
    record Virtual() implements ExecutorSpec {}

    /** {@link Executors#newCachedThreadPool()}: platform threads created on demand and reused. */
    record Cached() implements ExecutorSpec {}

    /** One new platform thread per task. */
    record ThreadPerTask() implements ExecutorSpec {}

    /** A {@link ForkJoinPool} of the given parallelism; {@code 0} means one per available processor. */
    record ForkJoin(int parallelism) implements ExecutorSpec {
        public ForkJoin {
            if (parallelism < 0) throw new IllegalArgumentException("fork-join parallelism must be >= 0, got " + parallelism);
        }
    }

    /** Whether every task gets a thread of its own, so that all tasks can block at once. */
    default boolean threadPerTask() {
        return this instanceof Virtual || this instanceof Cached || this instanceof ThreadPerTask;
    }

    static ExecutorSpec parse(String raw) {
        String s = raw == null ? "" : raw.trim();
        switch (s) {
            case "virtual": return new Virtual();
            case "cached": return new Cached();
            case "thread-per-task": return new ThreadPerTask();
            default: break;
        }
        int colon = s.indexOf(':');
        if (colon > 0) {
            String kind = s.substring(0, colon);
            String size = s.substring(colon + 1);
            if (kind.equals("fixed") || kind.equals("fork-join")) {
                int n;
                if (size.equals("cpus")) {
                    n = 0;
                } else {
                    try {
                        n = Integer.parseInt(size);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("executor '" + raw + "': size '" + size
                                + "' is neither a whole number nor 'cpus'; valid forms: " + FORMS);
                    }
                    if (n < 1) {
                        throw new IllegalArgumentException("executor '" + raw + "': size must be at least 1; valid forms: " + FORMS);
                    }
                }
                return kind.equals("fixed") ? new Fixed(n) : new ForkJoin(n);
            }
        }
        throw new IllegalArgumentException("unknown executor '" + raw + "'; valid forms: " + FORMS);
    }

    /** Creates the executor; {@code cpus} is this JVM's available processor count. */
    default ExecutorService create(int cpus) {
        return switch (this) {
            case Fixed f -> Executors.newFixedThreadPool(f.size() == 0 ? cpus : f.size());
            case Virtual v -> Executors.newVirtualThreadPerTaskExecutor();
            case Cached c -> Executors.newCachedThreadPool();
            case ThreadPerTask t -> Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory());
            case ForkJoin f -> new ForkJoinPool(f.parallelism() == 0 ? cpus : f.parallelism());
        };
    }

    /** Canonical text form, the inverse of {@link #parse(String)}. */
    default String text() {
        return switch (this) {
            case Fixed f -> "fixed:" + (f.size() == 0 ? "cpus" : Integer.toString(f.size()));
            case Virtual v -> "virtual";
            case Cached c -> "cached";
            case ThreadPerTask t -> "thread-per-task";
            case ForkJoin f -> "fork-join:" + (f.parallelism() == 0 ? "cpus" : Integer.toString(f.parallelism()));
        };
    }
}
