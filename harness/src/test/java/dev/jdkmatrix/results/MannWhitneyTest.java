package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Two-sided p-values of Commons Statistics' test (which replaced a hand-written one that agreed on these) checked against an independent count of every rank split (exact) and the textbook normal approximation (ties). */
class MannWhitneyTest {

    @Test
    void exactWithoutTies() {
        // completely separated, 5 and 5: 2 of C(10, 5) = 252 splits are as extreme
        assertThat(MannWhitney.pValue(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10})).isCloseTo(2.0 / 252, within(1e-12));
        // interleaved: U = 10 of 25
        assertThat(MannWhitney.pValue(new double[] {1, 3, 5, 7, 9}, new double[] {2, 4, 6, 8, 10})).isCloseTo(0.6904761904761905, within(1e-12));
        // unequal sizes, 5 and 6
        assertThat(MannWhitney.pValue(new double[] {1.5, 2.5, 9, 10.5, 11}, new double[] {3, 4, 5, 6, 7, 8})).isCloseTo(0.6623376623376623, within(1e-12));
        // symmetric in its arguments
        assertThat(MannWhitney.pValue(new double[] {6, 7, 8, 9, 10}, new double[] {1, 2, 3, 4, 5})).isCloseTo(2.0 / 252, within(1e-12));
    }

    @Test
    void normalApproximationWithTies() {
        double p = MannWhitney.pValue(new double[] {1, 2, 2, 3, 4, 5, 5, 6}, new double[] {3, 4, 6, 6, 7, 8, 9, 9});
        assertThat(p).isCloseTo(0.017370655834023196, within(1e-6));
    }

    @Test
    void identicalSamplesAreNoEvidence() {
        assertThat(MannWhitney.pValue(new double[] {5, 5, 5}, new double[] {5, 5, 5})).isEqualTo(1);
        assertThat(MannWhitney.pValue(new double[] {}, new double[] {1})).isNaN();
    }
}
