// Where a head / base ratio's spread comes from, night by night (docs/history.md's reference-nights block, written by
// BaselineNightsBench): each benchmark's runs, on the log scale, split into what the two sides of a round share (the
// machine's moment, which pairing by round takes out of the ratio), what a run's own iterations vary by (JMH's error of
// the run's figure) and what is left, each run's JVM settling apart (JIT, memory layout), which only more JVMs average
// out. Then what that leaves a night's ratio: its standard error, and the rounds a 1 % one would need.
package dev.jdkmatrix.bench;

import static dev.jdkmatrix.bench.BenchStats.median;

import dev.jdkmatrix.history.Night;
import dev.jdkmatrix.model.PullRequestSide;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.Statistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.statistics.distribution.TDistribution;

public final class SpreadParts {

    /** The standard error of a night's ratio that a 5 % step within 3 nights wants: about 5 to 6 of a figure's spreads (Watch). */
    static final double TARGET_SE = 0.01;

    private SpreadParts() {}

    /**
     * One benchmark's parts, each a standard deviation of the log of a run's figure (about a relative spread): {@code run}
     * its runs' spread, {@code shared} what a round's two sides share, {@code within} a run's own standard error from its
     * iterations, {@code jvm} what each run adds on its own beyond that; {@code ratioSe} the standard error of the
     * night's mean log ratio over its {@code rounds}.
     */
    record Parts(double run, double shared, double within, double jvm, double ratioSe, int rounds) {
        Parts {
            for (double v : new double[] {run, shared, within, jvm, ratioSe}) {
                if (!(v >= 0) || Double.isInfinite(v)) throw new IllegalArgumentException("a spread is finite and not negative, got " + v);
            }
            if (rounds < 2) throw new IllegalArgumentException("a spread is said from 2 rounds or more, got " + rounds);
        }

        /** The rounds whose ratio would have a standard error of {@link #TARGET_SE}: the same runs, more of them. */
        double roundsForTarget() {
            return Math.ceil(rounds * Math.pow(ratioSe / TARGET_SE, 2));
        }
    }

    /**
     * The parts of one benchmark from its rounds: {@code base[i]} and {@code head[i]} the logs of a round's two figures,
     * {@code within} a run's standard error (relative) from its own iterations. What the sides do not share is half the
     * variance of their difference; the rest of a side's variance they share.
     */
    static Parts of(double[] base, double[] head, double within) {
        if (base.length != head.length) throw new IllegalArgumentException("a round has both sides: " + base.length + " against " + head.length);
        double[] d = new double[base.length];
        for (int i = 0; i < d.length; i++) d[i] = head[i] - base[i];
        double side = (variance(base) + variance(head)) / 2;
        double own = variance(d) / 2;
        double w = Double.isFinite(within) ? within : 0;
        return new Parts(Math.sqrt(side), Math.sqrt(Math.max(0, side - own)), w, Math.sqrt(Math.max(0, own - w * w)),
                Math.sqrt(variance(d) / d.length), d.length);
    }

    /** Each benchmark's parts in a night's rows: its base- and head- cells' ok runs of the same rounds; benchmarks of fewer than 3 such rounds left out. */
    static Map<String, Parts> night(List<RawRow> rows) {
        Map<String, Map<Integer, RawRow>> base = new TreeMap<>();
        Map<String, Map<Integer, RawRow>> head = new TreeMap<>();
        for (RawRow r : rows) {
            if (!r.measured() || !r.ok() || !(r.score() > 0)) continue;
            String cell = r.cell();
            if (cell.startsWith(PullRequestSide.BASE.prefix())) base.computeIfAbsent(PullRequestSide.unprefixed(cell), k -> new TreeMap<>()).put(r.rep(), r);
            if (cell.startsWith(PullRequestSide.HEAD.prefix())) head.computeIfAbsent(PullRequestSide.unprefixed(cell), k -> new TreeMap<>()).put(r.rep(), r);
        }
        Map<String, Parts> out = new LinkedHashMap<>();
        base.forEach((benchmark, b) -> {
            Map<Integer, RawRow> h = head.getOrDefault(benchmark, Map.of());
            List<Integer> reps = b.keySet().stream().filter(h::containsKey).toList();
            if (reps.size() < 3) return;
            double[] lb = reps.stream().mapToDouble(k -> Math.log(b.get(k).score())).toArray();
            double[] lh = reps.stream().mapToDouble(k -> Math.log(h.get(k).score())).toArray();
            double within = median(reps.stream().mapToDouble(k -> withinRun(b.get(k))).toArray());
            out.put(benchmark, of(lb, lh, within));
        });
        return out;
    }

    /** A JMH run's standard error from its iterations: JMH's 99.9 % half-width over Student's t at 99.95 % (as results.NoisyCell reads it); NaN where it has none. */
    static double withinRun(RawRow r) {
        double n = r.figure(RunFigure.JMH_ITERATIONS) * Math.max(1, r.figure(RunFigure.JMH_FORKS));
        double error = r.figure(RunFigure.SCORE_ERROR) / r.score();
        if (!(n >= 2) || !Double.isFinite(error)) return Double.NaN;
        return error / TDistribution.of(n - 1).inverseSurvivalProbability(0.0005);
    }

    /** The table, a night a row: the medians over its benchmarks, and its machine's CPU steal. */
    static void table(StringBuilder md, List<Night> nights, List<List<RawRow>> rows) {
        md.append("\nWhere a ratio's spread comes from, night by night: each benchmark's runs (the log of their figures) split into what the two ")
                .append("sides of a round share (the machine's moment: pairing by round takes it out of the ratio), a run's own standard error ")
                .append("from its JMH iterations, and what each JVM adds on its own (its JIT and memory layout: only more JVMs, rounds or forks, ")
                .append("average it out); then the standard error of the night's ratio and the rounds a standard error of 1 % would need, ")
                .append("about what a 5 % step within 3 nights wants. Each a median over the night's benchmarks (SpreadParts).\n\n")
                .append("| night | machine | steal, median of runs | a run's spread | shared in a round | within a run | each JVM's own | ")
                .append("the ratio's standard error | rounds for 1 % |\n|---|---|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < nights.size(); i++) {
            Night n = nights.get(i);
            List<Parts> parts = List.copyOf(night(rows.get(i)).values());
            if (parts.isEmpty()) continue;
            double steal = median(rows.get(i).stream().filter(RawRow::measured).mapToDouble(r -> r.figure(RunFigure.HOST_STEAL_PCT)).toArray());
            md.append(String.format(Locale.ROOT, "| %s | %s, engine %s | %.1f %% | %s | %s | %s | %s | %s | %.0f |%n", n.folder(),
                    n.meta().cpuModel(), engine(n), steal, pct(parts, Parts::run), pct(parts, Parts::shared), pct(parts, Parts::within),
                    pct(parts, Parts::jvm), pct(parts, Parts::ratioSe), median(parts.stream().mapToDouble(Parts::roundsForTarget).toArray())));
        }
    }

    private static String engine(Night n) {
        String id = n.meta().engine() == null || n.meta().engine().id() == null ? "" : n.meta().engine().id();
        return id.length() > 4 ? id.substring(0, 4) : id.isEmpty() ? "?" : id;
    }

    private static String pct(List<Parts> parts, java.util.function.ToDoubleFunction<Parts> part) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * median(parts.stream().mapToDouble(part).toArray()));
    }

    /** The sample variance (n - 1, as results.Statistics gives the deviation); 0 for fewer than 2 values. */
    static double variance(double[] x) {
        return x.length < 2 ? 0 : Math.pow(Statistics.of(x).stddev(), 2);
    }
}
