package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What a comparison's rounds say they can resolve, held to the verdict the harness makes: on
 * synthetic comparisons with a known difference, the rounds a comparison's first 6 rounds name for
 * ±5 % call a true 5 % in 80 to 90 % of fresh runs of that many rounds, the difference 6 or 8
 * rounds say resolvable is called in 80 to 90 % of fresh runs of as many, and a difference within
 * the minimum is never resolvable.
 */
class ResolutionTest {

    static final double MIN = Comparisons.DEFAULT_MIN_DIFFERENCE;

    @Test
    void theRoundsNamedForFivePercentCallATrueFivePercentInEightyToNinetyPercentOfRuns() {
        // log ratios of sd 5 % (about 10 rounds needed) and 10 % (about 40: past the simulated rounds, extrapolated)
        for (double sd : new double[] {0.05, 0.10}) {
            Random rnd = new Random(Double.hashCode(sd));
            int tries = 600;
            int called = 0;
            long rounds = 0;
            for (int t = 0; t < tries; t++) {
                double[] first = normal(rnd, 6, 0, sd);
                int r = Resolution.paired(first, MIN).roundsForTarget();
                assertThat(r).as("sd %s: a 5 %% difference has a round count", sd).isGreaterThanOrEqualTo(Comparisons.DECISION_ROUNDS);
                rounds += r;
                if (called(normal(rnd, r, Math.log1p(Resolution.TARGET), sd))) called++;
            }
            double rate = (double) called / tries;
            assertThat(rate).as("sd %s: a true +5 %% called at the rounds named (mean %.1f rounds)", sd, (double) rounds / tries).isBetween(0.80, 0.90);
        }
    }

    @Test
    void theDifferenceSaidResolvableIsCalledInEightyToNinetyPercentOfRunsOfAsManyRounds() {
        // 6 rounds, the fewest a verdict takes (its interval's end is the smallest ratio), and 8
        for (int rounds : new int[] {6, 8}) {
            Random rnd = new Random(7 + rounds);
            int tries = 1000;
            int called = 0;
            for (int t = 0; t < tries; t++) {
                double[] first = normal(rnd, rounds, 0, 0.04);
                double d = Resolution.paired(first, MIN).resolvable();
                if (called(normal(rnd, rounds, Math.log1p(d), 0.04))) called++;
            }
            assertThat((double) called / tries).as("%d rounds: the difference they say resolvable, called in fresh runs of as many", rounds).isBetween(0.80, 0.90);
        }
    }

    @Test
    void aDifferenceWithinTheMinimumIsNeverResolvable() {
        double[] quiet = {0.001, -0.001, 0.0005, -0.0005, 0.0002, -0.0002, 0, 0.0001};
        Resolution r = Resolution.paired(quiet, MIN);
        assertThat(r.resolvable()).as("never below the verdict's minimum difference").isGreaterThanOrEqualTo(MIN).isLessThan(0.01);
        assertThat(r.roundsFor(0.003)).as("0.3 %: within the minimum, never called").isEqualTo(-1);
        assertThat(r.roundsForTarget()).isEqualTo(Comparisons.DECISION_ROUNDS);
        assertThat(Resolution.paired(new double[8], MIN).resolvable()).as("no spread at all: the minimum itself").isCloseTo(MIN, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(Resolution.unpaired(new double[] {0, 0.001, 0.002, 0, 0.001, 0.002}, new double[] {0, 0.001, 0.002, 0, 0.001, 0.002}, MIN).resolvable())
                .isGreaterThanOrEqualTo(MIN);
    }

    @Test
    void underSixRoundsNothingIsResolvableButTheRoundsAreNamed() {
        Resolution r = Resolution.paired(new double[] {0.02, -0.02, 0.01}, MIN);
        assertThat(r.resolvable()).as("3 rounds: a 75 %% interval calls nothing").isNaN();
        assertThat(r.roundsForTarget()).isGreaterThanOrEqualTo(Comparisons.DECISION_ROUNDS);
        assertThat(Resolution.paired(new double[] {0.1}, MIN).roundsForTarget()).isEqualTo(-1);
    }

    @Test
    void moreSpreadNeedsMoreRoundsAndTheSameRoundsGiveTheSameFigures() {
        double[] d = {0.02, -0.02, 0.03, -0.01, 0.015, -0.025, 0.005, -0.015};
        double[] wide = java.util.Arrays.stream(d).map(x -> x * 10).toArray();
        int narrow = Resolution.paired(d, MIN).roundsForTarget();
        int many = Resolution.paired(wide, MIN).roundsForTarget();
        // the reach past the minimum shrinks as 1 / sqrt(rounds): ten times the spread, about a hundred times the rounds once past the least
        assertThat(many).isGreaterThan(20 * Math.max(narrow, 1));
        assertThat(Resolution.paired(wide, MIN).roundsForTarget()).as("seeded from the rounds").isEqualTo(many);
        assertThat(Resolution.paired(d, MIN).resolvable()).isEqualTo(Resolution.paired(d.clone(), MIN).resolvable());
    }

    /** Whether the harness's paired verdict calls b faster or slower than a on these log ratios. */
    static boolean called(double[] logRatios) {
        Comparisons.Verdict v = Resolution.pairedVerdict(logRatios, 0.10, MIN);
        return v == Comparisons.Verdict.FASTER || v == Comparisons.Verdict.SLOWER;
    }

    static double[] normal(Random rnd, int n, double mean, double sd) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = mean + sd * rnd.nextGaussian();
        return x;
    }
}
