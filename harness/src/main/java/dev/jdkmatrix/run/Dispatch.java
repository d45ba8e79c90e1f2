package dev.jdkmatrix.run;

import com.github.dockerjava.api.DockerClient;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * How a session's runs reach the engine: one after the other, each waited for
 * ({@link OneByOne}), or side by side on disjoint CPU sets ({@link SideBySide}, {@code --parallel}).
 * Either way a run's attempts are bounded by {@link EngineWatch#bounded}.
 */
sealed interface Dispatch permits Dispatch.OneByOne, Dispatch.SideBySide {

    /** What every dispatch needs: the engine, the session's CPUs, the attempts of a run and the store. */
    record Context(DockerClient client, RunMetadata.Engine engine, Path out, List<Integer> sessionCpus, Attempts attempts, RunStore store,
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
                EngineWatch.bounded(run, image, context.pinned(run), context.attempts(), context.client());
            } catch (RuntimeException e) {
                throw EngineWatch.engineLostOr(e, context.client(), context.engine(), run, context.out(), context.store().done());
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
                        EngineWatch.bounded(run, image, cpuset, context.attempts(), context.client());
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
            if (e instanceof RuntimeException r) throw EngineWatch.engineLostOr(r, context.client(), context.engine(), null, context.out(), context.store().done());
            if (e instanceof IOException io) throw io;
            if (e != null) throw new IllegalStateException(e);
        }
    }
}
