package dev.jdkmatrix.cli;

import dev.jdkmatrix.matrix.Durations;
import dev.jdkmatrix.matrix.Estimate;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.run.RunListener;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

/**
 * Progress while a matrix runs: on a terminal a bar redrawn in place with the current cell,
 * runs done/total and ETA; otherwise one plain line per run, for logs and CI.
 * The ETA learns: a run of a cell that has runs already (in this session, or stored before a
 * resume) is expected to take what they took (their median); any other run takes its estimate,
 * scaled by how the runs so far compared with theirs. So a cell whose runs end early (killed at
 * their memory limit, say) stops inflating the ETA after its first run.
 */
final class Progress implements RunListener {

    private final PrintWriter err;
    private final boolean bar;
    /** A run of the plan as the ETA sees it: its cell and what the cost model expects it to take. */
    private record Expected(String cell, double estimateMs) {
        Expected {
            java.util.Objects.requireNonNull(cell, "cell");
        }
    }

    /** The plan's runs by sequence number, in plan order. */
    private final java.util.Map<Integer, Expected> plan = new java.util.LinkedHashMap<>();
    private final java.util.Map<Integer, Long> startedAt = new java.util.HashMap<>();
    private final java.util.Set<Integer> finished = new java.util.HashSet<>();
    /** What each cell's runs took, ms: the time between their start and end here, or a stored run's container and harness time. */
    private final java.util.Map<String, List<Double>> observed = new java.util.HashMap<>();
    private double observedHere;
    private final long created = System.nanoTime();
    private long t0 = -1;
    private double estimatedDone;

    Progress(PrintWriter err, boolean bar, List<PlannedRun> plan) {
        this.err = err;
        this.bar = bar;
        for (PlannedRun r : plan) this.plan.put(r.sequence(), new Expected(r.cell().id(), Estimate.runMillis(r.cell())));
    }

    @Override
    public void stored(List<RawRow> rows) {
        for (RawRow r : rows) {
            if (!r.noisy() && r.seq() > 0) finished.add(r.seq());
            double took = r.figure(RunFigure.CONTAINER_WALL_MS) + r.figure(RunFigure.HARNESS_OVERHEAD_MS);
            if (Double.isFinite(took) && took > 0) observed.computeIfAbsent(r.cell(), c -> new java.util.ArrayList<>()).add(took);
        }
    }

    static boolean isTerminal() {
        java.io.Console c = System.console();
        if (c == null) return false;
        try {
            // JDK 22+ returns a Console even when redirected; isTerminal() tells.
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(c);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    /** Time since the first run started (image builds are not part of the ETA's basis). */
    Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - (t0 < 0 ? created : t0));
    }

    /** Time since the command started, image builds included. */
    Duration total() {
        return Duration.ofNanos(System.nanoTime() - created);
    }

    @Override
    public void message(String line) {
        if (bar) err.print("\r\033[K");
        err.println("jdkmatrix: " + line);
        err.flush();
    }

    @Override
    public void runStarted(PlannedRun run, int done, int total) {
        if (t0 < 0) t0 = System.nanoTime();
        startedAt.put(run.sequence(), System.nanoTime());
        if (!bar) return;
        int width = 24;
        int filled = total == 0 ? width : done * width / total;
        String cell = run.cell().id();
        if (cell.length() > 60) cell = cell.substring(0, 57) + "...";
        err.printf("\r\033[K[%s%s] %d/%d %3d%% ETA %s  %s %s%d  %s", "#".repeat(filled), ".".repeat(width - filled), done, total,
                total == 0 ? 100 : done * 100 / total, eta(done), label(run),
                "", run.repetition(), cell);
        err.flush();
    }

    @Override
    public void runEnded(PlannedRun run, RawRow row, int done, int total) {
        Expected expected = plan.get(run.sequence());
        if (expected != null) estimatedDone += expected.estimateMs();
        finished.add(run.sequence());
        Long began = startedAt.remove(run.sequence());
        if (began != null) {
            double took = (System.nanoTime() - began) / 1e6;
            observedHere += took;
            observed.computeIfAbsent(run.cell().id(), c -> new java.util.ArrayList<>()).add(took);
        }
        if (bar) {
            if (!row.ok()) {
                err.printf("\r\033[K  %s %s: %s%n", row.status(), run.cell().id(), row.statusDetail());
            }
            return;
        }
        err.printf("[%d/%d] %-7s %s %s%d %s  %s  ETA %s%n", done, total, row.status(), run.cell().id(),
                label(run), run.repetition(), figure(row), row.statusDetail(), eta(done));
        err.flush();
    }

    /** The run's figure: a built-in run's wall time, a JMH or jar run's score in its unit. */
    static String figure(RawRow row) {
        double score = row.figure(RunFigure.SCORE);
        if (!Double.isNaN(score) && !row.key().builtin()) return dev.jdkmatrix.results.Summarizer.significant(score) + " " + row.scoreUnit();
        double wall = row.figure(RunFigure.WALL_MS);
        return (Double.isNaN(wall) ? "-" : dev.jdkmatrix.results.Summarizer.ms(wall)) + " ms";
    }

    private String eta(int done) {
        return Durations.text(Duration.ofMillis(Math.round(remainingMillis(elapsed().toMillis()))));
    }

    /**
     * The time the runs not yet finished should take: a cell's median so far where it has runs,
     * else the run's estimate scaled by elapsed / estimated over this session's runs; both stretched
     * by the gaps between runs seen so far (elapsed / the runs' own time, at least 1).
     */
    double remainingMillis(double elapsedMs) {
        double scale = estimatedDone > 0 ? elapsedMs / estimatedDone : 1;
        double gaps = observedHere > 0 ? Math.max(1, elapsedMs / observedHere) : 1;
        java.util.Map<String, Double> medians = new java.util.HashMap<>();
        double remaining = 0;
        for (var e : plan.entrySet()) {
            if (finished.contains(e.getKey())) continue;
            Expected x = e.getValue();
            List<Double> seen = observed.get(x.cell());
            remaining += seen == null || seen.isEmpty() ? x.estimateMs() * scale
                    : medians.computeIfAbsent(x.cell(), c -> median(seen)) * gaps;
        }
        return remaining;
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    void finish() {
        if (bar) {
            err.print("\r\033[K");
            err.flush();
        }
    }

    /** How a progress line names a run's phase: warmup 1, rep 3, profile 1. */
    static String label(PlannedRun run) {
        return switch (run.phase()) {
            case WARMUP -> "warmup";
            case MEASURE -> "rep";
            case PROFILE -> "profile";
        };
    }
}
