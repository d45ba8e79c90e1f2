package dev.jdkmatrix.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchStatsTest {

    @Test
    void theMedianOfFiniteValuesTheMiddleTwoAveragedAndNoneForNone() {
        assertThat(BenchStats.median(new double[] {3, 1, 2})).isEqualTo(2);
        assertThat(BenchStats.median(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(2.5);
        assertThat(BenchStats.median(new double[] {5, Double.NaN, 1, Double.POSITIVE_INFINITY})).as("what was not measured left out").isEqualTo(3);
        assertThat(BenchStats.median(new double[0])).isNaN();
        assertThat(BenchStats.median(new double[] {Double.NaN})).isNaN();
    }

    @Test
    void aQuantileLiesLinearlyBetweenItsNeighbours() {
        double[] sorted = {10, 20, 30, 40, 50};
        assertThat(BenchStats.quantile(sorted, 0)).isEqualTo(10);
        assertThat(BenchStats.quantile(sorted, 1)).isEqualTo(50);
        assertThat(BenchStats.quantile(sorted, 0.5)).isEqualTo(30);
        assertThat(BenchStats.quantile(sorted, 0.1)).isCloseTo(14, within(1e-9));
        assertThat(BenchStats.quantile(new double[] {1, 2}, 0.5)).isEqualTo(BenchStats.median(new double[] {2, 1}));
        assertThatThrownBy(() -> BenchStats.quantile(sorted, 1.5)).hasMessageContaining("[0, 1]");
        assertThatThrownBy(() -> BenchStats.quantile(new double[0], 0.5)).hasMessageContaining("no values");
    }

    @Test
    void aRatesExactIntervalHoldsItAndReachesItsEnds() {
        // Clopper-Pearson's textbook values: 0 of 10 -> [0, 0.3085]; 5 of 10 -> [0.1871, 0.8129]; 10 of 10 -> [0.6915, 1]
        assertThat(BenchStats.rateInterval(0, 10)).containsExactly(new double[] {0, 0.3085}, within(1e-4));
        assertThat(BenchStats.rateInterval(5, 10)).containsExactly(new double[] {0.1871, 0.8129}, within(1e-4));
        assertThat(BenchStats.rateInterval(10, 10)).containsExactly(new double[] {0.6915, 1}, within(1e-4));
        assertThat(BenchStats.rateUpper(0, 10)).as("one-sided 95 %: 1 - 0.05^(1/10)").isCloseTo(1 - Math.pow(0.05, 0.1), within(1e-9));
        assertThat(BenchStats.rateUpper(0, 10)).isLessThan(BenchStats.rateInterval(0, 10)[1]);
        assertThatThrownBy(() -> BenchStats.rateInterval(3, 2)).hasMessageContaining("3 of 2");
        assertThatThrownBy(() -> BenchStats.rateUpper(0, 0)).hasMessageContaining("n >= 1");
    }

    @Test
    void aCountsExactIntervalIsPoissons() {
        // Garwood's exact interval: 0 -> [0, 3.689]; 10 -> [4.795, 18.39]
        assertThat(BenchStats.countInterval(0)).containsExactly(new double[] {0, 3.689}, within(1e-3));
        assertThat(BenchStats.countInterval(10)).containsExactly(new double[] {4.795, 18.390}, within(1e-3));
        assertThatThrownBy(() -> BenchStats.countInterval(-1)).hasMessageContaining("0 or more");
    }

    @Test
    void aStoredFiguresTextIsANumberOrNone() {
        assertThat(BenchStats.number("12.5")).isEqualTo(12.5);
        assertThat(BenchStats.number(" 3 ")).isEqualTo(3);
        assertThat(BenchStats.number("")).isNaN();
        assertThat(BenchStats.number(null)).isNaN();
        assertThat(BenchStats.number("n/a")).isNaN();
    }

    @Test
    void aFractionIsSaidInPerCentToOneDecimal() {
        assertThat(BenchStats.pct(0.1234)).isEqualTo("12.3 %");
        assertThat(BenchStats.pct(1)).isEqualTo("100.0 %");
    }
}
