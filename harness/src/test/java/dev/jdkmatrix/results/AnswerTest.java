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
