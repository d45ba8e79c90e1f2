package dev.jdkmatrix.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs that start at one moment (a duet: {@code order: duet}): each member's container is created
 * first, then every member waits at one barrier and starts its container as soon as all are
 * created, so the machine's bursts fall on all of them. Each member notes when its container
 * started as the engine stamps it (Docker's {@code State.StartedAt}, read right after the start
 * call; a cluster's pod, which waits inside for the set's {@link Member#moment}, prints when its run
 * began), and {@link Member#skewMs()} is how far apart its start lay from its partners'. A
 * member whose container could not be created {@link Member#leave leaves}: the others then start
 * without waiting for it (and say no skew), as they do after {@link #WAIT} without it.
 */
public final class StartTogether {

    /** How long a member waits for the others to be created before it starts alone. */
    public static final java.time.Duration WAIT = java.time.Duration.ofSeconds(60);

    private final List<String> labels;
    private final CyclicBarrier barrier;
    private final Instant[] startedAt;
    /** A member left: nobody waits any more. */
    private volatile boolean broken;
    /** The moment the members start at, where the engine starts them by the clock ({@link Member#moment}); null until one asks. */
    private Instant moment;

    /** Members named by {@code labels} (a run's sequence number, say), at least two. */
    public StartTogether(List<String> labels) {
        this.labels = List.copyOf(labels);
        if (this.labels.size() < 2) throw new IllegalArgumentException("runs started together are at least two, got " + this.labels);
        if (this.labels.stream().distinct().count() != this.labels.size()) throw new IllegalArgumentException("members' labels are distinct, got " + this.labels);
        this.barrier = new CyclicBarrier(this.labels.size());
        this.startedAt = new Instant[this.labels.size()];
    }

    /** The {@code i}-th member, in the order of the labels. */
    public Member member(int i) {
        Objects.checkIndex(i, labels.size());
        return new Member(this, i);
    }

    public int size() {
        return labels.size();
    }

    /** Every member's label, in order. */
    public List<String> labels() {
        return labels;
    }

    /** One member's side of the start: {@link #ready()} before its start call, {@link #started} after it. */
    public record Member(StartTogether group, int index) {
        public Member {
            Objects.requireNonNull(group, "group");
            Objects.checkIndex(index, group.size());
        }

        /** Waits until every member is created (at most {@link #WAIT}); a member that left or failed lets the others go on. */
        public void ready() {
            if (group.broken) return;
            try {
                group.barrier.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                group.barrier.reset();
            } catch (BrokenBarrierException | TimeoutException e) {
                // a partner left or is late: start now, alone
            }
        }

        /**
         * The one moment every member starts its run at, where the engine cannot start them with one
         * call each but tells each run when to begin (a cluster's pods, each waiting inside for it):
         * {@code pick} of the first member that asks, the same for the others.
         */
        public Instant moment(java.util.function.Supplier<Instant> pick) {
            synchronized (group) {
                if (group.moment == null) group.moment = Objects.requireNonNull(pick.get(), "moment");
                return group.moment;
            }
        }

        /** Notes when this member's container started, as the engine stamps it. */
        public void started(Instant at) {
            Objects.requireNonNull(at, "at");
            synchronized (group) {
                group.startedAt[index] = at;
            }
        }

        /** This member will not start (its container could not be created): the others stop waiting for it. */
        public void leave() {
            group.broken = true;
            group.barrier.reset();
        }

        /** The other members' labels, in order. */
        public List<String> partners() {
            List<String> out = new ArrayList<>(group.labels);
            out.remove(index);
            return out;
        }

        /**
         * How many milliseconds this member's start lay from the farthest of its partners' (the
         * engine's stamps); empty while a partner has not started, or never did.
         */
        public OptionalDouble skewMs() {
            synchronized (group) {
                if (group.startedAt[index] == null) return OptionalDouble.empty();
                long worst = 0;
                for (int j = 0; j < group.size(); j++) {
                    if (j == index) continue;
                    if (group.startedAt[j] == null) return OptionalDouble.empty();
                    worst = Math.max(worst, Math.abs(Duration.between(group.startedAt[j], group.startedAt[index]).toNanos()));
                }
                return OptionalDouble.of(worst / 1e6);
            }
        }
    }
}
