// Writes docs/duet.md from make bench-duet's nights (harness/scripts/bench-duet.sh): the same cells measured
// in blocked and in duet order, the two orders interleaved night by night. For each order: the paired
// ratio interval's width at equal rounds, the spread of a round's log ratio, A/A false calls with their
// Clopper-Pearson bound, a known 5 % difference's detection, the night-to-night spread of each pair's
// ratio, what running beside a partner costs each side, and the start skew of the duets. Run by its make target
// with the harness jar on the class path, so that it pairs and decides as the harness does.
package dev.jdkmatrix.bench;

import static dev.jdkmatrix.bench.BenchStats.number;

import static dev.jdkmatrix.bench.BenchStats.median;
import static dev.jdkmatrix.bench.BenchStats.quantile;
import static dev.jdkmatrix.bench.BenchStats.rateInterval;
import static dev.jdkmatrix.bench.BenchStats.rateUpper;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.ResultsFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

public class DuetReport {

    static final List<String> ORDERS = List.of("blocked", "duet");

    /** One comparison of one night in one order: which pair (workload and what differs), known to differ or not. */
    record Compared(String night, String order, String pair, boolean knownSlower, Comparisons.Row row, double[] logRatios) {}

    /** One night's folder of one order and matrix. */
    record Run(String night, String order, String matrix, RunMetadata meta, List<RawRow> rows) {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String command = args.length > 1 ? args[1] : "make bench-duet";
        List<Run> runs = new ArrayList<>();
        try (Stream<Path> nights = Files.list(dir)) {
            for (Path night : nights.filter(Files::isDirectory).sorted().toList()) {
                for (String order : ORDERS) {
                    for (String matrix : List.of("aa", "ab")) {
                        Path d = night.resolve(order + "-" + matrix);
                        if (!Files.isDirectory(d)) continue;
                        ResultsFolder stored = ResultsFolder.read(d, "bench-duet", true); // raw.csv, or raw.csv.gz as docs/runs/duet keeps it
                        runs.add(new Run(night.getFileName().toString(), order, matrix, stored.meta(), stored.rows()));
                    }
                }
            }
        }
        if (runs.isEmpty()) throw new IllegalArgumentException(dir + " holds no night of make bench-duet (night-NN/{blocked,duet}-{aa,ab})");
        List<Compared> all = new ArrayList<>();
        for (Run r : runs) {
            Map<String, double[]> logs = new LinkedHashMap<>();
            for (Comparisons.PairedFigure f : Comparisons.pairedFigures(r.rows(), r.meta())) logs.put(f.cellA() + "|" + f.cellB(), f.logRatios());
            for (Comparisons.Row row : Comparisons.of(r.rows(), r.meta())) {
                String workload = r.rows().stream().filter(x -> x.cell().equals(row.cellA())).findFirst().orElseThrow().column("workload");
                String pair = (r.matrix().equals("aa") ? "A/A " : "+5 % ") + workload;
                all.add(new Compared(r.night(), r.order(), pair, r.matrix().equals("ab"), row, logs.getOrDefault(row.cellA() + "|" + row.cellB(), new double[0])));
            }
        }
        StringBuilder out = new StringBuilder();
        long nights = runs.stream().map(Run::night).distinct().count();
        out.append("# Duet against blocked order, measured side by side\n\n");
        out.append("Written by `").append(command).append("` (harness/scripts/bench-duet.sh, then DuetReport.java) from ").append(nights)
                .append(" short nights one after the other: each measured harness/matrices/duet-aa.yaml (A/A: a cell against itself, told apart by an inert "
                        + "`-Dside=`) and duet-ab.yaml (a known 5 % difference: cpu-loop's 200,000 against 210,000 iterations, sleep's 20 against 21 ms) "
                        + "once in blocked and once in duet order (`--order`), the order that went first alternating from night to night. Every cell "
                        + "is pinned to 1 CPU (`cpu-mode: cpuset`), JDK 25, 6 rounds a run. In blocked order each run is pinned to the last CPU and "
                        + "a pair's two runs are made back to back; in duet order they start together, one on each CPU, swapping CPUs every round. "
                        + "The nights' data are kept in docs/runs/duet (raw.csv.gz and run.json of each run); `make bench-duet RESULTS=docs/runs/duet` "
                        + "writes this page again from them.\n\n");
        out.append(machine(runs)).append("\n\n");
        verdict(out, all);
        widths(out, all);
        calls(out, all);
        spread(out, all);
        cost(out, runs);
        skew(out, runs);
        System.out.print(out);
    }

    static String machine(List<Run> runs) {
        RunMetadata m = runs.get(0).meta();
        String first = runs.stream().map(r -> r.meta().startedAt()).filter(s -> s != null && !s.isEmpty()).sorted().findFirst().orElse("?");
        String last = runs.stream().map(r -> r.meta().endedAt()).filter(s -> s != null && !s.isEmpty()).sorted().reduce((a, b) -> b).orElse("?");
        double steal = runs.stream().flatMap(r -> r.rows().stream()).mapToDouble(r -> number(r.column("host_steal_pct"))).filter(Double::isFinite).max().orElse(Double.NaN);
        long seconds = first.equals("?") || last.equals("?") ? -1 : java.time.Duration.between(java.time.Instant.parse(first), java.time.Instant.parse(last)).toSeconds();
        return "Measured from " + first + " to " + last + (seconds < 0 ? "" : " (" + seconds / 60 + " min " + seconds % 60 + " s)") + " on " + (m.host() == null ? "this machine" : m.host().cpus() + " CPUs (" + m.host().cpuModel() + "), kernel " + m.host().kernel())
                + ", Docker " + m.engine().serverVersion() + ", cgroup " + m.engine().cgroupVersion() + "; the host's CPU steal during a run at most " + fmt(steal, 1) + " %.";
    }

    /**
     * What the nights say, first: where duet narrowed both the interval and a round's spread (it helps), where it did not, and the
     * goal of 2 times narrower met or not; order auto picks duet for the workloads whose descriptor has the DUET trait.
     */
    static void verdict(StringBuilder out, List<Compared> all) {
        List<String> helps = new ArrayList<>();
        List<String> not = new ArrayList<>();
        boolean goal = false;
        for (String pair : pairs(all)) {
            double w = width(all, pair, "blocked") / width(all, pair, "duet");
            double sd = pooledSd(all, pair, "blocked") / pooledSd(all, pair, "duet");
            String said = pair + " (interval " + fmt(w, 2) + "x, a round's spread " + fmt(sd, 2) + "x)";
            if (w > 1 && sd > 1) helps.add(said);
            else not.add(said);
            goal |= w >= 2;
        }
        out.append("## What it says\n\n");
        out.append("Goal: duet intervals at least 2 times narrower than blocked at equal rounds: **").append(goal ? "met" : "not met").append("** on this machine. ");
        out.append("Duet narrowed both the interval and a round's spread (blocked / duet above 1) for ")
                .append(helps.isEmpty() ? "no pair" : String.join(", ", helps)).append("; not for ")
                .append(not.isEmpty() ? "any other" : String.join(", ", not)).append(". ");
        out.append("Why, from the tables below: a duet's two JVMs share the machine (its caches, memory bandwidth and, on a virtual machine, "
                + "whatever the host maps the two CPUs onto), so a CPU-bound side runs slower beside its partner, by an amount that varies "
                + "from round to round: that adds to a round's spread more than the shared bursts take out of it on a machine as quiet as "
                + "this one was (its steal above). A sleep-bound side barely uses its CPU, costs its partner nothing, and keeps the gain. "
                + "So `order: auto` starts a group as a duet only where its workload's descriptor has the `DUET` trait, given to the "
                + "workloads whose pairs were narrower here (sleep), and runs the rest in blocked order; `order: duet` stays for machines "
                + "where it pays (more CPUs, noisier neighbours: run `make bench-duet` there).\n\n");
    }

    static double width(List<Compared> all, String pair, String order) {
        return median(all.stream().filter(c -> c.pair().equals(pair) && c.order().equals(order) && c.row().ratio() != null)
                .mapToDouble(c -> c.row().ratio().high() / c.row().ratio().low() - 1).toArray());
    }

    /** The interval's width at equal rounds: high / low - 1, median over nights, per pair and order. */
    static void widths(StringBuilder out, List<Compared> all) {
        out.append("## The ratio's interval at equal rounds\n\n");
        out.append("The paired ratio's interval (Wilcoxon signed-rank, as comparisons.csv gives it) at 6 rounds: its width as high / low - 1, the median "
                + "over the nights; and the spread of one round's log ratio (the standard deviation of the per-round log ratios, pooled over the nights), "
                + "which sets the width. Narrower is better; the goal was duet at least 2 times narrower.\n\n");
        out.append("| pair | blocked: width | duet: width | blocked / duet | blocked: a round's sd | duet: a round's sd | blocked / duet |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (String pair : pairs(all)) {
            double wb = width(all, pair, "blocked");
            double wd = width(all, pair, "duet");
            double sb = pooledSd(all, pair, "blocked");
            double sd = pooledSd(all, pair, "duet");
            out.append("| ").append(pair).append(" | ").append(pct(wb)).append(" | ").append(pct(wd)).append(" | ").append(fmt(wb / wd, 2)).append("x | ")
                    .append(pct(sb)).append(" | ").append(pct(sd)).append(" | ").append(fmt(sb / sd, 2)).append("x |\n");
        }
        out.append("\n");
    }

    /** A/A false calls and the 5 % difference's detection, per order, with Clopper-Pearson 95 % intervals. */
    static void calls(StringBuilder out, List<Compared> all) {
        out.append("## Verdicts: A/A false calls and a 5 % difference found\n\n");
        out.append("A/A: a comparison called faster or slower (at 95 %, past the 0.5 % minimum difference) is a false call; the bound is the one-sided "
                + "95 % Clopper-Pearson upper bound, counted by comparison (each night's pair is measured afresh). +5 %: the comparison called the "
                + "side with more work slower. At 6 rounds.\n\n");
        out.append("| order | A/A comparisons | false calls | rate (95 % upper bound) | +5 % comparisons | called slower | rate [95 % interval] |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (String order : ORDERS) {
            List<Compared> aa = all.stream().filter(c -> c.order().equals(order) && !c.knownSlower()).toList();
            List<Compared> ab = all.stream().filter(c -> c.order().equals(order) && c.knownSlower()).toList();
            long falseCalls = aa.stream().filter(c -> c.row().verdict() == Comparisons.Verdict.FASTER || c.row().verdict() == Comparisons.Verdict.SLOWER).count();
            long found = ab.stream().filter(c -> c.row().verdict() == Comparisons.Verdict.SLOWER).count();
            out.append("| ").append(order).append(" | ").append(aa.size()).append(" | ").append(falseCalls).append(" | ")
                    .append(pct((double) falseCalls / aa.size())).append(" (").append(pct(rateUpper(falseCalls, aa.size()))).append(") | ")
                    .append(ab.size()).append(" | ").append(found).append(" | ").append(pct((double) found / ab.size())).append(" [")
                    .append(pct(rateInterval(found, ab.size())[0])).append(", ").append(pct(rateInterval(found, ab.size())[1])).append("] |\n");
        }
        out.append("\nPer pair (called slower or faster, of the nights):\n\n| pair | blocked | duet |\n|---|---:|---:|\n");
        for (String pair : pairs(all)) {
            out.append("| ").append(pair);
            for (String order : ORDERS) {
                List<Compared> cs = all.stream().filter(c -> c.order().equals(order) && c.pair().equals(pair)).toList();
                long called = cs.stream().filter(c -> c.row().verdict() == Comparisons.Verdict.FASTER || c.row().verdict() == Comparisons.Verdict.SLOWER).count();
                out.append(" | ").append(called).append(" of ").append(cs.size());
            }
            out.append(" |\n");
        }
        out.append("\n");
    }

    /** How far each pair's ratio moves from night to night when nothing changed: the sd of its log ratio over the nights. */
    static void spread(StringBuilder out, List<Compared> all) {
        out.append("## Night to night\n\n");
        out.append("The standard deviation, over the nights, of each pair's paired ratio (its log), in per cent: what a nightly's history sees "
                + "move when nothing changed.\n\n| pair | nights | blocked | duet | blocked / duet |\n|---|---:|---:|---:|---:|\n");
        for (String pair : pairs(all)) {
            double[] b = all.stream().filter(c -> c.pair().equals(pair) && c.order().equals("blocked") && c.row().ratio() != null).mapToDouble(c -> Math.log(c.row().ratio().ratio())).toArray();
            double[] d = all.stream().filter(c -> c.pair().equals(pair) && c.order().equals("duet") && c.row().ratio() != null).mapToDouble(c -> Math.log(c.row().ratio().ratio())).toArray();
            out.append("| ").append(pair).append(" | ").append(Math.min(b.length, d.length)).append(" | ").append(pct(sd(b))).append(" | ").append(pct(sd(d)))
                    .append(" | ").append(fmt(sd(b) / sd(d), 2)).append("x |\n");
        }
        out.append("\n");
    }

    /**
     * What running beside a partner costs: each cell's median in duet order against its median in blocked order of the same night
     * (positive: slower in duet), split by the CPU the duet run had (blocked runs are pinned to the last CPU).
     */
    static void cost(StringBuilder out, List<Run> runs) {
        out.append("## What a duet costs each side\n\n");
        out.append("Each cell's median in duet order against its median in blocked order the same night (positive: slower beside its partner), the "
                + "median over the nights. Blocked runs are pinned to the last CPU; a duet's sides take both, so the duet's runs on that same CPU "
                + "are shown apart from those on the other: the first column is what the partner costs, the gap between the last two what the "
                + "other CPU adds.\n\n| cell | duet, same CPU as blocked | duet, the other CPU | duet, all |\n|---|---:|---:|---:|\n");
        Map<String, List<double[]>> byCell = new TreeMap<>();
        for (Run d : runs) {
            if (!d.order().equals("duet")) continue;
            Run b = runs.stream().filter(x -> x.night().equals(d.night()) && x.matrix().equals(d.matrix()) && x.order().equals("blocked")).findFirst().orElse(null);
            if (b == null) continue;
            String blockedCpu = b.rows().stream().map(r -> r.column("cpuset")).filter(s -> !s.isEmpty()).findFirst().orElse("");
            Map<String, List<RawRow>> cells = new TreeMap<>();
            d.rows().stream().filter(RawRow::measured).filter(r -> r.status().equals("ok")).forEach(r -> cells.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r));
            for (Map.Entry<String, List<RawRow>> e : cells.entrySet()) {
                double base = median(b.rows().stream().filter(RawRow::measured).filter(r -> r.status().equals("ok") && r.cell().equals(e.getKey())).mapToDouble(RawRow::score).toArray());
                double same = median(e.getValue().stream().filter(r -> r.column("cpuset").equals(blockedCpu)).mapToDouble(RawRow::score).toArray());
                double other = median(e.getValue().stream().filter(r -> !r.column("cpuset").equals(blockedCpu)).mapToDouble(RawRow::score).toArray());
                double both = median(e.getValue().stream().mapToDouble(RawRow::score).toArray());
                byCell.computeIfAbsent(label(e.getValue().get(0)), k -> new ArrayList<>()).add(new double[] {same / base - 1, other / base - 1, both / base - 1});
            }
        }
        byCell.forEach((cell, nightsOf) -> out.append("| ").append(cell).append(" | ").append(signed(median(nightsOf.stream().mapToDouble(x -> x[0]).toArray())))
                .append(" | ").append(signed(median(nightsOf.stream().mapToDouble(x -> x[1]).toArray()))).append(" | ")
                .append(signed(median(nightsOf.stream().mapToDouble(x -> x[2]).toArray()))).append(" |\n"));
        out.append("\n");
    }

    /** The duets' start skew: how far apart a pair's containers started, from Docker's stamps. */
    static void skew(StringBuilder out, List<Run> runs) {
        double[] skews = runs.stream().filter(r -> r.order().equals("duet")).flatMap(r -> r.rows().stream()).mapToDouble(r -> number(r.column("start_skew_ms")))
                .filter(Double::isFinite).sorted().toArray();
        out.append("## Start skew\n\n");
        if (skews.length == 0) {
            out.append("No duet run recorded a start skew.\n");
            return;
        }
        out.append("How far apart the two containers of a duet started (raw.csv's `start_skew_ms`, Docker's start stamps), over ").append(skews.length)
                .append(" duet runs: median ").append(fmt(quantile(skews, 0.5), 1)).append(" ms, 95th percentile ").append(fmt(quantile(skews, 0.95), 1))
                .append(" ms, at most ").append(fmt(skews[skews.length - 1], 1)).append(" ms. DuetIT holds a duet to 1,000 ms.\n");
    }

    static String label(RawRow r) {
        String params = r.column("params");
        return r.column("workload") + (params.isEmpty() ? "" : " " + params) + " " + r.column("jvm_args");
    }

    static List<String> pairs(List<Compared> all) {
        return all.stream().map(Compared::pair).distinct().sorted().toList();
    }

    static double pooledSd(List<Compared> all, String pair, String order) {
        double ss = 0;
        int df = 0;
        for (Compared c : all) {
            if (!c.pair().equals(pair) || !c.order().equals(order) || c.logRatios().length < 2) continue;
            double m = Arrays.stream(c.logRatios()).average().orElse(0);
            for (double x : c.logRatios()) ss += (x - m) * (x - m);
            df += c.logRatios().length - 1;
        }
        return df == 0 ? Double.NaN : Math.sqrt(ss / df);
    }

    static double sd(double[] v) {
        if (v.length < 2) return Double.NaN;
        double m = Arrays.stream(v).average().orElse(0);
        return Math.sqrt(Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / (v.length - 1));
    }

    static String pct(double x) {
        return Double.isFinite(x) ? fmt(100 * x, 1) + " %" : "–";
    }

    static String signed(double x) {
        return Double.isFinite(x) ? (x >= 0 ? "+" : "") + fmt(100 * x, 1) + " %" : "–";
    }

    static String fmt(double x, int digits) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, "%." + digits + "f", x) : "–";
    }
}
