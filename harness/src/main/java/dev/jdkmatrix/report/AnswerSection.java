package dev.jdkmatrix.report;

import dev.jdkmatrix.report.html.Html;
import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.SuiteVerdict;
import java.util.Comparator;
import java.util.List;

/**
 * What a gallery opens with: the answer a reader came for, in {@link Answer}'s words. Each suite's
 * verdict (what one choice does across the run's benchmarks: the geometric mean with its interval
 * over rounds and benchmarks, and the counts), then the decided differences largest first, then how
 * many are the same and how many undecided, each as the terminal says it at the run's end.
 */
final class AnswerSection {

    private AnswerSection() {}

    /** The decided differences listed at most; the rest are in the comparisons table below and comparisons.csv. */
    static final int MOST = 15;

    /** The suites listed open; the rest behind a click. */
    static final int SUITES = 4;

    /** The section, or "" for a run that compared nothing. */
    static String html(List<SuiteVerdict> suites, List<Comparisons.Row> all, double threshold) {
        if (all.isEmpty()) return "";
        List<Comparisons.Row> comparisons = Answer.alongOneAxis(all);
        StringBuilder b = new StringBuilder("<h2 id=\"answer\">The answer</h2>\n");
        List<SuiteVerdict> many = suites.stream().filter(s -> s.benchmarks() > 1).toList();
        if (!many.isEmpty()) {
            b.append("<p>Across the suite: the geometric mean of each benchmark's ratio, with a 95 % interval that counts both the rounds and ")
                    .append("the choice of benchmarks (docs/statistics.md), and how its benchmarks came out.</p>\n<ul class=\"answer\">\n");
            // the suites of most benchmarks first; past SUITES, the rest a click away, so that the page opens on its answer
            List<SuiteVerdict> ordered = many.stream().sorted(Comparator.comparingInt(SuiteVerdict::benchmarks).reversed()).toList();
            for (int i = 0; i < ordered.size(); i++) {
                if (i == SUITES) b.append("</ul>\n<details><summary>").append(ordered.size() - SUITES).append(" more suites</summary>\n<ul class=\"answer\">\n");
                suite(b, ordered.get(i));
            }
            b.append(ordered.size() > SUITES ? "</ul>\n</details>\n" : "</ul>\n");
        }
        List<Comparisons.Row> decided = Answer.decidedLargestFirst(comparisons);
        long same = comparisons.stream().filter(r -> r.verdict() == Comparisons.Verdict.SAME).count();
        long undecided = comparisons.stream().filter(r -> r.verdict() == Comparisons.Verdict.UNDECIDED).count();
        b.append("<p><strong>").append(decided.size()).append(" of ").append(comparisons.size()).append(comparisons.size() == 1 ? " comparison" : " comparisons")
                .append(" decided</strong> (95 % intervals)").append(same > 0 ? "; " + same + " the same within " + Html.esc(Answer.within(threshold)) : "")
                .append(undecided > 0 ? "; " + undecided + " undecided, each with what its rounds could resolve in <a href=\"#comparisons\">the comparisons</a>" : "")
                .append(".</p>\n");
        if (decided.isEmpty()) return b.toString();
        b.append("<table class=\"answer\">\n<tr><th>where</th><th>the answer [95 % interval]</th></tr>\n");
        for (Comparisons.Row r : decided.subList(0, Math.min(MOST, decided.size()))) {
            b.append(r.verdict() == Comparisons.Verdict.SLOWER ? "<tr class=\"slower\">" : "<tr>").append("<td><code>").append(Html.esc(Answer.where(r)))
                    .append("</code></td><td>").append(Html.esc(Answer.of(r, threshold))).append("</td></tr>\n");
        }
        b.append("</table>\n");
        if (decided.size() > MOST) b.append("<p>The ").append(MOST).append(" largest of ").append(decided.size()).append("; every one in the comparisons below.</p>\n");
        return b.toString();
    }

    /** One suite's line: its words, and its largest movers under them. */
    private static void suite(StringBuilder b, SuiteVerdict s) {
        b.append("<li").append(s.verdict() == Comparisons.Verdict.SLOWER ? " class=\"slower\"" : "").append(">").append(Html.esc(Answer.capital(s.words())));
        String movers = s.moversText(3);
        if (!movers.isEmpty()) b.append("<br><small>largest movers: ").append(Html.esc(movers)).append("</small>");
        b.append("</li>\n");
    }
}
