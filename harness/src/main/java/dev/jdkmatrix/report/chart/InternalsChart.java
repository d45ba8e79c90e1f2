package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.results.SummaryFigure.GC_PAUSE_MAX_MS_MEDIAN;
import static dev.jdkmatrix.results.SummaryFigure.GC_PAUSE_MS_MEDIAN;
import static dev.jdkmatrix.results.SummaryFigure.JIT_MS_MEDIAN;
import static dev.jdkmatrix.results.SummaryFigure.SAFEPOINT_MS_MEDIAN;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * What the JVM spent inside a run (raw.csv's internals columns, {@code jvm-internals}): per
 * workload, the GC pauses' total per run by executor, tasks and CPU limit, a bar per JDK (medians
 * over the runs); the caption gives each JDK's range of GC pause time, its longest pause, time at
 * safepoints and JIT compilation time.
 */
public final class InternalsChart implements ChartKind {

    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        List<CellSummary> with = in.measured().stream().filter(c -> Double.isFinite(c.figure(GC_PAUSE_MS_MEDIAN))).toList();
        for (List<CellSummary> g : groups(with, c -> key(CellText.shape(c), c.benchmark(), c.memory(), c.jvmArgs()))) {
            CellSummary f = g.get(0);
            List<String> slots = distinct(g, InternalsChart::slot);
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(in.title(f, ": GC pause time per run by JDK, memory limit " + f.memory()))
                    .xAxisTitle(axis(f.builtin() ? "executor | tasks | CPU limit" : "CPU limit", g, "median over the runs, no interval"))
                    .yAxisTitle("GC pauses per run (ms)").build();
            style(chart);
            chart.getStyler().setYAxisMin(0.0);
            rotateIfCrowded(chart.getStyler(), slots);
            double top = 0;
            for (String jdk : jdks(g)) {
                List<Double> y = new ArrayList<>();
                for (String slot : slots) {
                    CellSummary c = g.stream().filter(x -> x.jdk().equals(jdk) && slot(x).equals(slot)).findFirst().orElse(null);
                    y.add(c == null ? null : c.figure(GC_PAUSE_MS_MEDIAN));
                    if (c != null) top = Math.max(top, c.figure(GC_PAUSE_MS_MEDIAN));
                }
                JdkColours.paint(chart.addSeries("JDK " + jdk, slots, y), jdk);
            }
            // room above the bars, and an axis when no run paused at all
            chart.getStyler().setYAxisMax(top > 0 ? top * 1.15 : 1.0);
            out.add(new Figure(in.name("internals", CellText.shape(f), f.benchmark(), f.memory()), Figure.Section.INTERNALS, named(f, chart, caption(g)), chart));
        }
        return out;
    }

    /** A bar's place: executor, tasks and CPU limit of a built-in cell, the CPU limit of another. */
    static String slot(CellSummary c) {
        return c.builtin() ? c.executor() + " | " + c.tasks() + " | " + CellText.cpuText(c) : CellText.cpuText(c);
    }

    /** Per JDK: the range over the chart's cells of each internal's median per run. */
    static String caption(List<CellSummary> g) {
        List<String> parts = new ArrayList<>();
        for (String jdk : jdks(g)) {
            List<CellSummary> of = g.stream().filter(c -> c.jdk().equals(jdk)).toList();
            parts.add("JDK " + jdk + ": GC pauses " + range(of, c -> c.figure(GC_PAUSE_MS_MEDIAN)) + " per run (longest single pause " + range(of, c -> c.figure(GC_PAUSE_MAX_MS_MEDIAN))
                    + "), time at safepoints " + range(of, c -> c.figure(SAFEPOINT_MS_MEDIAN)) + ", JIT compilation " + range(of, c -> c.figure(JIT_MS_MEDIAN)));
        }
        return String.join("; ", parts) + " - medians of n=" + g.stream().mapToInt(CellSummary::n).min().orElse(0)
                + " runs per cell, from each JVM's GC log and its counters saved at exit.";
    }

    static String range(List<CellSummary> cells, ToDoubleFunction<CellSummary> f) {
        double lo = cells.stream().mapToDouble(f).filter(Double::isFinite).min().orElse(Double.NaN);
        double hi = cells.stream().mapToDouble(f).filter(Double::isFinite).max().orElse(Double.NaN);
        if (!Double.isFinite(lo)) return "not recorded";
        return lo == hi ? ms(lo) : ms(lo) + " to " + ms(hi);
    }

    static String ms(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%,.0f ms" : "%.1f ms", v);
    }
}
