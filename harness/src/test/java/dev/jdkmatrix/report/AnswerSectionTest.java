package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.SuiteVerdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The gallery's answer: its suites and decided differences in words, escaped; and what q at the rounds made can reach. */
class AnswerSectionTest {

    /** Twelve benchmarks, JDK 25 (5 + k) % slower on benchmark k, in 6 rounds; one named to break a page. */
    static List<RawRow> rows() {
        List<RawRow> rows = new ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            for (int w = 0; w < 12; w++) {
                String name = w == 0 ? "x<script>" : "w" + w;
                rows.add(dev.jdkmatrix.results.Rows.measured(name, "n=1", "fixed:4", "21", "1", rep, 1000, "ok"));
                rows.add(dev.jdkmatrix.results.Rows.measured(name, "n=1", "fixed:4", "25", "1", rep, 1000 * (1.05 + 0.01 * w), "ok"));
            }
        }
        return rows;
    }

    @Test
    void theSuiteThenTheDecidedDifferencesLargestFirstEveryNameEscaped() {
        List<RawRow> rows = rows();
        List<Comparisons.Row> c = Comparisons.of(rows, List.of("jdk"), "blocked", 0.10, Double.NaN);
        String html = AnswerSection.html(SuiteVerdict.of(rows, c, 0.10, 0.005), c, 0.10);
        assertThat(html).startsWith("<h2 id=\"answer\">The answer</h2>").doesNotContain("<script>").contains("x&lt;script&gt;");
        assertThat(html).contains("Across 12 benchmarks, JDK 25 is ", "% slower than JDK 21 [", "(geometric mean); 12 slower", "12 of 12 comparisons decided");
        assertThat(html.indexOf("w11(n=1)")).as("16 % first").isLessThan(html.indexOf("w1(n=1)"));
    }

    @Test
    void whereQCannotReachFivePerCentOnItsOwnThePageSaysTheRoundsThatWould() {
        List<Comparisons.Row> c = Comparisons.of(rows(), List.of("jdk"), "blocked", 0.10, Double.NaN);
        // 6 pairs: p at least 2 / 64 = 0.031; one of 12 alone has q = 0.375; 2^9 = 512 >= 40 x 12
        assertThat(Gallery.qReach(c)).contains("With 6 pairs a comparison's p cannot go below 0.031", "among these 12", "only at 9 rounds or more");
        assertThat(Gallery.qReach(c.subList(0, 1))).as("one comparison: 0.031 is under 0.05 already").isEmpty();
    }
}
