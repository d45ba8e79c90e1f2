package dev.jdkmatrix.run;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Group;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.matrix.Repetitions;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.format.ResultsFolder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * What one session stores and decides, under one lock: each finished run's row appended to raw.csv
 * the moment it ends, the runs done of the total the screen shows, the runs in flight, the
 * workloads stopped because their first round failed ({@link FailFast}), and the adaptive
 * repetitions' decision for each group of compared cells (or each cell) and round, taken once, when
 * that unit has no run in flight, so that every run of it follows one decision.
 */
final class RunStore {

    private final Object lock = new Object();
    private final ResultsFolder.Appending raw;
    private final RunListener listener;
    private final BooleanSupplier stopping;
    private final Repetitions reps;
    /** Blocked and interleaved plans decide per group of compared cells, a sequential one per cell. */
    private final boolean byGroup;
    private final Map<String, Group> groupOf = new HashMap<>();
    /** The measured rows of each cell so far (stored ones of a resumed run included): what the decisions read. */
    private final Map<String, List<RawRow>> measured = new HashMap<>();
    private final Map<String, Integer> inFlight = new HashMap<>();
    private final Map<String, Optional<String>> decided = new HashMap<>();
    /** Stops a workload whose first round failed every run the same way; null with --keep-going. */
    private final FailFast failFast;
    private int done;
    private int total;

    RunStore(ResultsFolder.Appending raw, Matrix matrix, List<PlannedRun> plan, List<RawRow> storedAtStart, FailFast failFast, RunListener listener, BooleanSupplier stopping) {
        this.raw = raw;
        this.listener = listener;
        this.stopping = stopping;
        this.reps = matrix.repetitions();
        this.byGroup = matrix.order() != Matrix.Order.SEQUENTIAL;
        for (Group g : matrix.groups()) g.cells().forEach(c -> groupOf.put(c.id(), g));
        this.failFast = failFast;
        for (RawRow r : storedAtStart) {
            if (r.measured()) measured.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r);
            stopIfFailed(r);
        }
        this.total = plan.size();
    }

    /** Stores a finished run (not one cut short by a signal: a resume runs it again); a noisy one is stored, not counted as done. */
    void store(PlannedRun run, RawRow row) {
        synchronized (lock) {
            if (stopping.getAsBoolean()) return;
            raw.write(row);
            if (row.measured()) measured.computeIfAbsent(row.cell(), k -> new ArrayList<>()).add(row);
            if (!row.noisy()) done++;
            listener.runEnded(run, row, done, total);
            stopIfFailed(row);
        }
    }

    private void stopIfFailed(RawRow row) {
        String stop = failFast == null ? null : failFast.stored(row);
        if (stop != null) listener.message(stop);
    }

    /** Why the session does not make this run (its workload's first round failed), or null. */
    String skips(PlannedRun run) {
        synchronized (lock) {
            return failFast == null ? null : failFast.skips(run);
        }
    }

    /** A run a resumed session finds stored: done already. */
    void storedBefore() {
        synchronized (lock) {
            done++;
        }
    }

    /** Says a run starts; {@code tracked}: it runs beside others, and the decisions wait for it. */
    void started(PlannedRun run, boolean tracked) {
        synchronized (lock) {
            listener.runStarted(run, done, total);
            if (tracked) inFlight.merge(run.cell().id(), 1, Integer::sum);
        }
    }

    /** A tracked run ended (stored or not). */
    void ended(PlannedRun run) {
        synchronized (lock) {
            inFlight.merge(run.cell().id(), -1, Integer::sum);
            lock.notifyAll();
        }
    }

    int done() {
        synchronized (lock) {
            return done;
        }
    }

    /**
     * Whether the adaptive repetitions have enough of this run's cell (or its group) before its
     * round: decided once per unit and round, when none of the unit's runs is in flight, from the
     * rounds before this one only (a resume that finds part of this round stored decides as the
     * first session did). A run left out is taken off the total.
     */
    boolean enough(PlannedRun run) throws InterruptedException {
        if (run.phase() != PlannedRun.Phase.MEASURE || run.repetition() <= reps.min()) return false;
        List<Cell> unit = byGroup ? groupOf.get(run.cell().id()).cells() : List.of(run.cell());
        String key = (byGroup ? "g" + groupOf.get(run.cell().id()).number() : run.cell().id()) + "#" + run.repetition();
        synchronized (lock) {
            if (!decided.containsKey(key)) {
                while (unit.stream().anyMatch(c -> inFlight.getOrDefault(c.id(), 0) > 0)) lock.wait();
                Map<String, List<RawRow>> rowsOf = new LinkedHashMap<>();
                for (Cell c : unit) rowsOf.put(c.id(), measured.getOrDefault(c.id(), List.of()).stream()
                        .filter(r -> r.rep() < run.repetition()).toList());
                decided.put(key, Optional.ofNullable(RunDecisions.enoughGroup(rowsOf, reps)));
            }
            boolean enough = decided.get(key).isPresent();
            if (enough) total--;
            return enough;
        }
    }
}
