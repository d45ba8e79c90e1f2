package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartStyle.*;
import static dev.jdkmatrix.report.chart.ChartText.*;
import static dev.jdkmatrix.report.chart.JdkNotes.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The user's jmh and jar cells: per benchmark (or jar), JMH mode and param set, the median score by
 * CPU limit, a bar per JDK; charts in the order of their benchmark's class.
 */
public final class ScoreChart implements ChartKind {

    /**
     * The user's jmh and jar cells: per benchmark (or jar), mode and param set, the median score of
     * the runs by CPU limit, a bar per JDK, with the interval of the median over the runs from its
     * low to its high end, and the unit (rescaled to read as 1 to 1,000: {@link ScoreUnit}, chosen
     * once for all the charts of a benchmark class in one stored unit) and direction on the axis. JMH's own within-run error goes in the caption. A benchmark run in
     * several modes (avgt, sample, ss all in us/op) has a chart per mode, its title naming it.
     */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        List<CellSummary> user = in.cells().stream().filter(c -> !c.builtin() && c.n() > 0 && Double.isFinite(c.score()))
                .sorted(Comparator.comparing(CellSummary::workload).thenComparing(CellText::benchmarkClass)).toList();
        // one shown unit per benchmark class (or jar) and stored unit, chosen once from all its scores: sibling charts read alike
        java.util.Map<List<Object>, ScoreUnit> units = new java.util.HashMap<>();
        for (List<CellSummary> cls : groups(user, ScoreChart::unitKey)) {
            units.put(unitKey(cls.get(0)), ScoreUnit.readable(cls.get(0).scoreUnit(), cls.stream().mapToDouble(CellSummary::score).toArray()));
        }
        for (List<CellSummary> g : groups(user, c -> key(CellText.scoreSubject(c), c.jmhMode(), c.params(), c.memory(), c.jvmArgs(), c.scoreUnit()))) {
            CellSummary f = g.get(0);
            List<String> cpus = g.stream().sorted(BY_CPU_LIMIT)
                    .map(CellText::cpuText).distinct().toList();
            String better = f.higherIsBetter() ? "higher is better" : "lower is better";
            ScoreUnit unit = units.get(unitKey(f));
            String mode = f.jmhMode().isEmpty() ? "" : ", " + CellText.modeText(f) + " (" + f.jmhMode() + ")";
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(CellText.scoreSubject(f) + (f.params().isEmpty() ? "" : " (" + CellText.paramsText(f) + ")") + mode + ": median score by CPU limit, memory " + f.memory())
                    .xAxisTitle(axis("CPU limit", g, "interval: " + ciText(g)))
                    .yAxisTitle("score (" + unit.unit() + (unit.rescaled() ? ", stored in " + f.scoreUnit() : "") + ", " + better + ")").build();
            style(chart);
            chart.getStyler().setYAxisMin(0.0);
            if (unit.scientific()) chart.getStyler().setYAxisDecimalPattern("0.0##E0");
            IntervalMarks marks = IntervalMarks.on(chart);
            for (String jdk : jdks(g)) {
                List<Double> y = new ArrayList<>();
                List<IntervalMarks.Interval> iv = new ArrayList<>();
                for (String cpu : cpus) {
                    CellSummary c = g.stream().filter(x -> x.jdk().equals(jdk) && CellText.cpuText(x).equals(cpu)).findFirst().orElse(null);
                    y.add(c == null ? null : c.score() * unit.factor());
                    iv.add(c == null ? null : new IntervalMarks.Interval(c.scoreCiLow() * unit.factor(), c.scoreCiHigh() * unit.factor()));
                }
                JdkColours.paint(chart.addSeries("JDK " + jdk, cpus, y), jdk);
                marks.add(iv);
            }
            jdkNote(chart, g, unit.factor());
            out.add(new Figure(in.name("score", CellText.scoreSubject(f), f.jmhMode(), CellText.paramsText(f)), Figure.Section.SCORE, scoreCaption(g, unit), chart,
                    CellText.benchmarkClass(f).isEmpty() ? f.workload() : f.workload() + ": " + CellText.benchmarkClass(f)));
        }
        return out;
    }

    /** The benchmark class (or the jar's workload) and the stored unit: what one shown unit is chosen for. */
    static List<Object> unitKey(CellSummary c) {
        return key(c.workload(), CellText.benchmarkClass(c), c.scoreUnit());
    }

    /** Per CPU limit: the best JDK and how far the others are from it, in the score's direction, in the shown unit; JMH's error beside. */
    static String scoreCaption(List<CellSummary> g, ScoreUnit unit) {
        List<String> parts = new ArrayList<>();
        CellSummary f = g.get(0);
        Comparator<CellSummary> best = Comparator.comparingDouble(CellSummary::score);
        if (f.higherIsBetter()) best = best.reversed();
        for (String cpus : g.stream().sorted(BY_CPU_LIMIT)
                .map(CellText::cpuText).distinct().toList()) {
            List<CellSummary> at = g.stream().filter(c -> CellText.cpuText(c).equals(cpus)).sorted(best).toList();
            CellSummary top = at.get(0);
            StringBuilder s = new StringBuilder(cpus + ": JDK " + top.jdk() + " " + score(top, unit));
            for (CellSummary o : at.subList(1, at.size())) {
                double ratio = f.higherIsBetter() ? top.score() / o.score() : o.score() / top.score();
                boolean overlap = o.scoreCiLow() <= top.scoreCiHigh() && top.scoreCiLow() <= o.scoreCiHigh();
                s.append(", JDK ").append(o.jdk()).append(' ').append(score(o, unit)).append(" (")
                        .append(ratio >= 1.5 ? times(ratio) + " worse" : String.format(Locale.ROOT, "%.1f %% worse", (ratio - 1) * 100))
                        .append(overlap ? ", intervals overlap" : "").append(')');
            }
            parts.add(s.toString());
        }
        double jmhError = g.stream().mapToDouble(CellSummary::scoreError).filter(Double::isFinite).max().orElse(Double.NaN);
        return String.join("; ", parts) + " - " + (f.higherIsBetter() ? "higher" : "lower") + " is better; median of n=" + g.stream().mapToInt(CellSummary::n).min().orElse(0)
                + " runs, each a fresh container" + (Double.isFinite(jmhError) ? "; JMH's own error within a run: up to \u00b1" + threeDigits(jmhError * unit.factor()) + " " + unit.unit() : "")
                + (unit.rescaled() ? " (stored in " + f.scoreUnit() + ")" : "") + ".";
    }

    private static String score(CellSummary c, ScoreUnit unit) {
        return threeDigits(c.score() * unit.factor()) + " " + unit.unit();
    }
}
