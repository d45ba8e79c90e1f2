package dev.jdkmatrix.claims;

import dev.jdkmatrix.results.PairedRatio;
import dev.jdkmatrix.results.Statistics;
import java.util.Arrays;

/**
 * How a claim's value is known from its runs: its confidence interval at any level, so that a
 * claim of many values can ask each for more than 95 % (Holm's correction, {@link Verdicts}).
 * {@link #at} gives {low, high, level}: the interval at the level asked or above, or, when the
 * runs cannot reach it, the widest there is with the level it has.
 */
public sealed interface Spread {

    double[] at(double level);

    /** A value that is not an estimate (one run's own figure): itself, at any level. */
    record Exact(double value) implements Spread {
        @Override
        public double[] at(double level) {
            return new double[] {value, value, 1};
        }
    }

    /** The median of a cell's runs, its interval from order statistics. */
    record Median(double[] values) implements Spread {
        public Median {
            values = Arrays.stream(values).filter(Double::isFinite).toArray();
            if (values.length == 0) throw new IllegalArgumentException("a median's spread needs at least one finite run");
        }

        @Override
        public double[] at(double level) {
            return Statistics.medianInterval(values, level);
        }
    }

    /** {@code numerator / x} of a spread of positive x (throughput from a wall time): the interval's ends swap. */
    record Reciprocal(double numerator, Spread of) implements Spread {
        @Override
        public double[] at(double level) {
            double[] i = of.at(level);
            return new double[] {numerator / i[1], numerator / i[0], i[2]};
        }
    }

    /**
     * The ratio of two medians known separately: the numerator's low over the denominator's high to
     * the other ends, each at the level asked; its level is the lower of the two's.
     */
    record TwoMedians(Spread numerator, Spread denominator) implements Spread {
        @Override
        public double[] at(double level) {
            double[] n = numerator.at(level);
            double[] d = denominator.at(level);
            return new double[] {n[0] / d[1], n[1] / d[0], Math.min(n[2], d[2])};
        }
    }

    /**
     * The ratio b / a of runs made in pairs (the Hodges-Lehmann ratio's signed-rank interval),
     * {@code inverse} for a / b (the ends swap).
     */
    record Paired(double[] a, double[] b, boolean inverse) implements Spread {
        public Paired {
            if (a.length != b.length || a.length == 0) throw new IllegalArgumentException("pairs need equal, non-zero counts: " + a.length + ", " + b.length);
        }

        @Override
        public double[] at(double level) {
            PairedRatio p = PairedRatio.of(a, b, level);
            return inverse ? new double[] {1 / p.high(), 1 / p.low(), p.level()} : new double[] {p.low(), p.high(), p.level()};
        }
    }

    /** An interval read as written (a summary row whose runs are not at hand): only at its own level. */
    record Written(double low, double high, double level) implements Spread {
        @Override
        public double[] at(double asked) {
            return new double[] {low, high, level};
        }
    }
}
