package dev.jdkmatrix.run;

import dev.jdkmatrix.engine.EnginePing;
import dev.jdkmatrix.engine.RunSlot;
import dev.jdkmatrix.engine.StartTogether;
import dev.jdkmatrix.matrix.Duets;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.model.CpuMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * How a session's runs reach the engine: one after the other, each waited for
 * ({@link OneByOne}), side by side on disjoint CPU sets ({@link SideBySide}, {@code --parallel}), or
 * each duet's runs started at one moment on CPUs of their own ({@link Together}, {@code order: duet}).
 * Either way a run's attempts are bounded by {@link EngineWatch#bounded}.
 */
sealed interface Dispatch permits Dispatch.OneByOne, Dispatch.SideBySide, Dispatch.Together {

    /** What every dispatch needs: the engine, the session's CPUs, the attempts of a run and the store. */
    record Context(EnginePing engine, Path out, List<Integer> sessionCpus, Attempts attempts, RunStore store,
                   BooleanSupplier stopping) {
        /** The CPUs a pinned cell runs on when nothing packs it; null for a quota cell. */
        String pinned(PlannedRun run) {
            return run.cell().cpuMode() == CpuMode.CPUSET ? CpuSlots.cpuset(CpuSlots.pinned(run.cell(), sessionCpus)) : null;
        }
    }

    static Dispatch of(Context context, CpuSlots.Packing packing) {
        return packing == CpuSlots.Packing.OFF ? new OneByOne(context, () -> false) : new SideBySide(context, packing);
    }

    /** Starts a run (one by one: runs it). Interrupted while it waits for CPUs: the session stops starting runs. */
    void start(PlannedRun run, ImageRef image) throws IOException, InterruptedException;

    /**
     * The plan's next run is about to be considered (stored, skipped, left out by the adaptive rounds, or
     * started): a dispatch that gathers runs makes what it gathered first when this run begins another
     * set, so that the decisions about it read every run before it. Nothing for one that starts each run at once.
     */
    default void next(PlannedRun run) throws IOException, InterruptedException {
        // every run is made when it is started
    }

    /** A run failed beyond its row (the engine lost, a write that failed): start no more. */
    boolean failed();

    /** Waits for the runs in flight and throws the first failure, as the engine lost when it is. */
    void finish() throws IOException;

    /** One run after the other; {@code othersFailed}: another lane of the session failed ({@link Lanes}), start no more. */
    record OneByOne(Context context, BooleanSupplier othersFailed) implements Dispatch {
        @Override
        public void start(PlannedRun run, ImageRef image) throws IOException {
            context.store().started(run, false);
            try {
                EngineWatch.bounded(run, image, RunSlot.alone(context.pinned(run)), context.attempts(), context.engine());
            } catch (RuntimeException e) {
                throw EngineWatch.engineLostOr(e, context.engine(), run, context.out(), context.store().done());
            }
        }

        @Override
        public boolean failed() {
            return othersFailed.getAsBoolean(); // this one's failure is thrown by start
        }

        @Override
        public void finish() {
            // nothing in flight
        }
    }

    /** Runs side by side, each on CPUs of its own ({@link CpuSlots}), as many at once as the CPUs hold. */
    final class SideBySide implements Dispatch {
        private final Context context;
        private final CpuSlots.Packing packing;
        private final CpuSlots slots;
        private final ExecutorService workers;
        private final AtomicReference<Exception> failure = new AtomicReference<>();

        SideBySide(Context context, CpuSlots.Packing packing) {
            this.context = context;
            this.packing = packing;
            this.slots = new CpuSlots(context.sessionCpus());
            this.workers = Executors.newFixedThreadPool(context.sessionCpus().size());
        }

        @Override
        public void start(PlannedRun run, ImageRef image) throws InterruptedException {
            List<Integer> cpus = slots.acquire(slots.demand(run.cell(), packing));
            String cpuset = CpuSlots.packable(run.cell(), context.sessionCpus().size(), packing) ? CpuSlots.cpuset(cpus) : context.pinned(run);
            context.store().started(run, true);
            workers.submit(() -> {
                try {
                    if (!context.stopping().getAsBoolean() && failure.get() == null) {
                        EngineWatch.bounded(run, image, RunSlot.alone(cpuset), context.attempts(), context.engine());
                    }
                } catch (Exception e) {
                    failure.compareAndSet(null, e);
                } finally {
                    slots.release(cpus);
                    context.store().ended(run);
                }
            });
        }

        @Override
        public boolean failed() {
            return failure.get() != null;
        }

        @Override
        public void finish() throws IOException {
            workers.shutdown();
            try {
                while (!workers.awaitTermination(1, TimeUnit.SECONDS)) {
                    // runs end by themselves or at their timeout
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Exception e = failure.get();
            if (e instanceof RuntimeException r) throw EngineWatch.engineLostOr(r, context.engine(), null, context.out(), context.store().done());
            if (e instanceof IOException io) throw io;
            if (e != null) throw new IllegalStateException(e);
        }
    }

    /**
     * A duet plan's runs: the runs of one {@link Duets.Duet} (a group's cells in one round) are
     * gathered as the plan gives them, then made at once, each on a thread of its own and on its own
     * CPUs, their containers created first and started together ({@link StartTogether}); the next
     * set starts when this one has ended. A set left with one run (its partners stored already, or
     * left out) runs alone, pinned as any run alone.
     */
    final class Together implements Dispatch {
        private final Context context;
        private final Map<Integer, Duets.Duet> duetOf = new HashMap<>();
        private final List<PlannedRun> pending = new ArrayList<>();
        private final List<ImageRef> images = new ArrayList<>();
        private Duets.Duet current;
        private boolean failed;

        Together(Context context, List<Duets.Duet> duets) {
            this.context = context;
            for (Duets.Duet d : duets) d.runs().forEach(r -> duetOf.put(r.sequence(), d));
        }

        @Override
        public void next(PlannedRun run) throws IOException, InterruptedException {
            if (duetOf(run) != current) launch(); // the adaptive rounds then decide on this run's round from every round before it
        }

        @Override
        public void start(PlannedRun run, ImageRef image) throws IOException, InterruptedException {
            Duets.Duet duet = duetOf(run);
            if (duet != current) launch();
            current = duet;
            pending.add(run);
            images.add(image);
        }

        private Duets.Duet duetOf(PlannedRun run) {
            Duets.Duet duet = duetOf.get(run.sequence());
            if (duet == null) throw new IllegalStateException("run seq " + run.sequence() + " is in no duet of the plan");
            return duet;
        }

        /** The runs gathered of the current set, made together (or the one alone), waited for. */
        private void launch() throws IOException, InterruptedException {
            if (pending.isEmpty()) return;
            if (context.stopping().getAsBoolean()) { // a signal: the runs gathered are not started, a resume makes them
                pending.clear();
                images.clear();
                return;
            }
            List<PlannedRun> runs = List.copyOf(pending);
            List<ImageRef> refs = List.copyOf(images);
            pending.clear();
            images.clear();
            if (runs.size() == 1) {
                new OneByOne(context, () -> false).start(runs.get(0), refs.get(0));
                return;
            }
            StartTogether together = new StartTogether(runs.stream().map(r -> Integer.toString(r.sequence())).toList());
            ExecutorService sides = Executors.newFixedThreadPool(runs.size());
            List<java.util.concurrent.Future<?>> done = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                PlannedRun run = runs.get(i);
                ImageRef image = refs.get(i);
                RunSlot slot = new RunSlot(CpuSlots.cpuset(current.cpusOf(run)), together.member(i));
                context.store().started(run, false);
                done.add(sides.submit(() -> {
                    EngineWatch.bounded(run, image, slot, context.attempts(), context.engine());
                    return null;
                }));
            }
            sides.shutdown();
            RuntimeException first = null;
            IOException io = null;
            for (int i = 0; i < done.size(); i++) {
                try {
                    done.get(i).get();
                } catch (java.util.concurrent.ExecutionException e) {
                    failed = true;
                    if (e.getCause() instanceof IOException x && io == null) io = x;
                    else if (e.getCause() instanceof RuntimeException x && first == null) first = x;
                    else if (first == null) first = new IllegalStateException(e.getCause());
                }
            }
            if (first != null) throw EngineWatch.engineLostOr(first, context.engine(), runs.get(0), context.out(), context.store().done());
            if (io != null) throw io;
        }

        @Override
        public boolean failed() {
            return failed;
        }

        @Override
        public void finish() throws IOException {
            try {
                launch();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
