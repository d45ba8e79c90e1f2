// Checks comparisons.csv's resolvable_pct and rounds_for_5pct (results.Resolution) against real
// runs (make bench-resolution): every pair of cells compared in the runs given (docs/runs/verdicts-1
// and -2: 40 rounds of 28 cells, A/A and A/B pairs on 1 pinned or quota CPU) is taken as a noise
// population (its per-round log ratios less their centre, in round order). A trial reads 6
// consecutive rounds of it as a run would have them, takes the rounds those name for +-5 %, then
// draws that many other consecutive rounds (wrapping round; the population resampled as a circular
// block, so its bursts stay together), shifts them by +5 % and asks the harness's own paired verdict
// whether it calls them slower. The same for resolvable_pct: the difference 6 rounds name, shifted
// into 6 other rounds. Both rates should lie within 80 to 90 %. Then the same trials on normal
// rounds of each pair's own spread (400 drawn a pair): what the figures do where the rounds are
// what the simulation assumes, to tell its own shortfall from the real rounds'. A second table
// does the resolvable difference's trials from 6, 7, 8, 10 and 12 first rounds. Run by its make target
// with the harness jar on the class path.
package dev.jdkmatrix.bench;

import static dev.jdkmatrix.bench.BenchStats.median;
import static dev.jdkmatrix.bench.BenchStats.pct;
import static dev.jdkmatrix.bench.BenchStats.rateInterval;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PairedPower;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Resolution;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Statistics;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

public class ResolutionBench {

    static final int FIRST = 6;
    static final int TRIALS = 40;
    static final String NORMAL = "normal rounds, each pair's spread";

    /** One population: where it comes from and its centred per-round log ratios in round order. */
    record Population(String run, String mode, String workload, String compared, double[] residuals) {}

    /** A tally of calls. */
    static final class Tally {
        int trials;
        int called;
        long rounds;
        int never;
    }

    public static void main(String[] args) throws Exception {
        String command = args.length > 1 ? args[1] : "make bench-resolution";
        List<Population> all = new ArrayList<>();
        double minDifference = Comparisons.DEFAULT_MIN_DIFFERENCE;
        for (String d : args[0].split(",")) {
            Path dir = Path.of(d.trim());
            RunMetadata meta = RunJson.read(dir.resolve("run.json"));
            minDifference = meta.minDifference();
            all.addAll(populations(dir, meta));
        }
        Random rnd = new Random(20261126);
        Map<String, Tally[]> tallies = new java.util.HashMap<>();
        java.util.SortedSet<String> kinds = new java.util.TreeSet<>();
        for (Population p : all) {
            String kind = p.workload() + ", " + p.mode();
            kinds.add(kind);
            for (int i = 0; i < TRIALS; i++) trial(p, rnd, minDifference, tallies, List.of(kind, "all"));
        }
        Random g = new Random(20261128);
        List<Population> normal = new ArrayList<>();
        for (Population p : all) {
            double sd = Statistics.of(p.residuals()).stddev();
            double[] x = new double[400];
            for (int i = 0; i < x.length; i++) x[i] = sd * g.nextGaussian();
            Population q = new Population(p.run(), p.mode(), p.workload(), p.compared(), x);
            normal.add(q);
            for (int i = 0; i < TRIALS; i++) trial(q, rnd, minDifference, tallies, List.of(NORMAL));
        }
        Map<String, Tally[]> rows = new LinkedHashMap<>();
        for (String key : kinds) rows.put(key, tallies.get(key));
        rows.put("all", tallies.get("all"));
        rows.put(NORMAL, tallies.get(NORMAL));
        StringBuilder b = new StringBuilder();
        b.append("Measured by `").append(command).append("` on ").append(args[0]).append(": ").append(all.size())
                .append(" compared pairs of cells, each a noise population of its rounds' log ratios (centred); ").append(TRIALS)
                .append(" trials each. A trial reads ").append(FIRST).append(" consecutive rounds, then shifts other consecutive rounds by the difference those named")
                .append(" and asks the paired verdict (min-difference ").append(pct(minDifference)).append(") whether it calls it.")
                .append(" The last row: the same trials on normal rounds of each pair's own spread (400 drawn a pair), the rounds the simulation assumes.\n\n")
                .append("| noise | trials | rounds named for ±5 % (mean) | +5 % called at them | never (-1) | resolvable at 6 rounds (median) | called at 6 rounds |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (Map.Entry<String, Tally[]> e : rows.entrySet()) {
            Tally r = e.getValue()[0];
            Tally s = e.getValue()[1];
            b.append("| ").append(e.getKey()).append(" | ").append(r.trials).append(" | ")
                    .append(r.trials - r.never == 0 ? "" : String.format(Locale.ROOT, "%.1f", (double) r.rounds / (r.trials - r.never))).append(" | ")
                    .append(rate(r.called, r.trials - r.never)).append(" | ").append(r.never).append(" | ")
                    .append(s.trials == 0 ? "" : pct(median(medians.getOrDefault(e.getKey(), List.of()))))
                    .append(" | ").append(rate(s.called, s.trials)).append(" |\n");
        }
        byRounds(b, all, normal, minDifference);
        outOfSample(b, all, minDifference);
        b.append("\nA rate is the share of trials called, with its Clopper-Pearson 95 % interval; the goal is 80 % (what the figures promise) and no more than 90 %.\n");
        System.out.print(b);
    }

    /** First-round counts of the second table: the fewest a verdict takes and a few more. */
    static final int[] FIRST_ROUNDS = {6, 7, 8, 10, 12};

    /** The second table: the difference n rounds name, shifted into n other rounds, for each n of FIRST_ROUNDS, on the real and the normal rounds. */
    static void byRounds(StringBuilder b, List<Population> real, List<Population> normal, double minDifference) {
        b.append("\nThe difference n first rounds name (`resolvable_pct` of a run of n rounds), shifted into n other consecutive rounds; ")
                .append(TRIALS).append(" trials a pair:\n\n| n | real rounds: called | normal rounds: called |\n|---|---|---|\n");
        for (int n : FIRST_ROUNDS) {
            Random rnd = new Random(20261129L + n);
            b.append("| ").append(n).append(" | ").append(resolvableCalled(real, n, rnd, minDifference)).append(" | ")
                    .append(resolvableCalled(normal, n, rnd, minDifference)).append(" |\n");
        }
    }

    /** How often the difference n rounds name is called in n other rounds of the same population. */
    static String resolvableCalled(List<Population> populations, int n, Random rnd, double minDifference) {
        int trials = 0;
        int called = 0;
        for (Population p : populations) {
            double[] e = p.residuals();
            for (int i = 0; i < TRIALS; i++) {
                int start = rnd.nextInt(e.length);
                double d = Resolution.paired(block(e, start, n, 0), minDifference).resolvable();
                if (!Double.isFinite(d)) continue;
                trials++;
                if (called(block(e, start + n + rnd.nextInt(e.length), n, Math.log1p(d)), minDifference)) called++;
            }
        }
        return rate(called, trials);
    }

    /** The simulation's tail margins tried on the tuning run (the harness's: PairedPower.TAIL_MARGIN). */
    static final double[] MARGINS = {0, 0.04, 0.08, 0.12, 0.16};

    /**
     * The third table, out of sample: the difference 6 rounds of one half of a run name (their resolvable_pct), judged on every block
     * of 6 consecutive rounds of the run's other half (and the halves the other way round), so no round both names and judges. The
     * simulation's tail margin is chosen on the first run folder (the margin whose figure is called nearest 85 %, the middle of the
     * 80 to 90 % goal) and judged on the others, beside the harness's own. Each naming's true chance is the share of the other half's
     * blocks that call it: its 10th percentile says how far below the average an unlucky run's figure is.
     */
    static void outOfSample(StringBuilder b, List<Population> all, double minDifference) {
        String tuneRun = all.get(0).run();
        List<Population> tune = all.stream().filter(p -> p.run().equals(tuneRun)).toList();
        List<Population> judge = all.stream().filter(p -> !p.run().equals(tuneRun)).toList();
        b.append("\nOut of sample: the difference 6 rounds of one half of a run name, judged on every 6 consecutive rounds of its other half (both ways ")
                .append("round); the simulation's tail margin chosen on ").append(tuneRun).append(" (nearest 85 %) and judged on the other run(s). A naming's ")
                .append("true chance: the share of the other half's blocks that call its figure.\n\n")
                .append("| margin | on ").append(tuneRun).append(" (tuning): called | on the others (judging): called | judging: true chance, 10th percentile | median |\n|---|---|---|---|---|\n");
        double chosen = PairedPower.TAIL_MARGIN;
        double best = Double.MAX_VALUE;
        Map<Double, double[]> tuned = new LinkedHashMap<>();
        for (double m : MARGINS) {
            double[] t = halves(tune, m, minDifference);
            tuned.put(m, t);
            if (Math.abs(t[0] - 0.85) < best) {
                best = Math.abs(t[0] - 0.85);
                chosen = m;
            }
        }
        for (double m : MARGINS) {
            double[] t = tuned.get(m);
            double[] j = judge.isEmpty() ? new double[] {Double.NaN, Double.NaN, Double.NaN, 0, 0} : halves(judge, m, minDifference);
            b.append(String.format(Locale.ROOT, "| %.0f %%%s | %s | %s | %.0f %% | %.0f %% |%n", 100 * m,
                    (m == chosen ? " (chosen)" : "") + (m == PairedPower.TAIL_MARGIN ? " (the harness's)" : ""),
                    rate((int) t[3], (int) t[4]), rate((int) j[3], (int) j[4]), 100 * j[1], 100 * j[2]));
        }
    }

    /** {share called, 10th percentile and median of the namings' true chances, called, judged} over every naming block of every population. */
    static double[] halves(List<Population> populations, double margin, double minDifference) {
        long called = 0;
        long judged = 0;
        List<Double> chances = new ArrayList<>();
        for (Population p : populations) {
            double[] e = p.residuals();
            int half = e.length / 2;
            double[][] sides = {Arrays.copyOfRange(e, 0, half), Arrays.copyOfRange(e, half, e.length)};
            for (int from = 0; from < 2; from++) {
                double[] name = sides[from];
                double[] other = sides[1 - from];
                for (int s = 0; s + FIRST <= name.length; s++) {
                    double d = Resolution.paired(Arrays.copyOfRange(name, s, s + FIRST), minDifference, margin).resolvable();
                    if (!Double.isFinite(d)) continue;
                    int k = 0;
                    int blocks = 0;
                    for (int t = 0; t + FIRST <= other.length; t++, blocks++) if (called(block(other, t, FIRST, Math.log1p(d)), minDifference)) k++;
                    if (blocks == 0) continue;
                    called += k;
                    judged += blocks;
                    chances.add((double) k / blocks);
                }
            }
        }
        double[] c = chances.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new double[] {judged == 0 ? Double.NaN : (double) called / judged, c.length == 0 ? Double.NaN : c[(int) Math.floor(0.1 * (c.length - 1))],
                c.length == 0 ? Double.NaN : c[c.length / 2], called, judged};
    }

    /** The resolvable differences named, by kind, for the median column. */
    static final Map<String, List<Double>> medians = new LinkedHashMap<>();

    /** One trial of population {@code p}, counted in the tallies (and median lists) of each key of {@code into}. */
    static void trial(Population p, Random rnd, double minDifference, Map<String, Tally[]> tallies, List<String> into) {
        List<Tally[]> counted = into.stream().map(k -> tallies.computeIfAbsent(k, x -> new Tally[] {new Tally(), new Tally()})).toList();
        double[] e = p.residuals();
        int n = e.length;
        int start = rnd.nextInt(n);
        double[] first = block(e, start, FIRST, 0);
        Resolution res = Resolution.paired(first, minDifference);
        int r = res.roundsForTarget();
        for (Tally[] t : counted) {
            t[0].trials++;
            if (r < 0) t[0].never++;
            else t[0].rounds += r;
        }
        if (r > 0 && called(block(e, start + FIRST + rnd.nextInt(n), r, Math.log1p(Resolution.TARGET)), minDifference)) {
            for (Tally[] t : counted) t[0].called++;
        }
        double d = res.resolvable();
        if (Double.isFinite(d)) {
            for (String key : into) medians.computeIfAbsent(key, k -> new ArrayList<>()).add(d);
            boolean c = called(block(e, start + FIRST + rnd.nextInt(n), FIRST, Math.log1p(d)), minDifference);
            for (Tally[] t : counted) {
                t[1].trials++;
                if (c) t[1].called++;
            }
        }
    }

    /** {@code length} consecutive values of {@code e} from {@code start}, wrapping round, each shifted by {@code shift}. */
    static double[] block(double[] e, int start, int length, double shift) {
        double[] x = new double[length];
        for (int i = 0; i < length; i++) x[i] = e[Math.floorMod(start + i, e.length)] + shift;
        return x;
    }

    static boolean called(double[] logRatios, double minDifference) {
        return Resolution.pairedVerdict(logRatios, 0.10, minDifference) == Comparisons.Verdict.SLOWER;
    }

    /** Every compared pair of cells of a run, as centred log ratios in round order. */
    static List<Population> populations(Path dir, RunMetadata meta) throws java.io.IOException {
        List<RawRow> raw = RawCsv.read(RawCsv.in(dir).orElseThrow(() -> new IllegalArgumentException(dir + " has no raw.csv (nor raw.csv.gz)")));
        List<RawRow> measured = raw.stream().filter(RawRow::measured).toList();
        List<Population> out = new ArrayList<>();
        for (Comparisons.Row c : Comparisons.of(measured, meta)) {
            List<RawRow> a = measured.stream().filter(r -> r.cell().equals(c.cellA())).toList();
            List<RawRow> b = measured.stream().filter(r -> r.cell().equals(c.cellB())).toList();
            Comparisons.Pairs p = Comparisons.pairs(a, b);
            double[] d = new double[p.a().length];
            for (int i = 0; i < d.length; i++) d[i] = Math.log(p.b()[i] / p.a()[i]);
            if (d.length < 2 * FIRST) continue;
            double centre = Statistics.of(d).median();
            double[] e = Arrays.stream(d).map(x -> x - centre).toArray();
            out.add(new Population(dir.getFileName().toString(), a.get(0).column("cpu_mode"), a.get(0).key().workload(), c.compared(), e));
        }
        return out;
    }

    static String rate(int k, int n) {
        if (n == 0) return "";
        double[] ci = rateInterval(k, n);
        return String.format(Locale.ROOT, "%.1f %% [%.1f, %.1f] (%d of %d)", 100.0 * k / n, 100 * ci[0], 100 * ci[1], k, n);
    }

}
