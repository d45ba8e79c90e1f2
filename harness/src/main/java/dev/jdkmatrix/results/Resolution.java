package dev.jdkmatrix.results;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * What a comparison's rounds can resolve, from their own spread: the smallest difference that its
 * rounds would call at 95 % with 80 % power ({@code resolvable}, a fraction: 0.05 for 5 %), and the
 * rounds a difference of {@link #TARGET} would need ({@code roundsForTarget}, at least
 * {@link Comparisons#DECISION_ROUNDS}). Taken from the t-test on the log figures (paired: the
 * per-round log ratios; unpaired: the two cells' log figures), whose power the signed-rank test
 * matches within a few per cent (asymptotic relative efficiency 0.955 on normal data).
 */
public record Resolution(double resolvable, double logSd, boolean paired) {

    /** The difference the rounds are counted for: 5 %. */
    public static final double TARGET = 0.05;
    static final int MAX_ROUNDS = 100_000;

    public static final Resolution UNKNOWN = new Resolution(Double.NaN, Double.NaN, true);

    /**
     * {@code logSd}: the spread of a round on the log scale (paired: of the per-round log ratios;
     * unpaired: the two cells' pooled); {@code paired}: whether a round is a pair of runs.
     */
    public Resolution {
        if (!(Double.isNaN(logSd) || logSd >= 0)) throw new IllegalArgumentException("a resolution's spread must be >= 0, got " + logSd);
    }

    /** From the log ratios of the rounds' pairs; unknown under two pairs. */
    public static Resolution paired(double[] logRatios) {
        int n = logRatios.length;
        if (n < 2) return UNKNOWN;
        double sd = sd(logRatios);
        return new Resolution(Math.expm1(resolvableLog(true, sd, n)), sd, true);
    }

    /** From two cells' log figures, each cell's rounds its own; unknown under two each. */
    public static Resolution unpaired(double[] logA, double[] logB) {
        int na = logA.length;
        int nb = logB.length;
        if (na < 2 || nb < 2) return UNKNOWN;
        double pooled = Math.sqrt(((na - 1) * sq(sd(logA)) + (nb - 1) * sq(sd(logB))) / (na + nb - 2));
        double resolvable = Math.expm1(factor(na + nb - 2) * pooled * Math.sqrt(1.0 / na + 1.0 / nb));
        return new Resolution(resolvable, pooled, false);
    }

    /** The rounds a difference of {@link #TARGET} needs (comparisons.csv's rounds_for_5pct); -1 when unknown. */
    public int roundsForTarget() {
        return roundsFor(TARGET);
    }

    /** The rounds a difference of {@code target} (0.05 for 5 %) needs, at least DECISION_ROUNDS; -1 when unknown or past 100,000. */
    public int roundsFor(double target) {
        if (Double.isNaN(logSd)) return -1;
        return rounds(paired, logSd, target);
    }

    /** The difference on the log scale that m rounds (a side) call at 95 % with 80 % power. */
    private static double resolvableLog(boolean paired, double sd, int m) {
        return paired ? factor(m - 1) * sd / Math.sqrt(m) : factor(2 * m - 2) * sd * Math.sqrt(2.0 / m);
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

    /** The fewest rounds (at least DECISION_ROUNDS) whose resolvable difference on the log scale is at most log(1 + difference); -1 past MAX_ROUNDS. */
    private static int rounds(boolean paired, double sd, double difference) {
        java.util.function.IntToDoubleFunction resolvableLog = m -> resolvableLog(paired, sd, m);
        double target = Math.log1p(difference);
        int lo = Comparisons.DECISION_ROUNDS;
        if (resolvableLog.applyAsDouble(lo) <= target) return lo;
        int hi = lo;
        while (resolvableLog.applyAsDouble(hi) > target) {
            if (hi >= MAX_ROUNDS) return -1;
            hi = Math.min(MAX_ROUNDS, hi * 2);
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (resolvableLog.applyAsDouble(mid) <= target) hi = mid;
            else lo = mid;
        }
        return hi;
    }

    private static double sd(double[] x) {
        return Statistics.of(x).stddev();
    }

    private static double sq(double x) {
        return x * x;
    }
}
