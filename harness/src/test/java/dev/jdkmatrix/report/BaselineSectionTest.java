package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PullRequestVerdict;
import org.junit.jupiter.api.Test;

/** Tonight against the baseline in words, in the benchmark's own direction: a time and a throughput, slower and faster. */
class BaselineSectionTest {

    static PullRequestVerdict.Item item(double ratio, double low, double high, boolean higherIsBetter) {
        return new PullRequestVerdict.Item("lib:Bench.join", "workload base-lib -> head-lib", ratio, low, high, 0.01, Comparisons.Verdict.SLOWER, higherIsBetter,
                0.02, 6, "");
    }

    @Test
    void aTimeUpIsSlowerAndAThroughputUpIsFasterWithTheirIntervalsInTheSameWords() {
        assertThat(BaselineSection.words(item(1.095, 1.078, 1.118, false))).isEqualTo("9.5 % slower [7.8 %, 11.8 %]");
        assertThat(BaselineSection.words(item(0.90, 0.85, 0.95, false))).isEqualTo("10.0 % faster [5.0 %, 15.0 %]");
        assertThat(BaselineSection.words(item(0.80, 0.75, 0.85, true))).isEqualTo("25.0 % slower [17.6 %, 33.3 %]");
        assertThat(BaselineSection.words(item(1.25, 1.20, 1.30, true))).isEqualTo("20.0 % faster [16.7 %, 23.1 %]");
        assertThat(BaselineSection.words(item(Double.NaN, Double.NaN, Double.NaN, true))).isEqualTo("no pairs");
    }
}
