package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The paired ratio against a hand computation: the 55 Walsh averages of the 10 log ratios
 * enumerated, the signed-rank distribution counted over all 1,024 sign patterns (a script of a
 * few lines, independent of the DP in PairedRatio), the interval's ranks picked from it.
 */
class PairedRatioTest {

    static final double[] A = {100, 100, 100, 100, 100, 100, 100, 100, 100, 100};
    static final double[] B = {101, 103, 98, 105, 102, 104, 99, 106, 108, 107};

    @Test
    void hodgesLehmannWithTheExactSignedRankIntervalAndPValue() {
        PairedRatio p = PairedRatio.of(A, B);
        assertThat(p.n()).isEqualTo(10);
        // T+ <= 8 has probability 25/1024 = 0.0244: the interval is [W(9), W(47)] at 1 - 2 x 0.0244 = 95.1 %
        assertThat(PairedRatio.criticalRank(10)).isEqualTo(9);
        assertThat(p.level()).isCloseTo(0.951171875, within(1e-12));
        assertThat(p.ratio()).isCloseTo(1.034021276377, within(1e-9));
        assertThat(p.low()).isCloseTo(1.009554357130, within(1e-9));
        assertThat(p.high()).isCloseTo(1.059811303959, within(1e-9));
        // T+ = 49 of 55: two-sided exact p = 2 x P(T+ <= 6) = 28/1024
        assertThat(p.pValue()).isCloseTo(0.02734375, within(1e-9));
        assertThat(p.medianRatio()).isCloseTo(1.035, within(1e-12));
        assertThat(p.reach()).isCloseTo(Math.max(p.ratio() - p.low(), p.high() - p.ratio()) / p.ratio(), within(1e-15));
    }

    @Test
    void aRatioAndItsInverseAreSymmetric() {
        PairedRatio ab = PairedRatio.of(A, B);
        PairedRatio ba = PairedRatio.of(B, A);
        assertThat(ba.ratio()).isCloseTo(1 / ab.ratio(), within(1e-12));
        assertThat(ba.low()).isCloseTo(1 / ab.high(), within(1e-12));
        assertThat(ba.high()).isCloseTo(1 / ab.low(), within(1e-12));
        assertThat(ba.pValue()).isCloseTo(ab.pValue(), within(1e-12));
    }

    @Test
    void fewPairsGiveTheWidestIntervalAtTheLevelTheyHave() {
        double[] a = {100, 100, 100, 100, 100};
        double[] b = {101, 103, 98, 105, 102};
        PairedRatio p = PairedRatio.of(a, b);
        // n = 5: no interval reaches 95 %; [min, max] of the Walsh averages = [0.98, 1.05] at 1 - 2/32
        assertThat(p.low()).isCloseTo(0.98, within(1e-12));
        assertThat(p.high()).isCloseTo(1.05, within(1e-12));
        assertThat(p.level()).isCloseTo(0.9375, within(1e-12));
        assertThat(PairedRatio.of(new double[] {100}, new double[] {110}).reach()).isNaN();
        // every pair equal: no evidence of a difference
        assertThat(PairedRatio.of(a, a).pValue()).isEqualTo(1);
        assertThat(PairedRatio.of(a, a).ratio()).isEqualTo(1);
    }

    @Test
    void theSignedRankDistributionIsRight() {
        // n = 3: T+ takes 0..6 with counts 1,1,1,2,1,1,1 of 8
        assertThat(PairedRatio.signedRankCdf(3, 0)).isCloseTo(1 / 8.0, within(1e-15));
        assertThat(PairedRatio.signedRankCdf(3, 3)).isCloseTo(5 / 8.0, within(1e-15));
        assertThat(PairedRatio.signedRankCdf(3, 6)).isCloseTo(1, within(1e-15));
        // the normal approximation past the exact limit agrees with the exact distribution near it
        int n = PairedRatio.EXACT_LIMIT;
        int t = n * (n + 1) / 4 - 2000;
        assertThat(PairedRatio.signedRankCdf(n + 1, t)).isCloseTo(PairedRatio.signedRankCdf(n, t - n / 2), within(0.02));
    }

    @Test
    void pairsMustBePositiveAndOfEqualCounts() {
        assertThatThrownBy(() -> PairedRatio.of(new double[] {1, 2}, new double[] {1})).hasMessageContaining("equal counts");
        assertThatThrownBy(() -> PairedRatio.of(new double[] {1, 0}, new double[] {1, 1})).hasMessageContaining("pair 2");
    }
}
