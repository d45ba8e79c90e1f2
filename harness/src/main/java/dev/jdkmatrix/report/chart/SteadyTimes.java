package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.format.IterationsCsv;
import dev.jdkmatrix.stats.SteadyState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A JDK pair's time to steady state, for the JDK-against-JDK chart's caption: per JMH cell, the
 * median iteration (warm-up ones counted first) where its runs' steady state begins
 * (stats.SteadyState); per pair of JDKs, in how many of its compared cells the newer JDK settled
 * earlier, later or at the same iteration, and the median of each side.
 */
final class SteadyTimes {

    private SteadyTimes() {}

    /** Per cell id, the median iteration where its runs' steady state begins; a cell none of whose runs reached one is absent. */
    static Map<String, Integer> of(List<IterationsCsv.Stored> iterations, Map<String, Boolean> higherIsBetter) {
        Map<String, Integer> out = new HashMap<>();
        // the measured runs as the iteration chart reads them (each run's last attempt)
        IterationChart.measuredRuns(iterations).forEach((cell, byRun) -> {
            List<Integer> froms = new ArrayList<>();
            for (List<IterationsCsv.Stored> run : byRun.values()) {
                SteadyState s = SteadyState.ofRun(run.stream().map(IterationsCsv.Stored::iteration).toList(), higherIsBetter.getOrDefault(cell, false));
                if (s != null && s.kind() != SteadyState.Kind.NONE && s.from() > 0) froms.add(s.from());
            }
            if (!froms.isEmpty()) out.put(cell, median(froms));
        });
        return out;
    }

    /**
     * The caption's sentence for a pair of JDKs over its rows' cells ({@code a} the older JDK's, {@code b} the newer's), or empty
     * where no compared cell has a steady state on both sides: {@code Time to steady state (the iteration it begins at, median
     * over runs), 4 JMH cells: JDK 25 settled earlier in 3, later in 0, at the same iteration in 1; medians JDK 21 5, JDK 25 3.}
     */
    static String sentence(List<String> pair, List<JdkChart.Speedup> rows, Map<String, Integer> from) {
        int earlier = 0;
        int later = 0;
        int same = 0;
        List<Integer> as = new ArrayList<>();
        List<Integer> bs = new ArrayList<>();
        for (JdkChart.Speedup r : rows) {
            Integer a = from.get(r.a().cell());
            Integer b = from.get(r.b().cell());
            if (a == null || b == null) continue;
            as.add(a);
            bs.add(b);
            if (b < a) earlier++;
            else if (b > a) later++;
            else same++;
        }
        if (as.isEmpty()) return "";
        return " Time to steady state (the iteration it begins at, warm-up counted, median over runs), " + as.size() + " JMH cell" + (as.size() == 1 ? "" : "s")
                + ": JDK " + pair.get(1) + " settled earlier in " + earlier + ", later in " + later + ", at the same iteration in " + same
                + "; medians JDK " + pair.get(0) + " " + median(as) + ", JDK " + pair.get(1) + " " + median(bs) + ".";
    }

    private static int median(List<Integer> v) {
        List<Integer> s = new ArrayList<>(v);
        s.sort(null);
        return s.get((s.size() - 1) / 2);
    }
}
