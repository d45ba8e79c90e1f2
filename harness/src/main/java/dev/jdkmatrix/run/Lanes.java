package dev.jdkmatrix.run;

import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.PlannedRun;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * A cluster session's comparison groups side by side ({@code run --engine kubernetes --parallel}):
 * each group a lane whose runs go one after another in plan order (a group's runs back to back, on
 * one node, as a blocked plan asks), at most {@code lanes} lanes at once: as many as the cluster has
 * nodes that take measured pods, one measured pod a node ({@code engine.KubernetesJobs}). A cell of
 * no group is a lane of its own. The first lane that fails ends every other at its next run.
 */
final class Lanes {

    /** The runs of one lane, measured one after another; {@code othersFailed} says when to stop starting runs. */
    interface Body {
        void measure(List<PlannedRun> runs, BooleanSupplier othersFailed) throws IOException, InterruptedException;
    }

    private Lanes() {}

    /** The plan's runs by lane, each lane's in plan order, the lanes in the order of their first run. */
    static List<List<PlannedRun>> of(Matrix matrix, List<PlannedRun> plan) {
        Map<String, Integer> groupOf = new HashMap<>();
        for (dev.jdkmatrix.matrix.Group g : matrix.groups()) for (dev.jdkmatrix.matrix.Cell c : g.cells()) groupOf.put(c.id(), g.number());
        Map<Object, List<PlannedRun>> lanes = new LinkedHashMap<>();
        for (PlannedRun run : plan) {
            Object lane = groupOf.containsKey(run.cell().id()) ? groupOf.get(run.cell().id()) : run.cell().id();
            lanes.computeIfAbsent(lane, k -> new ArrayList<>()).add(run);
        }
        return List.copyOf(lanes.values());
    }

    /** Measures every lane, {@code width} at once; throws the first lane's failure once every lane has ended. */
    static void measure(List<List<PlannedRun>> lanes, int width, Body body) throws IOException, InterruptedException {
        if (width < 1) throw new IllegalArgumentException("at least one lane at once, got " + width);
        AtomicBoolean failed = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(width, Math.max(1, lanes.size())), r -> {
            Thread t = new Thread(r, "jdkmatrix-lane");
            t.setDaemon(true);
            return t;
        });
        // CompletableFutures, whose get() in a fork-join worker lets its pool make up for the blocked thread: a session
        // started on one (in-process, CompletableFuture.supplyAsync) would otherwise starve whatever else waits there
        List<CompletableFuture<Void>> running = new ArrayList<>();
        try {
            for (List<PlannedRun> lane : lanes) {
                running.add(CompletableFuture.runAsync(() -> {
                    try {
                        body.measure(lane, failed::get);
                    } catch (RuntimeException | Error e) {
                        failed.set(true);
                        throw e;
                    } catch (Exception e) {
                        failed.set(true);
                        throw new CompletionException(e);
                    }
                }, pool));
            }
            Throwable first = null;
            for (CompletableFuture<Void> f : running) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    if (first == null) first = e.getCause();
                }
            }
            if (first instanceof IOException io) throw io;
            if (first instanceof InterruptedException ie) throw ie;
            if (first instanceof RuntimeException r) throw r;
            if (first instanceof Error e) throw e;
            if (first != null) throw new IllegalStateException(first);
        } finally {
            pool.shutdownNow();
        }
    }
}
