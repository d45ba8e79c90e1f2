package dev.jdkmatrix.results;

import java.util.Arrays;

/**
 * The Mann-Whitney U test (Wilcoxon rank-sum) of two samples: how likely rank sums as far apart
 * as these are when both samples come from one distribution. Two-sided. Exact (the distribution
 * of U counted over every split of the ranks) when there are no ties and at most 60 values;
 * otherwise the normal approximation with the tie correction and a continuity correction. It
 * assumes nothing about the shape of the distributions, which suits run times (skewed, with a
 * long tail), and says nothing about how large a difference is: that is the interval's job.
 */
public final class MannWhitney {

    static final int EXACT_LIMIT = 60;

    private MannWhitney() {}

    /** The two-sided p-value; NaN when a sample is empty. */
    public static double pValue(double[] a, double[] b) {
        int n1 = a.length;
        int n2 = b.length;
        if (n1 == 0 || n2 == 0) return Double.NaN;
        int n = n1 + n2;
        double[] all = new double[n];
        System.arraycopy(a, 0, all, 0, n1);
        System.arraycopy(b, 0, all, n1, n2);
        double[] sorted = all.clone();
        Arrays.sort(sorted);
        // mid-ranks, and the tie correction's sum of t^3 - t
        double tieSum = 0;
        java.util.Map<Double, Double> rank = new java.util.HashMap<>();
        for (int i = 0; i < n; ) {
            int j = i;
            while (j + 1 < n && sorted[j + 1] == sorted[i]) j++;
            int t = j - i + 1;
            if (t > 1) tieSum += (double) t * t * t - t;
            rank.put(sorted[i], (i + j) / 2.0 + 1);
            i = j + 1;
        }
        double r1 = 0;
        for (double v : a) r1 += rank.get(v);
        double u1 = r1 - n1 * (n1 + 1) / 2.0;
        double u = Math.min(u1, (double) n1 * n2 - u1);
        if (tieSum == 0 && n <= EXACT_LIMIT) return Math.min(1, 2 * exactLowerTail(n1, n2, (int) Math.round(u)));
        double mean = n1 * n2 / 2.0;
        double variance = n1 * n2 / 12.0 * ((n + 1) - tieSum / ((double) n * (n - 1)));
        if (variance <= 0) return 1;
        double z = (mean - u - 0.5) / Math.sqrt(variance);
        return Math.min(1, 2 * (1 - normalCdf(Math.max(0, z))));
    }

    /** P(U <= u) for samples of n1 and n2 without ties: the count of rank splits with U <= u over C(n1 + n2, n1). */
    static double exactLowerTail(int n1, int n2, int u) {
        // count[i][j][k]: ways for i values of the first and j of the second sample to give U = k; rolled over i
        int max = n1 * n2;
        double[][] prev = new double[n2 + 1][max + 1];
        for (int j = 0; j <= n2; j++) prev[j][0] = 1;
        for (int i = 1; i <= n1; i++) {
            double[][] cur = new double[n2 + 1][max + 1];
            cur[0][0] = 1;
            for (int j = 1; j <= n2; j++) {
                for (int k = 0; k <= i * j; k++) {
                    // the largest value is from the first sample (it beats j values of the second) or from the second
                    double fromFirst = k - j >= 0 ? prev[j][k - j] : 0;
                    double fromSecond = cur[j - 1][k];
                    cur[j][k] = fromFirst + fromSecond;
                }
            }
            prev = cur;
        }
        double total = 0;
        double tail = 0;
        for (int k = 0; k <= max; k++) {
            total += prev[n2][k];
            if (k <= u) tail += prev[n2][k];
        }
        return tail / total;
    }

    /** The standard normal CDF (Abramowitz and Stegun 26.2.17, error below 7.5e-8). */
    static double normalCdf(double z) {
        if (z < 0) return 1 - normalCdf(-z);
        double t = 1 / (1 + 0.2316419 * z);
        double poly = t * (0.319381530 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
        return 1 - Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI) * poly;
    }
}
