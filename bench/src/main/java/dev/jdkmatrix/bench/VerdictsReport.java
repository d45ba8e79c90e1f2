// Writes docs/verdicts.md from a run of harness/matrices/verdicts.yaml (make bench-verdicts): how
// often the verdicts of comparisons inside a run are right on differences known in advance, paired
// by round against unpaired on the same runs. The run's rounds are read as consecutive series of
// SERIES rounds, each compared as a run of that many rounds would be; several runs (a comma-separated
// list of folders) are pooled. Every rate has its Clopper-Pearson 95 % interval, and each A/B row's
// detection rate stands beside the power predicted from the noise its runs measured. Run by its make target
// with the harness jar on the class path, so that it pairs and tests as the harness does.
package dev.jdkmatrix.bench;

import static dev.jdkmatrix.bench.BenchStats.rateInterval;
import static dev.jdkmatrix.bench.BenchStats.rateUpper;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PairedRatio;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Statistics;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import org.apache.commons.statistics.distribution.TDistribution;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

public class VerdictsReport {

    static final int SERIES = 10;
    static final double TARGET = 0.03;
    static final int ADAPTIVE_MIN = 6;

    /** What a comparison is known to be: its name, the compared text of comparisons.csv, and whether b is known to be slower. */
    record Known(String name, String workload, String compared, boolean slower) {}

    static final List<Known> KNOWN = List.of(
            new Known("A/A: cpu-loop, -Dnoop=1", "cpu-loop", "jvm-args none -> -Dnoop=1", false),
            new Known("A/A: sleep, -Dnoop=1", "sleep", "jvm-args none -> -Dnoop=1", false),
            new Known("A/B +5 %: cpu-loop 210,000 against 200,000 iterations", "cpu-loop", "iterations 200000 -> 210000", true),
            new Known("A/B +10 %: cpu-loop 220,000 against 200,000 iterations", "cpu-loop", "iterations 200000 -> 220000", true),
            new Known("A/B +5 %: sleep 21 against 20 ms", "sleep", "wait-ms 20 -> 21", true));

    /** One comparison of one series of one run: the known difference, the CPU mode and JDK, both figures' verdicts and reach, and the power predicted for it. */
    record Outcome(Known known, String mode, String jdk, int run, int series, Comparisons.Row row, double pairedReach, double unpairedReach,
                   int pairedRounds, int unpairedRounds, double predicted) {}

    /** A run folder: its metadata and measured rows. */
    record Run(Path dir, RunMetadata meta, List<RawRow> raw, List<RawRow> measured, int rounds) {}

    /** A known comparison over all of one run's rounds: the paired ratio and the spread of a round's log ratio. */
    record Whole(double ratio, double logSd) {}

    public static void main(String[] args) throws Exception {
        List<Run> runs = new ArrayList<>();
        for (String d : args[0].split(",")) runs.add(read(Path.of(d.trim())));
        String command = args.length > 1 ? args[1] : "make bench-verdicts";
        String note = args.length > 2 ? args[2] : "";
        RunMetadata meta = runs.get(0).meta();
        int seriesCount = 0;
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Run run = runs.get(i);
            seriesCount += run.rounds() / SERIES;
            outcomes.addAll(outcomes(run, i));
        }
        StringBuilder b = new StringBuilder();
        intro(b, command, runs.size(), seriesCount, meta);
        table(b, outcomes, runs);
        minDifference(b, runs, meta);
        adaptive(b, outcomes);
        b.append("\n## The runs\n\n");
        b.append("- Command: `").append(command).append("` (the run: `jdkmatrix run --matrix harness/matrices/verdicts.yaml`, then this report; ")
                .append("`RESULTS=dir[,dir...]` reports on stored runs, pooled).\n");
        for (Run run : runs) describe(b, run);
        if (!note.isBlank()) b.append("- ").append(note).append('\n');
        System.out.print(b);
    }

    /** The page's heading and what it measures. */
    static void intro(StringBuilder b, String command, int runCount, int seriesCount, RunMetadata meta) {
        b.append("# Verdicts on known differences\n\n");
        b.append("How often a comparison inside a run says the right thing, on differences known in advance, for the figure made from runs ")
                .append("paired by round (what comparisons.csv, the claims and the charts read) and for the unpaired figure on the **same runs** ")
                .append("(the ratio of the two medians with its bootstrap interval, as two separate runs are compared). Written by `")
                .append(command).append("` from ").append(runCount == 1 ? "a run" : runCount + " runs")
                .append(" of [harness/matrices/verdicts.yaml](../harness/matrices/verdicts.yaml); ")
                .append("how the figures are made: [statistics.md](statistics.md#paired-comparisons).\n\n");
        b.append("- **A/A**: two cells that differ only in an inert JVM flag (`-Dnoop=1`): any verdict but `same` or `undecided` is wrong. Goal: at most 5 %.\n");
        b.append("- **A/B**: the second cell does known extra work: cpu-loop with 5 % and 10 % more iterations (4,000 tasks, a pool of one ")
                .append("thread per CPU), sleep with 21 ms instead of 20 ms (500 tasks in a pool of 10: 50 waves). The right verdict is `slower`. ")
                .append("What the extra work costs is measured, not assumed: the step column is the paired ratio over all of each run's rounds. ")
                .append("Goal: at least 80 % for +5 % pinned.\n");
        b.append("- Each ").append(SERIES).append(" consecutive rounds of a run are read as one series, as a run of ").append(SERIES)
                .append(" rounds would be: ").append(seriesCount).append(" series x 2 JDKs per CPU mode and row. ")
                .append("A verdict is `faster`/`slower` when the 95 % interval lies wholly past ±").append(pct1(meta.minDifference()))
                .append(" (`min-difference`) on one side, `same` when it lies within ±").append(pct(meta.compareThreshold()))
                .append(" (`compare-threshold`), else `undecided`.\n");
        b.append("- Every rate has its 95 % interval (Clopper-Pearson): with few series a rate is known only roughly. **predicted** is the power ")
                .append("of ").append(SERIES).append(" paired rounds to call the step, from the step and the per-round spread of the log ratio that ")
                .append("each run measured over all its rounds (the t-test's power, which the signed-rank interval matches within a few per cent), ")
                .append("the mean over the row's series: the detection rate should lie within about ±15 points of it.\n\n");

    }

    /** The verdicts of every known comparison, A/A pooled, and found against predicted. */
    static void table(StringBuilder b, List<Outcome> outcomes, List<Run> runs) {
        long aaCalls = outcomes.stream().filter(o -> !o.known().slower() && different(o.row().verdict())).count();
        long aaAll = outcomes.stream().filter(o -> !o.known().slower()).count();
        long aaUnpaired = outcomes.stream().filter(o -> !o.known().slower() && different(o.row().unpairedVerdict())).count();
        b.append(String.format(Locale.ROOT, "**A/A, all rows: paired %d of %d called different (%s %%), unpaired %d of %d (%s %%)**: ",
                aaCalls, aaAll, interval(aaCalls, aaAll), aaUnpaired, aaAll, interval(aaUnpaired, aaAll)))
                .append(String.format(Locale.ROOT, "the windows of one pair of cells share its cells' runs and machine, so they are not independent, and the bound is "
                        + "counted by pair of cells (the clusters): %d of %d pairs ever called different paired, %d unpaired, so a comparison is called different "
                        + "in at most %.1f %% paired and %.1f %% unpaired (one-sided 95 %% upper bounds by pair, which bound the rate per comparison: "
                        + "a window is called no more often than its pair ever is; counted by window as if independent, %.1f %% and %.1f %%); ",
                        clusters(outcomes, true), clusters(outcomes, null), clusters(outcomes, false),
                        rateUpper(clusters(outcomes, true), clusters(outcomes, null)) * 100, rateUpper(clusters(outcomes, false), clusters(outcomes, null)) * 100,
                        rateUpper(aaCalls, aaAll) * 100, rateUpper(aaUnpaired, aaAll) * 100))
                .append("the goal of at most 5 % is ").append(rateUpper(clusters(outcomes, true), clusters(outcomes, null)) <= 0.05 ? "shown" : "not shown by this many pairs of cells")
                .append(" for the paired figure.\n\n");

        b.append("| comparison | CPU mode | step (all rounds of each run, paired) | paired: called different | paired: right [95 % interval] | predicted | ")
                .append("paired: median ±% | unpaired: called different | unpaired: right | unpaired: median ±% |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for (Known k : KNOWN) {
            for (String mode : List.of("cpuset", "quota")) {
                List<Outcome> of = outcomes.stream().filter(o -> o.known() == k && o.mode().equals(mode)).toList();
                if (of.isEmpty()) continue;
                double predicted = of.stream().mapToDouble(Outcome::predicted).average().orElse(Double.NaN);
                String steps = String.join("; ", runs.stream().map(r -> wholeRun(r, k, mode)).toList());
                b.append("| ").append(k.name()).append(" | ").append(mode.equals("cpuset") ? "pinned (cpuset)" : "quota").append(" | ")
                        .append(steps).append(" | ")
                        .append(count(of, o -> different(o.row().verdict()))).append(" | ")
                        .append(k.slower() ? count(of, o -> o.row().verdict() == Comparisons.Verdict.SLOWER) : "-").append(" | ")
                        .append(k.slower() ? String.format(Locale.ROOT, "%.0f %%", predicted * 100) : "-").append(" | ")
                        .append(medianPct(of.stream().mapToDouble(Outcome::pairedReach).toArray())).append(" | ")
                        .append(count(of, o -> different(o.row().unpairedVerdict()))).append(" | ")
                        .append(k.slower() ? count(of, o -> o.row().unpairedVerdict() == Comparisons.Verdict.SLOWER) : "-").append(" | ")
                        .append(medianPct(of.stream().mapToDouble(Outcome::unpairedReach).toArray())).append(" |\n");
            }
        }
        b.append("\n\"Called different\" counts `faster` and `slower`; for an A/B row the wrong direction (`faster`) is in it but not in \"right\". ")
                .append("The step is each run's, by JDK, runs separated by `;`. ")
                .append("±% is how far the 95 % interval reaches from the ratio (the larger side), the median over the row's series.\n\n");
        agreement(b, outcomes);
    }

    /** The same series with min-difference 0, and the A/A pairs over whole runs. */
    static void minDifference(StringBuilder b, List<Run> runs, RunMetadata meta) {

        // the same series with min-difference 0: a difference called as soon as the interval clears 1
        int[] aa = new int[3];
        for (Run run : runs) {
            for (int s = 0; s < run.rounds() / SERIES; s++) {
                List<RawRow> rows = renumbered(run.measured(), s * SERIES + 1, s * SERIES + SERIES);
                for (Comparisons.Row c : Comparisons.of(rows, meta.compareAlong(), "blocked", meta.compareThreshold(), 0, Double.NaN)) {
                    Known k = known(c, rows);
                    if (k == null || k.slower()) continue;
                    aa[0] += different(c.verdict()) ? 1 : 0;
                    aa[1] += different(c.unpairedVerdict()) ? 1 : 0;
                    aa[2]++;
                }
            }
        }
        b.append("### Why a min-difference\n\n").append("With `min-difference: 0` (a difference called as soon as the interval clears 1x), the same ")
                .append(aa[2]).append(" A/A comparisons are called different ").append(aa[0]).append(aa[0] == 1 ? " time" : " times").append(" paired and ").append(aa[1])
                .append(aa[1] == 1 ? " time" : " times").append(" unpaired. Over all rounds of each run, the A/A pairs' paired ratios with their intervals:\n\n");
        for (Run run : runs) {
            for (Comparisons.Row c : Comparisons.of(run.measured(), meta.compareAlong(), "blocked", meta.compareThreshold(), 0, Double.NaN)) {
                Known k = known(c, run.measured());
                if (k == null || k.slower() || c.ratio() == null) continue;
                RawRow a = run.measured().stream().filter(r -> r.cell().equals(c.cellA())).findFirst().orElseThrow();
                b.append(String.format(Locale.ROOT, "- %s: %s, %s, JDK %s: %.4f [%.4f, %.4f]%s%n", run.dir().getFileName(), k.name(),
                        a.column("cpu_mode").equals("cpuset") ? "pinned" : "quota", a.key().jdk(), c.ratio().ratio(), c.ratio().low(), c.ratio().high(),
                        c.ratio().low() > 1 || c.ratio().high() < 1 ? ": clear of 1x" : ""));
            }
        }
        b.append("\nAn interval clear of 1x over a whole run is either a real difference between the two cells, however small ")
                .append("(the \"inert\" flag is inert to that precision or it is not), or one of the 5 % of intervals that miss. A difference of a few ")
                .append("tenths of a per cent is no one's question, and a series of ").append(SERIES).append(" rounds that calls it is as misleading as a ")
                .append("false alarm: so a verdict needs the whole interval past ±").append(pct1(meta.minDifference())).append(".\n\n");

    }

    /** The rounds adaptive repetitions need, replayed on each series. */
    static void adaptive(StringBuilder b, List<Outcome> outcomes) {
        b.append("## Rounds adaptive repetitions need to reach ±").append(pct(TARGET)).append("\n\n")
                .append("Replayed on each series with the harness's own rule (`repetitions: {min: ").append(ADAPTIVE_MIN).append(", max: ").append(SERIES)
                .append(", target: 3%}`): after ").append(ADAPTIVE_MIN).append(" rounds, another round until the pair's interval reaches at most ±3 % ")
                .append("from its ratio; paired: the paired interval (what a blocked run decides on), unpaired: the bootstrap interval of the two medians. ")
                .append("\"n of m\" is how many series got there within ").append(SERIES).append(" rounds; the median counts those that did not as ")
                .append(SERIES + 1).append(".\n\n");
        b.append("| comparison | CPU mode | paired: reached | paired: median rounds | unpaired: reached | unpaired: median rounds |\n|---|---|---|---|---|---|\n");
        for (Known k : KNOWN) {
            for (String mode : List.of("cpuset", "quota")) {
                List<Outcome> of = outcomes.stream().filter(o -> o.known() == k && o.mode().equals(mode)).toList();
                if (of.isEmpty()) continue;
                b.append("| ").append(k.name()).append(" | ").append(mode.equals("cpuset") ? "pinned (cpuset)" : "quota").append(" | ")
                        .append(count(of, o -> o.pairedRounds() <= SERIES)).append(" | ").append(medianRounds(of, true)).append(" | ")
                        .append(count(of, o -> o.unpairedRounds() <= SERIES)).append(" | ").append(medianRounds(of, false)).append(" |\n");
            }
        }

    }

    /** The detection rate beside the predicted power, row by row: how many rows agree within ±15 points. */
    static void agreement(StringBuilder b, List<Outcome> outcomes) {
        int rows = 0;
        int within = 0;
        List<String> off = new ArrayList<>();
        for (Known k : KNOWN) {
            if (!k.slower()) continue;
            for (String mode : List.of("cpuset", "quota")) {
                List<Outcome> of = outcomes.stream().filter(o -> o.known() == k && o.mode().equals(mode)).toList();
                if (of.isEmpty()) continue;
                double found = of.stream().filter(o -> o.row().verdict() == Comparisons.Verdict.SLOWER).count() / (double) of.size();
                double predicted = of.stream().mapToDouble(Outcome::predicted).average().orElse(Double.NaN);
                rows++;
                if (Math.abs(found - predicted) <= 0.15) within++;
                else off.add(String.format(Locale.ROOT, "%s, %s: found %.0f %%, predicted %.0f %%", k.name(), mode, found * 100, predicted * 100));
            }
        }
        b.append("**Found against predicted:** ").append(within).append(" of ").append(rows).append(" A/B rows within ±15 points")
                .append(off.isEmpty() ? "." : "; not: " + String.join("; ", off) + ".").append(" The prediction takes each run's spread as ")
                .append("steady over its rounds; a burst of noise in some series and not others makes the found rate differ from it.\n\n");
    }

    /** One run's line: command, machine, JDKs, runs, time, steal. */
    static void describe(StringBuilder b, Run run) {
        RunMetadata meta = run.meta();
        Instant start = Instant.parse(meta.startedAt());
        Instant end = meta.endedAt() == null ? start : Instant.parse(meta.endedAt());
        Duration took = Duration.between(start, end);
        double[] steal = run.measured().stream().mapToDouble(r -> r.figure(dev.jdkmatrix.results.RunFigure.HOST_STEAL_PCT)).filter(Double::isFinite).toArray();
        b.append("- ").append(run.dir()).append(": ");
        if (meta.host() != null) {
            b.append(meta.host().cpuModel()).append(", ").append(meta.host().cpus()).append(" CPUs, ")
                    .append(String.format(Locale.ROOT, "%.0f GiB", meta.host().memoryBytes() / (double) (1L << 30))).append("; Docker ")
                    .append(meta.engine() == null ? "?" : meta.engine().serverVersion() + ", cgroup " + meta.engine().cgroupVersion()).append("; ");
        }
        b.append("JDKs ").append(String.join("; ", meta.jdkBuilds().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + ": " + String.join(", ", e.getValue())).toList())).append("; ");
        b.append(run.raw().size()).append(" runs (").append(run.measured().size()).append(" measured, ").append(run.rounds()).append(" rounds of ")
                .append(run.measured().stream().map(r -> r.cell()).distinct().count()).append(" cells, order ").append(meta.order())
                .append(", seed ").append(meta.plan().seed()).append("), ").append(meta.startedAt()).append(" to ").append(meta.endedAt())
                .append(String.format(Locale.ROOT, " (%d min %02d s)", took.toMinutes(), took.toSecondsPart()))
                .append("; statuses ").append(meta.statusCounts());
        if (steal.length > 0) {
            Statistics st = Statistics.of(steal);
            b.append(String.format(Locale.ROOT, "; host CPU steal per run: median %.1f %%, max %.1f %%", st.median(), st.max()));
        }
        b.append(".\n");
    }

    static Run read(Path dir) throws java.io.IOException {
        RunMetadata meta = RunJson.read(dir.resolve("run.json"));
        List<RawRow> raw = RawCsv.read(RawCsv.in(dir).orElseThrow(() -> new IllegalArgumentException(dir + " has no raw.csv (nor raw.csv.gz)")));
        List<RawRow> measured = raw.stream().filter(RawRow::measured).toList();
        int rounds = measured.stream().mapToInt(r -> r.rep()).max().orElse(0);
        return new Run(dir, meta, raw, measured, rounds);
    }

    /** Every known comparison of every series of SERIES rounds of one run. */
    static List<Outcome> outcomes(Run run, int index) {
        List<Outcome> out = new ArrayList<>();
        RunMetadata meta = run.meta();
        for (int s = 0; s < run.rounds() / SERIES; s++) {
            int from = s * SERIES + 1;
            List<RawRow> rows = renumbered(run.measured(), from, from + SERIES - 1);
            for (Comparisons.Row c : Comparisons.of(rows, meta.compareAlong(), "blocked", meta.compareThreshold(), meta.minDifference(), Double.NaN)) {
                Known k = known(c, rows);
                if (k == null) continue;
                RawRow a = rows.stream().filter(r -> r.cell().equals(c.cellA())).findFirst().orElseThrow();
                List<RawRow> ra = rows.stream().filter(r -> r.cell().equals(c.cellA())).toList();
                List<RawRow> rb = rows.stream().filter(r -> r.cell().equals(c.cellB())).toList();
                Whole w = whole(run, c.cellA(), c.cellB());
                out.add(new Outcome(k, a.column("cpu_mode"), a.key().jdk(), index, s + 1, c, c.ratio() == null ? Double.NaN : c.ratio().reach(), c.unpairedReach(),
                        roundsToTarget(ra, rb, true), roundsToTarget(ra, rb, false), power(w, SERIES, meta.minDifference())));
            }
        }
        return out;
    }

    /** The paired ratio of two cells over all of a run's rounds, and the sample spread of a round's log ratio. */
    static Whole whole(Run run, String cellA, String cellB) {
        List<RawRow> a = run.measured().stream().filter(r -> r.cell().equals(cellA)).toList();
        List<RawRow> b = run.measured().stream().filter(r -> r.cell().equals(cellB)).toList();
        Comparisons.Pairs p = Comparisons.pairs(a, b);
        double[] d = new double[p.a().length];
        for (int i = 0; i < d.length; i++) d[i] = Math.log(p.b()[i] / p.a()[i]);
        return new Whole(PairedRatio.of(p.a(), p.b()).ratio(), Statistics.of(d).stddev());
    }

    /**
     * The power of n paired rounds to call b slower: the chance that the interval's low end clears
     * 1 + minDifference when the true log ratio is the whole run's and a round's spread is its
     * measured one. From the t-test on the log ratios (a shifted central t), which the signed-rank
     * interval matches within a few per cent.
     */
    static double power(Whole w, int n, double minDifference) {
        double se = w.logSd() / Math.sqrt(n);
        if (!(se > 0)) return Math.log(w.ratio()) > Math.log1p(minDifference) ? 1 : 0;
        TDistribution t = TDistribution.of(n - 1);
        double shift = (Math.log(w.ratio()) - Math.log1p(minDifference)) / se;
        return t.survivalProbability(t.inverseSurvivalProbability(0.025) - shift);
    }

    /**
     * The A/A pairs of cells (run, cell a, cell b): with {@code paired} null, how many there are; else how many were ever called
     * different in one of their windows, by the paired verdict (true) or the unpaired one (false).
     */
    static long clusters(List<Outcome> outcomes, Boolean paired) {
        Map<String, Boolean> called = new LinkedHashMap<>();
        for (Outcome o : outcomes) {
            if (o.known().slower()) continue;
            boolean c = paired != null && different(paired ? o.row().verdict() : o.row().unpairedVerdict());
            called.merge(o.run() + "|" + o.row().cellA() + "|" + o.row().cellB(), c, Boolean::logicalOr);
        }
        return paired == null ? called.size() : called.values().stream().filter(Boolean::booleanValue).count();
    }

    /** The Clopper-Pearson 95 % interval of k successes in n tries, in per cent: "[0, 8.9]". */
    static String interval(long k, long n) {
        double[] ci = rateInterval(k, n);
        return String.format(Locale.ROOT, "[%.1f, %.1f]", ci[0] * 100, ci[1] * 100);
    }

    /** The rows of rounds from..to, as rounds 1..n of a run of their own. */
    static List<RawRow> renumbered(List<RawRow> rows, int from, int to) {
        List<RawRow> out = new ArrayList<>();
        for (RawRow r : rows) {
            int rep = r.rep();
            if (rep < from || rep > to) continue;
            Map<String, String> v = new LinkedHashMap<>(r.values());
            v.put("rep", Integer.toString(rep - from + 1));
            out.add(new RawRow(v));
        }
        return out;
    }

    static Known known(Comparisons.Row c, List<RawRow> rows) {
        String workload = rows.stream().filter(r -> r.cell().equals(c.cellA())).findFirst().orElseThrow().key().workload();
        for (Known k : KNOWN) if (k.workload().equals(workload) && k.compared().equals(c.compared())) return k;
        return null;
    }

    /** The paired ratio over the whole run for one known comparison, by JDK, as a step: "JDK 21: +4.9 %, JDK 25: +5.1 %". */
    static String wholeRun(Run run, Known k, String mode) {
        List<String> parts = new ArrayList<>();
        RunMetadata meta = run.meta();
        for (Comparisons.Row c : Comparisons.of(run.measured(), meta.compareAlong(), "blocked", meta.compareThreshold(), meta.minDifference(), Double.NaN)) {
            if (known(c, run.measured()) != k) continue;
            RawRow a = run.measured().stream().filter(r -> r.cell().equals(c.cellA())).findFirst().orElseThrow();
            if (!a.column("cpu_mode").equals(mode) || c.ratio() == null) continue;
            parts.add("JDK " + a.key().jdk() + ": " + String.format(Locale.ROOT, "%+.1f %%", (c.ratio().ratio() - 1) * 100));
        }
        return String.join(", ", parts);
    }

    /** The rounds (from ADAPTIVE_MIN) after which the pair's interval first reaches at most TARGET, or SERIES + 1 if it never does. */
    static int roundsToTarget(List<RawRow> a, List<RawRow> b, boolean paired) {
        for (int n = ADAPTIVE_MIN; n <= SERIES; n++) {
            int last = n;
            List<RawRow> ra = a.stream().filter(r -> r.rep() <= last).toList();
            List<RawRow> rb = b.stream().filter(r -> r.rep() <= last).toList();
            double reach;
            if (paired) {
                PairedRatio p = Comparisons.paired(ra, rb);
                reach = p == null ? Double.NaN : p.reach();
            } else {
                double[] va = ra.stream().filter(RawRow::ok).mapToDouble(RawRow::score).toArray();
                double[] vb = rb.stream().filter(RawRow::ok).mapToDouble(RawRow::score).toArray();
                if (va.length == 0 || vb.length == 0) continue;
                double ratio = Statistics.of(vb).median() / Statistics.of(va).median();
                double[] ci = dev.jdkmatrix.results.Comparison.bootstrapRatio(a.get(0).cell() + " / " + b.get(0).cell(), va, vb);
                reach = PairedRatio.reach(ratio, ci[0], ci[1]);
            }
            if (Double.isFinite(reach) && reach <= TARGET) return n;
        }
        return SERIES + 1;
    }

    static boolean different(Comparisons.Verdict v) {
        return v == Comparisons.Verdict.FASTER || v == Comparisons.Verdict.SLOWER;
    }

    static String count(List<Outcome> of, java.util.function.Predicate<Outcome> p) {
        long n = of.stream().filter(p).count();
        return n + " of " + of.size() + String.format(Locale.ROOT, " (%.0f %% %s)", 100.0 * n / of.size(), interval(n, of.size()));
    }

    static String medianPct(double[] values) {
        double[] x = java.util.Arrays.stream(values).filter(Double::isFinite).toArray();
        return x.length == 0 ? "" : String.format(Locale.ROOT, "±%.2f", Statistics.of(x).median() * 100);
    }

    static String medianRounds(List<Outcome> of, boolean paired) {
        double m = Statistics.of(of.stream().mapToDouble(o -> paired ? o.pairedRounds() : o.unpairedRounds()).toArray()).median();
        return m > SERIES ? "over " + SERIES : String.format(Locale.ROOT, "%.1f", m).replace(".0", "");
    }

    static String pct1(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", fraction * 100).replace(".0 %", " %");
    }

    static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.0f %%", fraction * 100);
    }
}
