package dev.jdkmatrix.report;

import dev.jdkmatrix.results.RunMetadata;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The page above the results folders: every run, oldest first in the trend charts and newest
 * first in the table, with the headline figures of each run traced across runs.
 */
final class RunIndex {

    /** Lines per trend chart: the headlines measured in the most runs. */
    static final int MAX_LINES = 8;

    private RunIndex() {}

    /** One run as the index knows it: its folder name, metadata, headline figures and whether it has a gallery. */
    record Entry(String folder, RunMetadata meta, Map<String, Double> headlines, int cells, boolean gallery) {}

    static List<Figure> trends(List<Entry> chronological) {
        List<Figure> out = new ArrayList<>();
        if (chronological.size() < 2) return out;
        out.addAll(trend(chronological, "virtual vs ", "virtual-thread speedup across runs (baseline median / virtual median)", "speedup (x)", "trend-speedup"));
        out.addAll(trend(chronological, "synchronized ", "synchronized pinning before / after JEP 491 across runs", "slowdown (x)", "trend-pinning"));
        XYChart overhead = chart("harness overhead per run across runs (median)", "ms");
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int i = 0; i < chronological.size(); i++) {
            RunMetadata.Overhead o = chronological.get(i).meta().harnessOverheadMs();
            if (o != null && o.n() > 0) {
                x.add(i + 1.0);
                y.add(o.median());
            }
        }
        if (x.size() >= 2) {
            overhead.addSeries("harness overhead median", x, y).setMarker(SeriesMarkers.CIRCLE);
            out.add(new Figure("trend-overhead", Figure.Section.TREND, String.format(java.util.Locale.ROOT,
                    "harness overhead median from %.0f ms (run 1) to %.0f ms (run %d).", y.get(0), y.get(y.size() - 1), chronological.size()), overhead));
        }
        return out;
    }

    private static List<Figure> trend(List<Entry> runs, String prefix, String title, String unit, String name) {
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (Entry e : runs) e.headlines().keySet().stream().filter(k -> k.startsWith(prefix)).forEach(k -> seen.merge(k, 1, Integer::sum));
        List<String> keys = seen.entrySet().stream().filter(e -> e.getValue() >= 2)
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(MAX_LINES).map(Map.Entry::getKey).toList();
        if (keys.isEmpty()) return List.of();
        XYChart chart = chart(title, unit);
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (String k : keys) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                Double v = runs.get(i).headlines().get(k);
                if (v != null && Double.isFinite(v)) {
                    x.add(i + 1.0);
                    y.add(v);
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
            XYSeries s = chart.addSeries(k, x, y);
            s.setMarker(SeriesMarkers.CIRCLE);
        }
        if (lo > 0 && hi / lo > ChartStyle.LOG_SPAN) {
            chart.getStyler().setYAxisLogarithmic(true);
            ChartStyle.labelEveryStep(chart.getStyler(), hi / lo);
        }
        String caption = keys.size() + " figure(s) measured in at least two of the " + runs.size() + " runs; run numbers are those of the table below.";
        return List.of(new Figure(name, Figure.Section.TREND, caption, chart));
    }

    private static XYChart chart(String title, String unit) {
        XYChart chart = new XYChartBuilder().width(ChartStyle.WIDTH).height(ChartStyle.HEIGHT).title(title).xAxisTitle("run (oldest = 1)").yAxisTitle(unit).build();
        ChartStyle.style(chart);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(org.knowm.xchart.style.Styler.LegendLayout.Vertical);
        chart.getStyler().setXAxisDecimalPattern("0");
        chart.getStyler().setMarkerSize(9);
        return chart;
    }

    static String page(List<Entry> chronological, List<Figure> trends, boolean svg) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>jdkmatrix runs</title>\n<style>\n").append(Gallery.CSS).append("</style>\n</head>\n<body>\n<h1>jdkmatrix runs</h1>\n");
        b.append("<p>").append(chronological.size()).append(" results folders. Each gallery holds its charts, summary table and environment.");
        long without = chronological.stream().filter(e -> !e.gallery()).count();
        if (without > 0) {
            b.append(" ").append(without).append(" older run(s) keep their data only (the link is their run.json; raw.csv.gz and summary.csv.gz are beside it) ")
                    .append("and their points on the trends; <code>make report RESULTS=dir</code> renders the gallery of any of them again.");
        }
        b.append("</p>\n");
        b.append("<table>\n<tr><th>#</th><th>run</th><th>matrix</th><th>started</th><th>duration</th><th>cells</th><th>runs</th><th>statuses</th><th>commit</th></tr>\n");
        List<Entry> newest = new ArrayList<>(chronological);
        java.util.Collections.reverse(newest);
        for (Entry e : newest) {
            RunMetadata m = e.meta();
            String link = e.gallery() ? e.folder() + "/index.html" : e.folder() + "/run.json";
            b.append("<tr><td class=\"num\">").append(chronological.indexOf(e) + 1).append("</td><td><a href=\"").append(Html.href(link)).append("\">")
                    .append(Html.esc(m.runId())).append("</a></td><td>").append(Html.esc(m.matrixName())).append("</td><td>").append(Html.esc(m.startedAt()))
                    .append("</td><td>").append(Html.esc(duration(m))).append("</td><td class=\"num\">").append(e.cells()).append("</td><td class=\"num\">")
                    .append(m.statusCounts().values().stream().mapToInt(Integer::intValue).sum()).append("</td><td>")
                    .append(Html.esc(new java.util.TreeMap<>(m.statusCounts()).toString())).append("</td><td><code>")
                    .append(Html.esc(m.gitCommit().length() > 12 ? m.gitCommit().substring(0, 12) : m.gitCommit())).append("</code></td></tr>\n");
        }
        b.append("</table>\n");
        if (!trends.isEmpty()) {
            b.append("<h2 id=\"trends\">Trends across runs</h2>\n");
            for (Figure f : trends) Gallery.figure(b, f, "trends/", svg);
        }
        return b.append("</body>\n</html>\n").toString();
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

    static Comparator<Entry> byStart() {
        return Comparator.comparing((Entry e) -> e.meta().startedAt()).thenComparing(Entry::folder);
    }
}
