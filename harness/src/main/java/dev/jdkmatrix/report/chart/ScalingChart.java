package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;
import static dev.jdkmatrix.report.chart.JdkNotes.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Median wall time against task count, and against CPU limit from three limits on, a line per executor. */
public final class ScalingChart implements ChartKind {

    /**
     * Wall time against task count, and against CPU limit: a line per executor. A line by CPU limit
     * needs three limits: with two, the wall chart already stands them side by side.
     */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        for (List<CellSummary> g : groups(in.measured(), c -> key(CellText.shape(c), c.jdk(), c.cpus(), c.cpuMode(), c.memory(), c.jvmArgs()))) {
            if (g.stream().map(CellSummary::tasks).distinct().count() < 2) continue;
            CellSummary f = g.get(0);
            XYChart chart = line(in, "JDK " + f.jdk() + ", " + in.title(f, ": median wall time by task count, " + limits(f)),
                    axis("tasks", g, "interval: " + ciText(g)), g, c -> (double) c.tasks());
            out.add(new Figure(in.name("scaling-tasks", CellText.shape(f), "jdk" + f.jdk(), CellText.cpuTag(f)), Figure.Section.SCALING,
                    named(f, chart, growthCaption(g, CellSummary::tasks, "tasks") + " - JDK " + f.jdk() + ", " + limits(f) + "."), chart));
        }
        for (List<CellSummary> g : groups(in.measured(), c -> key(CellText.shape(c), c.jdk(), c.tasks(), c.cpuMode(), c.memory(), c.jvmArgs()))) {
            if (g.stream().map(CellSummary::cpus).distinct().count() < SCALING_POINTS) continue;
            CellSummary f = g.get(0);
            XYChart chart = line(in, "JDK " + f.jdk() + ", " + in.title(f, ", " + f.tasks() + " tasks: median wall time by CPU limit, memory " + f.memory()),
                    axis("CPU limit (CPUs)", g, "interval: " + ciText(g)), g, c -> c.cpus().value());
            out.add(new Figure(in.name("scaling-cpus", CellText.shape(f), f.tasks() + "t", "jdk" + f.jdk()), Figure.Section.SCALING,
                    named(f, chart, growthCaption(g, c -> c.cpus().value(), "CPUs") + " - JDK " + f.jdk() + ", " + f.tasks() + " tasks."), chart));
        }
        return out;
    }

    /** CPU limits a scaling line needs before it says more than the wall chart, which holds every limit. */
    static final int SCALING_POINTS = 3;

    private XYChart line(ChartCells in, String title, String xTitle, List<CellSummary> g, Function<CellSummary, Double> x) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle("median wall time (ms)").build();
        style(chart);
        chart.getStyler().setMarkerSize(10);
        boolean log = logIfWide(chart.getStyler(), g.stream().mapToDouble(CellSummary::median).toArray());
        List<List<CellSummary>> intervals = new ArrayList<>();
        for (String e : distinct(g, CellSummary::executor)) {
            List<CellSummary> line = g.stream().filter(c -> c.executor().equals(e)).sorted(Comparator.comparing(x)).toList();
            XYSeries s = JdkColours.paintIn(chart.addSeries(e, line.stream().map(x).toList(), line.stream().map(CellSummary::median).toList()), in.executorColours().get(e));
            s.setMarker(SeriesMarkers.CIRCLE);
            intervals.add(line);
        }
        // each point's interval from its low to its high end, in its line's colour: its executor's, the same on every chart
        for (int i = 0; i < intervals.size(); i++) {
            for (CellSummary c : intervals.get(i)) {
                if (!CellText.interval(c).drawn() || (log && c.ciLow() <= 0)) continue;
                XYSeries iv = chart.addSeries("interval " + i + " " + c.cell(), new double[] {x.apply(c), x.apply(c)}, new double[] {c.ciLow(), c.ciHigh()});
                iv.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                iv.setMarker(SeriesMarkers.NONE);
                iv.setLineColor(in.executorColours().get(c.executor()));
                iv.setLineWidth(2f);
                iv.setShowInLegend(false);
            }
        }
        double[] xs = g.stream().mapToDouble(x::apply).toArray();
        if (span(xs) > LOG_SPAN) chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setXAxisDecimalPattern("#,##0.##"); // 10,000 tasks, not 1E4
        return chart;
    }

    private static <T extends Comparable<T>> String growthCaption(List<CellSummary> g, Function<CellSummary, T> x, String unit) {
        List<String> parts = new ArrayList<>();
        for (String e : distinct(g, CellSummary::executor)) {
            List<CellSummary> line = g.stream().filter(c -> c.executor().equals(e)).sorted(Comparator.comparing(x)).toList();
            if (line.size() < 2) continue;
            CellSummary a = line.get(0);
            CellSummary b = line.get(line.size() - 1);
            parts.add(e + " " + ms(a.median()) + " -> " + ms(b.median()) + " (" + times(b.median() / a.median()) + ")");
        }
        List<T> xs = g.stream().map(x).sorted().distinct().toList();
        int nMin = g.stream().mapToInt(CellSummary::n).min().orElse(0);
        int nMax = g.stream().mapToInt(CellSummary::n).max().orElse(0);
        return "from " + num(xs.get(0)) + " to " + num(xs.get(xs.size() - 1)) + " " + unit + ": " + String.join(", ", parts)
                + " (n=" + (nMin == nMax ? nMin : nMin + "-" + nMax) + " per point)";
    }
}
