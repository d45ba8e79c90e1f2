package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;
import static dev.jdkmatrix.report.chart.JdkNotes.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.XYChart;

/** The speedup of virtual threads over each baseline executor, per JDK: a point and its interval per workload shape. */
public final class SpeedupChart implements ChartKind {

    /**
     * One speedup: a baseline executor's figure over virtual's, same shape, JDK and limits, with its
     * interval. {@code paired}: from their runs paired by round (the comparison's Hodges-Lehmann
     * ratio and signed-rank interval); else the ratio of the medians, the interval from the
     * baseline's interval over the virtual one's.
     */
    public record Ratio(String shape, String baseline, double value, double low, double high, boolean paired, CellSummary base, CellSummary virt) {}

    /** The speedups of virtual threads on one JDK. */
    public static List<Ratio> ratios(ChartCells in, String jdk) {
        List<Ratio> ratios = new ArrayList<>();
        List<CellSummary> onJdk = in.measured().stream().filter(c -> c.jdk().equals(jdk)).toList();
        for (List<CellSummary> g : groups(onJdk, c -> key(CellText.shape(c), c.tasks(), c.cpus(), c.cpuMode(), c.memory(), c.jvmArgs()))) {
            CellSummary v = g.stream().filter(c -> c.executor().equals(VIRTUAL)).findFirst().orElse(null);
            if (v == null) continue;
            for (CellSummary b : g) {
                if (b == v) continue;
                String shape = in.shortShape(g.get(0)) + " " + g.get(0).tasks() + "t " + CellText.cpuText(g.get(0));
                var paired = in.pairedRatio(b, v);
                ratios.add(paired.isPresent() ? new Ratio(shape, b.executor(), paired.get().ratio(), paired.get().low(), paired.get().high(), true, b, v)
                        : new Ratio(shape, b.executor(), b.median() / v.median(), b.ciLow() / v.ciHigh(), b.ciHigh() / v.ciLow(), false, b, v));
            }
        }
        return ratios;
    }

    /**
     * Baseline executor / virtual, per JDK: a row per workload shape, task count, CPU limit and
     * baseline, with the ratio as a point and its interval as a line ({@link RatioPlot}).
     */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        for (String jdk : jdks(in.measured())) {
            List<Ratio> ratios = ratios(in, jdk);
            if (ratios.isEmpty()) continue;
            List<String> shapes = ratios.stream().map(Ratio::shape).distinct().toList();
            List<String> baselines = ratios.stream().map(Ratio::baseline).distinct().toList();
            List<Ratio> rows = new ArrayList<>();
            for (String s : shapes) {
                for (String b : baselines) ratios.stream().filter(r -> r.shape().equals(s) && r.baseline().equals(b)).findFirst().ifPresent(rows::add);
            }
            List<CellSummary> involved = ratios.stream().flatMap(r -> java.util.stream.Stream.of(r.base(), r.virt())).toList();
            long paired = ratios.stream().filter(Ratio::paired).count();
            String how = paired == ratios.size() ? "runs paired by round" : paired == 0 ? "medians" : "runs paired by round where they were";
            List<RatioPlot.Row> plotted = rows.stream().map(r -> new RatioPlot.Row(r.shape() + "  vs " + r.baseline(), "vs " + r.baseline(), r.value(), r.low(), r.high())).toList();
            XYChart chart = RatioPlot.draw("JDK " + jdk + ": speedup of virtual threads (baseline / virtual, " + how + ")",
                    axis("speedup" + RatioPlot.scale(plotted) + " (right of 1x: virtual faster; line: interval" + RatioPlot.clipNote(plotted) + ")", involved, ""), plotted, RatioPlot.executors(in.executorColours())); // a baseline executor its colour on every chart
            Ratio top = ratios.stream().max(Comparator.comparingDouble(Ratio::value)).orElseThrow();
            Ratio low = ratios.stream().min(Comparator.comparingDouble(Ratio::value)).orElseThrow();
            String what = paired == ratios.size() ? "Points: the ratio of the runs paired by round (Hodges-Lehmann); lines: its signed-rank interval"
                    : paired == 0 ? "Points: the ratio of the medians; lines: its interval (the baseline's over the virtual one's)"
                    : "Points: the ratio of the runs paired by round (" + paired + " of " + ratios.size() + " rows; the others: of the medians); lines: their intervals";
            String caption = "virtual " + times(top.value()) + " faster than " + top.baseline() + " on JDK " + jdk + ", " + top.shape()
                    + nText(top.base(), top.virt()) + (ratios.size() > 1 ? "; least: " + times(low.value()) + " against " + low.baseline()
                    + " (" + low.shape() + ")" : "") + ". " + what + "; dashed: 1x, no difference.";
            out.add(new Figure(in.name("speedup", "jdk" + jdk), Figure.Section.SPEEDUP, caption, chart));
        }
        return out;
    }
}
