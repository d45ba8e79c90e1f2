package dev.jdkmatrix.claims;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RatioInterval;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.Statistics;
import dev.jdkmatrix.results.SummaryFigure;
import dev.jdkmatrix.results.CellSummary;
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
     * open), with its 95 % confidence interval [low, high] and the {@code level} that interval
     * really has (lower when the runs are too few to reach 95 %: 93.75 % for a median of 5), and
     * its {@link Spread}, which gives the interval at any other level. A median's interval is its
     * order statistics' (and what follows from it for a throughput or a ratio of two medians); a
     * single run's value is exact. {@code paired}: a ratio of two cells whose runs were made in
     * pairs (the same round of a blocked or interleaved plan), from the pairs' signed-rank interval.
     */
    public record Value(String label, double value, double low, double high, double level, boolean paired, Spread spread) {
        public Value {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(spread, "spread");
            if (!(low <= high)) throw new IllegalArgumentException("value '" + label + "': interval [" + low + ", " + high + "] is not ordered");
        }

        /** A value with its spread: the 95 % interval and its level from the spread. */
        public static Value of(String label, double value, boolean paired, Spread spread) {
            double[] i = spread.at(DECISION_LEVEL);
            boolean finite = Double.isFinite(i[0]) && Double.isFinite(i[1]) && i[0] <= i[1];
            return new Value(label, value, finite ? i[0] : value, finite ? i[1] : value, finite ? i[2] : 0, paired, spread);
        }

        boolean hasInterval() {
            return low < high;
        }

        /** Whether its interval reaches the 95 % a call needs. */
        boolean decidable() {
            return level >= DECISION_LEVEL - 1e-9;
        }
    }

    /** The level a value's interval needs before a claim holds or fails on it (Comparisons' rule for a verdict). */
    public static final double DECISION_LEVEL = Comparisons.DECISION_LEVEL;
    /** The family-wise error a claim's failure is held to over all its values (Holm). */
    public static final double ALPHA = 1 - DECISION_LEVEL;

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
    public static List<ClaimResult> claims(Claims claims, List<CellSummary> summary, List<RawRow> raw) {
        return claims(claims, summary, raw, Comparisons.of(raw, null));
    }

    /**
     * The claims; a ratio of two cells that {@code comparisons} compares is read from it (the paired
     * figure where their runs were paired), every other one from the two medians. An empty list
     * reads every ratio from the medians, unpaired.
     */
    public static List<ClaimResult> claims(Claims claims, List<CellSummary> summary, List<RawRow> raw, List<Comparisons.Row> comparisons) {
        List<ClaimResult> out = new ArrayList<>();
        for (Claims.Claim c : claims.claims()) {
            List<Value> values = values(c.measure(), summary, raw, comparisons);
            if (values.isEmpty()) {
                out.add(new ClaimResult(c, Verdict.NOT_MEASURED, values, "no cell of this results folder matches " + describe(c.measure())));
                continue;
            }
            Decision d = decide(c, values);
            String evidence = d.evidence();
            long paired = values.stream().filter(Value::paired).count();
            if (paired > 0) evidence += paired == values.size() ? " (paired by round)" : " (" + paired + " of " + values.size() + " paired by round)";
            out.add(new ClaimResult(c, d.verdict(), values, evidence));
        }
        return out;
    }

    private record Decision(Verdict verdict, String evidence) {}

    /**
     * A claim over k values holds when every value's 95 % interval lies inside its bounds (each
     * value must hold, so no correction is due); it fails when some value lies outside with the
     * family-wise error of all k held at 5 % by Holm's step-down: the values whose interval at
     * 1 - 0.05/m lies wholly outside fail, m counting the values not yet failed, again until none
     * does. Anything else is undecided, and so is a value whose runs cannot reach 95 % at all.
     */
    private static Decision decide(Claims.Claim c, List<Value> values) {
        double lo = values.stream().mapToDouble(Value::value).min().orElseThrow();
        double hi = values.stream().mapToDouble(Value::value).max().orElseThrow();
        String range = values.size() + (values.size() == 1 ? " value: " : " values: ") + c.measure().format(lo)
                + (lo == hi ? "" : " to " + c.measure().format(hi));
        List<Value> failing = holmFailing(c, values);
        if (!failing.isEmpty()) {
            String holm = values.size() == 1 ? "" : " (Holm's correction over " + values.size() + " values: the first at a "
                    + percent(1 - ALPHA / values.size()) + " interval)";
            return new Decision(Verdict.FAILS, range + "; " + failing.size() + " outside " + c.bound() + holm + ", e.g. " + describe(failing.get(0), c.measure()));
        }
        List<String> why = new ArrayList<>();
        List<Value> outside = values.stream().filter(v -> v.decidable() && c.failsThroughout(v.low(), v.high())).toList();
        if (!outside.isEmpty()) {
            why.add(outside.size() + " outside " + c.bound() + " at 95 % but not at the " + percent(1 - ALPHA / values.size())
                    + " Holm's correction asks of the first of " + values.size() + " values, e.g. " + describe(outside.get(0), c.measure()));
        }
        List<Value> across = values.stream().filter(v -> v.decidable() && !c.failsThroughout(v.low(), v.high()) && !(c.holds(v.low()) && c.holds(v.high()))).toList();
        if (!across.isEmpty()) why.add(across.size() + " with an interval reaching across " + c.bound() + ", e.g. " + describe(across.get(0), c.measure()));
        List<Value> few = values.stream().filter(v -> !v.decidable()).toList();
        if (!few.isEmpty()) why.add(tooFew(few, c.measure()));
        if (!why.isEmpty()) return new Decision(Verdict.UNDECIDED, range + "; " + String.join("; ", why));
        return new Decision(Verdict.HOLDS, range + ", all " + c.bound() + (values.stream().anyMatch(Value::hasInterval) ? " with their intervals" : ""));
    }

    /** The values that fail under Holm's step-down at a family-wise 5 %. */
    static List<Value> holmFailing(Claims.Claim c, List<Value> values) {
        List<Value> failing = new ArrayList<>();
        List<Value> open = new ArrayList<>(values);
        while (!open.isEmpty()) {
            double level = 1 - ALPHA / open.size();
            List<Value> now = new ArrayList<>();
            for (Value v : open) {
                double[] i = v.spread().at(level);
                if (i[2] >= level - 1e-9 && c.failsThroughout(i[0], i[1])) now.add(v);
            }
            if (now.isEmpty()) break;
            failing.addAll(now);
            open.removeIf(v -> now.stream().anyMatch(f -> f == v));
        }
        return failing;
    }

    /** {@code 2 from too few runs for the 95 % a call needs, e.g. JDK 21: 1.53x [1.40x .. 1.58x], a 93.8 % interval}. */
    private static String tooFew(List<Value> few, Measure m) {
        Value v = few.get(0);
        return few.size() + " from too few runs for the 95 % a call needs, e.g. " + describe(v, m) + ", a " + percent(v.level()) + " interval";
    }

    private static String percent(double level) {
        return String.format(Locale.ROOT, "%.1f %%", level * 100).replace(".0 %", " %");
    }

    public static List<FigureResult> figures(Claims claims, List<CellSummary> summary, List<RawRow> raw) {
        return figures(claims, summary, raw, Comparisons.of(raw, null));
    }

    public static List<FigureResult> figures(Claims claims, List<CellSummary> summary, List<RawRow> raw, List<Comparisons.Row> comparisons) {
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

    /** A measured unit before it has its label: the cell's identity, the value and how it is known, a suffix (the run), and whether it is paired. */
    private record Unit(Map<String, String> identity, double value, Spread spread, String suffix, boolean paired) {}

    static List<Value> values(Measure m, List<CellSummary> summary, List<RawRow> raw) {
        return values(m, summary, raw, List.of());
    }

    static List<Value> values(Measure m, List<CellSummary> summary, List<RawRow> raw, List<Comparisons.Row> comparisons) {
        Map<String, List<RawRow>> runs = new java.util.HashMap<>();
        for (RawRow r : raw) if (r.measured()) runs.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r);
        List<Unit> units = new ArrayList<>();
        switch (m) {
            case Measure.Wall w -> {
                for (CellSummary s : measured(summary)) {
                    if (w.cells().matches(s)) units.add(new Unit(s.key().axes(), s.figure(SummaryFigure.WALL_MS_MEDIAN), wallSpread(s, runs), "", false));
                }
            }
            case Measure.Score sc -> {
                for (CellSummary s : measured(summary)) {
                    if (sc.cells().matches(s)) units.add(new Unit(s.key().axes(), s.score(), scoreSpread(s, runs), "", false));
                }
            }
            case Measure.Throughput t -> {
                for (CellSummary s : measured(summary)) {
                    double tasks = s.key().tasks() * 1000;
                    if (t.cells().matches(s)) units.add(new Unit(s.key().axes(), tasks / s.figure(SummaryFigure.WALL_MS_MEDIAN),
                            new Spread.Reciprocal(tasks, wallSpread(s, runs)), "", false));
                }
            }
            case Measure.Ratio r -> ratios(r, summary, runs, comparisons, units);
            case Measure.PerRun p -> {
                for (RawRow row : raw) {
                    if (!row.measured() || !row.ok() || !p.cells().matches(row)) continue;
                    double v = perRun(row, p.value());
                    if (Double.isFinite(v)) units.add(new Unit(row.key().axes(), v, new Spread.Exact(v), ", run " + row.rep(), false));
                }
            }
        }
        List<Value> out = new ArrayList<>();
        Set<String> varying = varying(units);
        for (Unit u : units) out.add(Value.of(label(u.identity(), varying) + u.suffix(), u.value(), u.paired(), u.spread()));
        out.sort(Comparator.comparing(Value::label));
        return out;
    }

    private static void ratios(Measure.Ratio r, List<CellSummary> summary, Map<String, List<RawRow>> runs, List<Comparisons.Row> comparisons, List<Unit> units) {
        for (CellSummary s : measured(summary)) {
            if (!r.numerator().matches(s)) continue;
            Map<String, String> partner = r.denominator().over(s.key().axes());
            for (CellSummary d : measured(summary)) {
                if (d == s || !d.key().axes().equals(partner)) continue;
                boolean figure = r.of().equals(Measure.Ratio.DEFAULT_OF) || r.of().equals("score_median");
                Unit pairedUnit = figure ? paired(s.key().axes(), s.cell(), d.cell(), comparisons, runs) : null;
                if (pairedUnit != null) {
                    units.add(pairedUnit);
                    continue;
                }
                SummaryFigure of = SummaryFigure.ofColumn(r.of()).orElseThrow();
                double v = s.figure(of) / d.figure(of);
                // a ratio of two medians reaches from the numerator's low over the denominator's high to the other ends
                if (Double.isFinite(v)) units.add(new Unit(s.key().axes(), v, new Spread.TwoMedians(spread(s, r.of(), runs), spread(d, r.of(), runs)), "", false));
            }
        }
    }

    /**
     * The ratio numerator / denominator of two cells from their pairs of runs, where comparisons
     * compares them paired (null otherwise): the value is the comparison's, b / a, and a numerator
     * that is its a takes the inverse.
     */
    private static Unit paired(Map<String, String> identity, String numerator, String denominator, List<Comparisons.Row> comparisons,
                               Map<String, List<RawRow>> runs) {
        var found = Comparisons.pairedRatio(comparisons, numerator, denominator);
        if (found.isEmpty()) return null;
        RatioInterval r = found.get();
        Comparisons.Pairs p = Comparisons.pairs(runs.getOrDefault(denominator, List.of()), runs.getOrDefault(numerator, List.of()));
        Spread spread = p.a().length == 0 ? new Spread.Written(r.low(), r.high(), r.level()) : new Spread.Paired(p.a(), p.b(), false);
        return new Unit(identity, r.ratio(), spread, "", true);
    }

    /** How a cell's median wall time is known: from its runs, or as its summary row wrote it. */
    private static Spread wallSpread(CellSummary s, Map<String, List<RawRow>> runs) {
        double[] v = okRuns(s, runs).stream().mapToDouble(x -> x.figure(RunFigure.WALL_MS)).filter(Double::isFinite).toArray();
        return v.length > 0 ? new Spread.Median(v) : written(s, false);
    }

    private static Spread scoreSpread(CellSummary s, Map<String, List<RawRow>> runs) {
        double[] v = okRuns(s, runs).stream().mapToDouble(RawRow::score).filter(Double::isFinite).toArray();
        return v.length > 0 ? new Spread.Median(v) : written(s, true);
    }

    /** How a summary column is known: a median with its runs (wall_ms_median, score_median), else the value itself, exact. */
    private static Spread spread(CellSummary s, String column, Map<String, List<RawRow>> runs) {
        return switch (column) {
            case "wall_ms_median" -> wallSpread(s, runs);
            case "score_median" -> scoreSpread(s, runs);
            default -> new Spread.Exact(SummaryFigure.ofColumn(column).map(s::figure).orElse(Double.NaN));
        };
    }

    /** The cell's measured runs that count for its summary: ok and not noisy. */
    private static List<RawRow> okRuns(CellSummary s, Map<String, List<RawRow>> runs) {
        return runs.getOrDefault(s.cell(), List.of()).stream().filter(r -> r.ok() && !r.noisy()).toList();
    }

    /** The interval a summary row wrote for its median wall time (or score), at the level its n of runs gives. */
    private static Spread written(CellSummary s, boolean score) {
        double lo = score ? s.scoreCiLow() : s.figure(SummaryFigure.WALL_MS_CI_LOW);
        double hi = score ? s.scoreCiHigh() : s.figure(SummaryFigure.WALL_MS_CI_HIGH);
        double v = score ? s.score() : s.figure(SummaryFigure.WALL_MS_MEDIAN);
        if (!(Double.isFinite(lo) && Double.isFinite(hi))) return new Spread.Exact(v);
        double level = s.figure(SummaryFigure.CI_LEVEL);
        int n = s.n();
        return new Spread.Written(lo, hi, Double.isFinite(level) ? level : n < Comparisons.DECISION_ROUNDS ? Statistics.medianLevel(n) : Statistics.TARGET_LEVEL);
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
                return (row.figure(RunFigure.HEAP_AFTER_BYTES) - row.figure(RunFigure.HEAP_BEFORE_BYTES)) / (1 << 20);
            }
            case "cgroup_peak_kb_per_task" -> {
                return row.figure(RunFigure.CGROUP_PEAK_BYTES) / 1024 / row.key().tasks();
            }
            case "rss_peak_kb_per_task" -> {
                return row.figure(RunFigure.RSS_PEAK_BYTES) / 1024 / row.key().tasks();
            }
            default -> {
                // a column or a metric
            }
        }
        if (!value.startsWith("metrics.")) return RunFigure.ofColumn(value).map(row::figure).orElse(Double.NaN);
        return row.metrics().getOrDefault(value.substring("metrics.".length()), Double.NaN);
    }

    private static List<CellSummary> measured(List<CellSummary> summary) {
        return summary.stream().filter(s -> s.n() > 0 && Double.isFinite(s.figure(SummaryFigure.WALL_MS_MEDIAN))).toList();
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
}
