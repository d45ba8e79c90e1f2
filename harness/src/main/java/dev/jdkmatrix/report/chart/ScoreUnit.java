package dev.jdkmatrix.report.chart;

import java.util.Arrays;
import java.util.List;

/**
 * A score's unit as a chart shows it: JMH's time units rescaled so that the figures read as
 * numbers between 1 and 1,000 ({@code 1.2e-5 ops/us} is {@code 12 ops/s}; {@code 48,000 ns/op} is
 * {@code 48 us/op}), the factor that takes a stored figure to the shown one, and whether the value
 * axis needs scientific notation (a unit it cannot rescale, with figures that tiny or that large).
 * Only the chart changes: raw.csv and summary.csv keep JMH's unit.
 */
public record ScoreUnit(String unit, double factor, boolean scientific) {

    /** The time units JMH writes, shortest first, in seconds. */
    private static final List<String> TIMES = List.of("ns", "us", "ms", "s", "min");
    private static final double[] SECONDS = {1e-9, 1e-6, 1e-3, 1, 60};

    /** The shown unit of figures stored in {@code unit}, from their typical size (their median). */
    public static ScoreUnit readable(String unit, double[] values) {
        double[] finite = Arrays.stream(values).filter(v -> Double.isFinite(v) && v != 0).map(Math::abs).sorted().toArray();
        if (finite.length == 0) return new ScoreUnit(unit, 1, false);
        double typical = finite[finite.length / 2];
        String u = unit.strip();
        int slash = u.indexOf('/');
        if (slash > 0) {
            String top = u.substring(0, slash);
            String bottom = u.substring(slash + 1);
            if (top.equals("ops") && TIMES.contains(bottom)) return best(typical, unit, TIMES.indexOf(bottom), true);
            if (bottom.equals("op") && TIMES.contains(top)) return best(typical, unit, TIMES.indexOf(top), false);
        }
        if (TIMES.contains(u)) {
            ScoreUnit s = best(typical, unit, TIMES.indexOf(u), false);
            return new ScoreUnit(s.unit().replace("/op", ""), s.factor(), false);
        }
        return new ScoreUnit(unit, 1, typical < 1e-3 || typical >= 1e7);
    }

    /** The time unit that puts the typical figure between 1 and 1,000, else the nearest; {@code ops}: a rate (ops per unit), else a time per op. */
    private static ScoreUnit best(double typical, String unit, int from, boolean ops) {
        int chosen = from;
        double bestDistance = Double.MAX_VALUE;
        for (int i = 0; i < TIMES.size(); i++) {
            double f = ops ? SECONDS[i] / SECONDS[from] : SECONDS[from] / SECONDS[i];
            double shown = typical * f;
            double distance = shown >= 1 && shown < 1000 ? 0 : Math.abs(Math.log10(shown < 1 ? shown : shown / 999));
            // the stored unit wins a tie: it is what the user's JMH output says
            if (distance < bestDistance || (distance == bestDistance && i == from)) {
                bestDistance = distance;
                chosen = i;
            }
        }
        double f = ops ? SECONDS[chosen] / SECONDS[from] : SECONDS[from] / SECONDS[chosen];
        String shown = ops ? "ops/" + TIMES.get(chosen) : TIMES.get(chosen) + "/op";
        return new ScoreUnit(chosen == from ? unit : shown, chosen == from ? 1 : f, false);
    }

    /** Whether the shown unit differs from the stored one. */
    boolean rescaled() {
        return factor != 1;
    }
}
