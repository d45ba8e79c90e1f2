package dev.jdkmatrix.results.format;

import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PullRequestVerdict;
import dev.jdkmatrix.results.SuiteVerdict;
import java.util.Locale;

/** A pull request's verdict as Markdown, for its job summary and its one comment; every name from the data escaped. */
public final class PullRequestReport {

    private PullRequestReport() {}

    /** The check as Markdown for a job summary or a pull request comment, every name from the data escaped; {@code marker} first (an HTML comment that finds the comment again). */
    public static String markdown(PullRequestVerdict v, String marker) {
        return markdown(v, marker, "this pull request's suite against its base");
    }

    /** As above under {@code heading}: a night's suite against its baseline reads the same way ({@code base-} and {@code head-} sides). */
    public static String markdown(PullRequestVerdict v, String marker, String heading) {
        return markdown(v, marker, heading, java.util.List.of());
    }

    /** As above, led by the suite's verdicts of head against base ({@link SuiteVerdict}: the geometric mean over the benchmarks, in words). */
    public static String markdown(PullRequestVerdict v, String marker, String heading, java.util.List<SuiteVerdict> suites) {
        StringBuilder md = new StringBuilder(marker).append("\n## jdkmatrix: ").append(Markdown.text(heading)).append("\n\n");
        int all = v.decided().size() + v.undecided().size();
        md.append(all == 0 ? "No benchmark was compared.\n" : v.regressions().isEmpty()
                ? "**No decided regression** of " + pct(v.threshold()) + " or more"
                : "**" + v.regressions().size() + " decided regression(s)** of " + pct(v.threshold()) + " or more")
                .append(all == 0 ? "" : String.format(Locale.ROOT, " among %d benchmark cell(s): %d differ, decided at 95 %%; %d do not.%n%n", all, v.decided().size(), v.undecided().size()));
        for (SuiteVerdict suite : suites) {
            if (suite.compared().equals(SuiteVerdict.HEAD_BASE) && suite.benchmarks() > 1) md.append("**The suite:** ").append(Markdown.text(suite.words())).append(".\n\n");
        }
        java.util.List<PullRequestVerdict.Item> unresolved = v.unresolved();
        if (!unresolved.isEmpty()) {
            int most = unresolved.stream().mapToInt(PullRequestVerdict.Item::pairs).max().orElse(0);
            md.append("**").append(unresolved.size()).append(" benchmark cell(s) could not resolve ").append(pct(v.threshold()))
                    .append("** in their rounds (").append(most).append(" pairs at most): a regression that size could hide there. ")
                    .append("More rounds (the check's max-rounds) or a quieter runner would tell.\n\n");
        }
        if (!v.decided().isEmpty()) {
            md.append("| benchmark cell | head against base [95 % interval] (head / base) | q | verdict |\n|---|---|---|---|\n");
            for (PullRequestVerdict.Item i : v.decided()) {
                md.append("| ").append(Markdown.code(i.cell())).append(" | ").append(ratio(i)).append(" | ").append(String.format(Locale.ROOT, "%.2g", i.qValue()))
                        .append(" | ").append(v.regressions().contains(i) ? "**regression**" : i.verdict() == Comparisons.Verdict.SLOWER ? "slower, below the threshold" : "faster")
                        .append(" |\n");
            }
            md.append('\n');
        }
        if (!v.undecided().isEmpty()) {
            md.append(v.undecided().size()).append(" with no decided difference (the same within the run's minimum difference, or the rounds could not tell; ")
                    .append("the difference each could resolve):\n\n");
            for (PullRequestVerdict.Item i : v.undecided()) {
                md.append("- ").append(Markdown.code(i.cell())).append(": ").append(ratio(i)).append(", ")
                        .append(Double.isFinite(i.resolvable()) ? "could resolve " + pct(i.resolvable()) : "its rounds say nothing of what it could resolve")
                        .append(i.verdict() == Comparisons.Verdict.SAME ? " (the same)" : "").append('\n');
            }
        }
        return md.toString();
    }

    /** The most characters GitHub keeps in a comment's body. */
    public static final int COMMENT_LIMIT = 65_536;

    /**
     * {@code md} as a comment's body within {@code limit} characters (code points, as GitHub counts them): whole where it
     * fits, else its first lines (a table cut between rows) and a last line that says it was cut and where the whole check
     * is ({@code whole}: the job summary's address, or empty).
     */
    public static String fitted(String md, int limit, String whole) {
        if (md.codePointCount(0, md.length()) <= limit) return md;
        String tail = "\n\n**Cut to GitHub's limit of " + String.format(Locale.ROOT, "%,d", limit) + " characters:** the whole check is in "
                + (whole.isBlank() ? "this workflow run's job summary." : "[the job summary](" + whole.strip() + ").") + "\n";
        int room = limit - tail.codePointCount(0, tail.length());
        if (room <= 0) throw new IllegalArgumentException("a comment limit of " + limit + " characters leaves no room for the check");
        int end = md.offsetByCodePoints(0, Math.min(room, md.codePointCount(0, md.length())));
        int line = md.lastIndexOf('\n', end - 1);
        return md.substring(0, line > 0 ? line : end) + tail;
    }

    /** "9.5 % slower [7.8 %, 11.8 %] (1.095x [1.078, 1.118], 12 pairs)": head against base in words, the ratio of its figure beside them. */
    private static String ratio(PullRequestVerdict.Item i) {
        if (i.cost() == null) return "no pairs";
        return Markdown.text(Answer.change(i.cost()))
                + String.format(Locale.ROOT, " (%.3fx [%.3f, %.3f], %d pairs)", i.ratio(), i.low(), i.high(), i.pairs());
    }

    private static String pct(double f) {
        return String.format(Locale.ROOT, "%.1f %%", f * 100);
    }
}
