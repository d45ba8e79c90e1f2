package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.history.Change;
import dev.jdkmatrix.history.ChangeFinder;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.Series;
import dev.jdkmatrix.history.Watch;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A figure's nights as a trend chart, by date: each night's value (a cell's median, a comparison's
 * paired ratio) with its interval as a band, the levels between its changes as a step, and each
 * change marked by a line between its two nights. A figure measured on several CPU models marks
 * each night's model (a marker and colour each) and is drawn with each model's level taken out. Charts for the figures with changes come first,
 * then the comparisons, then the cells, up to {@link #MAX_CHARTS}.
 */
public final class HistoryCharts {

    /** Charts on a site's index: they are rewritten every night, and a night's bytes are bounded (docs/nightly.md). */
    public static final int MAX_CHARTS = 12;
    /**
     * Nights drawn one marker each up to this many; a longer history is drawn as its line (its markers would merge into it
     * on a chart a few hundred pixels wide, and drawing 10,000 of them took most of an index's time: make bench-index).
     */
    public static final int MARKED_NIGHTS = 500;
    /** At most this many runs of nights drawn, each its value's lowest and highest and its band's (the chart is about as many pixels wide). */
    static final int BAND_POINTS = 600;

    private HistoryCharts() {}

    public static List<Figure> of(History h) {
        List<ChangeFinder.Finding> order = new ArrayList<>(h.findings().stream().filter(f -> f.series().entries().size() >= 2).toList());
        order.sort(Comparator.comparing((ChangeFinder.Finding f) -> f.changes().isEmpty())
                .thenComparing(f -> f.series().key().kind().equals("cell"))
                .thenComparing(f -> f.series().key()));
        List<Figure> out = new ArrayList<>();
        for (ChangeFinder.Finding f : order) {
            if (out.size() >= MAX_CHARTS) break;
            out.add(figure(f, h.watches().get(f.series())));
        }
        return out;
    }

    /** The chart's file name: the figure's identity hashed, since a cell id may hold any character. */
    static String name(Series s) {
        return "history-" + Integer.toHexString((s.runnerClass() + "\n" + s.key().kind() + "\n" + String.join("\n", s.key().cells())).hashCode() & 0x7fffffff);
    }

    static Figure figure(ChangeFinder.Finding f, Watch w) {
        Series s = f.series();
        boolean ratio = s.key().kind().equals("comparison");
        String unit = ratio ? "b / a (x)" : s.newest().unit();
        XYChart chart = new XYChartBuilder().width(ChartStyle.WIDTH).height(ChartStyle.HEIGHT)
                .title(title(s)).xAxisTitle("night (UTC)").yAxisTitle(unit).build();
        ChartStyle.style(chart);
        java.time.Duration span = java.time.Duration.between(s.entries().get(0).night().started(), s.entries().get(s.entries().size() - 1).night().started());
        chart.getStyler().setDatePattern(span.toDays() >= 3 ? "yyyy-MM-dd" : "MM-dd HH:mm"); // nights made within hours of each other read by the hour
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        chart.getStyler().setMarkerSize(7);
        List<Date> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        List<Date> bandX = new ArrayList<>();
        List<Double> bandY = new ArrayList<>();
        List<Series.Entry> entries = s.entries();
        int step = Math.max(1, (entries.size() + BAND_POINTS - 1) / BAND_POINTS);
        for (int from = 0; from < entries.size(); from += step) { // beyond the chart's columns: each run of nights its lowest and highest, in order
            List<Series.Entry> run = entries.subList(from, Math.min(entries.size(), from + step));
            Series.Entry low = run.stream().min(Comparator.comparingDouble(e -> e.measured().value())).orElseThrow();
            Series.Entry high = run.stream().max(Comparator.comparingDouble(e -> e.measured().value())).orElseThrow();
            for (Series.Entry e : step == 1 ? run : low.night().started().isBefore(high.night().started()) ? List.of(low, high) : List.of(high, low)) {
                x.add(Date.from(e.night().started()));
                y.add(e.measured().value());
            }
        }
        // the band drawn as each run of nights' lowest low and highest high where there are more nights than the chart has
        // columns for (a polygon of 20,000 corners filled took most of an index's time over 10,000 nights: make bench-index)
        List<Date> highX = new ArrayList<>();
        List<Double> highY = new ArrayList<>();
        for (int from = 0; from < entries.size(); from += step) {
            List<Series.Entry> run = entries.subList(from, Math.min(entries.size(), from + step));
            Date at = Date.from(run.get(run.size() / 2).night().started());
            bandX.add(step == 1 ? Date.from(run.get(0).night().started()) : at);
            bandY.add(run.stream().mapToDouble(e -> e.measured().low()).min().orElseThrow());
            highX.add(bandX.get(bandX.size() - 1));
            highY.add(run.stream().mapToDouble(e -> e.measured().high()).max().orElseThrow());
        }
        for (int i = highX.size() - 1; i >= 0; i--) {
            bandX.add(highX.get(i));
            bandY.add(highY.get(i));
        }
        Color main = colour(s);
        XYSeries band = chart.addSeries("interval of each night", bandX, bandY);
        band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
        band.setFillColor(new Color(main.getRed(), main.getGreen(), main.getBlue(), 50));
        band.setLineColor(new Color(main.getRed(), main.getGreen(), main.getBlue(), 0));
        band.setMarker(SeriesMarkers.NONE);
        if (f.levels().fleet()) {
            chart.getStyler().setLegendLayout(org.knowm.xchart.style.Styler.LegendLayout.Vertical); // a model's name is long: one a line
            byMachine(chart, f);
        } else {
            XYSeries values = chart.addSeries(ratio ? "paired ratio of each night" : "median of each night", x, y);
            values.setMarker(entries.size() <= MARKED_NIGHTS ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
            values.setLineColor(main);
            values.setMarkerColor(main);
        }
        if (!f.excursions().isEmpty()) {
            XYSeries out = chart.addSeries("a night the runner moved every cell (left out)", f.excursions().stream().map(e -> Date.from(e.night().started())).toList(),
                    f.excursions().stream().map(e -> e.measured().value()).toList());
            out.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            out.setMarker(SeriesMarkers.CROSS);
            out.setMarkerColor(new Color(0x7f, 0x7f, 0x7f));
        }
        levels(chart, s, f.changes());
        for (Change c : f.changes()) chart.addAnnotation(new AnnotationLine(between(s, c.index()).getTime(), true, false));
        chart.getStyler().setAnnotationLineColor(Color.BLACK);
        chart.getStyler().setAnnotationLineStroke(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 5f}, 0f));
        return new Figure(name(s), Figure.Section.TREND, caption(f, w), chart);
    }



    /**
     * A figure over a fleet: each night's value with its CPU model's level taken out, one marker and
     * colour per model (the legend names its level); a model whose level is not known yet is drawn
     * as measured, hollow.
     */
    private static void byMachine(XYChart chart, ChangeFinder.Finding f) {
        java.util.Map<String, List<Series.Entry>> placed = new java.util.LinkedHashMap<>();
        for (Series.Entry e : f.series().entries()) placed.computeIfAbsent(dev.jdkmatrix.history.Levels.machine(e.night()), k -> new ArrayList<>()).add(e);
        java.util.Map<String, List<Series.Entry>> unplaced = new java.util.LinkedHashMap<>();
        for (Series.Entry e : f.levels().unplaced()) unplaced.computeIfAbsent(dev.jdkmatrix.history.Levels.machine(e.night()), k -> new ArrayList<>()).add(e);
        int i = 0;
        for (var level : f.levels().machines().values()) {
            boolean known = placed.containsKey(level.machine());
            List<Series.Entry> entries = known ? placed.get(level.machine()) : unplaced.get(level.machine());
            if (entries == null) continue;
            String name = level.machine() + (known ? String.format(Locale.ROOT, " (level %.3fx, %d nights)", level.factor(), level.nights())
                    : " (as measured: level not known yet)");
            XYSeries m = chart.addSeries(name, entries.stream().map(e -> Date.from(e.night().started())).toList(),
                    entries.stream().map(e -> e.measured().value()).toList());
            m.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            m.setMarker(JdkColours.MARKERS[i % JdkColours.MARKERS.length]);
            // a CPU model is neither a JDK nor an executor: a grey and a marker of its own (no JDK's colour reads as a machine)
            m.setMarkerColor(known ? JdkColours.GREYS[i % JdkColours.GREYS.length] : new Color(0xB0, 0xB0, 0xB0));
            if (!known) m.setMarker(SeriesMarkers.CROSS);
            i++;
        }
    }

    /**
     * The colour a figure's nights are drawn in: a cell's its JDK's, as on every chart of the gallery ({@link JdkColours}); a
     * comparison's (two JDKs, or two executors on one) a grey. The levels and the changes are black.
     */
    static Color colour(Series s) {
        if (s.key().kind().equals("comparison") || s.newest().jdks().size() != 1) return JdkColours.GREYS[1];
        return JdkColours.of(s.newest().jdks().iterator().next());
    }

    /**
     * A cell's id, or for a comparison what it compares and the cells' common part:
     * {@code jdk 21 -> 25: cpu-hash(iterations=1000000) fixed:cpus tasks=100 cpus=1 mem=512m}.
     */
    static String title(Series s) {
        if (!(s.key() instanceof dev.jdkmatrix.history.FigureKey.Pair p)) return s.key().label();
        List<String> a = List.of(p.cellA().split(" "));
        List<String> b = List.of(p.cellB().split(" "));
        List<String> common = a.stream().filter(b::contains).toList();
        return s.newest().compared() + ": " + String.join(" ", common);
    }

    /** The level of each segment between changes (geometric mean of its nights), drawn as a step that rises or falls at each change's line. */
    private static void levels(XYChart chart, Series s, List<Change> changes) {
        if (changes.isEmpty()) return;
        List<Date> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        int from = 0;
        List<Integer> bounds = new ArrayList<>(changes.stream().map(Change::index).sorted().toList());
        bounds.add(s.entries().size());
        for (int to : bounds) {
            double sum = 0;
            for (int i = from; i < to; i++) sum += Math.log(s.entries().get(i).measured().value());
            double level = Math.exp(sum / (to - from));
            x.add(from == 0 ? Date.from(s.entries().get(0).night().started()) : between(s, from));
            y.add(level);
            x.add(to == s.entries().size() ? Date.from(s.entries().get(to - 1).night().started()) : between(s, to));
            y.add(level);
            from = to;
        }
        XYSeries step = chart.addSeries("level between changes", x, y);
        step.setMarker(SeriesMarkers.NONE);
        step.setLineColor(Color.BLACK);
        step.setLineStyle(new BasicStroke(2.5f));
    }

    /** Half way between night {@code index} - 1 and night {@code index}: where a change's line is drawn. */
    private static Date between(Series s, int index) {
        return new Date((s.entries().get(index - 1).night().started().toEpochMilli() + s.entries().get(index).night().started().toEpochMilli()) / 2);
    }

    static String caption(ChangeFinder.Finding f, Watch w) {
        Series s = f.series();
        StringBuilder b = new StringBuilder();
        b.append(s.key().kind().equals("comparison") ? "Paired ratio b / a (" + s.newest().compared() + ") of " + s.key().label() : "Median of " + s.key().label())
                .append(", ").append(s.newest().higherIsBetter() ? "higher" : "lower").append(" is better, over ").append(f.nights())
                .append(" nights of ").append(s.runnerClass()).append(". ");
        if (f.levels().fleet()) b.append("Each night drawn with its CPU model's level taken out, one marker per model: ").append(f.levels().text()).append(". ");
        if (!f.excursions().isEmpty()) b.append(f.excursions().size()).append(" night(s) the runner moved every cell left out of the search (crosses). ");
        if (!f.examined()) b.append(f.note()).append(". ");
        else if (f.changes().isEmpty()) b.append("No change found. ");
        for (Change c : f.changes()) {
            b.append(c.status() == Change.Status.CONFIRMED ? "Change" : "Suspected change").append(" from night ").append(c.after().date())
                    .append(" (").append(c.after().runId()).append("): ").append(c.sizeText()).append(", a ").append(c.direction())
                    .append(String.format(Locale.ROOT, ", p %.2g; ", c.pValue())).append(c.whatChangedText())
                    .append(c.byMachine().isEmpty() ? "" : "; " + c.byMachine()).append(". ");
        }
        if (w != null) b.append("Night-to-night spread ").append(String.format(Locale.ROOT, "%.1f %%", w.spread() * 100)).append(": ").append(w.advice()).append('.');
        return b.toString();
    }
}
