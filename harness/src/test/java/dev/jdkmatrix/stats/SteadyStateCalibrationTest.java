package dev.jdkmatrix.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The steady-state classifier on synthetic forks of a known class (SteadyCalibration; make bench-steady writes the full table
 * to docs/statistics.md), held with wide margins: where the noise is well under the change the classes are told apart by, each
 * class is called right in most classified forks and few are withheld; where it is well above, most are withheld; under
 * {@link SteadyState#MIN_CLASSIFIED} iterations none is classified.
 */
class SteadyStateCalibrationTest {

    static final int TRIALS = 300;

    @Test
    void quietForksAreClassifiedAndCalledRight() {
        for (SteadyState.Kind k : SteadyState.Kind.values()) {
            for (int n : new int[] {10, 20, 50}) {
                int[] r = SteadyCalibration.rates(k, n, 0.01, false, TRIALS, 17L * n + k.ordinal());
                assertThat(r[0]).as("%s, %d iterations, 1 %% noise: called right among %s", k, n, java.util.Arrays.toString(r)).isGreaterThan((r[0] + r[1]) * 8 / 10);
                assertThat(r[2]).as("%s, %d iterations, 1 %% noise: withheld", k, n).isLessThan(TRIALS / 5);
            }
        }
    }

    @Test
    void aLoneOutlierDoesNotMakeAFlatForkChange() {
        int[] r = SteadyCalibration.rates(SteadyState.Kind.FLAT, 50, 0.01, true, TRIALS, 5);
        assertThat(r[0]).as("flat with outliers at 50 iterations: %s", java.util.Arrays.toString(r)).isGreaterThan((r[0] + r[1]) * 7 / 10);
    }

    @Test
    void noisyOrShortForksAreWithheld() {
        for (SteadyState.Kind k : SteadyState.Kind.values()) {
            int[] noisy = SteadyCalibration.rates(k, 50, 0.05, false, TRIALS, 31 + k.ordinal());
            assertThat(noisy[2]).as("%s at 5 %% noise: withheld", k).isGreaterThan(TRIALS * 9 / 10);
            int[] shortOnes = SteadyCalibration.rates(k, SteadyState.MIN_CLASSIFIED - 1, 0.01, false, 50, 41 + k.ordinal());
            assertThat(shortOnes[2]).as("%s at %d iterations", k, SteadyState.MIN_CLASSIFIED - 1).isEqualTo(50);
        }
        assertThat(SteadyState.withheld(new double[] {1, 1, 1, 1, 1, 1, 1})).isEqualTo("not classified: 7 iterations a fork (10 needed)");
        double[] noisy = SteadyCalibration.series(SteadyState.Kind.FLAT, 20, 0.06, false, new java.util.SplittableRandom(3));
        assertThat(SteadyState.withheld(noisy)).startsWith("not classified: its iterations vary by").contains("more than the 2 % change");
    }

    @Test
    void aRunsClassIsMostOfItsForksNotItsWorst() {
        SteadyState flat = new SteadyState(SteadyState.Kind.FLAT, 1, 0);
        SteadyState none = new SteadyState(SteadyState.Kind.NONE, 0, 2);
        assertThat(SteadyState.ofForks(java.util.List.of(flat, flat, none)).kind()).isEqualTo(SteadyState.Kind.FLAT);
        assertThat(SteadyState.ofForks(java.util.List.of(flat, none)).kind()).as("a tie goes to the worse").isEqualTo(SteadyState.Kind.NONE);
        assertThat(SteadyState.ofForks(java.util.Arrays.asList(null, flat))).isEqualTo(flat);
    }
}
