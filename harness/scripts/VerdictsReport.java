// Writes docs/verdicts.md from a run of harness/matrices/verdicts.yaml (make bench-verdicts): how
// often the verdicts of comparisons inside a run are right on differences known in advance, paired
// by round against unpaired on the same runs. The run's rounds are read as consecutive series of
// SERIES rounds, each compared as a run of that many rounds would be. Run as a single-file program
// with the harness jar on the class path, so that it pairs and tests as the harness does.
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PairedRatio;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Statistics;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

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

    /** One comparison of one series: the known difference, the CPU mode and JDK, and both figures' verdicts and reach. */
    record Outcome(Known known, String mode, String jdk, int series, Comparisons.Row row, double pairedReach, double unpairedReach,
                   int pairedRounds, int unpairedRounds) {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String command = args.length > 1 ? args[1] : "make bench-verdicts";
        String note = args.length > 2 ? args[2] : "";
        RunMetadata meta = RunJson.read(dir.resolve("run.json"));
        List<RawRow> raw = RawCsv.read(RawCsv.in(dir).orElseThrow(() -> new IllegalArgumentException(dir + " has no raw.csv (nor raw.csv.gz)")));
        List<RawRow> measured = raw.stream().filter(RawRow::measured).toList();
        int rounds = measured.stream().mapToInt(r -> (int) r.number("rep")).max().orElse(0);
        int seriesCount = rounds / SERIES;
        List<Outcome> outcomes = new ArrayList<>();
        for (int s = 0; s < seriesCount; s++) {
            int from = s * SERIES + 1;
            int to = from + SERIES - 1;
            List<RawRow> rows = renumbered(measured, from, to);
            for (Comparisons.Row c : Comparisons.of(rows, meta.compareAlong(), "blocked", meta.compareThreshold(), meta.minDifference(), Double.NaN)) {
                Known k = known(c, rows);
                if (k == null) continue;
                RawRow a = rows.stream().filter(r -> r.get("cell").equals(c.cellA())).findFirst().orElseThrow();
                List<RawRow> ra = rows.stream().filter(r -> r.get("cell").equals(c.cellA())).toList();
                List<RawRow> rb = rows.stream().filter(r -> r.get("cell").equals(c.cellB())).toList();
                outcomes.add(new Outcome(k, a.get("cpu_mode"), a.get("jdk"), s + 1, c, c.ratio() == null ? Double.NaN : c.ratio().reach(), c.unpairedReach(),
                        roundsToTarget(ra, rb, true), roundsToTarget(ra, rb, false)));
            }
        }

        StringBuilder b = new StringBuilder();
        b.append("# Verdicts on known differences\n\n");
        b.append("How often a comparison inside a run says the right thing, on differences known in advance, for the figure made from runs ")
                .append("paired by round (what comparisons.csv, the claims and the charts read) and for the unpaired figure on the **same runs** ")
                .append("(the ratio of the two medians with its bootstrap interval, as two separate runs are compared). Written by `")
                .append(command).append("` from a run of [harness/matrices/verdicts.yaml](../harness/matrices/verdicts.yaml); ")
                .append("how the figures are made: [statistics.md](statistics.md#paired-comparisons).\n\n");
        b.append("- **A/A**: two cells that differ only in an inert JVM flag (`-Dnoop=1`): any verdict but `same` or `undecided` is wrong. Goal: at most 5 %.\n");
        b.append("- **A/B**: the second cell does known extra work: cpu-loop with 5 % and 10 % more iterations (4,000 tasks, a pool of one ")
                .append("thread per CPU), sleep with 21 ms instead of 20 ms (500 tasks in a pool of 10: 50 waves). The right verdict is `slower`. ")
                .append("Goal: at least 80 % for +5 % pinned.\n");
        b.append("- Each ").append(SERIES).append(" consecutive rounds of the run are read as one series, as a run of ").append(SERIES)
                .append(" rounds would be: ").append(seriesCount).append(" series x 2 JDKs per CPU mode and row. ")
                .append("A verdict is `faster`/`slower` when the 95 % interval lies wholly past ±").append(pct1(meta.minDifference()))
                .append(" (`min-difference`) on one side, `same` when it lies within ±").append(pct(meta.compareThreshold()))
                .append(" (`compare-threshold`), else `undecided`.\n\n");

        b.append("| comparison | CPU mode | measured ratio (all ").append(rounds).append(" rounds, paired) | paired: called different | paired: right | ")
                .append("paired: median ±% | unpaired: called different | unpaired: right | unpaired: median ±% |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Known k : KNOWN) {
            for (String mode : List.of("cpuset", "quota")) {
                List<Outcome> of = outcomes.stream().filter(o -> o.known() == k && o.mode().equals(mode)).toList();
                if (of.isEmpty()) continue;
                b.append("| ").append(k.name()).append(" | ").append(mode.equals("cpuset") ? "pinned (cpuset)" : "quota").append(" | ")
                        .append(wholeRun(measured, meta, k, mode)).append(" | ")
                        .append(count(of, o -> different(o.row().verdict()))).append(" | ")
                        .append(k.slower() ? count(of, o -> o.row().verdict() == Comparisons.Verdict.SLOWER) : "-").append(" | ")
                        .append(medianPct(of.stream().mapToDouble(Outcome::pairedReach).toArray())).append(" | ")
                        .append(count(of, o -> different(o.row().unpairedVerdict()))).append(" | ")
                        .append(k.slower() ? count(of, o -> o.row().unpairedVerdict() == Comparisons.Verdict.SLOWER) : "-").append(" | ")
                        .append(medianPct(of.stream().mapToDouble(Outcome::unpairedReach).toArray())).append(" |\n");
            }
        }
        b.append("\n\"Called different\" counts `faster` and `slower`; for an A/B row the wrong direction (`faster`) is in it but not in \"right\". ")
                .append("±% is how far the 95 % interval reaches from the ratio (the larger side), the median over the row's series.\n\n");

        // the same series with min-difference 0: a difference called as soon as the interval clears 1
        int[] aa = new int[4];
        for (int s = 0; s < seriesCount; s++) {
            List<RawRow> rows = renumbered(measured, s * SERIES + 1, s * SERIES + SERIES);
            for (Comparisons.Row c : Comparisons.of(rows, meta.compareAlong(), "blocked", meta.compareThreshold(), 0, Double.NaN)) {
                Known k = known(c, rows);
                if (k == null || k.slower()) continue;
                aa[0] += different(c.verdict()) ? 1 : 0;
                aa[1] += different(c.unpairedVerdict()) ? 1 : 0;
                aa[2]++;
            }
        }
        b.append("### Why a min-difference\n\n").append("With `min-difference: 0` (a difference called as soon as the interval clears 1x), the same ")
                .append(aa[2]).append(" A/A comparisons are called different ").append(aa[0]).append(" times paired and ").append(aa[1])
                .append(" times unpaired. Over all ").append(rounds).append(" rounds, the A/A pairs' paired ratios with their intervals:\n\n");
        for (Comparisons.Row c : Comparisons.of(measured, meta.compareAlong(), "blocked", meta.compareThreshold(), 0, Double.NaN)) {
            Known k = known(c, measured);
            if (k == null || k.slower() || c.ratio() == null) continue;
            RawRow a = measured.stream().filter(r -> r.get("cell").equals(c.cellA())).findFirst().orElseThrow();
            b.append(String.format(Locale.ROOT, "- %s, %s, JDK %s: %.4f [%.4f, %.4f]%s%n", k.name(), a.get("cpu_mode").equals("cpuset") ? "pinned" : "quota",
                    a.get("jdk"), c.ratio().ratio(), c.ratio().low(), c.ratio().high(), c.ratio().low() > 1 || c.ratio().high() < 1 ? ": clear of 1x" : ""));
        }
        b.append("\nAn interval clear of 1x over ").append(rounds).append(" rounds is either a real difference between the two cells, however small ")
                .append("(the \"inert\" flag is inert to that precision or it is not), or one of the 5 % of intervals that miss. A difference of a few ")
                .append("tenths of a per cent is no one's question, and a series of ").append(SERIES).append(" rounds that calls it is as misleading as a ")
                .append("false alarm: so a verdict needs the whole interval past ±").append(pct1(meta.minDifference())).append(".\n\n");

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

        b.append("\n## The run\n\n");
        Instant start = Instant.parse(meta.startedAt());
        Instant end = meta.endedAt() == null ? start : Instant.parse(meta.endedAt());
        Duration took = Duration.between(start, end);
        double[] steal = measured.stream().mapToDouble(r -> r.number("host_steal_pct")).filter(Double::isFinite).toArray();
        b.append("- Command: `").append(command).append("` (the run: `jdkmatrix run --matrix harness/matrices/verdicts.yaml`, then this report; ")
                .append("`RESULTS=dir` reports on a stored run).\n");
        if (meta.host() != null) {
            b.append("- Machine: ").append(meta.host().cpuModel()).append(", ").append(meta.host().cpus()).append(" CPUs, ")
                    .append(String.format(Locale.ROOT, "%.0f GiB", meta.host().memoryBytes() / (double) (1L << 30))).append("; Docker ")
                    .append(meta.engine() == null ? "?" : meta.engine().serverVersion() + ", cgroup " + meta.engine().cgroupVersion()).append(".\n");
        }
        b.append("- JDKs: ").append(String.join("; ", meta.jdkBuilds().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + ": " + String.join(", ", e.getValue())).toList())).append(".\n");
        b.append("- ").append(raw.size()).append(" runs (").append(measured.size()).append(" measured, ").append(rounds).append(" rounds of ")
                .append(measured.stream().map(r -> r.get("cell")).distinct().count()).append(" cells, order ").append(meta.order())
                .append(", seed ").append(meta.plan().seed()).append("), ").append(meta.startedAt()).append(" to ").append(meta.endedAt())
                .append(String.format(Locale.ROOT, " (%d min %02d s)", took.toMinutes(), took.toSecondsPart()))
                .append("; statuses ").append(meta.statusCounts()).append(".\n");
        if (steal.length > 0) {
            Statistics st = Statistics.of(steal);
            b.append(String.format(Locale.ROOT, "- Host CPU steal per run: median %.1f %%, max %.1f %%.%n", st.median(), st.max()));
        }
        if (!note.isBlank()) b.append("- ").append(note).append('\n');
        System.out.print(b);
    }

    /** The rows of rounds from..to, as rounds 1..n of a run of their own. */
    static List<RawRow> renumbered(List<RawRow> rows, int from, int to) {
        List<RawRow> out = new ArrayList<>();
        for (RawRow r : rows) {
            int rep = (int) r.number("rep");
            if (rep < from || rep > to) continue;
            Map<String, String> v = new LinkedHashMap<>(r.values());
            v.put("rep", Integer.toString(rep - from + 1));
            out.add(new RawRow(v));
        }
        return out;
    }

    static Known known(Comparisons.Row c, List<RawRow> rows) {
        String workload = rows.stream().filter(r -> r.get("cell").equals(c.cellA())).findFirst().orElseThrow().get("workload");
        for (Known k : KNOWN) if (k.workload().equals(workload) && k.compared().equals(c.compared())) return k;
        return null;
    }

    /** The paired ratio over the whole run for one known comparison, by JDK: "21: 1.049, 25: 1.051". */
    static String wholeRun(List<RawRow> measured, RunMetadata meta, Known k, String mode) {
        List<String> parts = new ArrayList<>();
        for (Comparisons.Row c : Comparisons.of(measured, meta.compareAlong(), "blocked", meta.compareThreshold(), meta.minDifference(), Double.NaN)) {
            if (known(c, measured) != k) continue;
            RawRow a = measured.stream().filter(r -> r.get("cell").equals(c.cellA())).findFirst().orElseThrow();
            if (!a.get("cpu_mode").equals(mode) || c.ratio() == null) continue;
            parts.add("JDK " + a.get("jdk") + ": " + String.format(Locale.ROOT, "%.3f", c.ratio().ratio()));
        }
        return String.join(", ", parts);
    }

    /** The rounds (from ADAPTIVE_MIN) after which the pair's interval first reaches at most TARGET, or SERIES + 1 if it never does. */
    static int roundsToTarget(List<RawRow> a, List<RawRow> b, boolean paired) {
        for (int n = ADAPTIVE_MIN; n <= SERIES; n++) {
            int last = n;
            List<RawRow> ra = a.stream().filter(r -> r.number("rep") <= last).toList();
            List<RawRow> rb = b.stream().filter(r -> r.number("rep") <= last).toList();
            double reach;
            if (paired) {
                PairedRatio p = Comparisons.paired(ra, rb);
                reach = p == null ? Double.NaN : p.reach();
            } else {
                double[] va = ra.stream().filter(RawRow::ok).mapToDouble(RawRow::score).toArray();
                double[] vb = rb.stream().filter(RawRow::ok).mapToDouble(RawRow::score).toArray();
                if (va.length == 0 || vb.length == 0) continue;
                double ratio = Statistics.of(vb).median() / Statistics.of(va).median();
                double[] ci = dev.jdkmatrix.results.Comparison.bootstrapRatio(a.get(0).get("cell") + " / " + b.get(0).get("cell"), va, vb);
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
        return n + " of " + of.size() + String.format(Locale.ROOT, " (%.0f %%)", 100.0 * n / of.size());
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
