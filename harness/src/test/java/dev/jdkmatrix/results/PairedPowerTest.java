package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The k-th smallest Walsh average the power simulation takes an interval's lower end from, against every average sorted. */
class PairedPowerTest {

    @Test
    void theKthWalshAverageIsTheSortedAveragesKthBitForBit() {
        SplittableRandom r = new SplittableRandom(7);
        for (int trial = 0; trial < 2_000; trial++) {
            int m = 1 + r.nextInt(24);
            double[] d = new double[m];
            for (int i = 0; i < m; i++) {
                // log ratios as a trial draws them, and ties and signed zeros, which a resampled round's residuals have
                d[i] = switch (r.nextInt(4)) {
                    case 0 -> 0.0;
                    case 1 -> -0.0;
                    case 2 -> (r.nextBoolean() ? 1 : -1) * 0.01 * r.nextInt(3);
                    default -> r.nextGaussian() * 0.05;
                };
            }
            double[] expected = PairedRatio.walshAverages(d); // every Walsh average, sorted: the interval's own way
            double[] before = d.clone();
            for (int index = 0; index < expected.length; index += 1 + r.nextInt(3)) {
                double got = PairedPower.kthWalsh(d, new double[m], index);
                assertThat(got).as("m %d, index %d of %s", m, index, Arrays.toString(d)).isEqualTo(expected[index]);
            }
            assertThat(d).as("its input left as it was").isEqualTo(before);
        }
    }

    @Test
    void theSameRoundsGiveTheSameResolutionInEveryReport() {
        double[] logRatios = {0.02, -0.01, 0.03, 0.00, 0.015, -0.005, 0.01, 0.025, -0.02, 0.005, 0.012, 0.0};
        PairedPower a = new PairedPower(logRatios, 0.02);
        PairedPower b = new PairedPower(logRatios.clone(), 0.02);
        for (int m = Comparisons.DECISION_ROUNDS; m <= 20; m++) assertThat(a.resolvableLog(m)).isEqualTo(b.resolvableLog(m)).isGreaterThan(Math.log1p(0.02));
        assertThat(a.roundsFor(0.05, 100)).isEqualTo(b.roundsFor(0.05, 100)).isBetween(Comparisons.DECISION_ROUNDS, 100);
    }
}
