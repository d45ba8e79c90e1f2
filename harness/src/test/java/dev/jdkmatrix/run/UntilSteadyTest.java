package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** When a JMH run warmed up until steady is stopped: hand-made series of one fork's iterations, fed as JMH prints them. */
class UntilSteadyTest {

    /** The iteration at which the rule first says enough (counted from 1), or 0 when it never does. */
    static int stopsAt(double[] scores, int steady) {
        for (int n = 1; n <= scores.length; n++) {
            if (dev.jdkmatrix.stats.SteadyState.settled(java.util.Arrays.copyOf(scores, n), false, steady)) return n;
        }
        return 0;
    }

    static double[] noisy(double level, double noise, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = level * (1 + noise * (r.nextDouble() * 2 - 1));
        return x;
    }

    @Test
    void aFlatRunStopsOnceItHasHeldItsLevelForTheSteadyIterations() {
        // the fewest iterations a fork is classified from (SteadyState.MIN_CLASSIFIED, 10) come first, then the steady ones
        assertThat(stopsAt(noisy(100, 0.003, 40, 1), 5)).as("0.3 % noise from the first iteration").isEqualTo(dev.jdkmatrix.stats.SteadyState.MIN_CLASSIFIED);
        assertThat(stopsAt(noisy(100, 0.003, 40, 2), 12)).isEqualTo(12);
    }

    @Test
    void aRunThatWarmsUpStopsOnlyAfterItsSteadyStateHasHeld() {
        double[] x = noisy(100, 0.003, 40, 3);
        double[] warm = {400, 300, 200, 150, 120};
        System.arraycopy(warm, 0, x, 0, warm.length);
        int at = stopsAt(x, 5);
        assertThat(at).as("not before 5 steady iterations after the warm-up's 5").isGreaterThanOrEqualTo(10).isLessThanOrEqualTo(16);
    }

    @Test
    void aRunThatKeepsSlowingDownNeverStops() {
        double[] x = new double[40];
        for (int i = 0; i < x.length; i++) x[i] = 100 * Math.pow(1.03, i); // 3 % slower every iteration, as DriftBench
        assertThat(stopsAt(x, 5)).isZero();
    }

    @Test
    void aSlowFallThatNoChangePointSplitsDoesNotStopWhileItFalls() {
        double[] x = new double[12];
        for (int i = 0; i < x.length; i++) x[i] = 100 * (1 - 0.015 * i); // 1.5 % an iteration: under E-Divisive's 2 % segments
        assertThat(stopsAt(x, 4)).as("each window of 2 is 3 % below the one before").isZero();
    }

    @Test
    void tooFewIterationsNeverStop() {
        assertThat(stopsAt(new double[] {100, 100, 100}, 2)).as("3 iterations: too few to classify").isZero();
    }

    @Test
    void itReadsJmhsLinesAsTheyComeAndPassesOverTheRest() {
        UntilSteady rule = UntilSteady.of(dev.jdkmatrix.output.ReadingsTest.untilSteady("x.Bench.m", 30, 4));
        assertThat(rule.enough("# JMH version: 1.37")).isFalse();
        assertThat(rule.enough("# Warmup: <none>")).isFalse();
        assertThat(rule.enough("# Fork: 1 of 1")).isFalse();
        int stopped = 0;
        for (int i = 1; i <= 20 && stopped == 0; i++) {
            if (rule.enough(String.format(Locale.ROOT, "Iteration %3d: %.3f us/op", i, 8.0 + (i % 2) * 0.01))) stopped = i;
            rule.enough("                 ·gc.alloc.rate.norm: 8016.000 B/op");
        }
        assertThat(stopped).as("4 steady iterations, once there are enough to classify").isEqualTo(dev.jdkmatrix.stats.SteadyState.MIN_CLASSIFIED);
        assertThat(UntilSteady.of(dev.jdkmatrix.output.ReadingsTest.jmh("x.Bench.m"))).as("warmed up as its jmh-args say: runs to its end").isNull();
    }

    /** A run no engine stopped (Kubernetes reads a pod's log at its end): it counts as steady where the rule would have stopped it. */
    @Test
    void aRunThatWentToItsEndIsJudgedByTheRuleReplayed() {
        var cell = dev.jdkmatrix.output.ReadingsTest.untilSteady("x.Bench.m", 30, 4);
        StringBuilder steady = new StringBuilder("# Fork: 1 of 1\n");
        StringBuilder drift = new StringBuilder("# Fork: 1 of 1\n");
        for (int i = 1; i <= 12; i++) {
            steady.append(String.format(Locale.ROOT, "Iteration %3d: %.3f us/op%n", i, 8.0 + (i % 2) * 0.01));
            drift.append(String.format(Locale.ROOT, "Iteration %3d: %.3f us/op%n", i, 8.0 * Math.pow(1.05, i)));
        }
        assertThat(UntilSteady.heldAtSomePoint(dev.jdkmatrix.output.JmhIterations.parse(steady.toString()), cell)).isTrue();
        assertThat(UntilSteady.heldAtSomePoint(dev.jdkmatrix.output.JmhIterations.parse(drift.toString()), cell)).isFalse();
    }
}
