package dev.jdkmatrix.report.chart;

import static dev.jdkmatrix.results.SummaryFigure.PINNED_EVENTS_MEDIAN;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;
import static dev.jdkmatrix.report.chart.JdkNotes.*;

import dev.jdkmatrix.workloads.Descriptor;
import java.awt.Font;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** The pinning workload before and after JEP 491: wall time by lock and JDK, with JFR's pinned-event counts. */
public final class PinningChart implements ChartKind {

    /**
     * The pinning workload: JDK x lock, wall time with the pinned-event counts that JFR recorded
     * written on the bars' labels, and the JEP 491 marker.
     */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        List<CellStat> pin = in.measured().stream().filter(c -> c.has(Descriptor.Trait.PINNING)).toList();
        for (List<CellStat> g : groups(pin, c -> key(c.paramsWithout("lock"), c.executor(), c.tasks(), c.cpus(), c.cpuMode(), c.memory(), c.jvmArgs()))) {
            CellStat f = g.get(0);
            List<CellStat> sorted = g.stream().sorted(Comparator.comparing((CellStat c) -> jdkOrder(c.jdk())).thenComparing(c -> c.param("lock"))).toList();
            List<String> jdks = sorted.stream().map(CellStat::jdk).distinct().toList();
            List<String> locks = sorted.stream().map(c -> c.param("lock")).distinct().sorted().toList();
            // a category per lock, a bar per JDK; the pinned counts of every JDK go in the lock's label
            List<String> cats = locks.stream().map(l -> l + " (" + jdks.stream().map(j -> {
                CellStat c = cellOf(sorted, j, l);
                return j + ": " + (c == null ? "-" : pinnedCount(c));
            }).collect(Collectors.joining(" | ")) + ")").toList();
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title("Pinning: " + f.tasks() + " virtual threads each hold a lock for " + f.param("hold-ms") + " ms, " + limits(f))
                    .xAxisTitle(axis("lock (JFR pinned events per run, threshold 0)", g, "interval: " + ciText(g)))
                    .yAxisTitle("median wall time (ms)").build();
            style(chart);
            logIfWide(chart.getStyler(), sorted.stream().mapToDouble(CellStat::median).toArray());
            IntervalMarks marks = IntervalMarks.on(chart);
            for (String j : jdks) {
                List<CellStat> row = locks.stream().map(l -> cellOf(sorted, j, l)).toList();
                JdkColours.paint(chart.addSeries("JDK " + j, cats, row.stream().map(c -> c == null ? null : c.median()).toList()), j);
                marks.add(row.stream().map(c -> c == null ? null : c.interval()).toList());
            }
            chart.getStyler().setLabelsVisible(true);
            chart.getStyler().setYAxisDecimalPattern("#,##0");
            chart.getStyler().setLabelsFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
            jdkNote(chart, g);
            out.add(new Figure(in.name("pinning", f.paramsWithout("lock"), f.tasks() + "t", f.cpuTag()), Figure.Section.PINNING, pinningCaption(sorted), chart));
        }
        return out;
    }

    private static CellStat cellOf(List<CellStat> g, String jdk, String lock) {
        return g.stream().filter(c -> c.jdk().equals(jdk) && c.param("lock").equals(lock)).findFirst().orElse(null);
    }

    private static String pinnedCount(CellStat c) {
        return Double.isFinite(c.figure(PINNED_EVENTS_MEDIAN)) ? String.format(Locale.ROOT, "%,.0f", c.figure(PINNED_EVENTS_MEDIAN)) : "no JFR";
    }

    private static String pinnedText(CellStat c) {
        return Double.isFinite(c.figure(PINNED_EVENTS_MEDIAN)) ? pinnedCount(c) + " pinned" : "no JFR";
    }

    private static String pinningCaption(List<CellStat> g) {
        CellStat old = g.stream().filter(c -> c.param("lock").equals("synchronized") && jdkOrder(c.jdk()) < JEP_491_JDK).findFirst().orElse(null);
        CellStat neu = g.stream().filter(c -> c.param("lock").equals("synchronized") && jdkOrder(c.jdk()) >= JEP_491_JDK).findFirst().orElse(null);
        String counts = g.stream().map(c -> "JDK " + c.jdk() + " " + c.param("lock") + " " + pinnedText(c)).collect(Collectors.joining(", "));
        if (old == null || neu == null) return "pinned events per run (median): " + counts + " - " + limits(g.get(0)) + ".";
        return "synchronized: JDK " + old.jdk() + " " + ms(old.median()) + " vs JDK " + neu.jdk() + " " + ms(neu.median()) + ", "
                + times(old.median() / neu.median()) + " slower before JEP 491" + nText(old, neu) + "; pinned events per run (median): " + counts
                + " - " + limits(g.get(0)) + ".";
    }
}
