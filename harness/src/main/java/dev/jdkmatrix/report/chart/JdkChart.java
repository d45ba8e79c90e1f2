package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartText.*;

import dev.jdkmatrix.results.Comparisons;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.XYChart;

/**
 * JDK against JDK: per pair of JDKs, every pair of cells that differ only in the JDK (built-in,
 * jmh and jar cells alike) as a row, the newer JDK's speedup over the older one as a point (a
 * time: older / newer; a throughput: newer / older; so right of 1x is always the newer one
 * better) with its interval as a line, from the run's comparisons: runs paired by round where the
 * plan made them so. Past {@link #ROWS_PER_CHART} rows the chart goes on in another one, and the
 * rows are ordered by change (those decided faster or slower first, then those whose interval clears
 * 1x, the largest first), so the first page of a run of many benchmarks says which got faster or slower.
 */
public final class JdkChart implements ChartKind {

    /** Rows of one chart: a reader takes in 40 lines; more go on the next chart. */
    public static final int ROWS_PER_CHART = 40;

    /**
     * One row: the cells, the speedup of b's JDK with its interval, and the comparison's verdict
     * (faster: b's JDK better) with its note (why an undecided one could not be decided: an
     * interval below 95 %, or no round in which both ran ok; empty when the interval was wide).
     */
    public record Speedup(String label, String cpu, double value, double low, double high, Comparisons.Verdict verdict, String note, boolean paired, int n, CellSummary a, CellSummary b) {
        public Speedup {
            java.util.Objects.requireNonNull(verdict, "a speedup's verdict");
            note = note == null ? "" : note;
        }

        /** Whether the comparison was called faster or slower (at 95 %, past the min-difference). */
        public boolean decided() {
            return verdict == Comparisons.Verdict.FASTER || verdict == Comparisons.Verdict.SLOWER;
        }

        /** Undecided because its interval is below the 95 % a verdict takes (too few rounds), not because it is wide. */
        public boolean belowLevel() {
            return verdict == Comparisons.Verdict.UNDECIDED && !note.isEmpty();
        }
    }

    @Override
    public List<Figure> figures(ChartCells in) {
        Map<String, CellSummary> byId = new LinkedHashMap<>();
        in.cells().stream().filter(CellSummary::measured).forEach(c -> byId.put(c.cell(), c));
        Map<List<String>, List<Speedup>> byPair = new LinkedHashMap<>();
        // the memory limit names a row where the run has several (two rows that differ only in it read alike without)
        boolean memories = byId.values().stream().map(CellSummary::memory).distinct().count() > 1;
        for (Comparisons.Row r : in.comparisons()) {
            if (!r.compared().startsWith("jdk ") || r.compared().contains("; ")) continue; // only the JDK differs
            CellSummary a = byId.get(r.cellA());
            CellSummary b = byId.get(r.cellB());
            if (a == null || b == null || r.verdict() == dev.jdkmatrix.results.Comparisons.Verdict.FAILED) continue;
            // oriented so that right of 1x is b's JDK better: a time's ratio inverted, a throughput's kept
            dev.jdkmatrix.results.RatioInterval f = r.higherIsBetter() ? r.figure() : r.figure().inverse();
            double value = f.ratio();
            double low = f.low();
            double high = f.high();
            byPair.computeIfAbsent(List.of(a.jdk(), b.jdk()), k -> new ArrayList<>())
                    .add(new Speedup(label(in, a) + (memories ? ", " + a.memory() : ""), CellText.cpuText(a), value, low, high, r.verdict(), r.note(), r.paired() && r.ratio() != null,
                            r.paired() && r.ratio() != null ? r.pairs() : Math.min(a.n(), b.n()), a, b));
        }
        Map<String, Boolean> higher = new java.util.HashMap<>();
        byId.values().forEach(c -> higher.put(c.cell(), c.higherIsBetter()));
        Map<String, Integer> steadyFrom = SteadyTimes.of(in.iterations(), higher);
        List<Figure> out = new ArrayList<>();
        List<List<String>> pairs = new ArrayList<>(byPair.keySet());
        pairs.sort(Comparator.comparing((List<String> p) -> jdkOrder(p.get(0))).thenComparing(p -> p.get(0)).thenComparing(p -> jdkOrder(p.get(1))));
        // a CPU limit the same grey and marker on every page and every pair's chart (neither a JDK nor an executor)
        List<String> limits = byPair.values().stream().flatMap(List::stream).map(Speedup::cpu).distinct().toList();
        for (List<String> pair : pairs) {
            List<Speedup> rows = byPair.get(pair);
            // past a page, the largest changes first: the first page says which cells got faster or slower (every row is in comparisons.csv)
            if (rows.size() > ROWS_PER_CHART) rows = rows.stream().sorted(LARGEST_CHANGE_FIRST).toList();
            int pages = (rows.size() + ROWS_PER_CHART - 1) / ROWS_PER_CHART;
            for (int page = 0; page < pages; page++) {
                List<Speedup> these = rows.subList(page * ROWS_PER_CHART, Math.min(rows.size(), (page + 1) * ROWS_PER_CHART));
                String of = pages > 1 ? String.format(Locale.ROOT, " (%d of %d)", page + 1, pages) : "";
                List<CellSummary> involved = these.stream().flatMap(s -> java.util.stream.Stream.of(s.a(), s.b())).toList();
                List<RatioPlot.Row> plotted = these.stream().map(s -> new RatioPlot.Row(s.label(), s.cpu(), s.value(), s.low(), s.high())).toList();
                XYChart chart = RatioPlot.draw("JDK " + pair.get(1) + " against JDK " + pair.get(0) + ": speedup per cell" + of,
                        axis("speedup of JDK " + pair.get(1) + RatioPlot.scale(plotted) + " (right of 1x: JDK " + pair.get(1) + " better; line: interval" + RatioPlot.clipNote(plotted) + ")", involved, ""),
                        plotted, RatioPlot.greys(limits));
                out.add(new Figure(in.name("jdk", pair.get(0), "vs", pair.get(1), pages > 1 ? Integer.toString(page + 1) : ""), Figure.Section.JDKS,
                        caption(pair, rows, page == 0) + (page == 0 ? SteadyTimes.sentence(pair, rows, steadyFrom) : ""), chart));
            }
        }
        return out;
    }

    /** Rows called faster or slower first, then those whose interval clears 1x, each by how far the speedup is from 1x, either way. */
    public static final Comparator<Speedup> LARGEST_CHANGE_FIRST = Comparator.comparing((Speedup s) -> !s.decided())
            .thenComparing((Speedup s) -> !(s.low() > 1 || s.high() < 1))
            .thenComparing(Comparator.comparingDouble((Speedup s) -> Math.abs(Math.log(s.value()))).reversed());

    /** A row's name: the workload with its varying params, executor and tasks (built-in) or benchmark, JMH mode and params, and the CPU limit. */
    private static String label(ChartCells in, CellSummary c) {
        String what = c.builtin() ? in.shortShape(c) + " " + c.executor() + " " + c.tasks() + "t"
                : CellText.scoreSubject(c) + (c.jmhMode().isEmpty() ? "" : " " + c.jmhMode()) + (c.params().isEmpty() ? "" : " (" + CellText.paramsText(c) + ")");
        return what + " " + CellText.cpuText(c) + (c.jvmArgs().isEmpty() ? "" : " [" + c.jvmArgs() + "]");
    }

    /**
     * How many cells the newer JDK was decided better, worse and the same in (a verdict: a 95 %
     * interval, results.Comparisons), how many could not be decided and why, the largest decided
     * change each way, and what the points and lines are. An interval that merely clears 1x (at 3
     * rounds a 75 % one) counts for nothing here: it orders the rows, it decides none.
     */
    public static String caption(List<String> pair, List<Speedup> rows, boolean first) {
        String b = "JDK " + pair.get(1);
        long better = rows.stream().filter(s -> s.verdict() == Comparisons.Verdict.FASTER).count();
        long worse = rows.stream().filter(s -> s.verdict() == Comparisons.Verdict.SLOWER).count();
        long same = rows.stream().filter(s -> s.verdict() == Comparisons.Verdict.SAME).count();
        long undecided = rows.size() - better - worse - same;
        long below = rows.stream().filter(Speedup::belowLevel).count();
        StringBuilder c = new StringBuilder(b + " against JDK " + pair.get(0) + ", " + rows.size() + (rows.size() == 1 ? " cell: " : " cells: ")
                + "better in " + better + ", worse in " + worse + ", the same in " + same + " (decided at 95 %), undecided in " + undecided);
        if (below > 0) c.append(below == undecided ? (undecided == 1 ? " (its interval" : " (every one's interval") : " (" + below + " of them with an interval")
                .append(" below the 95 % a verdict takes: too few rounds)");
        rows.stream().filter(s -> s.verdict() == Comparisons.Verdict.FASTER).max(Comparator.comparingDouble(Speedup::value))
                .ifPresent(top -> c.append("; most: ").append(speed(top.value())).append(" in ").append(top.label()));
        rows.stream().filter(s -> s.verdict() == Comparisons.Verdict.SLOWER).min(Comparator.comparingDouble(Speedup::value))
                .ifPresent(bottom -> c.append("; least: ").append(speed(bottom.value())).append(" in ").append(bottom.label()));
        long paired = rows.stream().filter(Speedup::paired).count();
        c.append(". Points: ").append(paired == rows.size() ? "the ratio of the runs paired by round (Hodges-Lehmann); lines: its signed-rank interval"
                : paired == 0 ? "the ratio of the medians; lines: its bootstrap interval" : "the ratio of the runs paired by round where they were ("
                + paired + " of " + rows.size() + "), else of the medians; lines: their intervals");
        int nLo = rows.stream().mapToInt(Speedup::n).min().orElse(0);
        int nHi = rows.stream().mapToInt(Speedup::n).max().orElse(0);
        c.append("; a time's ratio is old / new, a throughput's new / old; dashed: 1x (n=").append(nLo == nHi ? nLo : nLo + "-" + nHi)
                .append(paired == 0 ? " runs" : " pairs").append(" per cell).");
        if (rows.size() > ROWS_PER_CHART) c.append(" Rows: the cells decided better or worse first, then those whose interval clears 1x, the largest changes first.");
        if (!first) c.insert(0, "(continued) ");
        return c.toString();
    }

    private static String speed(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%,.0fx" : "%.2fx", v);
    }
}
