package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A comparison in words: its direction from the figure's unit, a factor past twice, the verdict's terms. */
class AnswerTest {

    @Test
    void aTimeUpIsSlowerAndATimeDownFasterInPercentUpToTwiceThenAsAFactor() {
        assertThat(Answer.change(new Answer.Cost(1.123, 1.041, 1.209))).isEqualTo("12.3 % slower [4.1 %, 20.9 %]");
        assertThat(Answer.change(new Answer.Cost(0.969, 0.98 - 0.05, 1.02))).isEqualTo("3.1 % faster [-2.0 %, 7.0 %]");
        assertThat(Answer.change(new Answer.Cost(1 / 6.41, 1 / 13.5, 1 / 2.6))).isEqualTo("6.4x faster [2.6x, 13.5x]");
        assertThat(Answer.change(new Answer.Cost(2.4, 2.1, 2.9))).isEqualTo("2.4x slower [2.1x, 2.9x]");
        // ends the figure's terms cannot say (a two-benchmark suite's interval): each with its own direction, never "-69386.1 %" faster
        assertThat(Answer.change(new Answer.Cost(0.577, 1 / 20000.0, 694.9))).isEqualTo("42.3 % faster [695x slower, 20000x faster]");
        assertThat(Answer.change(new Answer.Cost(0.512, 0.492, 0.715))).isEqualTo("48.8 % faster [28.5 %, 50.8 %]");
        assertThat(Answer.change(new Answer.Cost(0.96, 0.436, 2.116))).isEqualTo("4.0 % faster [2.1x slower, 2.3x faster]");
        assertThat(Answer.change(new Answer.Cost(1.5, 1.1, 12.0))).isEqualTo("50.0 % slower [10.0 % slower, 12.0x slower]");
        assertThat(Answer.change(new Answer.Cost(2.3, 0.8, 15.0))).isEqualTo("2.3x slower [20.0 % faster, 15.0x slower]");
        assertThat(Answer.change(new Answer.Cost(0.25, 0.1, 1.5))).isEqualTo("4.0x faster [50.0 % slower, 10.0x faster]");
        // a factor's end past 1x is never said as a percentage beside it ("2.5x faster [-50.0 %, 80.0 %]")
        assertThat(Answer.change(new Answer.Cost(0.4, 0.2, 1.5))).isEqualTo("2.5x faster [50.0 % slower, 5.0x faster]");
        assertThat(Answer.change(new Answer.Cost(2.5, 0.8, 1.5 * 2.5))).isEqualTo("2.5x slower [20.0 % faster, 3.8x slower]");
        assertThat(Answer.change(new Answer.Cost(1.05, Double.NaN, Double.NaN))).isEqualTo("5.0 % slower");
    }

    @Test
    void aThroughputUpIsFasterAndDownSlower() {
        // ops/s: b's throughput 25 % above a's is a fifth less time an operation
        assertThat(Answer.change(Answer.Cost.of(new RatioInterval(1.25, 1.2, 1.3, 0.95), true))).startsWith("20.0 % faster");
        assertThat(Answer.change(Answer.Cost.of(new RatioInterval(0.8, 0.75, 0.85, 0.95), true))).startsWith("25.0 % slower");
        assertThat(Answer.change(Answer.Cost.of(new RatioInterval(0.8, 0.75, 0.85, 0.95), false))).startsWith("20.0 % faster");
    }

    @Test
    void aComparisonSaysItsSidesItsVerdictsTermsAndWhatAnUndecidedOneLacks() {
        List<RawRow> rows = new ArrayList<>();
        for (int rep = 1; rep <= 8; rep++) {
            double machine = 1000 * (1 + 0.01 * (rep % 3));
            rows.add(Rows.measured("slow", "n=1", "fixed:4", "21", "1", rep, machine, "ok"));
            rows.add(Rows.measured("slow", "n=1", "fixed:4", "25", "1", rep, machine * 1.20, "ok"));
            rows.add(Rows.measured("same", "n=1", "fixed:4", "21", "1", rep, machine, "ok"));
            rows.add(Rows.measured("same", "n=1", "fixed:4", "25", "1", rep, machine * (1.001 + 0.002 * (rep % 2)), "ok"));
        }
        List<Comparisons.Row> c = Comparisons.of(rows, List.of("jdk"), "blocked", 0.10, Double.NaN);
        Comparisons.Row slow = c.stream().filter(r -> r.cellA().startsWith("slow")).findFirst().orElseThrow();
        assertThat(Answer.of(slow, 0.10)).startsWith("JDK 25 is 20.0 % slower than JDK 21 [");
        assertThat(Answer.where(slow)).isEqualTo("slow(n=1) fixed:4 tasks=100 cpus=1 mem=1g");
        Comparisons.Row same = c.stream().filter(r -> r.cellA().startsWith("same")).findFirst().orElseThrow();
        assertThat(same.verdict()).isEqualTo(Comparisons.Verdict.SAME);
        assertThat(Answer.of(same, 0.10)).startsWith("JDK 25 is the same as JDK 21 within ±10 % (0.").contains("% slower [");

        List<RawRow> three = rows.stream().filter(r -> r.rep() <= 3).toList();
        Comparisons.Row few = Comparisons.of(three, List.of("jdk"), "blocked", 0.10, Double.NaN).get(0);
        assertThat(Answer.of(few, 0.10)).startsWith("undecided: JDK 25 is 20.0 % slower than JDK 21").endsWith("; 3 rounds of the 6 a verdict takes");
    }

    @Test
    void sidesAreNamedAsAReaderNamesThem() {
        assertThat(Answer.side("jdk 21 -> 25; executor fixed:200 -> virtual", true)).isEqualTo("JDK 25, executor virtual");
        assertThat(Answer.side("jdk 21 -> 25; executor fixed:200 -> virtual", false)).isEqualTo("JDK 21, executor fixed:200");
        assertThat(Answer.side("workload base-strings -> head-strings", true)).isEqualTo("head");
        assertThat(Answer.side("cpu-mode quota -> cpuset", false)).isEqualTo("cpu-mode quota");
        assertThat(Answer.within(0.05)).isEqualTo("±5 %");
        assertThat(Answer.within(0.025)).isEqualTo("±2.5 %");
    }

    @Test
    void aRunEndsWithItsSuiteItsDecidedDifferencesLargestFirstAndWhatTheUndecidedLack() {
        List<RawRow> rows = new ArrayList<>();
        for (int rep = 1; rep <= 8; rep++) {
            double machine = 1000 * (1 + 0.01 * (rep % 3));
            rows.add(Rows.measured("a", "n=1", "fixed:4", "21", "1", rep, machine, "ok"));
            rows.add(Rows.measured("a", "n=1", "fixed:4", "25", "1", rep, machine * 0.95, "ok"));
            rows.add(Rows.measured("b", "n=1", "fixed:4", "21", "1", rep, machine, "ok"));
            rows.add(Rows.measured("b", "n=1", "fixed:4", "25", "1", rep, machine * 0.80, "ok"));
            rows.add(Rows.measured("c", "n=1", "fixed:4", "21", "1", rep, machine, "ok"));
            rows.add(Rows.measured("c", "n=1", "fixed:4", "25", "1", rep, machine * (rep % 2 == 0 ? 0.7 : 1.3), "ok"));
        }
        List<Comparisons.Row> c = Comparisons.of(rows, List.of("jdk"), "blocked", 0.10, Double.NaN);
        List<String> lines = dev.jdkmatrix.results.format.AnswerText.lines(SuiteVerdict.of(rows, c, 0.10, 0.005), c, 0.10);
        assertThat(lines.get(0)).startsWith("jdkmatrix: the answer");
        assertThat(lines.get(1)).startsWith("  Across 3 benchmarks, ").contains("than JDK 21 [", "(geometric mean); 2 faster, 1 undecided");
        // three comparisons: each in words, the decided ones first, largest first
        assertThat(lines.get(2)).isEqualTo("  2 of 3 comparisons decided:");
        assertThat(lines.get(3)).startsWith("    b(n=1) fixed:4 tasks=100 cpus=1 mem=1g: JDK 25 is 20.0 % faster than JDK 21");
        assertThat(lines.get(4)).startsWith("    a(n=1) fixed:4 tasks=100 cpus=1 mem=1g: JDK 25 is 5.0 % faster than JDK 21");
        assertThat(lines.get(5)).startsWith("    c(n=1) fixed:4 tasks=100 cpus=1 mem=1g: undecided: JDK 25 is ");
        assertThat(lines.get(6)).startsWith("  undecided: 1");
        // many: the decided ones, largest first, at most AnswerText's MOST of them, the rest counted
        List<RawRow> many = new ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            for (int w = 0; w < 12; w++) {
                many.add(Rows.measured("w" + w, "n=1", "fixed:4", "21", "1", rep, 1000, "ok"));
                many.add(Rows.measured("w" + w, "n=1", "fixed:4", "25", "1", rep, 1000 * (1 + 0.05 * (w + 1)), "ok"));
            }
        }
        List<Comparisons.Row> m = Comparisons.of(many, List.of("jdk"), "blocked", 0.10, Double.NaN);
        List<String> longer = dev.jdkmatrix.results.format.AnswerText.lines(SuiteVerdict.of(many, m, 0.10, 0.005), m, 0.10);
        assertThat(longer).contains("  decided, largest first (12 of 12):", "    and 2 more in comparisons.csv");
        assertThat(longer.get(3)).startsWith("    w11(n=1) fixed:4 tasks=100 cpus=1 mem=1g: JDK 25 is 60.0 % slower");
        assertThat(dev.jdkmatrix.results.format.AnswerText.lines(List.of(), List.of(), 0.10)).as("a run that compared nothing").isEmpty();
    }
}
