package dev.jdkmatrix.results;

import dev.jdkmatrix.stats.Median;
import java.util.Arrays;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest;

/**
 * The ratio of two cells' figures from runs made in pairs (the same round of a plan, so the two
 * runs share the machine's disturbance): {@code b / a} per pair, summarised on the log scale,
 * where a ratio and its inverse are symmetric. {@code ratio} is the Hodges-Lehmann estimate (the
 * median of the Walsh averages of the log ratios, exponentiated), {@code [low, high]} its
 * distribution-free interval from the exact Wilcoxon signed-rank distribution (the order
 * statistics of the Walsh averages that the test's critical values pick), at {@code level}: 95 %
 * where n allows it, and with n of 5 or fewer the widest interval there is, [min, max] of the
 * Walsh averages at 1 - 2^(1-n) (93.75 % for 5). {@code pValue}: the two-sided Wilcoxon
 * signed-rank test of the log ratios against 0 (Apache Commons Statistics; exact below 50 pairs
 * without ties). {@code medianRatio}: the plain median of the per-pair ratios, for reading beside
 * it. The interval assumes the log ratios are symmetric about their centre, which pairs of runs
 * made back to back are close to; it assumes nothing about their shape otherwise.
 */
public record PairedRatio(int n, double ratio, double low, double high, double level, double pValue, double medianRatio) {

    public static final double TARGET_LEVEL = 0.95;
    /** Above this many pairs the signed-rank distribution is taken as normal for the interval's ranks. */
    static final int EXACT_LIMIT = 400;

    public PairedRatio {
        if (n < 1) throw new IllegalArgumentException("a paired ratio needs at least one pair, got " + n);
    }

    /** The ratio of {@code b[i] / a[i]} over pairs of positive, finite figures (equal lengths, at least one). */
    public static PairedRatio of(double[] a, double[] b) {
        return of(a, b, TARGET_LEVEL);
    }

    /** The same at another level of its interval (a correction over many values asks for more than 95 %). */
    public static PairedRatio of(double[] a, double[] b, double target) {
        if (a.length != b.length) throw new IllegalArgumentException("pairs need equal counts, got " + a.length + " and " + b.length);
        int n = a.length;
        if (n == 0) throw new IllegalArgumentException("a paired ratio needs at least one pair");
        double[] d = new double[n];
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(a[i] > 0 && b[i] > 0 && Double.isFinite(a[i]) && Double.isFinite(b[i]))) {
                throw new IllegalArgumentException("pair " + (i + 1) + " is not two positive figures: " + a[i] + ", " + b[i]);
            }
            r[i] = b[i] / a[i];
            d[i] = Math.log(r[i]);
        }
        double[] walsh = walshAverages(d);
        double hl = Median.ofSorted(walsh);
        int k = criticalRank(n, target);
        double level = 1 - 2 * signedRankCdf(n, k - 1);
        double low = walsh[k - 1];
        double high = walsh[walsh.length - k];
        Arrays.sort(r);
        return new PairedRatio(n, Math.exp(hl), Math.exp(low), Math.exp(high), n == 1 ? 0 : level, pValue(d), Median.ofSorted(r));
    }

    /** How far the interval reaches from the ratio, as a fraction of it; NaN with fewer than two pairs. */
    public double reach() {
        if (n < 2) return Double.NaN;
        return reach(ratio, low, high);
    }

    /** How far an interval [low, high] reaches from its ratio, the larger side, as a fraction of the ratio. */
    public static double reach(double ratio, double low, double high) {
        return Math.max(ratio - low, high - ratio) / ratio;
    }

    /** The Walsh averages (d_i + d_j) / 2 for i <= j, sorted. */
    static double[] walshAverages(double[] d) {
        int n = d.length;
        double[] w = new double[n * (n + 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) w[k++] = (d[i] + d[j]) / 2;
        }
        Arrays.sort(w);
        return w;
    }

    /**
     * The rank k of the interval [W(k), W(M+1-k)]: the largest k whose tail P(T+ <= k-1) stays
     * within half of 1 - {@link #TARGET_LEVEL}, or 1 when even the extremes do not reach it.
     */
    static int criticalRank(int n) {
        return criticalRank(n, TARGET_LEVEL);
    }

    static int criticalRank(int n, double target) {
        double alpha = (1 - target) / 2;
        if (n > EXACT_LIMIT) {
            double m = n * (n + 1) / 4.0;
            double sd = Math.sqrt(n * (n + 1) * (2.0 * n + 1) / 24);
            double z = NormalDistribution.of(0, 1).inverseCumulativeProbability(1 - alpha);
            return Math.max(1, (int) Math.floor(m - z * sd));
        }
        double[] cdf = cdf(n);
        int k = 1;
        while (k < cdf.length && cdf[k] <= alpha) k++; // cdf[k] = P(T+ <= k): the interval of rank k + 1 keeps that tail out
        return k;
    }

    /** P(T+ <= t) of the signed-rank statistic of n pairs without ties; 0 for t < 0. */
    static double signedRankCdf(int n, int t) {
        if (t < 0) return 0;
        if (n > EXACT_LIMIT) {
            double m = n * (n + 1) / 4.0;
            double sd = Math.sqrt(n * (n + 1) * (2.0 * n + 1) / 24);
            return normalCdf((t + 0.5 - m) / sd);
        }
        double[] cdf = cdf(n);
        return t >= cdf.length ? 1 : cdf[t];
    }

    /** P(T+ <= t) for t = 0 .. n(n+1)/2: each rank 1..n joins the positive sum with probability 1/2. */
    private static double[] cdf(int n) {
        int max = n * (n + 1) / 2;
        double[] p = new double[max + 1];
        p[0] = 1;
        int top = 0;
        for (int i = 1; i <= n; i++) {
            top += i;
            for (int t = top; t >= 0; t--) p[t] = (p[t] + (t >= i ? p[t - i] : 0)) / 2;
        }
        for (int t = 1; t <= max; t++) p[t] += p[t - 1];
        return p;
    }

    /** The two-sided signed-rank p-value of the log ratios against 0; 1 when every pair is equal. */
    static double pValue(double[] d) {
        if (Arrays.stream(d).allMatch(x -> x == 0)) return 1;
        if (d.length < 2) return 1;
        return WilcoxonSignedRankTest.withDefaults().test(d).getPValue();
    }

    private static double normalCdf(double z) {
        return NormalDistribution.of(0, 1).cumulativeProbability(z);
    }
}
