package dev.jdkmatrix.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Barrett et al.'s classes on hand-made series of iterations: what a JVM's iterations look like in each. */
class SteadyStateTest {

    /** n iterations around {@code level}, each off by at most ±{@code noise} (a fraction), seeded. */
    static double[] level(Random r, int n, double level, double noise) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = level * (1 + noise * (2 * r.nextDouble() - 1));
        return x;
    }

    static double[] concat(double[]... parts) {
        return java.util.Arrays.stream(parts).flatMapToDouble(java.util.Arrays::stream).toArray();
    }

    @Test
    void oneLevelIsFlat() {
        SteadyState s = SteadyState.classify(level(new Random(1), 12, 100, 0.005), false);
        assertThat(s.kind()).isEqualTo(SteadyState.Kind.FLAT);
        assertThat(s.from()).isEqualTo(1);
    }

    @Test
    void aThroughputThatRisesThenHoldsWarmsUpAndItsSteadyStateBeginsWhereItHolds() {
        // as a JSON library's run read: 25,754 and 101,786 ops/s warming up, then about 300,000
        double[] x = concat(new double[] {25_754, 101_786}, level(new Random(2), 8, 305_000, 0.01));
        SteadyState s = SteadyState.classify(x, true);
        assertThat(s.kind()).isEqualTo(SteadyState.Kind.WARMUP);
        assertThat(s.from()).isEqualTo(3);
    }

    @Test
    void aTimeThatGrowsAndHoldsSlowsDown() {
        double[] x = concat(level(new Random(3), 6, 10, 0.005), level(new Random(4), 8, 12, 0.005));
        SteadyState s = SteadyState.classify(x, false);
        assertThat(s.kind()).isEqualTo(SteadyState.Kind.SLOWDOWN);
        assertThat(s.from()).isEqualTo(7);
        // the same numbers as a throughput rose: a warm-up
        assertThat(SteadyState.classify(x, true).kind()).isEqualTo(SteadyState.Kind.WARMUP);
    }

    @Test
    void aChangeInTheLastQuarterLeavesNoSteadyState() {
        double[] x = concat(level(new Random(5), 12, 10, 0.005), level(new Random(6), 3, 15, 0.005));
        SteadyState s = SteadyState.classify(x, false);
        assertThat(s.kind()).isEqualTo(SteadyState.Kind.NONE);
        assertThat(s.from()).isZero();
        assertThat(s.kind().peak()).isFalse();
    }

    /** A warm-up whose last points E-Divisive keeps with the steady segment (too few to be one of their own): they are its tail, not its steady state. */
    @Test
    void theWarmUpsTailIsNotCountedInTheSteadyState() {
        double[] x = concat(new double[] {400, 300, 200, 150, 120}, level(new Random(8), 20, 100, 0.003));
        SteadyState s = SteadyState.classify(x, false);
        assertThat(s.kind()).isEqualTo(SteadyState.Kind.WARMUP);
        assertThat(s.from()).as("from the first iteration at the level").isEqualTo(6);
        double[] firstSlow = level(new Random(9), 12, 100, 0.003);
        firstSlow[0] = 112; // one slow first iteration (the JIT): a warm-up of one iteration, not the steady state
        SteadyState slow = SteadyState.classify(firstSlow, false);
        assertThat(slow.kind()).isEqualTo(SteadyState.Kind.WARMUP);
        assertThat(slow.from()).isEqualTo(2);
        double[] twoTails = concat(new double[] {300, 106, 105}, level(new Random(10), 20, 100, 0.003));
        assertThat(SteadyState.classify(twoTails, false).from()).as("5-6 % worse than the level: the warm-up's tail").isEqualTo(4);
    }

    @Test
    void aSingleOutlierIsNoChange() {
        double[] x = level(new Random(7), 12, 100, 0.005);
        x[5] = 160;
        assertThat(SteadyState.classify(x, false).kind()).isEqualTo(SteadyState.Kind.FLAT);
    }

    @Test
    void tooFewIterationsAreNotClassifiedAndForksTakeTheWorst() {
        assertThat(SteadyState.classify(new double[] {1, 2, 3}, false)).isNull();
        assertThat(SteadyState.classify(new double[] {1, 2, 0, 3, 4}, false)).as("a score of 0: not a time").isNull();
        SteadyState flat = new SteadyState(SteadyState.Kind.FLAT, 1, 0);
        SteadyState warm = new SteadyState(SteadyState.Kind.WARMUP, 4, 1);
        SteadyState none = new SteadyState(SteadyState.Kind.NONE, 0, 2);
        assertThat(SteadyState.ofForks(List.of(flat, warm))).isEqualTo(new SteadyState(SteadyState.Kind.WARMUP, 4, 1));
        assertThat(SteadyState.ofForks(List.of(warm, none, flat)).kind()).isEqualTo(SteadyState.Kind.NONE);
        assertThat(SteadyState.ofForks(java.util.Arrays.asList(null, null))).isNull();
    }
}
