// Writes docs/cpu-modes.md from a run of examples/trust.yaml (make bench-cpu-modes): per cell of
// the CPU-bound shapes, the spread of its runs under a CFS quota (--cpus) and pinned to CPUs of
// its own (--cpuset-cpus), and how much the quota throttled it. Run by its make target with
// the harness jar on the class path, so that it reads CSV and computes statistics as the harness does.
package dev.jdkmatrix.bench;

import static dev.jdkmatrix.bench.BenchStats.number;

import static dev.jdkmatrix.bench.BenchStats.median;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.results.CellSummary;
import dev.jdkmatrix.results.format.SummaryColumns;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

public class CpuModesReport {

    /** The CV goal of issue 19 for pinned cells. */
    static final double CV_GOAL = 0.05;

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String command = args.length > 1 ? args[1] : "make bench-cpu-modes";
        RunMetadata meta = RunJson.read(dir.resolve("run.json"));
        List<RawRow> raw = RawCsv.read(dir.resolve("raw.csv"));
        List<CellSummary> summary = Summarizer.summarize(raw, meta.repetitionTarget());
        // pair each quota cell with its pinned twin: the same id but for " cpu-mode=cpuset"
        Map<String, CellSummary> byId = new LinkedHashMap<>();
        for (CellSummary s : summary) byId.put(s.cell(), s);
        StringBuilder t = new StringBuilder();
        t.append("| cell | quota: n | CV | median ±% | target | throttled periods | throttled ms | cpuset: n | CV | median ±% | target |\n");
        t.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        List<Double> cvQuota = new ArrayList<>();
        List<Double> cvPinned = new ArrayList<>();
        int reachedQuota = 0, reachedPinned = 0, pairs = 0, pinnedWithinGoal = 0;
        for (CellSummary q : summary) {
            if (!SummaryColumns.column(q, "cpu_mode").equals("quota")) continue;
            String twin = q.cell().replace(" mem=", " cpu-mode=cpuset mem=");
            CellSummary p = byId.get(twin);
            if (p == null) continue;
            pairs++;
            cvQuota.add(number(SummaryColumns.column(q, "wall_ms_cv")));
            cvPinned.add(number(SummaryColumns.column(p, "wall_ms_cv")));
            if (SummaryColumns.column(q, "target_reached").equals("yes")) reachedQuota++;
            if (SummaryColumns.column(p, "target_reached").equals("yes")) reachedPinned++;
            if (number(SummaryColumns.column(p, "wall_ms_cv")) <= CV_GOAL) pinnedWithinGoal++;
            double share = number(SummaryColumns.column(q, "cpu_throttled_periods_median")) / number(SummaryColumns.column(q, "cpu_periods_median"));
            t.append("| `").append(q.cell().replace(" mem=1g", "")).append("` | ").append(SummaryColumns.column(q, "n")).append(" | ").append(pct(number(SummaryColumns.column(q, "wall_ms_cv"))))
                    .append(" | ").append(SummaryColumns.column(q, "interval_pct")).append(" | ").append(SummaryColumns.column(q, "target_reached"))
                    .append(" | ").append(SummaryColumns.column(q, "cpu_throttled_periods_median")).append(" of ").append(SummaryColumns.column(q, "cpu_periods_median"))
                    .append(Double.isFinite(share) ? " (" + pct(share) + ")" : "")
                    .append(" | ").append(String.format(Locale.ROOT, "%,.0f", number(SummaryColumns.column(q, "cpu_throttled_ms_median"))))
                    .append(" | ").append(SummaryColumns.column(p, "n")).append(" | ").append(pct(number(SummaryColumns.column(p, "wall_ms_cv")))).append(" | ").append(SummaryColumns.column(p, "interval_pct"))
                    .append(" | ").append(SummaryColumns.column(p, "target_reached")).append(" |\n");
        }
        long noisy = raw.stream().filter(RawRow::noisy).count();
        long runs = raw.stream().filter(RawRow::measured).count();
        boolean blocked = meta.order().equals("blocked") && meta.compareAlong() != null;
        StringBuilder md = new StringBuilder();
        md.append("# CPU limits: a CFS quota against pinned CPUs\n\n");
        md.append("Written by `").append(command).append("` (bench/src/main/java/dev/jdkmatrix/bench/CpuModesReport.java) from the run `").append(meta.runId()).append("` of `")
                .append(meta.matrixFile()).append("`, ").append(meta.startedAt()).append(" to ").append(meta.endedAt()).append(", on ")
                .append(meta.host() == null ? "?" : meta.host().cpus() + " CPUs " + meta.host().cpuModel()).append(", ")
                .append(meta.engine() == null ? "?" : "Docker " + meta.engine().serverVersion() + " (cgroup " + meta.engine().cgroupVersion() + ")")
                .append(".\n\n");
        md.append("The CPU-bound shapes of the reference run (the write-ups' at their published sizes: 48 x primes up to 1,000,000; ")
                .append("50,000 x a 200,000-iteration loop; 1,000 x 1,000,000 random longs) on JDK 21 and 25 at 1 and 2 CPUs, each cell twice: ")
                .append("`cpu-mode: quota` (`--cpus N`, a CFS quota, what Kubernetes CPU limits set) and `cpu-mode: cpuset` (`--cpuset-cpus`, ")
                .append("the last N CPUs of the host, no quota). Repetitions: ")
                .append(meta.plan() == null ? "?" : meta.plan().repetitions() + " to " + meta.plan().repetitionsMax() + " measured runs per cell, more while ")
                .append(blocked ? "a compared pair's ratio (paired by round) or a lone cell's median" : "the confidence interval of the median")
                .append(" was known to no better than ").append(meta.plan() == null ? "?" : pct(meta.plan().repetitionTarget()))
                .append("; 1 warm-up; order ").append(meta.order()).append(blocked ? " (each group of cells compared along "
                        + String.join(", ", meta.compareAlong()) + " back to back in every round)" : "").append(". A run during which the host's CPU steal passed ")
                .append(meta.plan() == null || meta.plan().maxSteal() <= 0 ? "(off)" : pct(meta.plan().maxSteal()))
                .append(" was stored as `noisy` and made again: ").append(noisy).append(" of ").append(runs).append(" measured runs.\n\n");
        md.append("CV: coefficient of variation of the wall time over the cell's ok runs. median ±%: how far the distribution-free confidence ")
                .append("interval of the median reaches from it (summary.csv `interval_pct`). Throttled periods and ms: medians over the runs of the ")
                .append("container's cgroup `cpu.stat` (`nr_throttled` of `nr_periods`; `throttled_time`, which cgroup v1 sums over the host CPUs' run ")
                .append("queues, so it can exceed the wall time when the container's threads spread over every CPU).\n\n");
        md.append("## Summary\n\n");
        md.append("| | quota | cpuset |\n|---|---|---|\n");
        md.append("| cells | ").append(pairs).append(" | ").append(pairs).append(" |\n");
        md.append("| median CV | ").append(pct(median(cvQuota))).append(" | ").append(pct(median(cvPinned))).append(" |\n");
        md.append("| largest CV | ").append(pct(max(cvQuota))).append(" | ").append(pct(max(cvPinned))).append(" |\n");
        md.append("| cells with CV <= 5 % | ").append(cvQuota.stream().filter(c -> c <= CV_GOAL).count()).append(" | ").append(pinnedWithinGoal).append(" |\n");
        md.append("| cells whose median was known to the target | ").append(reachedQuota).append(" | ").append(reachedPinned).append(" |\n\n");
        md.append("Goal (issue 19): a CV of at most 5 % with `cpuset`: ").append(pinnedWithinGoal == pairs ? "**met** in every cell" : "**not met** in "
                + (pairs - pinnedWithinGoal) + " of " + pairs + " cells").append(".\n\n");
        comparisons(md, raw, meta);
        md.append("## Per cell\n\n").append(t);
        System.out.print(md);
    }

    /** The comparisons of cells that differ along one compared axis: how far each interval reaches, paired against unpaired on the same runs. */
    static void comparisons(StringBuilder md, List<RawRow> raw, RunMetadata meta) {
        List<Comparisons.Row> comparisons = Comparisons.of(raw, meta).stream().filter(c -> !c.compared().contains("; ")).toList();
        if (!comparisons.isEmpty()) {
            md.append("## Comparisons: paired by round against unpaired\n\n");
            md.append("The ").append(comparisons.size()).append(" pairs of cells that differ along one compared axis (comparisons.csv): how far the 95 % ")
                    .append("interval of b / a reaches from the ratio, from the runs paired by round (Hodges-Lehmann, signed-rank interval) and from the two ")
                    .append("medians taken independently (bootstrap), on the same runs; and how many verdicts each decided (faster, slower or same, not undecided).\n\n");
            md.append("| CPU mode | pairs | paired: median ±% | unpaired: median ±% | paired narrower in | paired: decided | unpaired: decided |\n|---|---|---|---|---|---|---|\n");
            for (String mode : List.of("quota", "cpuset")) {
                List<Comparisons.Row> of = comparisons.stream().filter(c -> c.cellA().contains("cpu-mode=cpuset") == mode.equals("cpuset") && c.ratio() != null).toList();
                if (of.isEmpty()) continue;
                List<Double> paired = of.stream().map(c -> c.ratio().reach()).toList();
                List<Double> unpaired = of.stream().map(Comparisons.Row::unpairedReach).toList();
                long narrower = java.util.stream.IntStream.range(0, of.size()).filter(i -> paired.get(i) < unpaired.get(i)).count();
                md.append("| ").append(mode).append(" | ").append(of.size()).append(" | ±").append(pct(median(paired))).append(" | ±").append(pct(median(unpaired)))
                        .append(" | ").append(narrower).append(" of ").append(of.size())
                        .append(" | ").append(of.stream().filter(c -> c.verdict() != Comparisons.Verdict.UNDECIDED).count())
                        .append(" | ").append(of.stream().filter(c -> c.unpairedVerdict() != Comparisons.Verdict.UNDECIDED).count()).append(" |\n");
            }
            md.append("\n");
        }
    }

    static String pct(double f) {
        return Double.isFinite(f) ? String.format(Locale.ROOT, "%.1f %%", f * 100) : "";
    }

    static double max(List<Double> x) {
        return x.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).max().orElse(Double.NaN);
    }
}
