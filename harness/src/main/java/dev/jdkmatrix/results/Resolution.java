package dev.jdkmatrix.results;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * What a comparison's rounds can resolve under the verdict the harness makes, from their own
 * spread: the smallest difference that its rounds would call (faster or slower: an interval of at
 * least 95 % wholly past the minimum difference) in 80 % of trials ({@code resolvable}, a
 * fraction: 0.05 for 5 %; never below the minimum difference; NaN under the rounds a verdict
 * takes), and the rounds a difference of {@link #TARGET} would need ({@code roundsForTarget}, at
 * least {@link Comparisons#DECISION_ROUNDS}). Paired: simulated from the per-round log ratios
 * through the signed-rank interval itself ({@link PairedPower}). Unpaired (a sequential plan): the
 * t-test's power on the two cells' log figures, past the minimum difference, an approximation of
 * the bootstrap interval of the medians that the unpaired verdict reads (docs/statistics.md).
 */
public record Resolution(double resolvable, double logSd, boolean paired, double minDifference, PairedPower power) {

    /** The difference the rounds are counted for: 5 %. */
    public static final double TARGET = 0.05;
    static final int MAX_ROUNDS = 100_000;

    public static final Resolution UNKNOWN = new Resolution(Double.NaN, Double.NaN, true, Comparisons.DEFAULT_MIN_DIFFERENCE, null);

    /**
     * {@code logSd}: the spread of a round on the log scale (paired: of the per-round log ratios;
     * unpaired: the two cells' pooled); {@code paired}: whether a round is a pair of runs;
     * {@code power}: a paired one's simulation (null: unpaired, or unknown).
     */
    public Resolution {
        if (!(Double.isNaN(logSd) || logSd >= 0)) throw new IllegalArgumentException("a resolution's spread must be >= 0, got " + logSd);
        if (!(minDifference >= 0 && minDifference < 1)) throw new IllegalArgumentException("a resolution's min-difference must be between 0 and 1, got " + minDifference);
        if (Double.isFinite(resolvable) && resolvable < minDifference) {
            throw new IllegalArgumentException("a resolvable difference (" + resolvable + ") below the min-difference (" + minDifference + ") is never called");
        }
    }

    /** From the log ratios of the rounds' pairs and the verdict's minimum difference; unknown under two pairs. */
    public static Resolution paired(double[] logRatios, double minDifference) {
        return paired(logRatios, minDifference, PairedPower.TAIL_MARGIN);
    }

    /** As above, the simulation's tail margin {@code tailMargin} instead of the harness's (make bench-resolution's tuning). */
    public static Resolution paired(double[] logRatios, double minDifference, double tailMargin) {
        int n = logRatios.length;
        if (n < 2) return new Resolution(Double.NaN, Double.NaN, true, minDifference, null);
        PairedPower power = new PairedPower(logRatios, minDifference, tailMargin);
        return new Resolution(Math.max(minDifference, Math.expm1(power.resolvableLog(n))), sd(logRatios), true, minDifference, power);
    }

    /**
     * The harness's paired verdict on rounds whose log ratios (the later cell's figure over the earlier's, a round each, lower
     * better) these are, at compare-threshold {@code threshold} and {@code minDifference}: what "would it be called" asks
     * of a difference a calibration plants (ResolutionTest, make bench-resolution).
     */
    public static Comparisons.Verdict pairedVerdict(double[] logRatios, double threshold, double minDifference) {
        double[] a = new double[logRatios.length];
        double[] b = new double[logRatios.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = 1000;
            b[i] = 1000 * Math.exp(logRatios[i]);
        }
        return Comparisons.pairedDecision(PairedRatio.of(a, b), false, threshold, minDifference).verdict();
    }

    /** From two cells' log figures, each cell's rounds its own, and the verdict's minimum difference; unknown under two each. */
    public static Resolution unpaired(double[] logA, double[] logB, double minDifference) {
        int na = logA.length;
        int nb = logB.length;
        if (na < 2 || nb < 2) return new Resolution(Double.NaN, Double.NaN, false, minDifference, null);
        double pooled = Math.sqrt(((na - 1) * sq(sd(logA)) + (nb - 1) * sq(sd(logB))) / (na + nb - 2));
        double resolvable = Math.min(na, nb) < Comparisons.DECISION_ROUNDS ? Double.NaN
                : Math.max(minDifference, Math.expm1(Math.log1p(minDifference) + factor(na + nb - 2) * pooled * Math.sqrt(1.0 / na + 1.0 / nb)));
        return new Resolution(resolvable, pooled, false, minDifference, null);
    }

    /** The rounds a difference of {@link #TARGET} needs (comparisons.csv's rounds_for_5pct); -1 when unknown. */
    public int roundsForTarget() {
        return roundsFor(TARGET);
    }

    /**
     * The rounds a difference of {@code target} (0.05 for 5 %) needs to be called in 80 % of trials,
     * at least DECISION_ROUNDS; -1 when unknown, past 100,000, or within the minimum difference
     * (never called).
     */
    public int roundsFor(double target) {
        if (Double.isNaN(logSd)) return -1;
        if (power != null) return power.roundsFor(target, MAX_ROUNDS);
        return unpairedRounds(logSd, target, Math.log1p(minDifference));
    }

    /** The difference on the log scale past the minimum that m rounds a side call at 95 % with 80 % power (the t-test's). */
    private static double unpairedReach(double sd, int m) {
        return factor(2 * m - 2) * sd * Math.sqrt(2.0 / m);
    }

    /** t(0.975) + t(0.80) at these degrees of freedom: the difference in standard errors that a 95 % test calls 80 % of the time. */
    static double factor(int df) {
        boolean cached = df < FACTORS.length();
        if (cached) {
            long bits = FACTORS.get(df);
            if (bits != 0) return Double.longBitsToDouble(bits);
        }
        TDistribution t = TDistribution.of(df);
        double f = t.inverseSurvivalProbability(0.025) + t.inverseSurvivalProbability(0.20);
        if (cached) FACTORS.set(df, Double.doubleToRawLongBits(f));
        return f;
    }

    /** factor(df) once computed, by df (a report asks it for every comparison and every step of the rounds' search); 0: not yet. */
    private static final java.util.concurrent.atomic.AtomicLongArray FACTORS = new java.util.concurrent.atomic.AtomicLongArray(1 << 16);

    /** The fewest rounds a side (at least DECISION_ROUNDS) whose unpaired reach past the minimum is within log(1 + difference); -1 past MAX_ROUNDS or never. */
    private static int unpairedRounds(double sd, double difference, double minLog) {
        double target = Math.log1p(difference) - minLog;
        if (!(target > 0)) return -1;
        java.util.function.IntToDoubleFunction reach = m -> unpairedReach(sd, m);
        int lo = Comparisons.DECISION_ROUNDS;
        if (reach.applyAsDouble(lo) <= target) return lo;
        int hi = lo;
        while (reach.applyAsDouble(hi) > target) {
            if (hi >= MAX_ROUNDS) return -1;
            hi = Math.min(MAX_ROUNDS, hi * 2);
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (reach.applyAsDouble(mid) <= target) hi = mid;
            else lo = mid;
        }
        return hi;
    }

    /** The standard deviation of the finite values, NaN where there are none (a ratio of a zero figure: a log of 0). */
    private static double sd(double[] x) {
        return java.util.Arrays.stream(x).anyMatch(Double::isFinite) ? Statistics.of(x).stddev() : Double.NaN;
    }

    private static double sq(double x) {
        return x * x;
    }
}
