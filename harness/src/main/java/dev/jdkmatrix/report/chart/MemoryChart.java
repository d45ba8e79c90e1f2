package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.results.SummaryFigure.CGROUP_PEAK_BYTES_MEDIAN;
import static dev.jdkmatrix.results.SummaryFigure.HEAP_PEAK_BYTES_MEDIAN;
import static dev.jdkmatrix.results.SummaryFigure.RSS_PEAK_BYTES_MEDIAN;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;
import static dev.jdkmatrix.report.chart.JdkNotes.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** Heap peak, peak RSS and container peak per workload shape and task count. */
public final class MemoryChart implements ChartKind {

    /** Per workload shape and task count: heap peak, peak RSS and container peak by executor, JDK and CPU limit. */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        for (List<CellSummary> g : groups(in.measured(), c -> key(CellText.shape(c), c.tasks(), c.memory(), c.jvmArgs()))) {
            boolean any = g.stream().anyMatch(c -> Double.isFinite(c.figure(HEAP_PEAK_BYTES_MEDIAN)) || Double.isFinite(c.figure(RSS_PEAK_BYTES_MEDIAN)) || Double.isFinite(c.figure(CGROUP_PEAK_BYTES_MEDIAN)));
            if (!any) continue;
            CellSummary f = g.get(0);
            List<String> cats = g.stream().map(c -> c.executor() + " | JDK " + c.jdk() + " | " + CellText.cpuText(c)).toList();
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(in.title(f, ", " + f.tasks() + " tasks: memory (median per run), memory limit " + f.memory()))
                    .xAxisTitle(axis("executor | JDK | CPU limit", g, "")).yAxisTitle("MiB").build();
            style(chart);
            rotateIfCrowded(chart.getStyler(), cats);
            // the peaks are neither JDKs nor executors: greys, so that no JDK's colour reads as a peak here
            JdkColours.paintGrey(chart.addSeries("heap peak", cats, g.stream().map(c -> mib(c.figure(HEAP_PEAK_BYTES_MEDIAN))).toList()), 0);
            JdkColours.paintGrey(chart.addSeries("peak RSS (VmHWM)", cats, g.stream().map(c -> mib(c.figure(RSS_PEAK_BYTES_MEDIAN))).toList()), 1);
            JdkColours.paintGrey(chart.addSeries("container peak (cgroup)", cats, g.stream().map(c -> mib(c.figure(CGROUP_PEAK_BYTES_MEDIAN))).toList()), 2);
            CellSummary hi = g.stream().filter(c -> Double.isFinite(c.figure(CGROUP_PEAK_BYTES_MEDIAN))).max(Comparator.comparingDouble(c -> c.figure(CGROUP_PEAK_BYTES_MEDIAN))).orElse(null);
            CellSummary lo = g.stream().filter(c -> Double.isFinite(c.figure(CGROUP_PEAK_BYTES_MEDIAN))).min(Comparator.comparingDouble(c -> c.figure(CGROUP_PEAK_BYTES_MEDIAN))).orElse(null);
            String caption = hi == null ? "no container peak was recorded for these cells."
                    : "highest container peak " + mibText(hi.figure(CGROUP_PEAK_BYTES_MEDIAN)) + " (" + hi.executor() + ", JDK " + hi.jdk() + ", " + CellText.cpuText(hi)
                    + "), lowest " + mibText(lo.figure(CGROUP_PEAK_BYTES_MEDIAN)) + " (" + lo.executor() + ", JDK " + lo.jdk() + ", " + CellText.cpuText(lo) + ")"
                    + nText(hi, lo) + ", memory limit " + f.memory() + ".";
            out.add(new Figure(in.name("memory", CellText.shape(f), f.tasks() + "t"), Figure.Section.MEMORY, named(f, chart, caption), chart));
        }
        return out;
    }
}
