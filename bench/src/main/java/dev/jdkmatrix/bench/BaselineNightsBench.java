// Writes docs/history.md's reference-nights block (make bench-history-nights): the history's change
// finder, by its own code, on nightly histories resampled from the reference nightly's real nights
// (docs/runs/reference-nights: a JMH suite, each benchmark against its baseline in the same rounds).
// A resampled night is one real night, all its figures together, with its rounds drawn again with
// replacement (a benchmark's base and head runs of a round kept together, as they were measured), its
// figures computed by the harness (Nights.figures). Steps are planted into those nights, never measured:
// a benchmark's head side made 5 % slower multiplies its cell and its head / base ratio by exactly
// 1.05, so it is planted into the figures. Every rate has an interval from resampling the real nights
// themselves: each of OUTER draws takes as many real nights as there are, with replacement, and draws
// its histories from those; the interval is the 2.5th to 97.5th percentile of the draws' rates. The
// p-value threshold is chosen on the first half of the nights (by date) and judged on the rest.
// Run by its make target with the harness jar on the class path.
package dev.jdkmatrix.bench;

import static dev.jdkmatrix.bench.BenchStats.median;
import static dev.jdkmatrix.bench.BenchStats.quantile;

import dev.jdkmatrix.history.BaselineEpochs;
import dev.jdkmatrix.history.Change;
import dev.jdkmatrix.history.ChangeFinder;
import dev.jdkmatrix.history.FigureKey;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.Measured;
import dev.jdkmatrix.history.Night;
import dev.jdkmatrix.history.Nights;
import dev.jdkmatrix.history.Watch;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.ResultsFolder;
import dev.jdkmatrix.stats.EDivisive;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.IntStream;

public class BaselineNightsBench {

    static final int NIGHTS = Integer.getInteger("nights", 30);
    static final int OUTER = Integer.getInteger("outer", 40);
    static final int EACH = Integer.getInteger("each", 5);
    static final int POOL = Integer.getInteger("pool", 40);
    static final double STEP = 0.05;
    static final int[] BEFORE = {5, 7, 9, 12, 20};
    static final ChangeFinder.Options O = ChangeFinder.Options.DEFAULT;
    static final double[] MAX_P = {1e-3, 1e-4, O.method().maxP()};

    /** One real night's resampled nights: each a map of figures as the harness computes them. */
    record Pool(Night real, List<RawRow> rows, List<Map<FigureKey, Measured>> draws) {}

    /** The nights a calibration draws on, and the head / base ratios among their figures. */
    record Drawn(List<Pool> pools, List<FigureKey.Pair> ratios) {
        String names() {
            return String.join(", ", pools.stream().map(p -> p.real().folder()).toList());
        }
    }

    /** What a false-alarm history raised: confirmed new tonight and suspected first shown, over all figures and over the ratios; nights replayed. */
    record Alarms(int confirmed, int suspected, int ratioConfirmed, int ratioSuspected, int fails, int nights) {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String command = args.length > 1 ? args[1] : "make bench-history-nights";
        long t0 = System.nanoTime();
        List<Night> real = Nights.read(dir).nights();
        StringBuilder md = new StringBuilder();
        if (real.size() < 2) {
            System.out.print("Written by `" + command + "`: " + dir + " holds " + real.size() + " night(s) of the reference nightly; the calibration needs 2 or more "
                    + "(`make keep-reference-night` keeps one).\n");
            return;
        }
        List<Pool> pools = real.parallelStream().map(n -> pool(dir.resolve(n.folder()), n, new SplittableRandom(n.folder().hashCode()))).toList();
        int half = Math.max(1, pools.size() / 2);
        Drawn tune = nights(pools.subList(0, half));
        Drawn judge = nights(pools.subList(half, pools.size()));
        header(md, command, dir, pools, tune, judge);
        double chosen = tune(md, tune);
        judge(md, judge, chosen);
        young(md, judge, chosen);
        byFigure(md, nights(pools), chosen);
        SpreadParts.table(md, pools.stream().map(Pool::real).toList(), pools.stream().map(Pool::rows).toList());
        md.append(String.format(Locale.ROOT, "%nThe calibration on the reference nights took %.0f s.%n", (System.nanoTime() - t0) / 1e9));
        System.out.print(md);
    }

    static void header(StringBuilder md, String command, Path dir, List<Pool> pools, Drawn tune, Drawn judge) {
        Set<String> machines = new java.util.TreeSet<>();
        Set<String> days = new java.util.TreeSet<>();
        pools.forEach(p -> {
            machines.add(p.real().meta().host().cpuModel() + " / " + p.real().meta().engine().id());
            days.add(p.real().date());
        });
        md.append("Written by `").append(command).append("` (bench/src/main/java/dev/jdkmatrix/bench/BaselineNightsBench.java) on ").append(Instant.now().toString(), 0, 10)
                .append(": the ").append(pools.size()).append(" real nights of ").append(dir).append(" (").append(days.size()).append(" day(s), ")
                .append(machines.size()).append(" machine(s)), each resampled ").append(POOL).append(" times (its rounds drawn again with replacement, a ")
                .append("benchmark's base and head runs of a round together; its figures computed by the harness). Histories of ").append(NIGHTS)
                .append(" nights drawn from them, every figure of a night together, and replayed night by night with History's own code. ")
                .append("A resampled night adds its rounds' noise once more to a real night's, so these histories are somewhat noisier than real ones: ")
                .append("the rates below err on the side of missing a step and of false alarms. Intervals: ").append(OUTER).append(" draws of the real ")
                .append("nights themselves, with replacement, the 2.5th to 97.5th percentile of their rates. Chosen on: ").append(tune.names())
                .append(" (the first half by date); judged on: ").append(judge.names()).append(". Goals (issue 77): a 5 % step in one benchmark's ratio ")
                .append("to its baseline confirmed within 3 nights in at least 80 % of histories; at most 1 false confirmed change per 100 nights over ")
                .append("all figures.\n\n");
    }

    /** The nights' head / base ratios: the pairs the history follows against a baseline on every one of them. */
    static Drawn nights(List<Pool> pools) {
        Set<FigureKey.Pair> ratios = null;
        for (Pool p : pools) {
            Set<FigureKey.Pair> here = new HashSet<>();
            for (FigureKey k : p.real().figures().keySet()) {
                if (k instanceof FigureKey.Pair pair && !BaselineEpochs.of(k, p.real()).isEmpty()) here.add(pair);
            }
            if (ratios == null) ratios = here;
            else ratios.retainAll(here);
        }
        List<FigureKey.Pair> sorted = new ArrayList<>(ratios);
        sorted.sort(null);
        return new Drawn(pools, sorted);
    }

    /** A kept night's rows. */
    static List<RawRow> rows(Path folder) {
        try {
            return ResultsFolder.read(folder, "bench-reference-nights", true).rows();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** POOL nights resampled from one real night: its rounds drawn with replacement, each set of cells measured in the same rounds together. */
    static Pool pool(Path folder, Night real, SplittableRandom r) {
        List<RawRow> rows = rows(folder);
        Map<String, Map<Integer, List<RawRow>>> byCell = new LinkedHashMap<>();
        for (RawRow row : rows) if (row.measured()) byCell.computeIfAbsent(row.cell(), c -> new TreeMap<>()).computeIfAbsent(row.rep(), x -> new ArrayList<>()).add(row);
        Map<Set<Integer>, List<String>> groups = new LinkedHashMap<>();
        byCell.forEach((cell, reps) -> groups.computeIfAbsent(Set.copyOf(reps.keySet()), k -> new ArrayList<>()).add(cell));
        Map<String, Integer> groupOf = new HashMap<>();
        int g = 0;
        for (List<String> cells : groups.values()) {
            for (String c : cells) groupOf.put(c, g);
            g++;
        }
        List<Map<FigureKey, Measured>> draws = new ArrayList<>();
        for (int d = 0; d < POOL; d++) {
            List<RawRow> drawn = new ArrayList<>();
            groups.forEach((reps, cells) -> {
                Integer[] from = reps.toArray(Integer[]::new);
                Arrays.sort(from);
                for (int i = 0; i < from.length; i++) {
                    int rep = from[r.nextInt(from.length)];
                    for (String c : cells) for (RawRow row : byCell.get(c).get(rep)) drawn.add(withRep(row, i + 1));
                }
            });
            Map<FigureKey, Measured> figures = new HashMap<>(Nights.figures(drawn, real.meta()));
            // a pair of cells measured in different rounds has no round to pair by once the rounds are drawn again
            figures.keySet().removeIf(k -> k instanceof FigureKey.Pair p && !groupOf.get(p.cellA()).equals(groupOf.get(p.cellB())));
            draws.add(figures);
        }
        return new Pool(real, rows, draws);
    }

    static RawRow withRep(RawRow row, int rep) {
        Map<String, String> v = new LinkedHashMap<>(row.values());
        v.put("rep", Integer.toString(rep));
        return new RawRow(v);
    }

    /** One night of a history: a resampled night of {@code p}, the benchmark of {@code stepped} (its head cell) made {@code step} slower. */
    static Night night(Pool p, Map<FigureKey, Measured> drawn, int index, FigureKey.Pair stepped, double step) {
        Map<FigureKey, Measured> figures = new HashMap<>(drawn);
        if (stepped != null && step != 0) {
            String head = stepped.cellB();
            figures.replaceAll((k, m) -> k.cells().contains(head) ? slower(m, k instanceof FigureKey.Pair pair && pair.cellA().equals(head) ? -step : step) : m);
        }
        Instant started = Instant.parse("2026-01-01T02:00:00Z").plusSeconds(86400L * index);
        String id = String.format(Locale.ROOT, "night-%03d", index);
        return new Night(id, renamed(p.real().meta(), id, started), started, figures, p.real().cells());
    }

    /** The real night's run.json under the resampled night's id and times. */
    static RunMetadata renamed(RunMetadata t, String id, Instant started) {
        return new RunMetadata(t.schema(), id, t.matrixFile(), t.matrixName(), t.matrixSha256(), t.gitCommit(), t.gitDirty(), started.toString(),
                started.plusSeconds(1200).toString(), t.host(), t.engine(), t.images(), t.jdkBuilds(), t.plan(), t.statusCounts(), t.harnessOverheadMs(),
                t.imagesSeconds(), t.mergedFrom(), t.sessions(), t.jars(), t.namedClass(), t.repository(), t.baselines());
    }

    /** A figure {@code step} slower (negative: its inverse, for a ratio whose side a slowed): a time grows, a throughput shrinks. */
    static Measured slower(Measured m, double step) {
        double f = Math.pow(1 + Math.abs(step), Math.signum(step) * (m.higherIsBetter() ? -1 : 1));
        return new Measured(m.value() * f, m.low() * f, m.high() * f, m.level(), m.n(), m.unit(), m.higherIsBetter(), m.compared(), m.jdks(), m.withinSd());
    }

    /** A history of {@code n} nights drawn from {@code pools}, stepped from night {@code stepAt} on (-1: none). */
    static List<Night> history(List<Pool> pools, int n, FigureKey.Pair stepped, int stepAt, double step, SplittableRandom r) {
        List<Night> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Pool p = pools.get(r.nextInt(pools.size()));
            out.add(night(p, p.draws().get(r.nextInt(p.draws().size())), i, stepped, stepAt >= 0 && i >= stepAt ? step : 0));
        }
        return out;
    }

    /** The real nights of one outer draw: as many as there are, with replacement. */
    static List<Pool> outer(List<Pool> pools, SplittableRandom r) {
        List<Pool> out = new ArrayList<>();
        for (int i = 0; i < pools.size(); i++) out.add(pools.get(r.nextInt(pools.size())));
        return out;
    }

    static ChangeFinder.Options at(double maxP) {
        return new ChangeFinder.Options(new EDivisive.Options(O.method().window(), maxP, O.method().minMagnitude()), O.confirmNights(), O.minNights(), O.levelNights());
    }

    /** A history with no step replayed night by night (History.of on nights 1..t, as a nightly runs it): what it raised. */
    static Alarms alarms(List<Night> nights, ChangeFinder.Options o, Set<FigureKey.Pair> ratios) {
        int[] c = new int[5];
        Set<String> seen = new HashSet<>();
        for (int t = o.minNights(); t <= nights.size(); t++) {
            History h = History.of(new Nights.Read(nights.subList(0, t), List.of()), o, Watch.DEFAULT_TARGET);
            c[4] += h.newRegressions().size();
            for (Change ch : h.changes()) {
                boolean ratio = ratios.contains(ch.figure());
                if (ch.status() == Change.Status.SUSPECTED) {
                    if (!seen.add(ch.figure() + "@" + ch.after().folder())) continue;
                    c[1]++;
                    if (ratio) c[3]++;
                } else if (h.newTonight().contains(ch)) {
                    c[0]++;
                    if (ratio) c[2]++;
                }
            }
        }
        return new Alarms(c[0], c[1], c[2], c[3], c[4], nights.size() - o.minNights() + 1);
    }

    /** Whether a step planted at night {@code before} into a random ratio is confirmed within 3 nights (one night off allowed). */
    static boolean found(List<Pool> pools, List<FigureKey.Pair> ratios, int before, double step, ChangeFinder.Options o, SplittableRandom r) {
        FigureKey.Pair f = ratios.get(r.nextInt(ratios.size()));
        List<Night> nights = history(pools, before + o.confirmNights(), f, before, step, r);
        History h = History.of(new Nights.Read(nights, List.of()), o, Watch.DEFAULT_TARGET);
        return h.changes().stream().anyMatch(c -> c.figure().equals(f) && c.status() == Change.Status.CONFIRMED && Math.abs(nights.indexOf(c.after()) - before) <= 1);
    }

    /** Per outer draw, the rate of {@code trial} over {@code each} trials: {pooled, low, high} in per cent. */
    static double[] rate(Drawn n, long seed, java.util.function.BiFunction<List<Pool>, SplittableRandom, double[]> trial) {
        List<double[]> draws = IntStream.range(0, OUTER).parallel().mapToObj(b -> {
            SplittableRandom r = new SplittableRandom(seed * 1_000_003L + b);
            List<Pool> pools = outer(n.pools(), r);
            double k = 0;
            double of = 0;
            for (int i = 0; i < EACH; i++) {
                double[] t = trial.apply(pools, r);
                k += t[0];
                of += t[1];
            }
            return new double[] {k, of};
        }).toList();
        double k = draws.stream().mapToDouble(d -> d[0]).sum();
        double of = draws.stream().mapToDouble(d -> d[1]).sum();
        double[] each = draws.stream().mapToDouble(d -> 100 * d[0] / d[1]).sorted().toArray();
        return new double[] {100 * k / of, quantile(each, 0.025), quantile(each, 0.975), k, of};
    }

    static String text(double[] r, String what) {
        return String.format(Locale.ROOT, "%.1f [%.1f, %.1f] (%,.0f of %,.0f %s)", r[0], r[1], r[2], r[3], r[4], what);
    }

    static double[] falseRate(Drawn n, ChangeFinder.Options o, int kind, long seed) {
        Set<FigureKey.Pair> ratios = Set.copyOf(n.ratios());
        return rate(n, seed, (pools, r) -> {
            Alarms a = alarms(history(pools, NIGHTS, null, -1, 0, r), o, ratios);
            int k = switch (kind) {
                case 0 -> a.confirmed();
                case 1 -> a.suspected();
                case 2 -> a.ratioConfirmed();
                case 3 -> a.ratioSuspected();
                default -> a.fails();
            };
            return new double[] {k, a.nights()};
        });
    }

    static double[] detection(Drawn n, ChangeFinder.Options o, int before, double step, long seed) {
        return rate(n, seed, (pools, r) -> new double[] {found(pools, n.ratios(), before, step, o, r) ? 1 : 0, 1});
    }

    /** The p-value threshold chosen on the tuning nights: the largest whose false confirmed changes stay within 1 per 100 nights. */
    static double tune(StringBuilder md, Drawn n) {
        md.append("### Chosen on ").append(n.names()).append("\n\n")
                .append("Each p-value threshold (`--max-p`) on the tuning nights: false confirmed changes per 100 nights over all figures, and a 5 % step ")
                .append("in one ratio, 12 nights into a history, confirmed within 3 nights. Chosen: the largest threshold that keeps false confirmed ")
                .append("changes at most 1 per 100 nights (its pooled rate).\n\n")
                .append("| max-p | false confirmed per 100 nights [95 % CI] | 5 % step confirmed within 3 nights, % [95 % CI] |\n|---|---|---|\n");
        double chosen = O.method().maxP();
        boolean picked = false;
        for (double p : MAX_P) {
            double[] f = falseRate(n, at(p), 0, 11);
            double[] d = detection(n, at(p), 12, STEP, 12);
            md.append(String.format(Locale.ROOT, "| %s%s | %s | %s |%n", at(p).method().maxPText(), p == O.method().maxP() ? " (default)" : "",
                    text(f, "nights"), text(d, "histories")));
            if (!picked && f[0] <= 1.0) {
                chosen = p;
                picked = true;
            }
        }
        md.append("\nChosen: max-p ").append(at(chosen).method().maxPText()).append(".\n\n");
        return chosen;
    }

    /** The chosen threshold and the default judged on the other nights: false changes of each kind, and a 5 % step's detection. */
    static void judge(StringBuilder md, Drawn n, double chosen) {
        md.append("### Judged on ").append(n.names()).append("\n\n")
                .append("Per 100 nights, each night from the 6th to the ").append(NIGHTS).append("th (").append(n.ratios().size()).append(" head / base ratios ")
                .append("and the cells; a site's nightly, not one figure): false changes confirmed new tonight (what `--fail-on-regression` fails on) ")
                .append("and suspected ones first shown tonight; the regressions that fail the night (`History.newRegressions`: a benchmark's cells, ")
                .append("which carry the runner's day, are shown but fail no night; its ratio does); and a 5 % step in one ratio, 12 nights into a history, ")
                .append("confirmed within 3 nights.\n\n")
                .append("| max-p | confirmed, all figures | suspected, all figures | confirmed, the ratios | suspected, the ratios | fail the night | 5 % step within 3 nights, % |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (double p : chosen == O.method().maxP() ? new double[] {chosen} : new double[] {chosen, O.method().maxP()}) {
            ChangeFinder.Options o = at(p);
            md.append("| ").append(o.method().maxPText()).append(p == chosen ? " (chosen)" : " (default)");
            for (int kind = 0; kind < 5; kind++) md.append(" | ").append(text(falseRate(n, o, kind, 21 + kind), "nights"));
            md.append(" | ").append(text(detection(n, o, 12, STEP, 25), "histories")).append(" |\n");
        }
        md.append('\n');
    }

    /** How soon a young site confirms a step: by the nights before it, 5 % and 10 %, at the chosen threshold, on the judging nights. */
    static void young(StringBuilder md, Drawn n, double chosen) {
        md.append("A young site: a step confirmed within 3 nights by the nights before it (the judging nights, max-p ").append(at(chosen).method().maxPText())
                .append("; ").append(O.levelNights()).append(" nights on one side name a level; fewer name only a step of ").append("many spreads).\n\n")
                .append("| nights before the step | 5 % step, % [95 % CI] | 10 % step, % [95 % CI] |\n|---|---|---|\n");
        for (int before : BEFORE) {
            md.append(String.format(Locale.ROOT, "| %d | %s | %s |%n", before, text(detection(n, at(chosen), before, STEP, 31 + before), "histories"),
                    text(detection(n, at(chosen), before, 2 * STEP, 61 + before), "histories")));
        }
        md.append('\n');
    }

    /** Each ratio's own night-to-night spread over all the nights' resampled nights, and how often a 5 % step in it is confirmed within 3 nights. */
    static void byFigure(StringBuilder md, Drawn n, double chosen) {
        md.append("Each ratio over all the nights (max-p ").append(at(chosen).method().maxPText()).append("): its spread from night to night (the robust ")
                .append("standard deviation of its log over the resampled nights) and a 5 % step in it, 12 nights in, confirmed within 3 nights (")
                .append(OUTER * EACH).append(" histories each).\n\n| ratio | spread | 5 % step within 3 nights, % |\n|---|---|---|\n");
        for (FigureKey.Pair f : n.ratios()) {
            double[] logs = n.pools().stream().flatMap(p -> p.draws().stream()).map(d -> d.get(f)).filter(java.util.Objects::nonNull)
                    .mapToDouble(m -> Math.log(m.value())).toArray();
            double med = median(logs);
            double spread = 1.4826 * median(Arrays.stream(logs).map(x -> Math.abs(x - med)).toArray());
            Drawn one = new Drawn(n.pools(), List.of(f));
            double[] d = detection(one, at(chosen), 12, STEP, 91 + n.ratios().indexOf(f));
            md.append(String.format(Locale.ROOT, "| `%s` | %.1f %% | %.0f [%.0f, %.0f] |%n", f.cellB(), 100 * spread, d[0], d[1], d[2]));
        }
    }

}
