package dev.jdkmatrix.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.BetaDistribution;
import org.apache.commons.statistics.distribution.GammaDistribution;

/**
 * The statistics every bench program reports with, once: a median, a quantile, the exact 95 % intervals of a rate (k of n
 * tries: Clopper-Pearson; k events: Poisson) and the per-cent form the reports print. The harness's own statistics
 * ({@code results.Statistics}, the comparisons' verdicts) stay the harness's: a bench measures with the code it reports on.
 */
public final class BenchStats {

    private BenchStats() {}

    /** The median of the finite values (the mean of the two middle ones for an even count); NaN where there are none. */
    public static double median(double[] values) {
        double[] s = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
        int n = s.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** As above, of a list. */
    public static double median(List<Double> values) {
        return median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The {@code q} quantile of sorted values, linear between the two nearest (q 0.5 of an even count: the mean of the middle two). */
    public static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) throw new IllegalArgumentException("the quantile of no values");
        if (!(q >= 0 && q <= 1)) throw new IllegalArgumentException("a quantile's q lies in [0, 1], got " + q);
        double at = q * (sorted.length - 1);
        int lo = (int) Math.floor(at);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (at - lo) * (sorted[hi] - sorted[lo]);
    }

    /** The exact (Clopper-Pearson) 95 % interval of a rate of {@code k} in {@code n}: {low, high}, fractions. */
    public static double[] rateInterval(long k, long n) {
        check(k, n);
        double low = k == 0 ? 0 : BetaDistribution.of(k, n - k + 1).inverseCumulativeProbability(0.025);
        double high = k == n ? 1 : BetaDistribution.of(k + 1, n - k).inverseCumulativeProbability(0.975);
        return new double[] {low, high};
    }

    /** The one-sided 95 % upper bound of a rate of {@code k} in {@code n} (Clopper-Pearson). */
    public static double rateUpper(long k, long n) {
        check(k, n);
        return k == n ? 1 : BetaDistribution.of(k + 1, n - k).inverseCumulativeProbability(0.95);
    }

    /** The exact 95 % interval of a Poisson count {@code k}: {low, high}, events. */
    public static double[] countInterval(long k) {
        if (k < 0) throw new IllegalArgumentException("a count is 0 or more, got " + k);
        double low = k == 0 ? 0 : GammaDistribution.of(k, 1).inverseCumulativeProbability(0.025);
        double high = GammaDistribution.of(k + 1, 1).inverseCumulativeProbability(0.975);
        return new double[] {low, high};
    }

    /** A stored figure's text as a number: NaN where it is empty, absent or no number. */
    public static double number(String text) {
        if (text == null || text.isBlank()) return Double.NaN;
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** {@code 0.123} as {@code 12.3 %}. */
    public static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", fraction * 100);
    }

    private static void check(long k, long n) {
        if (n < 1 || k < 0 || k > n) throw new IllegalArgumentException("a rate is k of n tries with 0 <= k <= n and n >= 1, got " + k + " of " + n);
    }
}
