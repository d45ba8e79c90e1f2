package dev.jdkmatrix.matrix;

/**
 * How many measured runs a cell gets. A fixed number ({@code repetitions: 5}: {@code min ==
 * max}, no target), or adaptive ({@code repetitions: {min: 6, max: 30, target: 3%}}): every cell
 * gets {@code min} runs, then a cell whose median is not yet known to within {@code target}
 * (the confidence interval of its median reaches further than {@code target} x median from it,
 * on either side) gets another round, until it is or until {@code max}.
 */
public record Repetitions(int min, int max, double target) {

    /**
     * The fewest rounds adaptive repetitions stop at: the first whose interval reaches 95 % (a median
     * of 6 runs: 96.9 %; a paired ratio of 6 pairs: 96.9 %; of 5: 93.75 %), so that a stop never
     * rests on an interval the verdicts would not take (results.Comparisons.DECISION_ROUNDS).
     */
    public static final int ADAPTIVE_MIN = 6;

    public Repetitions {
        if (min < 1) throw new IllegalArgumentException("repetitions must be at least 1, got " + min);
        if (max < min) throw new IllegalArgumentException("repetitions max (" + max + ") is below min (" + min + ")");
        if (max > min) {
            if (!(target > 0 && target < 1)) throw new IllegalArgumentException("adaptive repetitions need a target between 0 % and 100 %, got " + target);
            if (min < ADAPTIVE_MIN) throw new IllegalArgumentException("adaptive repetitions need min >= " + ADAPTIVE_MIN + " (the interval of fewer rounds is below 95 %), got " + min);
        } else if (!Double.isNaN(target)) {
            if (!(target > 0 && target < 1)) throw new IllegalArgumentException("a target must be between 0 % and 100 %, got " + target);
        }
    }

    public static Repetitions fixed(int n) {
        return new Repetitions(n, n, Double.NaN);
    }

    public boolean adaptive() {
        return max > min;
    }

    public boolean hasTarget() {
        return !Double.isNaN(target);
    }

    /** {@code 5}, or {@code 5 to 30 until ±3%}. */
    public String text() {
        if (!adaptive()) return Integer.toString(min);
        return min + " to " + max + " until ±" + percent(target);
    }

    public static String percent(double fraction) {
        double p = fraction * 100;
        return (p == Math.rint(p) ? Long.toString(Math.round(p)) : String.format(java.util.Locale.ROOT, "%.1f", p)) + "%";
    }

    /** Whether an interval of that reach (Statistics.reach: a fraction of the median) meets the target; false without a target. */
    public boolean reached(double reach) {
        return hasTarget() && Double.isFinite(reach) && reach <= target;
    }
}
