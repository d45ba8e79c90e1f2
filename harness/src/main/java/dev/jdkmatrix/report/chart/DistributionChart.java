package dev.jdkmatrix.report.chart;

import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;
import static dev.jdkmatrix.report.chart.JdkNotes.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.BoxChart;
import org.knowm.xchart.BoxChartBuilder;

/** Box plots of each cell's measured repetitions, per workload shape and task count. */
public final class DistributionChart implements ChartKind {

    /**
     * Box plots of each cell's measured repetitions, per workload shape and task count: a box per
     * executor, JDK and CPU limit, in the wall chart's order.
     */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        for (List<CellStat> g : groups(in.measured(), c -> key(c.shape(), c.tasks(), c.memory(), c.jvmArgs()))) {
            List<String> executors = distinct(g, CellStat::executor);
            List<String> jdks = jdks(g);
            List<String> limits = cpuTexts(g);
            boolean several = limits.size() > 1;
            List<CellStat> withRuns = g.stream().filter(c -> !c.walls().isEmpty())
                    .sorted(Comparator.comparingInt((CellStat c) -> executors.indexOf(c.executor()))
                            .thenComparingInt(c -> limits.indexOf(c.cpuText())).thenComparingInt(c -> jdks.indexOf(c.jdk())))
                    .toList();
            if (withRuns.isEmpty()) continue;
            CellStat f = g.get(0);
            BoxChart chart = new BoxChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(in.title(f, ", " + f.tasks() + " tasks: wall time of each repetition, " + limitsText(g)))
                    .xAxisTitle(axis("executor" + (several ? " | CPU limit" : "") + (jdks.size() == 1 ? "" : " | JDK") + " (box: quartiles, whiskers: <= 1.5 IQR, dots: beyond)", withRuns, ""))
                    .yAxisTitle("wall time (ms)").build();
            style(chart);
            boolean oneJdk = jdks.size() == 1;
            List<String> labels = withRuns.stream().map(c -> c.executor() + (several ? " | " + c.cpuText() : "") + (oneJdk ? "" : " | JDK " + c.jdk())).toList();
            for (int i = 0; i < withRuns.size(); i++) chart.addSeries(labels.get(i), withRuns.get(i).walls().stream().mapToDouble(Double::doubleValue).toArray());
            boxesFit(chart.getStyler(), labels.size());
            rotateIfCrowded(chart.getStyler(), labels);
            chart.getStyler().setLegendVisible(false);
            logIfWide(chart.getStyler(), withRuns.stream().flatMap(c -> c.walls().stream()).mapToDouble(Double::doubleValue).toArray());
            CellStat widest = withRuns.stream().max(Comparator.comparingDouble(c -> Double.isFinite(c.cv()) ? c.cv() : -1)).orElseThrow();
            long noisy = withRuns.stream().filter(CellStat::noisy).count();
            String caption = "widest spread: " + widest.executor() + " on JDK " + widest.jdk() + (several ? " at " + widest.cpuText() : "")
                    + ", CV " + pct(widest.cv()) + " (n=" + widest.n() + "); "
                    + noisy + " of " + withRuns.size() + " cells noisy (CV above 5%) - " + limitsText(g)
                    + ". Box: the quartiles; whiskers: 1.5 IQR past the box's edges, or to the extreme run where that is nearer; dots: runs beyond the whiskers.";
            out.add(new Figure(in.name("dist", f.shape(), f.tasks() + "t", several ? "" : f.cpuTag()), Figure.Section.DISTRIBUTION, named(f, chart, caption), chart));
        }
        return out;
    }
}
