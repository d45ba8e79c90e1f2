package dev.jdkmatrix.history;

import dev.jdkmatrix.stats.Median;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How well a series can show a change: its night-to-night spread (the robust standard deviation of
 * the log figure within its levels: 1.4826 times the median absolute deviation from each level's
 * median), how much of it a night's own runs explain ({@code withinSd}: the standard error of a
 * night's figure from its runs' spread, the median over the nights), and from these the smallest
 * step the finder confirms within its confirm-nights with 90 % power
 * ({@code (t(1 - p/2) + z(0.9)) * spread * sqrt(1/before + 1/after)}, the t-test's power with
 * {@code before} nights in the window before the change and {@code after} = confirm-nights; with
 * fewer than the level-nights before it, at least {@link ChangeFinder#YOUNG_SPREADS} spreads).
 * make bench-history holds this prediction against detection measured on synthetic histories.
 */
public record Watch(FigureKey key, int nights, double spread, double withinSd, int rounds, double resolvable, double target, String advice) {

    /** The smallest step worth watching for, where a user does not say: 5 %. */
    public static final double DEFAULT_TARGET = 0.05;

    /** Whether a step of the target's size is confirmed within the confirm-nights (90 % power). */
    public boolean watchable() {
        return resolvable <= target;
    }

    public static Watch of(Series s, List<Change> changes, ChangeFinder.Options o, double target) {
        int n = s.entries().size();
        double[] z = s.logs();
        int[] bounds = changes.stream().mapToInt(Change::index).sorted().toArray();
        double spread = spread(z, bounds);
        double within = Median.of(s.entries().stream().mapToDouble(e -> e.measured().withinSd()).filter(Double::isFinite).toArray());
        int rounds = (int) Math.round(Median.of(s.entries().stream().mapToDouble(e -> e.measured().n()).toArray()));
        double factor = factor(n, o);
        double resolvable = Double.isFinite(spread) ? Math.expm1(factor * spread) : Double.NaN;
        return new Watch(s.key(), n, spread, within, rounds, resolvable, target, advice(spread, within, rounds, factor, resolvable, target));
    }

    /** The multiple of the spread (log scale) that a step must reach to be confirmed with 90 % power. */
    static double factor(int nights, ChangeFinder.Options o) {
        int after = o.confirmNights();
        int before = Math.max(2, Math.min(nights, o.method().window()) - after);
        double t = TDistribution.of(before + after - 2).inverseSurvivalProbability(o.method().maxP() / 2);
        double z = NormalDistribution.of(0, 1).inverseSurvivalProbability(0.10);
        double f = (t + z) * Math.sqrt(1.0 / before + 1.0 / after);
        // fewer than the level-nights before it: a young site names only a step of many spreads (ChangeFinder.named)
        return before >= o.levelNights() ? f : Math.max(f, ChangeFinder.YOUNG_SPREADS + z * Math.sqrt(1.0 / before + 1.0 / after));
    }

    /** Robust sd of z within the segments [0, b1), [b1, b2), ...: 1.4826 MAD of the residuals from each segment's median; NaN under 4 nights. */
    static double spread(double[] z, int[] bounds) {
        if (z.length < 4) return Double.NaN;
        double[] level = levels(z, bounds);
        double[] residuals = new double[z.length];
        for (int j = 0; j < z.length; j++) residuals[j] = Math.abs(z[j] - level[j]);
        return 1.4826 * Median.of(residuals);
    }

    /** Each point's level: the median of its segment, the segments ending at {@code bounds}. */
    static double[] levels(double[] z, int[] bounds) {
        double[] out = new double[z.length];
        int from = 0;
        for (int b = 0; b <= bounds.length; b++) {
            int to = b == bounds.length ? z.length : bounds[b];
            Arrays.fill(out, from, to, Median.of(Arrays.copyOfRange(z, from, to)));
            from = to;
        }
        return out;
    }

    /** What to read of it, and what would make a figure watchable at {@code target}. */
    static String advice(double spread, double within, int rounds, double factor, double resolvable, double target) {
        if (!Double.isFinite(spread)) return "too few nights to say how much it moves";
        String step = String.format(Locale.ROOT, "a %.1f %% step is confirmed within the confirm-nights (90 %% of the time)", resolvable * 100);
        if (resolvable <= target) return "watchable: " + step;
        double allowed = Math.log1p(target) / factor; // the spread at which the target would be resolvable
        if (!Double.isFinite(within) || rounds < 2) return "too noisy for " + pct(target) + ": " + step + "; the night's runs do not say how much more rounds would help";
        double between2 = spread * spread - within * within;
        if (between2 >= allowed * allowed) {
            return "too noisy for " + pct(target) + ": " + step + "; the spread between nights that rounds do not reduce ("
                    + pct(Math.sqrt(Math.max(0, between2))) + ") alone is above the " + pct(allowed) + " a " + pct(target)
                    + " step needs: longer runs, pinned CPUs (cpu-mode: cpuset) or a quieter runner would";
        }
        double within2 = allowed * allowed - Math.max(0, between2);
        int needed = (int) Math.ceil(rounds * within * within / within2);
        return "too noisy for " + pct(target) + ": " + step + "; about " + needed + " rounds a night (now " + rounds + ") would bring a " + pct(target) + " step within reach";
    }

    private static String pct(double f) {
        return String.format(Locale.ROOT, "%.1f %%", f * 100);
    }
}
