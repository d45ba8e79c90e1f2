package dev.jdkmatrix.report;

import static dev.jdkmatrix.report.ChartStyle.*;
import static dev.jdkmatrix.report.ChartText.*;
import static dev.jdkmatrix.report.JdkNotes.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** The user's jmh and jar cells: the median score by CPU limit, a bar per JDK, per benchmark (or jar) and param set. */
final class ScoreChart implements ChartKind {

    /**
     * The user's jmh and jar cells: per benchmark (or jar) and param set, the median score of the
     * runs by CPU limit, a bar per JDK, with the interval of the median over the runs as error bar
     * and the unit and direction on the axis. JMH's own within-run error goes in the caption.
     */
    @Override
    public List<Figure> figures(ChartCells in) {
        List<Figure> out = new ArrayList<>();
        List<CellStat> user = in.cells().stream().filter(c -> !c.builtin() && c.n() > 0 && Double.isFinite(c.score())).toList();
        for (List<CellStat> g : groups(user, c -> key(c.scoreSubject(), c.params(), c.memory(), c.jvmArgs(), c.scoreUnit()))) {
            CellStat f = g.get(0);
            List<String> cpus = g.stream().sorted(BY_CPU_LIMIT)
                    .map(CellStat::cpuText).distinct().toList();
            String better = f.higherIsBetter() ? "higher is better" : "lower is better";
            CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                    .title(f.scoreSubject() + (f.params().isEmpty() ? "" : " (" + f.paramsText() + ")") + ": median score by CPU limit, memory " + f.memory())
                    .xAxisTitle(axis("CPU limit", g, "interval: " + ciText(g)))
                    .yAxisTitle("score (" + f.scoreUnit() + ", " + better + ")").build();
            style(chart);
            chart.getStyler().setYAxisMin(0.0);
            IntervalMarks marks = IntervalMarks.on(chart);
            for (String jdk : jdks(g)) {
                List<Double> y = new ArrayList<>();
                List<IntervalMarks.Interval> iv = new ArrayList<>();
                for (String cpu : cpus) {
                    CellStat c = g.stream().filter(x -> x.jdk().equals(jdk) && x.cpuText().equals(cpu)).findFirst().orElse(null);
                    y.add(c == null ? null : c.score());
                    iv.add(c == null ? null : c.scoreInterval());
                }
                chart.addSeries("JDK " + jdk, cpus, y);
                marks.add(iv);
            }
            jdkNote(chart, g);
            out.add(new Figure(in.name("score", f.scoreSubject(), f.paramsText()), Figure.Section.SCORE, scoreCaption(g), chart));
        }
        return out;
    }

    /** Per CPU limit: the best JDK and how far the others are from it, in the score's direction; JMH's error beside. */
    static String scoreCaption(List<CellStat> g) {
        List<String> parts = new ArrayList<>();
        CellStat f = g.get(0);
        Comparator<CellStat> best = Comparator.comparingDouble(CellStat::score);
        if (f.higherIsBetter()) best = best.reversed();
        for (String cpus : g.stream().sorted(BY_CPU_LIMIT)
                .map(CellStat::cpuText).distinct().toList()) {
            List<CellStat> at = g.stream().filter(c -> c.cpuText().equals(cpus)).sorted(best).toList();
            CellStat top = at.get(0);
            StringBuilder s = new StringBuilder(cpus + ": JDK " + top.jdk() + " " + score(top));
            for (CellStat o : at.subList(1, at.size())) {
                double ratio = f.higherIsBetter() ? top.score() / o.score() : o.score() / top.score();
                boolean overlap = o.scoreCiLow() <= top.scoreCiHigh() && top.scoreCiLow() <= o.scoreCiHigh();
                s.append(", JDK ").append(o.jdk()).append(' ').append(score(o)).append(" (")
                        .append(ratio >= 1.5 ? times(ratio) + " worse" : String.format(Locale.ROOT, "%.1f %% worse", (ratio - 1) * 100))
                        .append(overlap ? ", intervals overlap" : "").append(')');
            }
            parts.add(s.toString());
        }
        double jmhError = g.stream().mapToDouble(CellStat::scoreError).filter(Double::isFinite).max().orElse(Double.NaN);
        return String.join("; ", parts) + " - " + (f.higherIsBetter() ? "higher" : "lower") + " is better; median of n=" + g.stream().mapToInt(CellStat::n).min().orElse(0)
                + " runs, each a fresh container" + (Double.isFinite(jmhError) ? "; JMH's own error within a run: up to \u00b1" + threeDigits(jmhError) + " " + f.scoreUnit() : "") + ".";
    }

    private static String score(CellStat c) {
        return threeDigits(c.score()) + " " + c.scoreUnit();
    }
}
