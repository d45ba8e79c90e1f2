package dev.jdkmatrix.cli;

import dev.jdkmatrix.matrix.Durations;
import dev.jdkmatrix.matrix.Estimate;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.run.MatrixRunner;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

/**
 * Progress while a matrix runs: on a terminal a bar redrawn in place with the current cell,
 * runs done/total and ETA; otherwise one plain line per run, for logs and CI.
 * The ETA scales the remaining estimate by how the runs so far compared with theirs.
 */
final class Progress implements MatrixRunner.Listener {

    private final PrintWriter err;
    private final boolean bar;
    private final double[] estimateMs;
    private final java.util.Map<Integer, Double> estimateBySeq = new java.util.HashMap<>();
    private final long created = System.nanoTime();
    private long t0 = -1;
    private double estimatedDone;

    Progress(PrintWriter err, boolean bar, List<PlannedRun> plan) {
        this.err = err;
        this.bar = bar;
        this.estimateMs = plan.stream().mapToDouble(r -> Estimate.runMillis(r.cell())).toArray();
        for (int i = 0; i < plan.size(); i++) estimateBySeq.put(plan.get(i).sequence(), estimateMs[i]);
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
        if (!bar) return;
        int width = 24;
        int filled = total == 0 ? width : done * width / total;
        String cell = run.cell().id();
        if (cell.length() > 60) cell = cell.substring(0, 57) + "...";
        err.printf("\r\033[K[%s%s] %d/%d %3d%% ETA %s  %s %s%d  %s", "#".repeat(filled), ".".repeat(width - filled), done, total,
                total == 0 ? 100 : done * 100 / total, eta(done), run.phase() == PlannedRun.Phase.WARMUP ? "warmup" : "rep",
                "", run.repetition(), cell);
        err.flush();
    }

    @Override
    public void runEnded(PlannedRun run, RawRow row, int done, int total) {
        estimatedDone += estimateBySeq.getOrDefault(run.sequence(), 0.0);
        if (bar) {
            if (!row.ok()) {
                err.printf("\r\033[K  %s %s: %s%n", row.get("status"), run.cell().id(), row.get("status_detail"));
            }
            return;
        }
        err.printf("[%d/%d] %-7s %s %s%d %s  %s  ETA %s%n", done, total, row.get("status"), run.cell().id(),
                run.phase() == PlannedRun.Phase.WARMUP ? "warmup" : "rep", run.repetition(), figure(row), row.get("status_detail"), eta(done));
        err.flush();
    }

    /** The run's figure: a built-in run's wall time, a JMH or jar run's score in its unit. */
    static String figure(RawRow row) {
        if (!row.get("score").isEmpty() && !"builtin".equals(row.get("kind"))) {
            return dev.jdkmatrix.results.Summarizer.significant(row.number("score")) + " " + row.get("score_unit");
        }
        return (row.get("wall_ms").isEmpty() ? "-" : row.get("wall_ms")) + " ms";
    }

    private String eta(int done) {
        double elapsedMs = elapsed().toMillis();
        double remaining = 0;
        for (int i = done; i < estimateMs.length; i++) remaining += estimateMs[i];
        double scale = estimatedDone > 0 ? elapsedMs / estimatedDone : 1;
        return Durations.text(Duration.ofMillis(Math.round(remaining * scale)));
    }

    void finish() {
        if (bar) {
            err.print("\r\033[K");
            err.flush();
        }
    }
}
