// Writes docs/internals-cost.md from a run of docs/matrices/internals-cost.yaml (make bench-internals):
// per cell of the reference run's shapes, its runs with the flags the harness adds for the JVM's
// internals (a GC log and the counters saved at exit) against its runs without them, paired by
// round, and whether the medians stayed within 2 % (the bound under which jvm-internals is on by
// default). Run by its make target with the harness jar on the class path.
package dev.jdkmatrix.bench;

import static dev.jdkmatrix.bench.BenchStats.number;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.results.CellSummary;
import dev.jdkmatrix.results.format.SummaryColumns;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

public class InternalsCostReport {

    /** What the internals may cost a cell's median for them to be on by default. */
    static final double BOUND = 0.02;

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String command = args.length > 1 ? args[1] : "make bench-internals";
        RunMetadata meta = RunJson.read(dir.resolve("run.json"));
        List<RawRow> raw = RawCsv.read(dir.resolve("raw.csv"));
        Map<String, CellSummary> summary = new LinkedHashMap<>();
        for (CellSummary s : Summarizer.summarize(raw, meta.repetitionTarget())) summary.put(s.cell(), s);
        List<Comparisons.Row> rows = Comparisons.of(raw, meta);
        StringBuilder t = new StringBuilder("| cell | n (off, on) | median off | median on | on / off (paired, 95 %) | ratio of medians | within 2 % |\n|---|---|---|---|---|---|---|\n");
        int pairs = 0, within = 0, intervalWithin = 0;
        List<String> past = new java.util.ArrayList<>();
        double worst = 0;
        for (Comparisons.Row r : rows) {
            // a: the cell without the flags (no jvm-args), b: with them
            CellSummary a = summary.get(r.cellA());
            CellSummary b = summary.get(r.cellB());
            if (a == null || b == null || !SummaryColumns.column(a, "jvm_args").isEmpty()) continue;
            double ma = number(SummaryColumns.column(a, "wall_ms_median"));
            double mb = number(SummaryColumns.column(b, "wall_ms_median"));
            if (!(ma > 0 && mb > 0)) {
                t.append("| `").append(a.cell()).append("` | ").append(SummaryColumns.column(a, "n")).append(", ").append(SummaryColumns.column(b, "n")).append(" | no ok runs: ")
                        .append(SummaryColumns.column(a, "failures").isEmpty() ? SummaryColumns.column(b, "failures") : SummaryColumns.column(a, "failures")).append(" | | | | |\n");
                continue;
            }
            pairs++;
            double ratio = mb / ma;
            boolean ok = Math.abs(ratio - 1) <= BOUND;
            if (ok) within++;
            else {
                past.add("`" + a.cell().replace(" cpus=2 cpu-mode=cpuset mem=1g", "") + "` " + String.format(Locale.ROOT, "%+.1f %%", (ratio - 1) * 100)
                        + (r.ratio() == null ? "" : r.ratio().low() <= 1 && r.ratio().high() >= 1
                                ? String.format(Locale.ROOT, " (its paired interval [%.3f, %.3f] holds 1: no cost shown, none ruled out; its runs vary by %s)", r.ratio().low(), r.ratio().high(),
                                        String.format(Locale.ROOT, "%.1f %% (CV)", number(SummaryColumns.column(a, "wall_ms_cv")) * 100))
                                : String.format(Locale.ROOT, " (paired interval [%.3f, %.3f])", r.ratio().low(), r.ratio().high())));
            }
            worst = Math.max(worst, Math.abs(ratio - 1));
            String paired = "";
            if (r.ratio() != null) {
                paired = String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", r.ratio().ratio(), r.ratio().low(), r.ratio().high());
                if (r.ratio().low() >= 1 - BOUND && r.ratio().high() <= 1 + BOUND) intervalWithin++;
            }
            t.append("| `").append(a.cell().replace(" cpus=2 cpu-mode=cpuset mem=1g", "")).append("` | ").append(SummaryColumns.column(a, "n")).append(", ").append(SummaryColumns.column(b, "n"))
                    .append(" | ").append(SummaryColumns.column(a, "wall_ms_median")).append(" ms | ").append(SummaryColumns.column(b, "wall_ms_median")).append(" ms | ").append(paired)
                    .append(" | ").append(String.format(Locale.ROOT, "%.3f", ratio)).append(" | ").append(ok ? "yes" : "**no**").append(" |\n");
        }
        long noisy = raw.stream().filter(RawRow::noisy).count();
        StringBuilder md = new StringBuilder("# What reading the JVM's internals costs\n\n");
        md.append("Written by `").append(command).append("` (bench/src/main/java/dev/jdkmatrix/bench/InternalsCostReport.java) from the run `").append(meta.runId()).append("` of `")
                .append(meta.matrixFile()).append("`, ").append(meta.startedAt()).append(" to ").append(meta.endedAt()).append(", on ")
                .append(meta.host() == null ? "?" : meta.host().cpus() + " CPUs " + meta.host().cpuModel()).append(", ")
                .append(meta.engine() == null ? "?" : "Docker " + meta.engine().serverVersion() + " (cgroup " + meta.engine().cgroupVersion() + ")")
                .append(" (harness at commit ").append(meta.gitCommit() == null || meta.gitCommit().isEmpty() ? "unknown" : meta.gitCommit().substring(0, Math.min(7, meta.gitCommit().length())))
                .append(meta.gitDirty() ? ", with uncommitted changes" : "").append(").\n\n");
        md.append("For raw.csv's internals columns (GC pauses, safepoints, JIT compilation time) the harness starts each built-in or jar run's JVM with ")
                .append("`-Xlog:gc,gc+phases:file=...` (a line per GC pause, written to a file) and `-XX:+PerfDataSaveToFile` (HotSpot's performance ")
                .append("counters, kept up to date by every JVM anyway, saved once at exit). Each cell here ran with and without those flags ")
                .append("(the second cell of each row: `jvm-args`), the two back to back in every round (order blocked), pinned to the host's CPUs ")
                .append("(`cpu-mode: cpuset`), ").append(meta.plan() == null ? "?" : meta.plan().repetitions() + " to " + meta.plan().repetitionsMax())
                .append(" measured runs per cell after a warm-up; ").append(noisy).append(" runs were made again for the host's CPU steal. ")
                .append("The figure is the workload's own wall time (wall_ms).\n\n");
        md.append("## Decision\n\n");
        md.append(within).append(" of ").append(pairs).append(" cells kept their median within 2 % with the flags (largest change ")
                .append(String.format(Locale.ROOT, "%.1f %%", worst * 100)).append("); in ").append(intervalWithin).append(" of them the whole paired 95 % interval lies within 2 %. ")
                .append(within == pairs ? "So `jvm-internals` is **on** by default (`MatrixKeys.DEFAULT_JVM_INTERNALS`); a matrix turns it off with `jvm-internals: false`."
                        : "So `jvm-internals` is **off** by default (`MatrixKeys.DEFAULT_JVM_INTERNALS`): they are on by default only where the medians stay within 2 %. "
                        + "Past 2 %: " + String.join("; ", past) + ". A matrix turns them on with `jvm-internals: true`.")
                .append("\n\n## Per cell\n\n").append(t)
                .append("\nn: measured runs that ended ok (off, on). on / off (paired): the Hodges-Lehmann ratio of the runs paired by round, with its ")
                .append("signed-rank 95 % interval (comparisons.csv). Ratio of medians: the two cells' medians of wall_ms, the figure the decision reads.\n");
        System.out.print(md);
    }

}
