package dev.jdkmatrix.stats;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Synthetic JMH forks of a known class, for the steady-state classifier's calibration (SteadyStateCalibrationTest, and make
 * bench-steady's table in docs/statistics.md): a time per operation (lower is better) of {@code n} iterations, each with
 * multiplicative noise of {@code noise} (log-normal) and, with outliers, one iteration in twenty 10 to 30 % slower (a GC, a
 * neighbour). The classes:
 * <ul>
 *   <li>flat: one level;</li>
 *   <li>warmup: the first 30 % of the iterations (at least 2) 40 % slower at first, decaying to the level;</li>
 *   <li>slowdown: the first 35 % (at least 2) at the level, the rest 10 % slower;</li>
 *   <li>none: the level, and the last 15 % (at least 1) 15 % slower: no level holds at the end.</li>
 * </ul>
 */
public final class SteadyCalibration {

    private SteadyCalibration() {}

    /** The iteration counts and noise levels the calibration reports (issue: 7, 10, 20, 50 iterations; 1, 2, 5 %). */
    public static final int[] ITERATIONS = {7, 10, 20, 50};
    public static final double[] NOISE = {0.01, 0.02, 0.05};

    /** One fork of class {@code truth}. */
    public static double[] series(SteadyState.Kind truth, int n, double noise, boolean outliers, SplittableRandom r) {
        double[] x = new double[n];
        int warm = Math.max(2, (int) Math.round(0.3 * n));
        int before = Math.max(2, (int) Math.round(0.35 * n));
        int tail = Math.max(1, (int) Math.round(0.15 * n));
        for (int i = 0; i < n; i++) {
            double level = switch (truth) {
                case FLAT -> 1;
                case WARMUP -> i < warm ? 1 + 0.4 * Math.exp(-3.0 * i / warm) : 1;
                case SLOWDOWN -> i < before ? 1 : 1.10;
                case NONE -> i >= n - tail ? 1.15 : 1;
            };
            double v = level * Math.exp(noise * gauss(r));
            if (outliers && r.nextDouble() < 0.05) v *= 1.1 + 0.2 * r.nextDouble();
            x[i] = v;
        }
        return x;
    }

    /** Of {@code trials} forks of class {@code truth}: {called right, called otherwise, withheld}. */
    public static int[] rates(SteadyState.Kind truth, int n, double noise, boolean outliers, int trials, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] out = new int[3];
        for (int t = 0; t < trials; t++) {
            SteadyState s = SteadyState.classify(series(truth, n, noise, outliers, r), false);
            out[s == null ? 2 : s.kind() == truth ? 0 : 1]++;
        }
        return out;
    }

    /** "93 % (7 withheld)": right among those classified, and the share withheld. */
    public static String text(int[] r) {
        int classified = r[0] + r[1];
        int all = classified + r[2];
        String right = classified == 0 ? "-" : String.format(Locale.ROOT, "%.0f %%", 100.0 * r[0] / classified);
        return r[2] == 0 ? right : right + String.format(Locale.ROOT, " (%.0f %% withheld)", 100.0 * r[2] / all);
    }

    static double gauss(SplittableRandom r) {
        double u = r.nextDouble();
        double v = r.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }
}
