package dev.jdkmatrix.results;

/**
 * A ratio of two cells' figures with its interval, each end named: {@code ratio} of b over a,
 * {@code low} and {@code high} the interval's ends, {@code level} the interval's confidence level
 * (NaN where the interval has none of its own, as an unpaired bootstrap interval states none here).
 */
public record RatioInterval(double ratio, double low, double high, double level) {

    public RatioInterval {
        if (low > high) throw new IllegalArgumentException("an interval's low end " + low + " is above its high end " + high);
    }

    /** a over b: the ratio inverted, the interval's ends swapped. */
    public RatioInterval inverse() {
        return new RatioInterval(1 / ratio, 1 / high, 1 / low, level);
    }
}
