package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
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
        List<CellSummary> pin = in.measured().stream().filter(c -> CellText.has(c, Descriptor.Trait.PINNING)).toList();
        for (List<CellSummary> g : groups(pin, c -> key(CellText.paramsWithout(c, "lock"), c.executor(), c.tasks(), c.cpus(), c.cpuMode(), c.memory(), c.jvmArgs()))) {
            CellSummary f = g.get(0);
            List<CellSummary> sorted = g.stream().sorted(Comparator.comparing((CellSummary c) -> jdkOrder(c.jdk())).thenComparing(c -> CellText.param(c, "lock"))).toList();
            List<String> jdks = sorted.stream().map(CellSummary::jdk).distinct().toList();
            List<String> locks = sorted.stream().map(c -> CellText.param(c, "lock")).distinct().sorted().toList();
            // a category per lock, a bar per JDK; the pinned counts of every JDK go in the lock's label
            List<String> cats = locks.stream().map(l -> l + " (" + jdks.stream().map(j -> {
                CellSummary c = cellOf(sorted, j, l);
                return j + ": " + (c == null ? "-" : pinnedCount(c));
            }).collect(Collectors.joining(" | ")) + ")").toList();
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title("Pinning: " + f.tasks() + " virtual threads each hold a lock for " + CellText.param(f, "hold-ms") + " ms, " + limits(f))
                    .xAxisTitle(axis("lock (JFR pinned events per run, threshold 0)", g, "interval: " + ciText(g)))
                    .yAxisTitle("median wall time (ms)").build();
            style(chart);
            logIfWide(chart.getStyler(), sorted.stream().mapToDouble(CellSummary::median).toArray());
            IntervalMarks marks = IntervalMarks.on(chart);
            for (String j : jdks) {
                List<CellSummary> row = locks.stream().map(l -> cellOf(sorted, j, l)).toList();
                JdkColours.paint(chart.addSeries("JDK " + j, cats, row.stream().map(c -> c == null ? null : c.median()).toList()), j);
                marks.add(row.stream().map(c -> c == null ? null : CellText.interval(c)).toList());
            }
            chart.getStyler().setLabelsVisible(true);
            chart.getStyler().setYAxisDecimalPattern("#,##0");
            chart.getStyler().setLabelsFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
            jdkNote(chart, g);
            out.add(new Figure(in.name("pinning", CellText.paramsWithout(f, "lock"), f.tasks() + "t", CellText.cpuTag(f)), Figure.Section.PINNING, pinningCaption(sorted), chart));
        }
        return out;
    }

    private static CellSummary cellOf(List<CellSummary> g, String jdk, String lock) {
        return g.stream().filter(c -> c.jdk().equals(jdk) && CellText.param(c, "lock").equals(lock)).findFirst().orElse(null);
    }

    private static String pinnedCount(CellSummary c) {
        return Double.isFinite(c.figure(PINNED_EVENTS_MEDIAN)) ? String.format(Locale.ROOT, "%,.0f", c.figure(PINNED_EVENTS_MEDIAN)) : "no JFR";
    }

    private static String pinnedText(CellSummary c) {
        return Double.isFinite(c.figure(PINNED_EVENTS_MEDIAN)) ? pinnedCount(c) + " pinned" : "no JFR";
    }

    private static String pinningCaption(List<CellSummary> g) {
        CellSummary old = g.stream().filter(c -> CellText.param(c, "lock").equals("synchronized") && jdkOrder(c.jdk()) < JEP_491_JDK).findFirst().orElse(null);
        CellSummary neu = g.stream().filter(c -> CellText.param(c, "lock").equals("synchronized") && jdkOrder(c.jdk()) >= JEP_491_JDK).findFirst().orElse(null);
        String counts = g.stream().map(c -> "JDK " + c.jdk() + " " + CellText.param(c, "lock") + " " + pinnedText(c)).collect(Collectors.joining(", "));
        if (old == null || neu == null) return "pinned events per run (median): " + counts + " - " + limits(g.get(0)) + ".";
        return "synchronized: JDK " + old.jdk() + " " + ms(old.median()) + " vs JDK " + neu.jdk() + " " + ms(neu.median()) + ", "
                + times(old.median() / neu.median()) + " slower before JEP 491" + nText(old, neu) + "; pinned events per run (median): " + counts
                + " - " + limits(g.get(0)) + ".";
    }
}
