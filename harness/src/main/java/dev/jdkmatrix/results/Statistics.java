package dev.jdkmatrix.results;

import java.util.Arrays;

/**
 * Distribution-free statistics of a sample, as JMH and hyperfine quote them: median with min and
 * max, mean, sample standard deviation, coefficient of variation, and a confidence interval of
 * the median from order statistics. With few samples the interval cannot reach 95 %; then it is
 * [min, max] and {@code ciLevel} states the confidence it really has (0.9375 for n = 5).
 */
public record Statistics(int n, double median, double min, double max, double mean, double stddev,
                         double cv, double ciLow, double ciHigh, double ciLevel) {

    public static final double TARGET_LEVEL = 0.95;

    public Statistics {
        if (n < 1) throw new IllegalArgumentException("statistics need at least one value");
        if (min > median || median > max) throw new IllegalArgumentException("min <= median <= max violated");
    }

    public static Statistics of(double[] values) {
        double[] x = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
        int n = x.length;
        if (n == 0) throw new IllegalArgumentException("statistics need at least one finite value");
        double median = dev.jdkmatrix.stats.Median.ofSorted(x);
        double mean = Arrays.stream(x).sum() / n;
        double ss = 0;
        for (double v : x) ss += (v - mean) * (v - mean);
        double stddev = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
        double cv = mean != 0 ? stddev / mean : 0;
        double[] ci = medianIntervalOfSorted(x, TARGET_LEVEL);
        return new Statistics(n, median, x[0], x[n - 1], mean, stddev, cv, ci[0], ci[1], ci[2]);
    }

    /**
     * How far the confidence interval of the median reaches from it, as a fraction of it: the
     * larger of (median - low) and (high - median), over |median|; NaN for a median of 0. The
     * adaptive repetitions' target is a bound on this ("known to within ±3 %").
     */
    public double reach() {
        if (median == 0) return Double.NaN;
        return Math.max(median - ciLow, ciHigh - median) / Math.abs(median);
    }

    /**
     * The interval of the median of these values (the finite ones) from order statistics at
     * {@code level} or above, as {low, high, the level it has}: ranks k..n-k+1 cover the median
     * with probability 1 - 2 P(B <= k-1), B ~ Bin(n, 1/2), and the narrowest that reaches the level
     * is taken; when even [min, max] does not, [min, max] with the level it has (0 for one value).
     */
    public static double[] medianInterval(double[] values, double level) {
        double[] x = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
        if (x.length == 0) throw new IllegalArgumentException("a median's interval needs at least one finite value");
        return medianIntervalOfSorted(x, level);
    }

    private static double[] medianIntervalOfSorted(double[] x, double level) {
        int n = x.length;
        int k = 1;
        double reached = n == 1 ? 0 : coverage(n, 1);
        for (int cand = 2; cand <= n / 2; cand++) {
            double c = coverage(n, cand);
            if (c < level) break;
            k = cand;
            reached = c;
        }
        return new double[] {x[k - 1], x[n - k], reached};
    }

    /** The level of the widest interval of a median of n values, [min, max]: 1 - 2^(1-n) (0.75 for 3, 0.9375 for 5, 0.96875 for 6); 0 under 2. */
    public static double medianLevel(int n) {
        return n < 2 ? 0 : coverage(n, 1);
    }

    /** Coverage of [x(k), x(n-k+1)] for the median. */
    static double coverage(int n, int k) {
        double tail = 0;
        for (int i = 0; i <= k - 1; i++) tail += binomialHalf(n, i);
        return Math.max(0, 1 - 2 * tail);
    }

    private static double binomialHalf(int n, int i) {
        // C(n, i) / 2^n, in logs to stay finite for large n.
        double logC = 0;
        for (int j = 1; j <= i; j++) logC += Math.log(n - i + j) - Math.log(j);
        return Math.exp(logC - n * Math.log(2));
    }
}
