package dev.jdkmatrix.report;

import dev.jdkmatrix.report.chart.ChartStyle;
import dev.jdkmatrix.report.chart.Figure;
import dev.jdkmatrix.report.chart.HistoryCharts;
import dev.jdkmatrix.report.html.Html;
import dev.jdkmatrix.history.Change;
import dev.jdkmatrix.history.ChangeFinder;
import dev.jdkmatrix.history.FigureKey;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.Series;
import dev.jdkmatrix.history.Watch;
import dev.jdkmatrix.results.RunMetadata;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The page above the results folders (a site of nights): first what changed over the nights (the
 * history's changes, regressions first, newest first), then how far each figure moves from night
 * to night, then every run (newest first), then each figure's nights as a chart by date.
 */
final class RunIndex {

    private RunIndex() {}

    /** Rows of the index's table of figures: a site's page is rewritten every night, figures.csv holds them all. */
    static final int MAX_FIGURE_ROWS = 60;

    /** One run as the index knows it: its folder name, metadata, how many cells it measured and whether it has a gallery. */
    record Entry(String folder, RunMetadata meta, int cells, boolean gallery) {}

    /** The history's charts, then the harness's overhead per night. */
    static List<Figure> trends(List<Entry> chronological, History history) {
        List<Figure> out = new ArrayList<>(HistoryCharts.of(history));
        XYChart overhead = new XYChartBuilder().width(ChartStyle.WIDTH).height(ChartStyle.HEIGHT).title("harness overhead per run, by night (median)")
                .xAxisTitle("night (UTC)").yAxisTitle("ms").build();
        ChartStyle.style(overhead);
        overhead.getStyler().setDatePattern("yyyy-MM-dd");
        List<Date> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (Entry e : chronological) {
            RunMetadata.Overhead o = e.meta().harnessOverheadMs();
            if (o == null || o.n() == 0) continue;
            try {
                x.add(Date.from(Instant.parse(e.meta().startedAt())));
                y.add(o.median());
            } catch (RuntimeException notATime) {
                // a night whose start is not a time is not on a chart by date
            }
        }
        if (x.size() >= 2) {
            overhead.addSeries("harness overhead median", x, y).setMarker(x.size() <= HistoryCharts.MARKED_NIGHTS ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
            out.add(new Figure("trend-overhead", Figure.Section.TREND, String.format(Locale.ROOT,
                    "harness overhead median from %.0f ms (%s) to %.0f ms (%s).", y.get(0), date(x.get(0)), y.get(y.size() - 1), date(x.get(x.size() - 1))), overhead));
        }
        return out;
    }

    private static String date(Date d) {
        return d.toInstant().toString().substring(0, 10);
    }

    static String page(List<Entry> chronological, History history, List<Figure> trends, boolean svg) {
        return page(chronological, history, trends, svg, java.util.Set.of());
    }

    /** As above; {@code bisected} the site's files of what bisects found ({@code bisect/GOOD-BAD.md}), each linked beside its change. */
    static String page(List<Entry> chronological, History history, List<Figure> trends, boolean svg, java.util.Set<String> bisected) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>jdkmatrix runs</title>\n<style>\n").append(Gallery.CSS).append("</style>\n</head>\n<body>\n<h1>jdkmatrix runs</h1>\n")
                .append("<p><a href=\"explore.html\">Explore every figure over its nights, and every night's cells (in the browser)</a></p>\n");
        changes(b, history, bisected);
        figures(b, history);
        runs(b, chronological);
        if (!trends.isEmpty()) {
            b.append("<h2 id=\"trends\">Each figure by night</h2>\n<p>A night's value with its interval as a band; the level between changes as a red step, ")
                    .append("each change a dashed line between its two nights. Figures with changes first, then comparisons, then cells (at most ")
                    .append(HistoryCharts.MAX_CHARTS).append("; figures.csv.gz lists every one).</p>\n");
            for (Figure f : trends) Gallery.figure(b, f, "trends/", svg);
        }
        return b.append("</body>\n</html>\n").toString();
    }

    /** The changes, regressions first and newest first, each with its size, its evidence and what changed between its nights. */
    private static void changes(StringBuilder b, History h, java.util.Set<String> bisected) {
        ChangeFinder.Options o = h.options();
        b.append("<h2 id=\"changes\">What changed</h2>\n<p>").append(h.changes().isEmpty() ? "No change found" : h.changes().size() + " change(s)")
                .append(" over ").append(h.nights().size()).append(" night(s) in ").append(h.findings().size())
                .append(" figures (each cell's median and each within-night comparison's paired ratio, ")
                .append(h.byRunner() ? "one series per runner class" : "one series per fleet of runners, each CPU model's level estimated from the nights and taken out")
                .append("), by E-Divisive means as Apache Otava ")
                .append("computes it (window ").append(o.method().window()).append(", p ").append(o.method().maxPText()).append("); a change is confirmed when ")
                .append(o.confirmNights()).append(" nights after it hold it, suspected before. The size is the ratio of the geometric means after and before it, with its 95 % interval. ")
                .append("<a href=\"changes.csv\">changes.csv</a> and <a href=\"figures.csv.gz\">figures.csv.gz</a> hold it all.</p>\n");
        if (!h.changes().isEmpty()) {
            b.append("<table>\n<tr><th>status</th><th>direction</th><th>figure</th><th>first night after it</th><th>change [95 % CI]</th><th>p</th>")
                    .append("<th>nights before / after</th><th>what changed between the two nights</th></tr>\n");
            for (Change c : h.changes()) {
                String accepted = h.acceptedText(c);
                b.append(c.status() == Change.Status.SUSPECTED ? "<tr class=\"noisy\">" : c.regression() && accepted.isEmpty() ? "<tr class=\"failed\">" : "<tr>")
                        .append("<td>").append(c.status().text()).append(h.newTonight().contains(c) ? ", new tonight" : "")
                        .append(accepted.isEmpty() ? "" : "<br><b>" + Html.esc(accepted) + "</b>").append("</td><td>").append(c.direction())
                        .append("</td><td>").append(figure(c.figure(), c.compared())).append("</td><td>").append(Html.esc(c.after().date())).append(" <a href=\"")
                        .append(Html.href(c.after().folder() + "/run.json")).append("\">").append(Html.esc(c.after().runId())).append("</a></td><td class=\"num\">")
                        .append(Html.esc(c.sizeText())).append("</td><td class=\"num\">").append(String.format(Locale.ROOT, "%.2g", c.pValue()))
                        .append("</td><td class=\"num\">").append(c.nightsBefore()).append(" / ").append(c.nightsAfter()).append("</td><td>")
                        .append(linked(c.whatChangedText() + (c.byMachine().isEmpty() ? "" : "; " + c.byMachine())))
                        .append(bisect(c, bisected)).append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        if (!h.events().isEmpty()) {
            b.append("<p>").append(h.events().size()).append(" night(s) the runner, not the figures, moved: many cells out of line together, the paired ratios ")
                    .append("steady (a suspected change on such nights is this event, not a regression):</p>\n<ul>\n");
            h.events().reversed().forEach(e -> b.append("<li>").append(Html.esc(e.text())).append("</li>\n"));
            b.append("</ul>\n");
        }
        if (!h.baselineMoves().isEmpty()) {
            b.append("<p>").append(h.baselineMoves().size()).append(" move(s) of a baseline: each baseline is a level of its benchmarks' head / base ratios, ")
                    .append("so a move re-bases their series and is no step:</p>\n<ul>\n");
            h.baselineMoves().reversed().forEach(m -> b.append("<li>").append(Html.esc(m.text())).append("</li>\n"));
            b.append("</ul>\n");
        }
        if (!h.skipped().isEmpty()) {
            b.append("<p>").append(h.skipped().size()).append(" folder(s) passed over:</p>\n<ul>\n");
            h.skipped().forEach(s -> b.append("<li>").append(Html.esc(s)).append("</li>\n"));
            b.append("</ul>\n");
        }
    }

    /** A change's text, escaped, each GitHub compare view in it a link (its characters, which the pattern allows, need no more than escaping). */
    static String linked(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("https://github\\.com/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+/compare/[0-9a-f]+\\.\\.\\.[0-9a-f]+").matcher(text);
        StringBuilder b = new StringBuilder();
        int from = 0;
        while (m.find()) {
            b.append(Html.esc(text.substring(from, m.start()))).append("<a href=\"").append(Html.esc(m.group())).append("\">").append(Html.esc(m.group())).append("</a>");
            from = m.end();
        }
        return b.append(Html.esc(text.substring(from))).toString();
    }

    /** A confirmed regression's bisect command under what changed ({@link dev.jdkmatrix.history.BisectHint}) and what its bisect found when the site keeps it, or "". */
    private static String bisect(Change c, java.util.Set<String> bisected) {
        String command = dev.jdkmatrix.history.BisectHint.of(c);
        if (command.isEmpty()) return "";
        String file = dev.jdkmatrix.history.BisectHint.resultFile(c);
        return "<br>find its commit: <code>" + Html.esc(command) + "</code>"
                + (bisected.contains(file) ? " (<a href=\"" + Html.href(file) + "\">what its bisect found</a>)" : "");
    }

    private static String figure(FigureKey k, String compared) {
        return k instanceof FigureKey.Pair p ? "comparison " + Html.esc(compared) + ": <code>" + Html.esc(p.cellB()) + "</code> / <code>" + Html.esc(p.cellA()) + "</code>"
                : "<code>" + Html.esc(k.label()) + "</code>";
    }

    /** Every series: how far it moves from night to night, and the step it can show. */
    private static void figures(StringBuilder b, History h) {
        if (h.findings().isEmpty()) return;
        b.append("<p>").append(Html.esc(dev.jdkmatrix.history.HistoryReport.watchable(h))).append(" The smallest step is at this site's p-value threshold (max-p ")
                .append(Html.esc(h.options().method().maxPText())).append("), which sets its false-alarm rate.</p>\n")
                .append("<details><summary>How far each figure moves from night to night, and the smallest step it can show within ")
                .append(h.options().confirmNights()).append(" nights (the head / base ratios first)</summary>\n<table>\n<tr><th>figure</th><th>nights</th><th>changes</th>")
                .append("<th>spread night to night</th><th>of it, a night's own runs</th><th>step it shows</th><th>what to read</th></tr>\n");
        List<Series> series = new ArrayList<>(h.allSeries());
        series.sort(dev.jdkmatrix.history.HistoryReport.stepOrder(h));
        if (series.size() > MAX_FIGURE_ROWS) {
            b.append("<tr><td colspan=\"7\">the first ").append(MAX_FIGURE_ROWS).append(" of ").append(series.size())
                    .append(" figures, those that can show the step first; figures.csv.gz holds every one</td></tr>\n");
            series = series.subList(0, MAX_FIGURE_ROWS);
        }
        for (Series s : series) {
            Watch w = h.watches().get(s);
            ChangeFinder.Finding f = h.findings().stream().filter(x -> x.series() == s).findFirst().orElseThrow();
            b.append(w.watchable() ? "<tr>" : "<tr class=\"noisy\">").append("<td>").append(figure(s.key(), s.newest().compared())).append("</td><td class=\"num\">")
                    .append(s.entries().size()).append("</td><td class=\"num\">").append(f.changes().size()).append("</td><td class=\"num\">").append(pct(w.spread()))
                    .append("</td><td class=\"num\">").append(pct(w.withinSd())).append("</td><td class=\"num\">").append(pct(w.resolvable()))
                    .append("</td><td>").append(Html.esc((dev.jdkmatrix.history.BaselineEpochs.baselineCell(s.key(), s.entries().get(s.entries().size() - 1).night())
                            ? "the baseline's own figure: the runner's day, not your code's (its head / base ratio is the code's); " : "")
                            + (f.examined() ? w.advice() : f.note()))).append("</td></tr>\n");
        }
        b.append("</table>\n</details>\n");
    }

    private static String pct(double f) {
        return Double.isFinite(f) ? String.format(Locale.ROOT, "%.1f %%", f * 100) : "";
    }

    private static void runs(StringBuilder b, List<Entry> chronological) {
        b.append("<h2 id=\"runs\">Runs</h2>\n<p>").append(chronological.size()).append(" results folders. Each gallery holds its charts, summary table and environment.");
        long without = chronological.stream().filter(e -> !e.gallery()).count();
        if (without > 0) {
            b.append(" ").append(without).append(" older run(s) keep their data only (the link is their run.json; raw.csv.gz and summary.csv.gz are beside it) ")
                    .append("and their points on the trends; <code>make report RESULTS=dir</code> renders the gallery of any of them again.");
        }
        b.append("</p>\n<table>\n<tr><th>#</th><th>run</th><th>matrix</th><th>started</th><th>duration</th><th>cells</th><th>runs</th><th>statuses</th><th>commit</th><th>machine</th></tr>\n");
        for (int i = chronological.size() - 1; i >= 0; i--) { // newest first, each numbered by its place (an indexOf a night would be quadratic)
            Entry e = chronological.get(i);
            RunMetadata m = e.meta();
            String link = e.gallery() ? e.folder() + "/index.html" : e.folder() + "/run.json";
            b.append("<tr><td class=\"num\">").append(i + 1).append("</td><td><a href=\"").append(Html.href(link)).append("\">")
                    .append(Html.esc(m.runId())).append("</a></td><td>").append(Html.esc(m.matrixName())).append("</td><td>").append(Html.esc(m.startedAt()))
                    .append("</td><td>").append(Html.esc(duration(m))).append("</td><td class=\"num\">").append(e.cells()).append("</td><td class=\"num\">")
                    .append(m.statusCounts().values().stream().mapToInt(Integer::intValue).sum()).append("</td><td>")
                    .append(Html.esc(new java.util.TreeMap<>(m.statusCounts()).toString())).append("</td><td><code>")
                    .append(Html.esc(m.gitCommit().length() > 12 ? m.gitCommit().substring(0, 12) : m.gitCommit())).append("</code></td><td>")
                    .append(Html.esc(machine(m))).append("</td></tr>\n");
        }
        b.append("</table>\n");
    }

    /** The runner a night ran on: its class (the CPU model, CPU count and engine, or the team's name) and runner image where recorded. */
    private static String machine(RunMetadata m) {
        String image = m.host() == null || m.host().runnerImage().isEmpty() ? "" : ", runner image " + m.host().runnerImage();
        return m.runnerClass() + (m.namedClass() != null ? " (CPU " + m.cpuModel() + ")" : "") + image;
    }

    private static String duration(RunMetadata m) {
        if (m.endedAt() == null) return "not finished";
        try {
            Duration d = Duration.between(Instant.parse(m.startedAt()), Instant.parse(m.endedAt()));
            return d.toHours() > 0 ? d.toHours() + " h " + d.toMinutesPart() + " min" : d.toMinutes() + " min " + d.toSecondsPart() + " s";
        } catch (RuntimeException e) {
            return "";
        }
    }
}
