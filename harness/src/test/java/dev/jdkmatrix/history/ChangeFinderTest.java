package dev.jdkmatrix.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The finder's rules on top of E-Divisive: a level lasts, a change is confirmed by the nights after it, a night out of line is no change. */
class ChangeFinderTest {

    static final ChangeFinder.Options O = ChangeFinder.Options.DEFAULT;

    private static double[] noise(int n, double sd, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] z = new double[n];
        for (int i = 0; i < n; i++) z[i] = sd * SiteFixture.gauss(r);
        return z;
    }

    @Test
    void aStepIsConfirmedOnTheThirdNightAfterItAndSuspectedBefore() {
        double[] z = noise(40, 0.01, 1);
        for (int i = 30; i < z.length; i++) z[i] += Math.log(1.08);
        for (int t = 31; t <= 32; t++) {
            List<ChangeFinder.Point> p = ChangeFinder.points(java.util.Arrays.copyOf(z, t), O);
            assertThat(p).as("%d nights", t).singleElement().satisfies(c -> {
                assertThat(c.at()).isEqualTo(30);
                assertThat(c.confirmed(O)).isFalse();
            });
        }
        assertThat(ChangeFinder.points(java.util.Arrays.copyOf(z, 33), O)).singleElement().satisfies(c -> {
            assertThat(c.at()).isEqualTo(30);
            assertThat(c.confirmed(O)).isTrue();
            assertThat(c.pValue()).isLessThan(O.method().maxP());
        });
    }

    @Test
    void oneOrTwoNightsOutOfLineAreNoChange() {
        double[] z = noise(40, 0.01, 2);
        z[12] += 0.30;
        z[25] -= 0.25;
        z[26] -= 0.25;
        assertThat(ChangeFinder.points(z, O)).isEmpty();
    }

    @Test
    void aStepNextToANightOutOfLineIsStillFoundWithinANight() {
        double[] z = noise(40, 0.01, 3);
        z[19] += 0.3; // a busy night just before the change
        for (int i = 20; i < z.length; i++) z[i] += Math.log(1.10);
        assertThat(ChangeFinder.points(z, O)).singleElement().satisfies(c -> assertThat(c.at()).isBetween(19, 21));
    }

    @Test
    void twoLastingStepsAreTwoChanges() {
        double[] z = noise(60, 0.01, 4);
        for (int i = 20; i < 60; i++) z[i] += Math.log(1.06);
        for (int i = 40; i < 60; i++) z[i] -= Math.log(1.12);
        assertThat(ChangeFinder.points(z, O)).extracting(ChangeFinder.Point::at).containsExactly(20, 40);
    }

    @Test
    void aShortSeriesIsNotLookedAt() {
        assertThat(ChangeFinder.points(new double[] {0, 0, 0, 1, 1}, O)).isEmpty();
    }

    @Test
    void theSizeOfAChangeHasWelchsInterval() {
        double[] z = {0, 0.01, -0.01, 0.02, -0.02, 0.1, 0.11, 0.09, 0.1};
        double[] d = ChangeFinder.logDifference(z, 0, 5, 9);
        assertThat(d[0]).isCloseTo(0.1, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(d[1]).isLessThan(d[0]).isGreaterThan(0.05);
        assertThat(d[2]).isGreaterThan(d[0]).isLessThan(0.15);
    }
}
