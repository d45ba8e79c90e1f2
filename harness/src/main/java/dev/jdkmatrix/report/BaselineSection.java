package dev.jdkmatrix.report;

import dev.jdkmatrix.report.html.Html;
import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PullRequestVerdict;
import dev.jdkmatrix.results.RunBaseline;
import dev.jdkmatrix.results.RunMetadata;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A night measured against its baseline leads its gallery with the answer: each benchmark's
 * tonight / baseline ratio of the night's rounds, in words ("9.5 % slower [7.8 %, 11.8 %]"), the
 * decided ones first, then what the undecided could resolve; and what the baseline was (run.json's
 * {@code baselines}), a baseline tonight could not have first of all.
 */
final class BaselineSection {

    private BaselineSection() {}

    /** The section, or "" for a run measured against no baseline. */
    static String html(RunMetadata m, List<Comparisons.Row> comparisons) {
        if (m == null || m.baselines().isEmpty()) return "";
        StringBuilder b = new StringBuilder("<h2 id=\"baseline\">Tonight against its baseline</h2>\n");
        for (RunBaseline base : m.baselines()) {
            b.append(base.measured() ? "<p>" : "<p class=\"failed\"><strong>Not measured against its baseline tonight:</strong> ")
                    .append(Html.esc(String.join(", ", base.workloads()))).append(base.measured() ? " against " : ", whose baseline is ").append("<code>")
                    .append(Html.esc(base.baseline())).append("</code>").append(base.commit().isEmpty() ? "" : " (" + Html.esc(base.commit().substring(0, Math.min(12, base.commit().length()))) + ")")
                    .append(base.measured() ? ", " + Html.esc(base.status()) + "; each benchmark's baseline and tonight's build back to back in every round." : ": " + Html.esc(base.detail()))
                    .append("</p>\n");
        }
        PullRequestVerdict v = PullRequestVerdict.of(comparisons, 0);
        List<PullRequestVerdict.Item> items = new ArrayList<>(v.decided());
        items.sort(Comparator.comparingDouble((PullRequestVerdict.Item i) -> -Math.abs(Math.log(i.ratio()))));
        List<PullRequestVerdict.Item> undecided = new ArrayList<>(v.undecided());
        undecided.sort(Comparator.comparing(PullRequestVerdict.Item::cell));
        items.addAll(undecided);
        if (items.isEmpty()) return b.toString();
        String same = String.format(Locale.ROOT, "the same within ±%.0f %%", m.compareThreshold() * 100);
        b.append("<p><strong>").append(v.decided().size()).append(" of ").append(items.size()).append(" benchmarks differ from the baseline</strong> (decided at 95 %, ")
                .append("paired by round); the others could not tell or are the same, each with the difference its rounds could resolve.</p>\n")
                .append("<table>\n<tr><th>benchmark</th><th>tonight against the baseline [95 % interval]</th><th>verdict</th><th>pairs</th></tr>\n");
        for (PullRequestVerdict.Item i : items) {
            boolean decided = i.verdict() == Comparisons.Verdict.FASTER || i.verdict() == Comparisons.Verdict.SLOWER;
            b.append(decided && i.verdict() == Comparisons.Verdict.SLOWER ? "<tr class=\"failed\">" : "<tr>").append("<td><code>").append(Html.esc(i.cell()))
                    .append("</code></td><td class=\"num\">").append(Html.esc(words(i))).append("</td><td>")
                    .append(Html.esc(decided ? i.verdict().name().toLowerCase(Locale.ROOT) : i.verdict() == Comparisons.Verdict.SAME ? same
                            : Double.isFinite(i.resolvable()) ? String.format(Locale.ROOT, "undecided: could resolve %.1f %%", i.resolvable() * 100) : "undecided"))
                    .append("</td><td class=\"num\">").append(i.pairs()).append("</td></tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    /** "9.5 % slower [7.8 %, 11.8 %]" or "3.1 % faster [...]": tonight's build against the baseline, in {@link Answer}'s words. */
    static String words(PullRequestVerdict.Item i) {
        return i.cost() == null ? "no pairs" : Answer.change(i.cost());
    }
}
