package dev.jdkmatrix.report;

import static dev.jdkmatrix.results.SummaryFigure.CGROUP_PEAK_BYTES_MEDIAN;
import static dev.jdkmatrix.results.SummaryFigure.HEAP_PEAK_BYTES_MEDIAN;
import static dev.jdkmatrix.results.SummaryFigure.PINNED_EVENTS_MEDIAN;
import static dev.jdkmatrix.results.SummaryFigure.SCORE_MAX;
import static dev.jdkmatrix.results.SummaryFigure.SCORE_MIN;

import dev.jdkmatrix.claims.Verdicts;
import dev.jdkmatrix.results.CellSummary;
import dev.jdkmatrix.report.chart.ChartText;
import dev.jdkmatrix.report.chart.Figure;
import dev.jdkmatrix.report.html.Html;
import dev.jdkmatrix.report.profile.ProfilePages;
import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The static page of one results folder: every chart with its caption, the summary table, the
 * failures, links to the stored files and the environment. Relative links only, no script, no
 * font or style fetched from elsewhere; every stored string is escaped.
 */
final class Gallery {

    private Gallery() {}

    static final String CSS = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1260px;padding:1rem 1.5rem;color:#1b1b1b}
            h1{font-size:1.6rem}h2{margin-top:2.2rem;border-bottom:1px solid #ccc;padding-bottom:.2rem}
            figure{margin:1.2rem 0 2rem}figure img{max-width:100%;height:auto;border:1px solid #e3e3e3}
            figcaption{margin-top:.4rem;font-size:.95rem}
            table{border-collapse:collapse;font-size:.82rem;margin:.6rem 0}td,th{border:1px solid #d6d6d6;padding:.2rem .45rem;text-align:left;vertical-align:top}
            th{background:#f3f3f3}td.num,table.c td+td{text-align:right;font-variant-numeric:tabular-nums}tr.noisy td{background:#fff8e1}td.noisy{color:#8a8a8a}tr.failed td{background:#fdecea}
            dl{display:grid;grid-template-columns:max-content auto;gap:.15rem 1rem;font-size:.9rem}dt{font-weight:600}
            nav a{margin-right:1rem}code{font-size:.85em}
            ul.answer li{margin:.3rem 0}li.slower,tr.slower td{background:#fdecea}table.answer td{text-align:left}
            table.c .fig{display:none}#figs:checked+label+table .fig{display:table-cell}table.c td.words{text-align:left}
            details.section>summary{cursor:pointer;color:#1a5fb4;margin:.4rem 0 .8rem}details.section[open]>summary{margin-bottom:1rem}
            """;

    /** The write-ups' published figures and claims, measured on this folder; null when there is no claims file. */
    record Writeups(String file, List<Verdicts.FigureResult> figures, List<Verdicts.ClaimResult> claims) {}

    /** The explorer of this gallery: the site's, on this night, where the gallery is published in one (indexLink); else its own beside it. */
    static String explorer(ReportFolder folder, boolean indexLink) {
        if (!indexLink) return "explore.html";
        String name = folder.dir().toAbsolutePath().normalize().getFileName().toString();
        return "../explore.html#view=night&night=" + Html.segment(name);
    }

    static String page(ReportFolder folder, List<Figure> figures, List<CellSummary> cells, boolean indexLink, boolean svg, Writeups writeups) {
        return page(folder, figures, cells, indexLink, svg, writeups, 0, List.of(), 0);
    }

    /**
     * The page within a budget: at most {@code maxRows} rows in each of the summary and comparisons
     * tables (0: all; every row is in the CSV files), and a note of the figures {@code notDrawn} to
     * keep the gallery within {@code maxBytes}.
     */
    static String page(ReportFolder folder, List<Figure> figures, List<CellSummary> cells, boolean indexLink, boolean svg, Writeups writeups,
                       int maxRows, List<Figure> notDrawn, long maxBytes) {
        StringBuilder b = new StringBuilder(64 * 1024);
        RunMetadata m = folder.meta();
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>jdkmatrix: ").append(Html.esc(folder.runId())).append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
        b.append("<nav>");
        if (indexLink) b.append("<a href=\"../index.html\">all runs</a>");
        for (String file : List.of("raw.csv", "raw.csv.gz", "summary.csv", "summary.csv.gz", "comparisons.csv", "comparisons.csv.gz", "suites.csv", "run.json")) {
            if (java.nio.file.Files.isRegularFile(folder.dir().resolve(file))) b.append("<a href=\"").append(file).append("\">").append(file).append("</a>");
        }
        b.append("</nav>\n");
        b.append("<h1>jdkmatrix run ").append(Html.esc(folder.runId())).append("</h1>\n");
        b.append("<p>").append(headline(folder, cells)).append("</p>\n");
        if (!folder.problems().isEmpty()) {
            b.append("<p class=\"noisy\"><strong>").append(folder.problems().size()).append(" damaged part(s) of this folder passed over</strong>; ")
                    .append("everything else below is drawn from the rest:</p>\n<ul>\n");
            for (String p : folder.problems()) b.append("<li>").append(Html.esc(p)).append("</li>\n");
            b.append("</ul>\n");
        }
        b.append(AnswerSection.html(folder.suites(), folder.comparisons(), folder.threshold())); // the answer first: the suites, then what was decided
        b.append(BaselineSection.html(m, folder.comparisons())); // a night against its baseline: what its baseline was
        b.append("<p>Each repetition is a fresh JVM in a fresh container; warm-up runs are stored in raw.csv and left out of every figure. ")
                .append("Bars and points are medians of the measured runs that ended ok (a JMH or jar cell: of its scores); each interval is the ")
                .append("distribution-free confidence interval of the median, drawn from its low to its high end; a cell whose coefficient of ")
                .append("variation (of the figure the table shows) exceeds 5% is marked noisy.</p>\n");
        b.append("<nav>");
        for (Figure.Section s : Figure.Section.values()) {
            if (figures.stream().anyMatch(f -> f.section() == s)) b.append("<a href=\"#").append(s.name().toLowerCase(Locale.ROOT)).append("\">").append(s.title).append("</a>");
        }
        if (writeups != null) b.append("<a href=\"#writeups\">Write-ups vs measured</a><a href=\"#claims\">Claims</a>"); // after the sections, as on the page
        if (!folder.comparisons().isEmpty()) b.append("<a href=\"#comparisons\">Comparisons</a>");
        if (folder.raw().stream().anyMatch(r -> "profile".equals(r.phase()))) b.append("<a href=\"#profiles\">Profiles</a>");
        b.append("<a href=\"#summary\">Summary table</a><a href=\"#environment\">Environment</a>")
                .append("<a href=\"").append(Html.esc(explorer(folder, indexLink))).append("\">Explore every cell (in the browser)</a></nav>\n");
        if (!notDrawn.isEmpty()) b.append(notDrawnNote(folder, figures.size(), notDrawn, maxBytes));
        sections(b, figures, cells, svg);
        // the write-ups and claims about the built-in workloads after the run's own results (only where the run measured them)
        if (writeups != null) b.append(WriteupsSection.html(writeups));
        if (!folder.comparisons().isEmpty()) {
            b.append("<h2 id=\"comparisons\">Comparisons inside this run</h2>\n<details class=\"section\"><summary>Show the ").append(folder.comparisons().size())
                    .append(folder.comparisons().size() == 1 ? " comparison" : " comparisons").append(", each with its answer</summary>\n")
                    .append(comparisonsTable(folder.comparisons(), maxRows, folder.threshold())).append("</details>\n");
        }
        b.append(ProfilePages.section(folder.profiles()));
        failures(b, folder.raw());
        b.append("<h2 id=\"summary\">Summary table</h2>\n<details class=\"section\"><summary>Show the ").append(cells.size()).append(cells.size() == 1 ? " cell" : " cells")
                .append(", each with its median and interval</summary>\n").append(summaryTable(maxRows > 0 && cells.size() > maxRows ? cells.subList(0, maxRows) : cells));
        if (maxRows > 0 && cells.size() > maxRows) {
            b.append("<p>The first ").append(maxRows).append(" of ").append(cells.size()).append(" cells; every cell is in summary.csv.</p>\n");
        }
        b.append("</details>\n");
        b.append("<h2 id=\"environment\">Environment</h2>\n").append(environment(m));
        b.append("<p><small>Made by <code>jdkmatrix report</code> from raw.csv").append(m != null ? " and run.json" : "")
                .append(" only. Per-run output and JFR recordings are in logs/ beside this page, profiles in profiles/.</small></p>\n</body>\n</html>\n");
        return b.toString();
    }

    /**
     * Each section of charts under its heading, its charts collapsed behind one line that says how many (the page opens on the answer
     * and the headings; a link to a section's anchor lands on its heading): a cell with no ok run is said above them.
     */
    private static void sections(StringBuilder b, List<Figure> figures, List<CellSummary> cells, boolean svg) {
        for (Figure.Section s : Figure.Section.values()) {
            List<Figure> in = figures.stream().filter(f -> f.section() == s).toList();
            List<CellSummary> failed = failedIn(s, cells);
            if (in.isEmpty() && failed.isEmpty()) continue;
            b.append("<h2 id=\"").append(s.name().toLowerCase(Locale.ROOT)).append("\">").append(s.title).append("</h2>\n");
            if (!failed.isEmpty()) {
                b.append("<p class=\"noisy\">").append(failed.size()).append(failed.size() == 1 ? " cell has" : " cells have")
                        .append(" no ok run, so no figure below: ");
                b.append(String.join("; ", failed.stream().map(c -> Html.esc(c.cell()) + " (" + Html.esc(c.failuresText().isEmpty() ? "no run" : c.failuresText()) + ")").toList()))
                        .append(" (their runs: Failed runs, below).</p>\n");
            }
            if (in.isEmpty()) continue;
            List<String> groups = in.stream().map(Figure::group).filter(g -> !g.isEmpty()).distinct().toList();
            b.append("<details class=\"section\"><summary>Show its ").append(in.size()).append(in.size() == 1 ? " chart" : " charts")
                    .append(groups.size() > 1 ? ", by " + Html.esc(String.join(", ", groups.subList(0, Math.min(6, groups.size())))) + (groups.size() > 6 ? ", ..." : "") : "")
                    .append("</summary>\n");
            String group = "";
            for (Figure f : in) {
                if (!f.group().isEmpty() && !f.group().equals(group)) b.append("<h3>").append(Html.esc(f.group())).append("</h3>\n");
                group = f.group();
                figure(b, f, "charts/", svg);
            }
            b.append("</details>\n");
        }
    }

    /** A chart's figure: the PNG, linked to its SVG when one was written, and its caption. */
    /** What was left undrawn to keep a published night within its budget, by section, and how to draw it all. */
    static String notDrawnNote(ReportFolder folder, int drawn, List<Figure> notDrawn, long maxBytes) {
        java.util.Map<Figure.Section, Long> bySection = new java.util.EnumMap<>(Figure.Section.class);
        for (Figure f : notDrawn) bySection.merge(f.section(), 1L, Long::sum);
        StringBuilder b = new StringBuilder("<p class=\"budget\">This gallery holds ").append(drawn).append(" of ").append(drawn + notDrawn.size())
                .append(" charts, to stay within ").append(String.format(Locale.ROOT, "%,d", maxBytes)).append(" bytes (a published night's budget); not drawn: ");
        List<String> parts = new ArrayList<>();
        bySection.forEach((s, n) -> parts.add(n + " of " + s.title));
        b.append(Html.esc(String.join(", ", parts))).append(". Every figure is in summary.csv and comparisons.csv; <code>make report RESULTS=DIR</code> on a copy ")
                .append("of this run's folder (run ").append(Html.esc(folder.runId())).append(") draws every chart.</p>\n");
        return b.toString();
    }

    /** A figure's HTML on the run's gallery page (its part of a night's budget). */
    static String figureHtml(Figure f, boolean svg) {
        StringBuilder b = new StringBuilder();
        figure(b, f, "charts/", svg);
        return b.toString();
    }

    static void figure(StringBuilder b, Figure f, String dir, boolean svg) {
        String img = "<img src=\"" + Html.href(dir + f.name() + ".png") + "\" width=\"" + f.chart().getWidth() + "\" height=\"" + f.chart().getHeight()
                + "\" alt=\"" + Html.esc(f.chart().getTitle()) + "\">";
        String svgHref = Html.href(dir + f.name() + ".svg");
        b.append("<figure id=\"").append(Html.esc(f.name())).append("\">\n");
        if (svg) b.append("<a href=\"").append(svgHref).append("\">").append(img).append("</a>");
        else b.append(img);
        b.append("\n<figcaption>").append(Html.esc(f.caption()));
        if (svg) b.append(" <a href=\"").append(svgHref).append("\">SVG</a>");
        b.append("</figcaption>\n</figure>\n");
    }

    private static String headline(ReportFolder folder, List<CellSummary> cells) {
        long runs = folder.raw().size();
        long measured = folder.raw().stream().filter(RawRow::measured).count();
        Map<String, Long> statuses = folder.raw().stream().collect(Collectors.groupingBy(r -> r.status(), java.util.TreeMap::new, Collectors.counting()));
        StringBuilder b = new StringBuilder();
        RunMetadata m = folder.meta();
        if (m != null) {
            b.append("Matrix <code>").append(Html.esc(m.matrixName())).append("</code> (").append(Html.esc(m.matrixFile())).append("), started ")
                    .append(Html.esc(m.startedAt())).append(m.endedAt() != null ? ", ended " + Html.esc(m.endedAt()) : ", not finished").append(". ");
        }
        b.append(cells.size()).append(" cells, ").append(runs).append(" runs (").append(measured).append(" measured, ").append(runs - measured)
                .append(" warm-up); statuses: ").append(Html.esc(statuses.toString())).append('.');
        return b.toString();
    }

    /**
     * The cells with no ok run whose figures a section would hold: the built-in workloads' under
     * the wall times (every built-in cell has a bar there), the user's workloads' under the scores.
     */
    static List<CellSummary> failedIn(Figure.Section s, List<CellSummary> cells) {
        return switch (s) {
            case WALL -> cells.stream().filter(c -> !c.measured() && c.builtin()).toList();
            case SCORE -> cells.stream().filter(c -> !c.measured() && !c.builtin()).toList();
            default -> List.of();
        };
    }

    private static void failures(StringBuilder b, List<RawRow> raw) {
        List<RawRow> failed = raw.stream().filter(r -> !r.ok()).toList();
        b.append("<h2 id=\"failures\">Failed runs</h2>\n");
        if (failed.isEmpty()) {
            b.append("<p>None: every run ended ok.</p>\n");
            return;
        }
        b.append("<p>").append(failed.size()).append(" runs did not end ok; they are counted in n_failed and left out of the statistics. ")
                .append("Their output is in logs/.</p>\n<table>\n<tr><th>seq</th><th>cell</th><th>phase</th><th>status</th><th>detail</th></tr>\n");
        for (RawRow r : failed) {
            b.append("<tr class=\"failed\"><td class=\"num\">").append(Html.esc(Integer.toString(r.seq()))).append("</td><td>").append(Html.esc(r.cell()))
                    .append("</td><td>").append(Html.esc(r.phase() + " " + r.rep())).append("</td><td>").append(Html.esc(r.status()))
                    .append("</td><td>").append(Html.esc(r.statusDetail())).append("</td></tr>\n");
        }
        b.append("</table>\n");
    }

    /**
     * The comparisons of cells that differ along one compared axis (all of them: comparisons.csv),
     * group by group under what the group's cells share: b against a, the ratio from the runs paired
     * by round with its interval and p-value, the ratio of the medians beside it, the verdict.
     * Undecided rows are marked like noisy cells. Compact: a night's page is part of the site's budget.
     */
    static String comparisonsTable(List<dev.jdkmatrix.results.Comparisons.Row> rows) {
        return comparisonsTable(rows, 0, 0.10);
    }

    /** The table, of at most {@code maxRows} pairs (0: all), saying how many more comparisons.csv holds. */
    static String comparisonsTable(List<dev.jdkmatrix.results.Comparisons.Row> rows, int maxRows, double threshold) {
        List<dev.jdkmatrix.results.Comparisons.Row> all = rows.stream().filter(r -> !r.compared().contains("; ")).toList();
        List<dev.jdkmatrix.results.Comparisons.Row> single = maxRows > 0 && all.size() > maxRows ? all.subList(0, maxRows) : all;
        StringBuilder b = new StringBuilder("<p>Each pair of cells that differ only along one compared axis (")
                .append(all.size()).append(" of the ").append(rows.size()).append(" pairs in comparisons.csv").append(single.size() < all.size() ? "; the first " + single.size() + " shown" : "")
                .append("), b / a: the ratio ")
                .append("from the runs paired by round (Hodges-Lehmann) with its signed-rank interval and p-value, and the ratio of the two ")
                .append("medians with its bootstrap interval, as two separate runs would be compared. The verdict reads the first: faster or ")
                .append("slower when the interval lies wholly past the min-difference on one side of 1x, same when it lies within the compare ")
                .append("threshold, else undecided; and undecided whatever it says when it is below 95 % (fewer than 6 pairs). q: the ")
                .append("Benjamini-Hochberg q-value over all ").append(rows.size()).append(" comparisons' p-values; ").append(discoveries(rows))
                .append(" Resolves: the smallest difference its rounds would call faster or slower (as the verdict does: past the min-difference) in 80 % of trials simulated from their own spread, none under 6 rounds; ")
                .append("rounds: what a ±5 % difference would need.</p>\n<input type=\"checkbox\" id=\"figs\"><label for=\"figs\"> show the figures behind each answer ")
                .append("(the paired ratio b / a, p, q, the medians' ratio, the rounds for ±5 %)</label>\n<table class=\"c\">\n<tr><th>the pair: b differs from a in</th><th>the answer [95 % interval]</th><th>pairs</th>")
                .append("<th class=\"fig\">paired [interval]</th><th class=\"fig\">p</th><th class=\"fig\">q</th><th class=\"fig\">medians [interval]</th><th>resolves</th>")
                .append("<th class=\"fig\">rounds for ±5 %</th><th>verdict</th></tr>\n");
        int group = -1;
        for (dev.jdkmatrix.results.Comparisons.Row r : single) {
            if (r.group() != group) {
                group = r.group();
                b.append("<tr><th colspan=\"10\">group ").append(group).append(": ").append(Html.esc(r.cellA())).append(" and its comparisons (").append(Html.esc(r.unit())).append(", ")
                        .append(r.higherIsBetter() ? "higher" : "lower").append(" is better)</th></tr>\n");
            }
            String paired = r.paired() && r.ratio() != null && r.ratio().n() > 1
                    ? fmt(r.ratio().ratio(), "%.3f") + " [" + fmt(r.ratio().low(), "%.3f") + ", " + fmt(r.ratio().high(), "%.3f") + "]" : "";
            b.append(r.verdict() == dev.jdkmatrix.results.Comparisons.Verdict.UNDECIDED || r.verdict() == dev.jdkmatrix.results.Comparisons.Verdict.FAILED
                    ? "<tr class=\"noisy\">" : "<tr>")
                    .append("<td>").append(Html.esc(r.shared().isEmpty() ? r.compared() : r.shared() + ": " + r.compared()))
                    .append("<td class=\"words\">").append(Html.esc(Answer.of(r, threshold)))
                    .append("<td>").append(r.pairs()).append(r.dropped() > 0 ? " (" + r.dropped() + " out)" : "").append("<td class=\"fig\">").append(paired)
                    .append("<td class=\"fig\">").append(paired.isEmpty() ? "" : fmt(r.ratio().pValue(), "%.2g")).append("<td class=\"fig\">").append(fmt(r.qValue(), "%.2g"))
                    .append("<td class=\"fig\">").append(Double.isFinite(r.unpairedRatio()) ? fmt(r.unpairedRatio(), "%.3f") + " [" + fmt(r.unpairedLow(), "%.3f") + ", "
                            + fmt(r.unpairedHigh(), "%.3f") + "]" : "").append("<td>").append(Double.isFinite(r.resolution().resolvable()) ? "±" + fmt(r.resolution().resolvable() * 100, "%.1f") + " %" : "")
                    .append("<td class=\"fig\">").append(r.resolution().roundsForTarget() > 0 ? Integer.toString(r.resolution().roundsForTarget()) : "")
                    .append("<td>").append(r.verdict().text()).append(r.note().isEmpty() ? "" : "<br><small>" + Html.esc(r.note()) + "</small>")
                    .append(r.steady().isEmpty() ? "" : "<br><small>steady state: " + Html.esc(r.steady()) + "</small>").append("</tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    /**
     * "4 called faster or slower, 3 of them at q <= 0.05: of those, about 0.2 may be chance.", and how
     * many rest on intervals below 95 % (a run of fewer than 6 rounds decides nothing).
     */
    static String discoveries(List<dev.jdkmatrix.results.Comparisons.Row> rows) {
        List<dev.jdkmatrix.results.Comparisons.Row> called = rows.stream()
                .filter(r -> r.verdict() == dev.jdkmatrix.results.Comparisons.Verdict.FASTER || r.verdict() == dev.jdkmatrix.results.Comparisons.Verdict.SLOWER).toList();
        long kept = called.stream().filter(r -> r.qValue() <= 0.05).count();
        long failed = rows.stream().filter(r -> r.verdict() == dev.jdkmatrix.results.Comparisons.Verdict.FAILED).count();
        long below = rows.stream().filter(r -> !r.note().isEmpty() && r.verdict() != dev.jdkmatrix.results.Comparisons.Verdict.FAILED).count();
        String under = below == 0 ? "" : below == rows.size() - failed
                ? " <strong>Every comparison of this run rests on fewer rounds than a 95 % interval takes: it decides none.</strong>"
                : " " + below + " rest on intervals below 95 % and decide nothing.";
        return called.size() + " called faster or slower, " + kept + " of them at q &le; 0.05: of those, about " + fmt(0.05 * kept, "%.1f")
                + " may be chance (a false discovery rate of 5 %, which holds where the p-values are independent or positively dependent; comparisons sharing a cell may be neither)." + under
                + qReach(rows) + (failed == 0 ? "" : " " + failed + " failed: a cell of the pair has no ok run.");
    }

    /**
     * Where q cannot reach 0.05 at the rounds made for a comparison on its own, what would: with n pairs the signed-rank test's
     * p is at least 2 / 2^n, and the one strong comparison among m has q = p * m (Benjamini-Hochberg; many as strong share a
     * lower one), so alone it takes the rounds n with 2^n at least 40 m.
     */
    static String qReach(List<dev.jdkmatrix.results.Comparisons.Row> rows) {
        int m = rows.size();
        int most = rows.stream().filter(r -> r.paired() && r.ratio() != null).mapToInt(r -> r.ratio().n()).max().orElse(0);
        if (m == 0 || most == 0 || 2.0 / Math.pow(2, most) * m <= 0.05) return "";
        int needed = (int) Math.ceil(Math.log(40.0 * m) / Math.log(2));
        return " With " + most + " pairs a comparison's p cannot go below " + fmt(2.0 / Math.pow(2, most), "%.2g") + ": among these " + m
                + ", one strong comparison on its own reaches q &le; 0.05 only at " + needed + " rounds or more (or with fewer comparisons: compare-along); "
                + "below that, only where many are as strong.";
    }

    /**
     * The summary table: one row per cell, its figure (a built-in cell's wall time in ms; a JMH or
     * jar cell's score, in its unit and direction) with the interval of its median, its range and CV,
     * and the noisy mark from that same CV. Golden-tested.
     */
    static String summaryTable(List<CellSummary> cells) {
        StringBuilder b = new StringBuilder();
        b.append("<table>\n<tr><th>cell</th><th>JDK build</th><th>n</th><th>failed</th><th>median</th><th>CI of the median</th>")
                .append("<th>min - max</th><th>unit</th><th>CV</th><th>pinned events</th><th>heap peak MiB</th><th>container peak MiB</th>")
                .append("<th>throttled (median run)</th></tr>\n");
        for (CellSummary c : cells) {
            String cls = c.nFailed() > 0 ? " class=\"failed\"" : c.noisy() ? " class=\"noisy\"" : "";
            String unit = c.scoreUnit() + (c.builtin() ? "" : c.higherIsBetter() ? ", higher is better" : ", lower is better");
            b.append("<tr").append(cls).append("><td>").append(Html.esc(c.cell())).append("</td><td>").append(Html.esc(c.build())).append("</td>")
                    .append(num(Integer.toString(c.n()))).append("<td>").append(c.nFailed() == 0 ? "0" : c.nFailed() + " (" + Html.esc(c.failuresText()) + ")").append("</td>")
                    .append(num(figure(c.score())))
                    .append(num(Double.isFinite(c.scoreCiLow()) ? figure(c.scoreCiLow()) + " - " + figure(c.scoreCiHigh()) + " (" + fmt(c.ciLevel() * 100, "%.1f") + "%)" : ""))
                    .append(num(Double.isFinite(c.figure(SCORE_MIN)) ? figure(c.figure(SCORE_MIN)) + " - " + figure(c.figure(SCORE_MAX)) : ""))
                    .append("<td>").append(Html.esc(c.n() > 0 ? unit : "")).append("</td>")
                    .append(num(Double.isFinite(c.scoreCv()) ? fmt(c.scoreCv() * 100, "%.1f") + "%" + (c.noisy() ? " noisy" : "") : ""))
                    .append(num(fmt(c.figure(PINNED_EVENTS_MEDIAN), "%,.0f")))
                    .append(num(fmt(c.figure(HEAP_PEAK_BYTES_MEDIAN) / (1 << 20), "%,.1f")))
                    .append(num(fmt(c.figure(CGROUP_PEAK_BYTES_MEDIAN) / (1 << 20), "%,.1f")))
                    .append(num(throttled(c)))
                    .append("</tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    /** A figure for the table: one decimal from 1 up (5,098.6), three significant digits below (0.0000123). */
    static String figure(double v) {
        if (!Double.isFinite(v)) return "";
        return Math.abs(v) >= 1 || v == 0 ? fmt(v, "%,.1f") : ChartText.threeDigits(v);
    }

    /** {@code 142.9 ms, 7 of 9 periods (78%)}; {@code pinned} for a cpuset cell; empty without CFS figures. */
    static String throttled(CellSummary c) {
        if (!Double.isFinite(c.throttledMs())) return "";
        if (c.pinned()) return "pinned, " + fmt(c.throttledMs(), "%,.1f") + " ms";
        String share = Double.isFinite(c.throttledShare()) ? ", " + fmt(c.throttledPeriods(), "%.0f") + " of " + fmt(c.periods(), "%.0f") + " periods ("
                + fmt(c.throttledShare() * 100, "%.0f") + "%)" : "";
        return fmt(c.throttledMs(), "%,.1f") + " ms" + share;
    }

    static String num(String text) {
        return "<td class=\"num\">" + text + "</td>";
    }

    private static String fmt(double v, String pattern) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, pattern, v) : "";
    }

    private static String environment(RunMetadata m) {
        if (m == null) return "<p>No run.json in this folder: the environment is unknown.</p>\n";
        StringBuilder b = new StringBuilder("<dl>\n");
        dt(b, "run id", m.runId());
        dt(b, "matrix", m.matrixName() + " (" + m.matrixFile() + "), sha256 " + m.matrixSha256());
        dt(b, "git commit", m.gitCommit() + (m.gitDirty() ? " (with uncommitted changes)" : ""));
        dt(b, "started / ended", m.startedAt() + " / " + (m.endedAt() == null ? "not finished" : m.endedAt()));
        if (m.host() != null) {
            RunMetadata.Host h = m.host();
            dt(b, "host", h.hostname() + ": " + h.cpuModel() + ", " + h.cpus() + " CPUs, " + gib(h.memoryBytes()) + ", " + h.os() + " " + h.kernel()
                    + ", harness on Java " + h.javaVersion());
        }
        if (m.engine() != null) {
            RunMetadata.Engine e = m.engine();
            dt(b, "Docker engine", e.serverVersion() + " (API " + e.apiVersion() + "), " + e.os() + " " + e.kernel() + ", " + e.cpus() + " CPUs, "
                    + gib(e.memoryBytes()));
        }
        for (RunMetadata.Image i : m.images()) {
            dt(b, "JDK " + i.jdk() + " image", i.reference() + " (" + i.imageId() + ")" + (i.built() ? ", built in " + i.buildSeconds() + " s" : ", cached"));
        }
        m.jdkBuilds().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> dt(b, "JDK " + e.getKey() + " builds", String.join(", ", e.getValue())));
        if (m.plan() != null) {
            RunMetadata.Plan p = m.plan();
            dt(b, "plan", p.cells() + " cells, " + p.runs() + " runs: " + p.warmup() + " warm-up + " + (p.repetitionsMax() > p.repetitions()
                    ? p.repetitions() + " to " + p.repetitionsMax() + " measured per cell (until the median is known to ±"
                    + String.format(Locale.ROOT, "%.3g", p.repetitionTarget() * 100) + " %)" : p.repetitions() + " measured per cell")
                    + (p.maxSteal() > 0 ? String.format(Locale.ROOT, ", runs over %.3g %% host steal made again", p.maxSteal() * 100) : "") + ", order "
                    + p.order() + (p.order().equals("blocked") || p.order().equals("duet") ? " (seed " + p.seed() + ")" : "")
                    + (p.compareAlong() != null ? ", compared along " + (p.compareAlong().isEmpty() ? "nothing" : String.join(", ", p.compareAlong())) : "")
                    + (p.shard() != null && !p.shard().equals("1/1") ? ", shard " + p.shard() : ""));
        }
        if (m.harnessOverheadMs() != null) {
            RunMetadata.Overhead o = m.harnessOverheadMs();
            dt(b, "harness overhead", String.format(Locale.ROOT, "median %.0f ms, p90 %.0f ms, max %.0f ms per run (n=%d): container and JVM start and collection",
                    o.median(), o.p90(), o.max(), o.n()));
        }
        for (RunMetadata.Source s : m.mergedFrom()) {
            dt(b, "merged from", s.folder() + " (run " + s.runId() + ", shard " + s.shard() + ", host " + s.hostname() + ")");
        }
        return b.append("</dl>\n").toString();
    }

    private static void dt(StringBuilder b, String term, String value) {
        b.append("<dt>").append(Html.esc(term)).append("</dt><dd>").append(Html.esc(value)).append("</dd>\n");
    }

    private static String gib(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }
}
