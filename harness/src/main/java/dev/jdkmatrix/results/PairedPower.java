package dev.jdkmatrix.results;

import dev.jdkmatrix.stats.Median;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The power of the paired verdict the harness makes (results.Comparisons: the signed-rank interval
 * of the per-round log ratios at its level, called only past the minimum difference), simulated
 * from one comparison's own rounds: how large a difference m rounds call in {@link #POWER} of
 * trials, and so how many rounds a difference needs.
 *
 * <p>A trial draws m log ratios from the comparison's residuals (its log ratios less their
 * Hodges-Lehmann centre, scaled by sqrt(n / (n - 1)) as a bootstrap's spread falls short by that,
 * each given a random sign: the interval assumes them symmetric), all scaled by one factor drawn
 * from what n rounds leave open about the spread (sqrt((n - 1) / chi-square(n - 1)), as the t
 * distribution does for a mean), and computes the interval's lower end as PairedRatio does. A
 * difference d shifts every log ratio by log(1 + d), and so the lower end by as much: the trial
 * calls d when its lower end plus log(1 + d) passes log(1 + min-difference). The smallest d called
 * in 80 % of real runs is then read off the trials' lower ends, with no search: the trials' share
 * aimed at is 80 % plus 12 % over the interval's critical rank k ({@link #aim}: 92 % at 6 rounds,
 * where the lower end is the smallest ratio and a call needs all six past the minimum; 83 % at 8,
 * 80.5 % at 16; the 12 % chosen on one run's rounds and judged on another's, named on one half of a
 * run and called on its other half: make bench-resolution). Few rounds put the call on the ratios' tail, which so few
 * resampled rounds under-reach (aimed at 80 %, 6 rounds' figure was called in 78 % of normal runs
 * and 74 % of real ones: make bench-resolution, docs/statistics.md). Past
 * {@link #SIMULATED_ROUNDS} rounds the reach beyond the minimum difference is taken to shrink as
 * 1 / sqrt(m) from its simulated value there. Trials are seeded from the log ratios: the same
 * rounds give the same figures in every report.
 */
public final class PairedPower {

    /** The share of runs a difference said resolvable is called in: 80 %. */
    static final double POWER = 0.80;
    /** What the simulation adds to {@link #POWER} at critical rank 1, less as the rank grows: 12 % (make bench-resolution, out of sample). */
    public static final double TAIL_MARGIN = 0.12;
    static final int TRIALS = 256;
    /** Rounds simulated; past them the reach is extrapolated (1 / sqrt(m)). */
    static final int SIMULATED_ROUNDS = 16;

    private final double[] residuals;
    private final int n;
    private final double minLog;
    private final double tailMargin;
    private final long seed;
    private final ConcurrentHashMap<Integer, Double> reach = new ConcurrentHashMap<>();

    /** {@code logRatios}: the comparison's per-round log ratios (at least 2); {@code minDifference}: the verdict's, a fraction. */
    PairedPower(double[] logRatios, double minDifference) {
        this(logRatios, minDifference, TAIL_MARGIN);
    }

    /** As above, with another margin than {@link #TAIL_MARGIN} (make bench-resolution chooses it on some runs and judges it on others). */
    PairedPower(double[] logRatios, double minDifference, double tailMargin) {
        if (!(tailMargin >= 0 && tailMargin < 0.2)) throw new IllegalArgumentException("a tail margin is between 0 and 0.2, got " + tailMargin);
        this.tailMargin = tailMargin;
        if (logRatios.length < 2) throw new IllegalArgumentException("a paired power needs at least 2 rounds, got " + logRatios.length);
        if (!(minDifference >= 0 && minDifference < 1)) throw new IllegalArgumentException("a min-difference must be between 0 and 1, got " + minDifference);
        n = logRatios.length;
        double centre = Median.ofSorted(PairedRatio.walshAverages(logRatios));
        double scale = Math.sqrt(n / (n - 1.0));
        residuals = Arrays.stream(logRatios).map(d -> (d - centre) * scale).toArray();
        minLog = Math.log1p(minDifference);
        seed = Arrays.hashCode(logRatios) * 0x9E3779B97F4A7C15L + Double.hashCode(minDifference);
    }

    /** log(1 + d) of the smallest difference d that m rounds call in 80 % of trials; NaN under the rounds a verdict takes. */
    public double resolvableLog(int m) {
        if (m < Comparisons.DECISION_ROUNDS) return Double.NaN;
        if (m > SIMULATED_ROUNDS) return minLog + reachAt(SIMULATED_ROUNDS) * Math.sqrt((double) SIMULATED_ROUNDS / m);
        return minLog + reachAt(m);
    }

    /**
     * The fewest rounds (at least Comparisons.DECISION_ROUNDS) that call {@code difference} (0.05
     * for 5 %) in 80 % of trials; -1 when it is within the minimum difference (never called) or
     * past {@code maxRounds}.
     */
    public int roundsFor(double difference, int maxRounds) {
        double x = Math.log1p(difference);
        if (!(x > minLog)) return -1;
        int lo = Comparisons.DECISION_ROUNDS;
        if (resolvableLog(lo) <= x) return lo;
        if (resolvableLog(SIMULATED_ROUNDS) > x) {
            double m = Math.ceil(SIMULATED_ROUNDS * Math.pow(reachAt(SIMULATED_ROUNDS) / (x - minLog), 2));
            return m > maxRounds ? -1 : (int) m;
        }
        int hi = SIMULATED_ROUNDS; // resolvableLog(lo) > x >= resolvableLog(hi)
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (resolvableLog(mid) <= x) hi = mid;
            else lo = mid;
        }
        return hi;
    }

    /** How far past the minimum difference (log scale) the difference 80 % of m-round trials call lies; memoized by m. */
    private double reachAt(int m) {
        return reach.computeIfAbsent(m, this::simulate);
    }

    private double simulate(int m) {
        int k = PairedRatio.criticalRank(m);
        double[] lows = new double[TRIALS];
        double[] sample = new double[m];
        double[] sorted = new double[m];
        for (int t = 0; t < TRIALS; t++) {
            SplittableRandom r = new SplittableRandom(seed + t);
            double spread = spreadFactor(r);
            for (int i = 0; i < m; i++) {
                double e = residuals[r.nextInt(n)] * spread;
                sample[i] = r.nextBoolean() ? e : -e;
            }
            lows[t] = kthWalsh(sample, sorted, k - 1);
        }
        Arrays.sort(lows);
        // the trials at or above lows[i] are the share aimed at: a shift of -lows[i] past the minimum calls those
        int i = TRIALS - (int) Math.ceil((POWER + tailMargin / k) * TRIALS);
        return Math.max(0, -lows[i]);
    }

    /**
     * The share of simulated trials a difference must be called in, for an interval whose lower end
     * is the k-th smallest Walsh average: {@link #POWER} plus {@link #TAIL_MARGIN} / k. The fewer
     * Walsh averages lie below the end, the more a call hangs on the ratios' tail, which the
     * rounds' own residuals, resampled, reach less far than fresh rounds do.
     */
    static double aim(int criticalRank) {
        return POWER + TAIL_MARGIN / criticalRank;
    }

    /** sqrt((n - 1) / chi-square(n - 1)): a spread as n rounds leave it open, times the one they showed. */
    private double spreadFactor(SplittableRandom r) {
        double chi = 0;
        for (int i = 0; i < n - 1; i++) {
            double z = r.nextGaussian();
            chi += z * z;
        }
        return Math.sqrt((n - 1) / Math.max(chi, 1e-12));
    }

    /**
     * The (index + 1)-th smallest Walsh average of {@code d} ((d[i] + d[j]) / 2, i <= j), exactly: {@code d} sorted into
     * {@code sorted}, then the averages taken smallest first from a heap of one per row (row i holds i's averages with d[i..],
     * ascending), index + 1 of them. An interval's lower end lies among the first few (its critical rank: 1 at 6 rounds, 30 at
     * 16), so this takes some m log m + k log m steps rather than all m (m + 1) / 2 averages and a selection over them (the
     * simulation's most of a report's time at 3,000 cells), for the same value: the k-th smallest of a multiset is one number,
     * and each average is the same sum of the same two (PairedPowerTest).
     */
    static double kthWalsh(double[] d, double[] sorted, int index) {
        int m = d.length;
        System.arraycopy(d, 0, sorted, 0, m);
        Arrays.sort(sorted, 0, m);
        double[] value = new double[m];
        int[] row = new int[m];
        int[] col = new int[m];
        for (int i = 0; i < m; i++) { // the diagonal, ascending: already a heap
            value[i] = sorted[i];
            row[i] = i;
            col[i] = i;
        }
        int size = m;
        for (int taken = 0; ; taken++) {
            double v = value[0];
            if (taken == index) return v;
            int i = row[0];
            int j = col[0] + 1;
            if (j < m) {
                value[0] = (sorted[i] + sorted[j]) / 2;
                col[0] = j;
            } else {
                size--;
                value[0] = value[size];
                row[0] = row[size];
                col[0] = col[size];
            }
            siftDown(value, row, col, size);
        }
    }

    /** Restores the min-heap of {@code value} (with its row and column beside it) from its top, over its first {@code size}. */
    private static void siftDown(double[] value, int[] row, int[] col, int size) {
        int at = 0;
        while (true) {
            int child = 2 * at + 1;
            if (child >= size) return;
            if (child + 1 < size && value[child + 1] < value[child]) child++;
            if (!(value[child] < value[at])) return;
            double v = value[at];
            value[at] = value[child];
            value[child] = v;
            int r = row[at];
            row[at] = row[child];
            row[child] = r;
            int c = col[at];
            col[at] = col[child];
            col[child] = c;
            at = child;
        }
    }
}
