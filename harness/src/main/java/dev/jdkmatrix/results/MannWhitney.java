package dev.jdkmatrix.results;

import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * The Mann-Whitney U test (Wilcoxon rank-sum) of two samples: how likely rank sums as far apart
 * as these are when both samples come from one distribution. Two-sided, from Apache Commons
 * Statistics: exact (the distribution of U counted over every split of the ranks) for small
 * samples without ties, otherwise the normal approximation with the tie correction and a
 * continuity correction. It assumes nothing about the shape of the distributions, which suits
 * run times (skewed, with a long tail), and says nothing about how large a difference is: that
 * is the interval's job.
 */
public final class MannWhitney {

    private MannWhitney() {}

    /** The two-sided p-value; NaN when a sample is empty, 1 when every value of both is the same. */
    public static double pValue(double[] a, double[] b) {
        if (a.length == 0 || b.length == 0) return Double.NaN;
        double first = a[0];
        if (java.util.Arrays.stream(a).allMatch(v -> v == first) && java.util.Arrays.stream(b).allMatch(v -> v == first)) return 1;
        return MannWhitneyUTest.withDefaults().test(a, b).getPValue();
    }
}
