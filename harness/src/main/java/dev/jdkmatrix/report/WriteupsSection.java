package dev.jdkmatrix.report;

import dev.jdkmatrix.claims.Verdicts;
import dev.jdkmatrix.report.html.Html;

/** The gallery's section on the write-ups: their published figures beside ours, then the claims with their verdicts. */
final class WriteupsSection {

    private WriteupsSection() {}

    /** The write-ups' figures beside ours, then the claims with their verdicts. */
    static String html(Gallery.Writeups w) {
        StringBuilder b = new StringBuilder();
        b.append("<h2 id=\"writeups\">Write-ups vs measured</h2>\n<p>Each figure a write-up published (from ").append(Html.esc(w.file()))
                .append("), ours for the same shape on every JDK and CPU limit this run has, and ours / theirs. Their setting is not ours: ")
                .append("the differences (CPU count above all) explain most gaps.</p>\n<table>\n<tr><th>source</th><th>what</th><th>their setting</th>")
                .append("<th>published</th><th>measured here</th><th>ours / theirs</th></tr>\n");
        for (Verdicts.FigureResult f : w.figures()) {
            String measured = f.values().isEmpty() ? "not measured" : f.values().stream()
                    .map(v -> v.label() + ": " + f.figure().measure().format(v.value())).collect(java.util.stream.Collectors.joining("; "));
            b.append("<tr><td>").append(Html.esc(f.figure().source())).append("</td><td>").append(Html.esc(f.figure().what())).append("</td><td>")
                    .append(Html.esc(f.figure().setting())).append("</td>").append(Gallery.num(Html.esc(f.figure().measure().format(f.figure().published()))))
                    .append("<td>").append(Html.esc(measured)).append("</td>").append(Gallery.num(Html.esc(f.ratioText()))).append("</tr>\n");
        }
        b.append("</table>\n<h2 id=\"claims\">Claims</h2>\n<p>Each claim holds when every value measured for it is within its bound with its 95 % "
                        + "interval, and fails when one lies outside it under Holm's correction over the claim's values; a value from too few runs "
                        + "to reach 95 % decides nothing. ")
                .append("<code>make claims RESULTS=dir</code> prints the same table.</p>\n<table>\n<tr><th>claim</th><th>source</th><th>verdict</th>")
                .append("<th>bound</th><th>measured</th></tr>\n");
        for (Verdicts.ClaimResult c : w.claims()) {
            String cls = switch (c.verdict()) {
                case FAILS -> " class=\"failed\"";
                case NOT_MEASURED, UNDECIDED -> " class=\"noisy\"";
                case HOLDS -> "";
            };
            b.append("<tr").append(cls).append("><td>").append(Html.esc(c.claim().text())).append(" <code>").append(Html.esc(c.claim().id()))
                    .append("</code></td><td>").append(Html.esc(c.claim().source())).append("</td><td><b>").append(c.verdict().text()).append("</b></td><td>")
                    .append(Html.esc(c.claim().bound())).append("</td><td>").append(Html.esc(c.evidence())).append("</td></tr>\n");
        }
        return b.append("</table>\n").toString();
    }
}
