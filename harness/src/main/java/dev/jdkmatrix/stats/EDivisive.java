package dev.jdkmatrix.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Change points of a series by E-Divisive means as Apache Otava 0.8.0 computes them
 * ({@code otava.analysis.compute_change_points}; Fleming et al., "Hunter: Using Change Point
 * Detection to Hunt for Performance Regressions", ICPE 2023, on Matteson and James's E-Divisive):
 * <ol>
 *   <li>Split: windows of {@code window} points, half a window apart; in each, the point that
 *   splits its interval into the two most different halves (the largest Q-hat, the energy
 *   distance scaled by the halves' sizes) is a change point while Student's t-test of the two halves
 *   gives p at most ten times {@code maxP} (the "weak" change points), found again inside the new
 *   intervals until one is not.</li>
 *   <li>Merge: over the whole series, each weak change point tested between its neighbours; the
 *   weakest (largest p over {@code maxP}, or smallest change under {@code minMagnitude}) removed
 *   and its neighbours tested again, until every one passes.</li>
 * </ol>
 * The same arithmetic as Otava's, in the same order, so that it finds the same change points on
 * the same series (EDivisiveTest holds it to fixtures that Otava itself computed). One quirk is kept
 * on purpose: after a removal Otava tests again the change points at the removed one's index and
 * the next, that is its right neighbour and the one after, not its left neighbour.
 */
public final class EDivisive {

    private EDivisive() {}

    /**
     * The method's parameters: the window in points (at least 2), the largest p-value of a change
     * point, and the smallest relative change of the segment means that keeps a change point whose p
     * passes anyway (0: p alone decides). Otava's defaults: 50, 0.001, 0.
     */
    public record Options(int window, double maxP, double minMagnitude) {
        public static final Options OTAVA = new Options(50, 0.001, 0);

        public Options {
            if (window < 2) throw new IllegalArgumentException("an E-Divisive window holds at least 2 points, got " + window);
            if (!(maxP > 0 && maxP < 1)) throw new IllegalArgumentException("a p-value threshold lies in (0, 1), got " + maxP);
            if (!(minMagnitude >= 0)) throw new IllegalArgumentException("a minimum magnitude is 0 or more, got " + minMagnitude);
        }

        /** The p-value threshold as a person writes it: {@code 0.0001}. */
        public String maxPText() {
            return java.math.BigDecimal.valueOf(maxP).stripTrailingZeros().toPlainString();
        }

        /** The split step's threshold, as Otava relaxes it. */
        double firstPassP() {
            return maxP < 0.05 ? maxP * 10 : maxP < 0.5 ? maxP * 2 : maxP;
        }
    }

    /**
     * A change point: the index of the first point after the change; the two-sided p-value of the
     * t-test between the segments on its either side; their means and standard deviations (as numpy's
     * {@code std}: divided by n).
     */
    public record ChangePoint(int index, double pValue, double meanBefore, double meanAfter, double sdBefore, double sdAfter) {
        public ChangePoint {
            if (index < 1) throw new IllegalArgumentException("a change point splits a series after its first point, got index " + index);
        }

        /** The larger of the relative changes forward and backward, as Otava measures a change (0 where a mean is 0). */
        public double magnitude() {
            double forward = meanBefore == 0 ? 0 : meanAfter / meanBefore - 1;
            double backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1;
            return Math.max(Math.abs(forward), Math.abs(backward));
        }
    }

    /** The change points of {@code series}, ascending by index. */
    public static List<ChangePoint> changePoints(double[] series, Options options) {
        for (double v : series) {
            if (!Double.isFinite(v)) throw new IllegalArgumentException("a series for change points holds finite numbers only, got " + v);
        }
        return merge(split(series, options.window(), options.firstPassP()), series, options.maxP(), options.minMagnitude());
    }

    /** The weak change points: each window's, their union, tested again over the whole series. */
    static List<ChangePoint> split(double[] series, int window, double maxP) {
        List<ChangePoint> found = new ArrayList<>();
        int step = window / 2;
        int start = 0;
        while (start < series.length) {
            int end = Math.min(start + window, series.length);
            List<ChangePoint> inWindow = detect(java.util.Arrays.copyOfRange(series, start, end), maxP);
            int lastNew = 0;
            for (ChangePoint cp : inWindow) {
                ChangePoint shifted = new ChangePoint(cp.index() + start, cp.pValue(), cp.meanBefore(), cp.meanAfter(), cp.sdBefore(), cp.sdAfter());
                lastNew = shifted.index();
                if (found.stream().noneMatch(c -> c.index() == shifted.index())) found.add(shifted);
            }
            start = Math.max(lastNew, start + step);
        }
        found.sort(Comparator.comparingInt(ChangePoint::index));
        List<int[]> intervals = intervals(found, series.length);
        List<ChangePoint> out = new ArrayList<>();
        for (ChangePoint cp : found) out.add(test(cp.index(), series, intervals));
        return out;
    }

    /** Otava's merge step: the weakest removed and its right neighbours tested again, until every change point holds. */
    static List<ChangePoint> merge(List<ChangePoint> weak, double[] series, double maxP, double minMagnitude) {
        List<ChangePoint> cps = new ArrayList<>(weak);
        while (!cps.isEmpty()) {
            int weakest = 0;
            for (int i = 1; i < cps.size(); i++) if (cps.get(i).pValue() > cps.get(weakest).pValue()) weakest = i; // Python's max: the first largest
            if (cps.get(weakest).pValue() < maxP) {
                weakest = 0;
                for (int i = 1; i < cps.size(); i++) if (cps.get(i).magnitude() < cps.get(weakest).magnitude()) weakest = i;
                if (cps.get(weakest).magnitude() > minMagnitude) return cps;
            }
            cps.remove(weakest);
            List<int[]> intervals = intervals(cps, series.length);
            for (int k : new int[] {weakest, weakest + 1}) {
                if (k < cps.size()) cps.set(k, test(cps.get(k).index(), series, intervals));
            }
        }
        return cps;
    }

    /** E-Divisive on one window: the best split of the intervals while it is significant at {@code maxP}. */
    static List<ChangePoint> detect(double[] z, double maxP) {
        Calculator calc = new Calculator(z);
        List<ChangePoint> cps = new ArrayList<>();
        while (true) {
            List<int[]> intervals = intervals(cps, z.length);
            int bestIndex = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            for (int[] iv : intervals) {
                if (iv[1] - iv[0] <= 1) continue;
                double[] c = calc.candidate(iv[0], iv[1]);
                if (bestIndex < 0 || c[1] > bestQ) { // Python's max over the candidates: the first largest
                    bestIndex = (int) c[0];
                    bestQ = c[1];
                }
            }
            if (bestIndex < 0) break;
            ChangePoint cp = test(bestIndex, z, intervals);
            if (!(cp.pValue() <= maxP)) break;
            cps.add(cp);
            cps.sort(Comparator.comparingInt(ChangePoint::index));
        }
        return cps;
    }

    /** The segments between change points, [start, end), empty ones left out (Otava's get_intervals). */
    public static List<int[]> intervals(List<ChangePoint> cps, int n) {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i <= cps.size(); i++) {
            int from = i == 0 ? 0 : cps.get(i - 1).index();
            int to = i == cps.size() ? n : cps.get(i).index();
            if (from != to) out.add(new int[] {from, to});
        }
        return out;
    }

    /**
     * The t-test at {@code index}: between the two intervals it separates when it ends one (a
     * change point already), or between the two halves of the interval it falls inside.
     */
    public static ChangePoint test(int index, double[] series, List<int[]> intervals) {
        for (int i = 0; i < intervals.size(); i++) {
            int[] iv = intervals.get(i);
            if (iv[1] == index) return tTest(index, series, iv[0], index, intervals.get(i + 1)[1]);
            if (iv[0] < index && index < iv[1]) return tTest(index, series, iv[0], index, iv[1]);
        }
        throw new IllegalArgumentException("change point " + index + " lies in none of the intervals");
    }

    /**
     * Student's two-sided t-test with pooled variance of [from, index) against [index, to), fed
     * with standard deviations divided by n as Otava feeds scipy's {@code ttest_ind_from_stats}; p =
     * 1 for two points in all.
     */
    static ChangePoint tTest(int index, double[] z, int from, int split, int to) {
        int n1 = split - from;
        int n2 = to - split;
        double m1 = mean(z, from, split);
        double m2 = mean(z, split, to);
        double s1 = n1 >= 2 ? sd(z, from, split, m1) : 0;
        double s2 = n2 >= 2 ? sd(z, split, to, m2) : 0;
        double p = 1;
        if (n1 + n2 > 2) {
            int df = n1 + n2 - 2;
            double pooled = ((n1 - 1) * s1 * s1 + (n2 - 1) * s2 * s2) / df;
            double t = (m1 - m2) / Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
            p = Double.isNaN(t) ? Double.NaN : Double.isInfinite(t) ? 0 : 2 * TDistribution.of(df).survivalProbability(Math.abs(t));
        }
        return new ChangePoint(index, p, m1, m2, s1, s2);
    }

    private static double mean(double[] z, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) s += z[i];
        return s / (to - from);
    }

    private static double sd(double[] z, int from, int to, double mean) {
        double s = 0;
        for (int i = from; i < to; i++) s += (z[i] - mean) * (z[i] - mean);
        return Math.sqrt(s / (to - from));
    }

    /**
     * Q-hat of every split of an interval, as Otava's PairDistanceCalculator (power 1) defines it:
     * for X = z[start, tau) and Y = z[tau, kappa),
     * Q = 2/(m+n) sum|X-Y| - 2m/((m+n)(n-1)) sum|X-X'| - 2n/((m+n)(m-1)) sum|Y-Y'|,
     * a term dropped where its half holds one point; the candidate is the first maximum in Otava's
     * matrix order (tau, then kappa), whose entries below the diagonal are 0.
     */
    static final class Calculator {
        private final double[] z;
        /** prefix[p][k]: the sum of |z[p] - z[u]| over u < k. */
        private final double[][] prefix;

        Calculator(double[] z) {
            this.z = z;
            int n = z.length;
            prefix = new double[n][n + 1];
            for (int p = 0; p < n; p++) {
                for (int u = 0; u < n; u++) prefix[p][u + 1] = prefix[p][u] + Math.abs(z[p] - z[u]);
            }
        }

        private double sum(int p, int from, int to) {
            return prefix[p][to] - prefix[p][from];
        }

        /** {index, qhat} of the best split of [start, end). */
        double[] candidate(int start, int end) {
            int size = end - start - 1;
            double withinX = 0;
            int bestI = 0;
            int bestJ = 0;
            double best = Double.NEGATIVE_INFINITY;
            double[][] q = new double[size][size];
            for (int i = 0; i < size; i++) {
                int tau = start + 1 + i;
                if (i > 0) withinX += sum(tau - 1, start, tau - 1);
                int n = tau - start;
                double cross = 0;
                double withinY = 0;
                for (int j = i; j < size; j++) {
                    int kappa = start + 2 + j;
                    int y = kappa - 1;
                    cross += sum(y, start, tau);
                    withinY += sum(y, tau, y);
                    int m = kappa - tau;
                    double value = 2.0 / (m + n) * cross;
                    if (n > 1) value -= 2.0 * m / ((m + n) * (double) (n - 1)) * withinX;
                    if (m > 1) value -= 2.0 * n / ((m + n) * (double) (m - 1)) * withinY;
                    q[i][j] = value;
                }
            }
            for (int i = 0; i < size; i++) {
                for (int j = 0; j < size; j++) {
                    double value = j < i ? 0 : q[i][j];
                    if (value > best) {
                        best = value;
                        bestI = i;
                        bestJ = j;
                    }
                }
            }
            return new double[] {bestI + 1 + start, q[bestI][bestJ]};
        }
    }
}
