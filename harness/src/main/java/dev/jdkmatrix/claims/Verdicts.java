package dev.jdkmatrix.claims;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.SummaryRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Measures claims and published figures on a results folder's rows. Pure: no I/O. */
public final class Verdicts {

    private Verdicts() {}

    public enum Verdict {
        HOLDS, FAILS, UNDECIDED, NOT_MEASURED;

        public String text() {
            return switch (this) {
                case HOLDS -> "holds";
                case FAILS -> "fails";
                case UNDECIDED -> "undecided";
                case NOT_MEASURED -> "not measured";
            };
        }
    }

    /**
     * One measured value and what it was measured on (the axes and params its selector leaves
     * open), with the confidence interval it has: a median's interval (and what follows from it
     * for a throughput or a ratio of two medians); a single run's value is its own interval.
     * {@code paired}: a ratio of two cells whose runs were made in pairs (the same round of a
     * blocked or interleaved plan), taken from the pairs' ratios and their signed-rank interval.
     */
    public record Value(String label, double value, double low, double high, boolean paired) {
        public Value {
            Objects.requireNonNull(label, "label");
            if (!(low <= high)) {
                low = value;
                high = value;
            }
        }

        public Value(String label, double value, double low, double high) {
            this(label, value, low, high, false);
        }

        public Value(String label, double value) {
            this(label, value, value, value);
        }

        boolean hasInterval() {
            return low < high;
        }
    }

    public record ClaimResult(Claims.Claim claim, Verdict verdict, List<Value> values, String evidence) {}

    public record FigureResult(Claims.Figure figure, List<Value> values) {
        /** Ours against theirs: the range of measured / published. */
        public String ratioText() {
            if (values.isEmpty() || figure.published() == 0) return "";
            double lo = values.stream().mapToDouble(Value::value).min().orElseThrow() / figure.published();
            double hi = values.stream().mapToDouble(Value::value).max().orElseThrow() / figure.published();
            return lo == hi ? String.format(Locale.ROOT, "%.2f", lo) : String.format(Locale.ROOT, "%.2f to %.2f", lo, hi);
        }
    }

    /** The claims, each ratio of two cells compared pair by pair read from their pairs (the default comparisons of the rows). */
    public static List<ClaimResult> claims(Claims claims, List<SummaryRow> summary, List<RawRow> raw) {
        return claims(claims, summary, raw, Comparisons.of(raw, null));
    }

    /**
     * The claims; a ratio of two cells that {@code comparisons} compares is read from it (the paired
     * figure where their runs were paired), every other one from the two medians. An empty list
     * reads every ratio from the medians, unpaired.
     */
    public static List<ClaimResult> claims(Claims claims, List<SummaryRow> summary, List<RawRow> raw, List<Comparisons.Row> comparisons) {
        List<ClaimResult> out = new ArrayList<>();
        for (Claims.Claim c : claims.claims()) {
            List<Value> values = values(c.measure(), summary, raw, comparisons);
            if (values.isEmpty()) {
                out.add(new ClaimResult(c, Verdict.NOT_MEASURED, values, "no cell of this results folder matches " + describe(c.measure())));
                continue;
            }
            // A value fails when its whole interval is outside the bounds, holds when its whole interval is inside,
            // and is undecided when the interval reaches across a bound: the runs cannot tell.
            List<Value> failing = values.stream().filter(v -> c.failsThroughout(v.low(), v.high())).toList();
            List<Value> undecided = values.stream().filter(v -> !c.failsThroughout(v.low(), v.high()) && !(c.holds(v.low()) && c.holds(v.high()))).toList();
            double lo = values.stream().mapToDouble(Value::value).min().orElseThrow();
            double hi = values.stream().mapToDouble(Value::value).max().orElseThrow();
            String range = values.size() + (values.size() == 1 ? " value: " : " values: ") + c.measure().format(lo)
                    + (lo == hi ? "" : " to " + c.measure().format(hi));
            String evidence;
            Verdict verdict;
            if (!failing.isEmpty()) {
                verdict = Verdict.FAILS;
                evidence = range + "; " + failing.size() + " outside " + c.bound() + ", e.g. " + describe(failing.get(0), c.measure());
            } else if (!undecided.isEmpty()) {
                verdict = Verdict.UNDECIDED;
                evidence = range + "; " + undecided.size() + " with an interval reaching across " + c.bound() + ", e.g. " + describe(undecided.get(0), c.measure());
            } else {
                verdict = Verdict.HOLDS;
                evidence = range + ", all " + c.bound() + (values.stream().anyMatch(Value::hasInterval) ? " with their intervals" : "");
            }
            long paired = values.stream().filter(Value::paired).count();
            if (paired > 0) evidence += paired == values.size() ? " (paired by round)" : " (" + paired + " of " + values.size() + " paired by round)";
            out.add(new ClaimResult(c, verdict, values, evidence));
        }
        return out;
    }

    public static List<FigureResult> figures(Claims claims, List<SummaryRow> summary, List<RawRow> raw) {
        return figures(claims, summary, raw, Comparisons.of(raw, null));
    }

    public static List<FigureResult> figures(Claims claims, List<SummaryRow> summary, List<RawRow> raw, List<Comparisons.Row> comparisons) {
        return claims.figures().stream().map(f -> new FigureResult(f, values(f.measure(), summary, raw, comparisons))).toList();
    }

    /** {@code JDK 21, 1 CPU: 1.02 [0.97 .. 1.08]}: a value with its interval when it has one. */
    static String describe(Value v, Measure m) {
        return v.label() + ": " + m.format(v.value()) + (v.hasInterval() ? " [" + m.format(v.low()) + " .. " + m.format(v.high()) + "]" : "");
    }

    static String describe(Measure m) {
        return switch (m) {
            case Measure.Wall w -> w.cells().text();
            case Measure.Score s -> s.cells().text();
            case Measure.Throughput t -> t.cells().text();
            case Measure.Ratio r -> r.numerator().text() + " over " + r.denominator().text();
            case Measure.PerRun p -> p.cells().text();
        };
    }

    /** A measured unit before it has its label: the cell's identity, the value with its interval, a suffix (the run), and whether it is paired. */
    private record Unit(Map<String, String> identity, double value, double low, double high, String suffix, boolean paired) {
        Unit(Map<String, String> identity, double value, double low, double high, String suffix) {
            this(identity, value, low, high, suffix, false);
        }

        Unit(Map<String, String> identity, double value, String suffix) {
            this(identity, value, value, value, suffix);
        }
    }

    static List<Value> values(Measure m, List<SummaryRow> summary, List<RawRow> raw) {
        return values(m, summary, raw, List.of());
    }

    static List<Value> values(Measure m, List<SummaryRow> summary, List<RawRow> raw, List<Comparisons.Row> comparisons) {
        List<Unit> units = new ArrayList<>();
        switch (m) {
            case Measure.Wall w -> {
                for (SummaryRow s : measured(summary)) {
                    if (w.cells().matches(s)) units.add(new Unit(Selector.identity(s::get), num(s.get("wall_ms_median")),
                            num(s.get("wall_ms_ci_low")), num(s.get("wall_ms_ci_high")), ""));
                }
            }
            case Measure.Score sc -> {
                for (SummaryRow s : measured(summary)) {
                    if (sc.cells().matches(s)) units.add(new Unit(Selector.identity(s::get), num(s.score("median")),
                            num(s.score("ci_low")), num(s.score("ci_high")), ""));
                }
            }
            case Measure.Throughput t -> {
                for (SummaryRow s : measured(summary)) {
                    double tasks = num(s.get("tasks")) * 1000;
                    if (t.cells().matches(s)) units.add(new Unit(Selector.identity(s::get), tasks / num(s.get("wall_ms_median")),
                            tasks / num(s.get("wall_ms_ci_high")), tasks / num(s.get("wall_ms_ci_low")), ""));
                }
            }
            case Measure.Ratio r -> {
                for (SummaryRow s : measured(summary)) {
                    if (!r.numerator().matches(s)) continue;
                    Map<String, String> partner = r.denominator().over(Selector.identity(s::get));
                    for (SummaryRow d : measured(summary)) {
                        if (d == s || !Selector.identity(d::get).equals(partner)) continue;
                        Unit pairedUnit = r.of().equals(Measure.Ratio.DEFAULT_OF) || r.of().equals("score_median")
                                ? paired(Selector.identity(s::get), s.get("cell"), d.get("cell"), comparisons) : null;
                        if (pairedUnit != null) {
                            units.add(pairedUnit);
                            continue;
                        }
                        double v = num(s.get(r.of())) / num(d.get(r.of()));
                        // a ratio of two medians reaches from the numerator's low over the denominator's high to the other ends
                        double[] n = interval(s, r.of());
                        double[] dd = interval(d, r.of());
                        if (Double.isFinite(v)) units.add(new Unit(Selector.identity(s::get), v, n[0] / dd[1], n[1] / dd[0], ""));
                    }
                }
            }
            case Measure.PerRun p -> {
                for (RawRow row : raw) {
                    if (!row.measured() || !row.ok() || !p.cells().matches(row)) continue;
                    double v = perRun(row, p.value());
                    if (Double.isFinite(v)) units.add(new Unit(Selector.identity(row::get), v, ", run " + row.get("rep")));
                }
            }
        }
        List<Value> out = new ArrayList<>();
        Set<String> varying = varying(units);
        for (Unit u : units) {
            boolean interval = Double.isFinite(u.low()) && Double.isFinite(u.high());
            out.add(new Value(label(u.identity(), varying) + u.suffix(), u.value(), interval ? u.low() : u.value(), interval ? u.high() : u.value(), u.paired()));
        }
        out.sort(Comparator.comparing(Value::label));
        return out;
    }

    /**
     * The ratio numerator / denominator of two cells read from their comparison, where their runs
     * were paired (null otherwise): the comparison holds b / a, so a numerator that is its a
     * takes the inverse, with the interval's ends swapped.
     */
    private static Unit paired(Map<String, String> identity, String numerator, String denominator, List<Comparisons.Row> comparisons) {
        double[] r = Comparisons.pairedRatio(comparisons, numerator, denominator);
        return r == null ? null : new Unit(identity, r[0], r[1], r[2], "", true);
    }

    /** The interval of a summary column that is a median with one (wall_ms_median, score_median), else the value itself twice. */
    private static double[] interval(SummaryRow s, String column) {
        double v = num(s.get(column));
        if (column.endsWith("_median")) {
            String base = column.substring(0, column.length() - "_median".length());
            double lo = num(s.get(base + "_ci_low"));
            double hi = num(s.get(base + "_ci_high"));
            if (Double.isFinite(lo) && Double.isFinite(hi) && lo > 0) return new double[] {lo, hi};
        }
        return new double[] {v, v};
    }

    /** The keys whose values differ between the units; JDK and CPUs when none do. */
    private static Set<String> varying(List<Unit> units) {
        Set<String> keys = new LinkedHashSet<>();
        for (Unit u : units) {
            for (Map.Entry<String, String> e : u.identity().entrySet()) {
                if (units.stream().anyMatch(o -> !Objects.equals(o.identity().get(e.getKey()), e.getValue()))) keys.add(e.getKey());
            }
        }
        if (keys.isEmpty()) keys.addAll(List.of("jdk", "cpus"));
        return keys;
    }

    /** A raw.csv column, or {@code metrics.NAME} from the record's metrics ("k=v;k=v"). */
    static double perRun(RawRow row, String value) {
        switch (value) {
            case "heap_growth_mb" -> {
                return (row.number("heap_after_bytes") - row.number("heap_before_bytes")) / (1 << 20);
            }
            case "cgroup_peak_kb_per_task" -> {
                return row.number("cgroup_peak_bytes") / 1024 / row.number("tasks");
            }
            case "rss_peak_kb_per_task" -> {
                return row.number("rss_peak_bytes") / 1024 / row.number("tasks");
            }
            default -> {
                // a column or a metric
            }
        }
        if (!value.startsWith("metrics.")) return row.number(value);
        String key = value.substring("metrics.".length());
        for (String kv : row.get("metrics").split(";")) {
            int eq = kv.indexOf('=');
            if (eq > 0 && kv.substring(0, eq).equals(key)) return num(kv.substring(eq + 1));
        }
        return Double.NaN;
    }

    private static List<SummaryRow> measured(List<SummaryRow> summary) {
        return summary.stream().filter(s -> num(s.get("n")) > 0 && Double.isFinite(num(s.get("wall_ms_median")))).toList();
    }

    /** The cell's values for the given keys, in a readable order: {@code JDK 21, 2 CPUs, wait-ms=50}. */
    static String label(Map<String, String> identity, Set<String> keys) {
        Map<String, String> id = new java.util.TreeMap<>(identity);
        List<String> parts = new ArrayList<>();
        for (String k : List.of("workload", "executor", "tasks", "jdk", "cpus", "cpu-mode", "memory", "jvm-args")) {
            String v = id.remove(k);
            if (!keys.contains(k) || v == null || v.isEmpty()) continue;
            parts.add(switch (k) {
                case "jdk" -> "JDK " + v;
                case "cpus" -> v + ("1".equals(v) ? " CPU" : " CPUs");
                case "cpu-mode" -> v.equals("cpuset") ? "pinned" : "quota";
                case "tasks" -> v + " tasks";
                case "memory" -> "memory " + v;
                default -> v;
            });
        }
        id.forEach((k, v) -> {
            if (keys.contains(k)) parts.add(k + "=" + v);
        });
        return parts.isEmpty() ? "the cell" : String.join(", ", parts);
    }

    private static double num(String s) {
        try {
            return s == null || s.isEmpty() ? Double.NaN : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
