package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatisticsTest {

    @Test
    void oddSample() {
        Statistics s = Statistics.of(new double[] {5, 1, 4, 2, 3});
        assertThat(s.n()).isEqualTo(5);
        assertThat(s.median()).isEqualTo(3);
        assertThat(s.min()).isEqualTo(1);
        assertThat(s.max()).isEqualTo(5);
        assertThat(s.mean()).isEqualTo(3);
        assertThat(s.stddev()).isCloseTo(Math.sqrt(2.5), within(1e-12));
        assertThat(s.cv()).isCloseTo(Math.sqrt(2.5) / 3, within(1e-12));
        // n = 5 cannot reach 95 %: the interval is [min, max] with 1 - 2/32 = 93.75 %.
        assertThat(s.ciLow()).isEqualTo(1);
        assertThat(s.ciHigh()).isEqualTo(5);
        assertThat(s.ciLevel()).isCloseTo(0.9375, within(1e-12));
    }

    @Test
    void evenSampleAveragesTheMiddlePair() {
        assertThat(Statistics.of(new double[] {4, 1, 3, 2}).median()).isEqualTo(2.5);
    }

    @Test
    void largerSamplesNarrowTheIntervalWhileKeeping95Percent() {
        double[] x = new double[10];
        for (int i = 0; i < 10; i++) x[i] = i + 1;
        Statistics s = Statistics.of(x);
        // ranks 2 and 9: 1 - 2 * (1 + 10) / 1024 = 0.978515625; ranks 3..8 would be 0.89
        assertThat(s.ciLow()).isEqualTo(2);
        assertThat(s.ciHigh()).isEqualTo(9);
        assertThat(s.ciLevel()).isCloseTo(0.978515625, within(1e-12));
        assertThat(s.ciLevel()).isGreaterThanOrEqualTo(Statistics.TARGET_LEVEL);
    }

    @Test
    void coverageMatchesTheBinomialForLargeN() {
        // For n = 100 the classic ranks are 40 and 61 (coverage about 0.965).
        Statistics s = Statistics.of(java.util.stream.IntStream.rangeClosed(1, 100).asDoubleStream().toArray());
        assertThat(s.ciLow()).isEqualTo(40);
        assertThat(s.ciHigh()).isEqualTo(61);
        assertThat(s.ciLevel()).isBetween(0.95, 0.97);
    }

    @Test
    void nonFiniteValuesAreLeftOut() {
        Statistics s = Statistics.of(new double[] {Double.NaN, 2, 4});
        assertThat(s.n()).isEqualTo(2);
        assertThat(s.median()).isEqualTo(3);
    }

    @Test
    void singleValue() {
        Statistics s = Statistics.of(new double[] {7});
        assertThat(s.stddev()).isZero();
        assertThat(s.ciLevel()).isZero();
    }
}
