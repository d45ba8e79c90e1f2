package dev.jdkmatrix.stats;

import java.util.Arrays;

/** The median of a sample, the one every figure of ours is read by: the mean of the middle pair when the count is even. */
public final class Median {

    private Median() {}

    /** The median of {@code values} in any order (left as they are), NaN when there is none. */
    public static double of(double[] values) {
        if (values.length == 0) return Double.NaN;
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted);
    }

    /** The median of values sorted ascending. */
    public static double ofSorted(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
