package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;
import static dev.jdkmatrix.report.chart.JdkNotes.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** Median wall time by executor and CPU limit, a bar per JDK, per workload shape and task count. */
public final class WallChart implements ChartKind {

    /**
     * Per workload shape and task count: bars of the median by executor and CPU limit, a series per
     * JDK. Every CPU limit in one chart: a reader compares JDKs (side by side), CPU limits (the next
     * group) and executors (further along) at a glance, in one chart where a chart per limit and a
     * scaling line per JDK through two limits made four (two JDKs, two limits).
     */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        for (List<CellSummary> g : groups(in.measured(), c -> key(CellText.shape(c), c.tasks(), c.memory(), c.jvmArgs()))) {
            CellSummary f = g.get(0);
            List<String> limits = cpuTexts(g);
            boolean several = limits.size() > 1;
            List<String> executors = distinct(g, CellSummary::executor);
            List<String[]> slots = new ArrayList<>(); // {executor, CPU limit}, the categories in order
            for (String e : executors) {
                for (String l : limits) {
                    if (g.stream().anyMatch(c -> c.executor().equals(e) && CellText.cpuText(c).equals(l))) slots.add(new String[] {e, l});
                }
            }
            List<String> cats = slots.stream().map(s -> several ? s[0] + " | " + s[1] : s[0]).toList();
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(in.title(f, ", " + f.tasks() + " tasks: median wall time, " + limitsText(g)))
                    .xAxisTitle(axis(several ? "executor | CPU limit" : "executor", g, "interval: " + ciText(g)))
                    .yAxisTitle("median wall time (ms)").build();
            style(chart);
            rotateIfCrowded(chart.getStyler(), cats);
            logIfWide(chart.getStyler(), g.stream().mapToDouble(CellSummary::median).toArray());
            IntervalMarks marks = IntervalMarks.on(chart);
            for (String jdk : jdks(g)) {
                List<Double> y = new ArrayList<>();
                List<IntervalMarks.Interval> iv = new ArrayList<>();
                for (String[] s : slots) {
                    CellSummary c = g.stream().filter(x -> x.executor().equals(s[0]) && CellText.cpuText(x).equals(s[1]) && x.jdk().equals(jdk)).findFirst().orElse(null);
                    y.add(c == null ? null : c.median());
                    iv.add(c == null ? null : CellText.interval(c));
                }
                JdkColours.paint(chart.addSeries("JDK " + jdk, cats, y), jdk);
                marks.add(iv);
            }
            jdkNote(chart, g);
            out.add(new Figure(in.name("wall", CellText.shape(f), f.tasks() + "t", several ? "" : CellText.cpuTag(f)), Figure.Section.WALL, named(f, chart, wallCaption(g)), chart));
        }
        return out;
    }

    /** Per CPU limit and JDK: the fastest executor and how much faster than the slowest. */
    private static String wallCaption(List<CellSummary> g) {
        List<String> limits = cpuTexts(g);
        List<String> perLimit = new ArrayList<>();
        for (String limit : limits) {
            List<CellSummary> at = g.stream().filter(c -> CellText.cpuText(c).equals(limit)).toList();
            List<String> parts = new ArrayList<>();
            for (String jdk : jdks(at)) {
                List<CellSummary> j = at.stream().filter(c -> c.jdk().equals(jdk)).sorted(Comparator.comparingDouble(CellSummary::median)).toList();
                if (j.size() < 2) {
                    parts.add("JDK " + jdk + ": " + j.get(0).executor() + " " + ms(j.get(0).median()) + " (n=" + j.get(0).n() + ")");
                    continue;
                }
                CellSummary best = j.get(0);
                CellSummary worst = j.get(j.size() - 1);
                parts.add("JDK " + jdk + ": " + best.executor() + " fastest at " + ms(best.median()) + ", " + times(worst.median() / best.median())
                        + " faster than " + worst.executor() + " (" + ms(worst.median()) + ")" + nText(best, worst));
            }
            perLimit.add((limits.size() > 1 ? limit + " - " : "") + String.join("; ", parts));
        }
        return String.join(". ", perLimit) + (limits.size() > 1 ? ". Memory " + g.get(0).memory() : " - " + limits(g.get(0))) + ".";
    }
}
