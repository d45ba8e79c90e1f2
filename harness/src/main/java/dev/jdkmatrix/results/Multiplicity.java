package dev.jdkmatrix.results;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Many comparisons at once: a run compares hundreds of pairs, and at a 5 % level some of them look
 * different by chance. Benjamini and Hochberg's q-values control the false discovery rate: among
 * the comparisons whose q is at most 0.05, at most 5 % are expected to be chance.
 */
public final class Multiplicity {

    private Multiplicity() {}

    /**
     * Benjamini-Hochberg q-values of these p-values, in their order: q(i) = min over j of rank j >=
     * rank i of p(j) m / j, at most 1; NaN stays NaN and does not count in m.
     */
    public static double[] benjaminiHochberg(double[] p) {
        double[] q = new double[p.length];
        Arrays.fill(q, Double.NaN);
        Integer[] order = IntStream.range(0, p.length).filter(i -> !Double.isNaN(p[i])).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        int m = order.length;
        double min = 1;
        for (int k = m - 1; k >= 0; k--) {
            min = Math.min(min, p[order[k]] * m / (k + 1));
            q[order[k]] = min;
        }
        return q;
    }
}
