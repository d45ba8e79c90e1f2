package dev.jdkmatrix.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The comparisons inside one run: its cells split into groups that differ only along the axes the
 * matrix compares along (run.json's {@code compare_along}), and every pair of cells of a group
 * compared. Where the plan made a group's runs in rounds (order blocked: back to back; order
 * interleaved: in the same round), each round gives one pair of runs and the comparison is the
 * {@link PairedRatio} of those pairs; a round where either run did not end ok (or is missing) is
 * left out and counted. Beside it, on the same cells, the unpaired figure: the ratio of the two
 * medians with its bootstrap interval and a Mann-Whitney U p-value, as {@code compare} of two
 * runs computes it. Pure: derived from raw rows only, like summary.csv.
 *
 * <p>Cells of a group are ordered along each compared axis, default value first (cpu-mode quota,
 * no jvm-args), then by the number a value starts with (JDK 21 before 25), then by name; in each
 * pair {@code a} comes first, and {@code ratio} is b / a.
 */
public final class Comparisons {

    private Comparisons() {}

    /** What a comparison says of b against a, in the figure's direction. */
    public enum Verdict {
        /** The interval (at 95 % or more) lies wholly past 1 - min-difference on the better side: b is faster (a time down, a throughput up). */
        FASTER,
        /** The interval (at 95 % or more) lies wholly past 1 + min-difference on the worse side. */
        SLOWER,
        /** The interval (at 95 % or more) lies within ±threshold and does not clear ±min-difference: no difference as large as the threshold. */
        SAME,
        /** Neither: the interval reaches past the threshold without clearing the min-difference, or it is below 95 %: the runs cannot tell. */
        UNDECIDED,
        /** Every measured run of one cell of the pair (or both) failed: no figure to compare; the note names the cell and its statuses. */
        FAILED;

        public String text() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The level an interval must reach before a comparison says faster, slower or same: below it a
     * verdict would say more than the runs show (an interval of 3 pairs is a 75 % interval; of 5, a
     * 93.75 % one). docs/statistics.md.
     */
    public static final double DECISION_LEVEL = 0.95;

    /** The rounds (pairs, or runs of each cell) whose interval first reaches {@link #DECISION_LEVEL}: 6 (96.9 %). */
    public static final int DECISION_ROUNDS = 6;

    /** The smallest difference called faster or slower where a run does not say (the matrix's min-difference; docs/verdicts.md). */
    public static final double DEFAULT_MIN_DIFFERENCE = 0.005;

    /** The compared axes of a run written before the key existed: {@code jdk} and {@code executor}, where they vary. */
    public static final List<String> DEFAULT_ALONG = List.of("jdk", "executor");

    /**
     * One pair of cells of a group. {@code compared}: how they differ ({@code jdk 21 -> 25});
     * {@code shared}: the compared axes on which they agree ({@code executor virtual}), empty when none;
     * {@code paired}: the figure comes from pairs of runs (blocked, duet or interleaved order), else
     * the verdict is the unpaired one's; {@code pairs}/{@code dropped}: rounds used and left out;
     * {@code steady}: when a side's JMH runs were not measured at a steady state, which and which way
     * that leans the ratio ({@link SteadyNotes}), else empty.
     */
    public record Row(int group, String compared, String shared, String cellA, String cellB, boolean paired, String pairing, int pairs, int dropped,
                      PairedRatio ratio, double unpairedRatio, double unpairedLow, double unpairedHigh, double unpairedP,
                      String unit, boolean higherIsBetter, Verdict verdict, Verdict unpairedVerdict, String targetReached,
                      String note, double qValue, Resolution resolution, String steady) {
        public Row {
            Objects.requireNonNull(cellA, "cellA");
            Objects.requireNonNull(cellB, "cellB");
            Objects.requireNonNull(verdict, "verdict");
            note = note == null ? "" : note;
            resolution = resolution == null ? Resolution.UNKNOWN : resolution;
            steady = steady == null ? "" : steady;
        }

        /** The p-value the verdict's figure has: the paired one where the runs were paired, else the unpaired one. */
        public double pValue() {
            return paired && ratio != null ? ratio.pValue() : unpairedP;
        }

        /** The same row with its q-value (Benjamini-Hochberg, over all the run's comparisons). */
        Row withQ(double q) {
            return new Row(group, compared, shared, cellA, cellB, paired, pairing, pairs, dropped, ratio, unpairedRatio, unpairedLow, unpairedHigh, unpairedP,
                    unit, higherIsBetter, verdict, unpairedVerdict, targetReached, note, q, resolution, steady);
        }

        /** How far the unpaired interval reaches from the unpaired ratio, as a fraction of it. */
        public double unpairedReach() {
            return PairedRatio.reach(unpairedRatio, unpairedLow, unpairedHigh);
        }

        /** The figure a reader takes: the paired ratio and interval where the runs were paired, else the unpaired one (no level of its own). */
        public RatioInterval figure() {
            if (paired && ratio != null) return new RatioInterval(ratio.ratio(), ratio.low(), ratio.high(), ratio.level());
            return new RatioInterval(unpairedRatio, unpairedLow, unpairedHigh, Double.NaN);
        }
    }

    /**
     * Every pair of every group of these rows' cells. {@code along}: the compared axes (null: the
     * default); {@code order}: the plan's order as run.json writes it (blocked, interleaved,
     * sequential; rounds pair runs in the first two); {@code threshold}: what {@code same} allows
     * (the matrix's compare-threshold); {@code target}: the adaptive repetitions' target (NaN: none).
     */
    public static List<Row> of(List<RawRow> rows, List<String> along, String order, double threshold, double target) {
        return of(rows, along, order, threshold, DEFAULT_MIN_DIFFERENCE, target);
    }

    /** As above, calling a difference only when the whole interval lies past ±{@code minDifference}. */
    public static List<Row> of(List<RawRow> rows, List<String> along, String order, double threshold, double minDifference, double target) {
        return of(rows, along, order, threshold, minDifference, target, Map.of());
    }

    /** As above, {@code first}: an axis's value that is every pair's side a (a night's baseline JDK: {@link #first}). */
    static List<Row> of(List<RawRow> rows, List<String> along, String order, double threshold, double minDifference, double target, Map<String, String> first) {
        Map<String, List<RawRow>> byCell = new LinkedHashMap<>();
        for (RawRow r : rows) if (r.measured()) byCell.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r);
        // each cell's axes, read once from its first row
        Map<String, SortedMap<String, String>> axesOf = new LinkedHashMap<>();
        byCell.forEach((cell, runs) -> axesOf.put(cell, runs.get(0).key().axes()));
        List<String> axes = along == null ? defaultAlong(axesOf) : along;
        boolean paired = pairsByRound(order);
        String pairing = order == null || order.isEmpty() ? "interleaved" : order;
        // every pair of every group, in order; each is computed alone (its bootstrap seeded by its cells), so they go on every CPU
        List<int[]> tasks = new ArrayList<>();
        List<List<String>> groups = groups(axesOf, axes, first);
        for (int g = 0; g < groups.size(); g++) {
            for (int i = 0; i < groups.get(g).size(); i++) {
                for (int j = i + 1; j < groups.get(g).size(); j++) tasks.add(new int[] {g, i, j});
            }
        }
        List<Row> found = tasks.parallelStream().map(t -> {
            String a = groups.get(t[0]).get(t[1]);
            String b = groups.get(t[0]).get(t[2]);
            // order auto: a pair is a duet's where its runs were started together, else blocked
            String how = pairing.equals("auto") ? (startedTogether(byCell.get(a), byCell.get(b)) ? "duet" : "blocked") : pairing;
            return compare(t[0] + 1, axes, byCell.get(a), byCell.get(b), axesOf.get(a), axesOf.get(b), paired, how, threshold, minDifference, target);
        }).filter(Objects::nonNull).toList();
        double[] q = Multiplicity.benjaminiHochberg(found.stream().mapToDouble(Row::pValue).toArray());
        List<Row> out = new ArrayList<>(found.size());
        for (int i = 0; i < found.size(); i++) out.add(found.get(i).withQ(q[i]));
        return out;
    }

    /** A pair of cells of a group with its paired ratio only (b / a), as a history reads a night: no bootstrap, no test of the medians. */
    public record PairedFigure(String cellA, String cellB, String compared, PairedRatio ratio, boolean higherIsBetter, double[] logRatios) {}

    /** The paired ratio of every pair of every group whose runs were paired (blocked, duet or interleaved order, as run.json says), with at least one round both ran ok. */
    public static List<PairedFigure> pairedFigures(List<RawRow> rows, RunMetadata meta) {
        String order = meta == null ? "interleaved" : meta.order();
        if (!pairsByRound(order)) return List.of();
        Map<String, List<RawRow>> byCell = new LinkedHashMap<>();
        for (RawRow r : rows) if (r.measured()) byCell.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r);
        Map<String, SortedMap<String, String>> axesOf = new LinkedHashMap<>();
        byCell.forEach((cell, runs) -> axesOf.put(cell, runs.get(0).key().axes()));
        List<String> along = meta == null || meta.compareAlong() == null ? defaultAlong(axesOf) : meta.compareAlong();
        List<PairedFigure> out = new ArrayList<>();
        for (List<String> g : groups(axesOf, along, first(meta))) {
            for (int i = 0; i < g.size(); i++) {
                for (int j = i + 1; j < g.size(); j++) {
                    Pairs p = pairs(byCell.get(g.get(i)), byCell.get(g.get(j)));
                    if (p.a().length == 0) continue;
                    RawRow b = byCell.get(g.get(j)).get(0);
                    out.add(new PairedFigure(g.get(i), g.get(j), compared(axesOf.get(g.get(i)), axesOf.get(g.get(j)), along), PairedRatio.of(p.a(), p.b()),
                            b.higherIsBetter(), logRatios(p)));
                }
            }
        }
        return out;
    }

    /** Whether a plan's order pairs runs by round: blocked, duet (a round's pair started together), auto (either), interleaved, or none said (an older run). */
    public static boolean pairsByRound(String order) {
        return order == null || order.isEmpty() || order.equals("blocked") || order.equals("duet") || order.equals("auto") || order.equals("interleaved");
    }

    /** Whether any run of {@code a} was started together with one of {@code b} (raw.csv's duet_with names its partners' seq). */
    static boolean startedTogether(List<RawRow> a, List<RawRow> b) {
        java.util.Set<Integer> seqs = new java.util.HashSet<>();
        for (RawRow r : b) seqs.add(r.seq());
        for (RawRow r : a) {
            for (int partner : r.duetWith()) if (seqs.contains(partner)) return true;
        }
        return false;
    }

    /** Every pair of every group of a results folder's rows, as its run.json describes the plan (null: a run from before run.json said). */
    public static List<Row> of(List<RawRow> rows, RunMetadata meta) {
        if (meta == null) return of(rows, null, "interleaved", 0.10, Double.NaN);
        return of(rows, meta.compareAlong(), meta.order(), meta.compareThreshold(), meta.minDifference(), meta.repetitionTarget(), first(meta));
    }

    /** The values that are side a of every pair they are in: a baseline JDK the run measured against ({@code baseline: { jdk: NAME }}), on the jdk axis. */
    static Map<String, String> first(RunMetadata meta) {
        if (meta == null) return Map.of();
        for (RunBaseline b : meta.baselines()) {
            if (b.measured() && b.baseline().startsWith(RunBaseline.JDK)) return Map.of("jdk", b.baseline().substring(RunBaseline.JDK.length()));
        }
        return Map.of();
    }

    /** The compared axes by default: jdk and executor where these rows' cells have more than one value of them. */
    static List<String> defaultAlong(Map<String, SortedMap<String, String>> axesOf) {
        return DEFAULT_ALONG.stream().filter(a -> axesOf.values().stream().map(x -> x.get(a)).distinct().count() > 1).toList();
    }

    /** The cells in groups (each a list of cell ids in compared order), groups in the order of their first cell. */
    static List<List<String>> groups(Map<String, SortedMap<String, String>> axesOf, List<String> along) {
        return groups(axesOf, along, Map.of());
    }

    static List<List<String>> groups(Map<String, SortedMap<String, String>> axesOf, List<String> along, Map<String, String> first) {
        Map<SortedMap<String, String>, List<String>> m = new LinkedHashMap<>();
        for (Map.Entry<String, SortedMap<String, String>> e : axesOf.entrySet()) {
            SortedMap<String, String> key = new TreeMap<>(e.getValue());
            along.forEach(key::remove);
            m.computeIfAbsent(key, k -> new ArrayList<>()).add(e.getKey());
        }
        List<List<String>> out = new ArrayList<>();
        for (List<String> cells : m.values()) {
            if (cells.size() < 2) continue;
            List<String> sorted = new ArrayList<>(cells);
            sorted.sort(Comparator.comparing(axesOf::get, order(along, first)));
            out.add(sorted);
        }
        return out;
    }

    /** Cells ordered along each compared axis in turn. */
    static Comparator<Map<String, String>> order(List<String> along) {
        return order(along, Map.of());
    }

    /** As above, an axis's value in {@code first} before every other value of it. */
    static Comparator<Map<String, String>> order(List<String> along, Map<String, String> first) {
        Comparator<Map<String, String>> c = (x, y) -> 0;
        for (String axis : along) {
            String f = first.get(axis);
            c = c.thenComparing(m -> m.getOrDefault(axis, ""), (a, b) -> f != null && a.equals(f) != b.equals(f) ? (a.equals(f) ? -1 : 1) : compareValues(a, b));
        }
        return c;
    }

    /** The default value first (empty, quota), then by a leading number (21 before 25, 2 before 16), then by name. */
    static int compareValues(String a, String b) {
        boolean da = a.isEmpty() || a.equals("quota");
        boolean db = b.isEmpty() || b.equals("quota");
        if (da != db) return da ? -1 : 1;
        double na = leadingNumber(a);
        double nb = leadingNumber(b);
        if (!Double.isNaN(na) && !Double.isNaN(nb) && na != nb) return Double.compare(na, nb);
        if (Double.isNaN(na) != Double.isNaN(nb)) return Double.isNaN(na) ? 1 : -1;
        return a.compareTo(b);
    }

    private static final java.util.regex.Pattern LEADING_NUMBER = java.util.regex.Pattern.compile("^(\\d+(\\.\\d+)?)");

    private static double leadingNumber(String s) {
        java.util.regex.Matcher m = LEADING_NUMBER.matcher(s);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    /** The figure of each round of a cell's measured runs: the last attempt's, NaN where that run did not end ok. */
    static Map<Integer, Double> rounds(List<RawRow> runs) {
        Map<Integer, Double> m = new TreeMap<>();
        for (RawRow r : runs) {
            if (r.noisy()) continue; // made again: its next attempt is the round's run
            int rep = (int) r.rep();
            m.put(rep, r.ok() && r.score() > 0 ? r.score() : Double.NaN);
        }
        return m;
    }

    /** The pair's rounds where both ran ok: {a figures, b figures}; and how many rounds of either were left out. */
    public record Pairs(double[] a, double[] b, int dropped) {}

    /** The rounds of two cells' measured runs, paired. */
    public static Pairs pairs(List<RawRow> a, List<RawRow> b) {
        Map<Integer, Double> ra = rounds(a);
        Map<Integer, Double> rb = rounds(b);
        java.util.Set<Integer> all = new java.util.TreeSet<>(ra.keySet());
        all.addAll(rb.keySet());
        List<double[]> used = new ArrayList<>();
        int dropped = 0;
        for (int rep : all) {
            double x = ra.getOrDefault(rep, Double.NaN);
            double y = rb.getOrDefault(rep, Double.NaN);
            if (Double.isFinite(x) && Double.isFinite(y)) used.add(new double[] {x, y});
            else dropped++;
        }
        return new Pairs(used.stream().mapToDouble(p -> p[0]).toArray(), used.stream().mapToDouble(p -> p[1]).toArray(), dropped);
    }

    /**
     * {@code numerator}'s figure over {@code denominator}'s with its interval and level, from the comparison of
     * the two cells where their runs were paired with at least two pairs; else null. A comparison holds
     * b / a, so a numerator that is its a takes the inverse, with the interval's ends swapped.
     */
    public static java.util.Optional<RatioInterval> pairedRatio(List<Row> comparisons, String numerator, String denominator) {
        for (Row c : comparisons) {
            if (!c.paired() || c.ratio() == null || c.ratio().n() < 2) continue;
            if (c.cellB().equals(numerator) && c.cellA().equals(denominator)) return java.util.Optional.of(c.figure());
            if (c.cellA().equals(numerator) && c.cellB().equals(denominator)) return java.util.Optional.of(c.figure().inverse());
        }
        return java.util.Optional.empty();
    }

    /** The paired ratio b / a of two cells' runs by round, or null with fewer than one complete round. */
    public static PairedRatio paired(List<RawRow> a, List<RawRow> b) {
        return paired(a, b, PairedRatio.TARGET_LEVEL);
    }

    /** The same with its interval at {@code level} (or the widest there is). */
    public static PairedRatio paired(List<RawRow> a, List<RawRow> b, double level) {
        Pairs p = pairs(a, b);
        return p.a().length == 0 ? null : PairedRatio.of(p.a(), p.b(), level);
    }

    private static Row compare(int group, List<String> along, List<RawRow> a, List<RawRow> b, Map<String, String> axesA, Map<String, String> axesB,
                               boolean paired, String pairing, double threshold, double minDifference, double target) {
        double[] va = okFigures(a);
        double[] vb = okFigures(b);
        RawRow fa = a.get(0);
        RawRow fb = b.get(0);
        if (va.length == 0 || vb.length == 0) {
            String note = (va.length == 0 ? "no ok run of a (" + statuses(a) + ")" : "") + (va.length == 0 && vb.length == 0 ? "; " : "")
                    + (vb.length == 0 ? "no ok run of b (" + statuses(b) + ")" : "");
            return new Row(group, compared(axesA, axesB, along), shared(axesA, axesB, along), fa.cell(), fb.cell(), paired, paired ? pairing : "none",
                    0, 0, null, Double.NaN, Double.NaN, Double.NaN, Double.NaN, fb.scoreUnit(), fb.higherIsBetter(), Verdict.FAILED,
                    Verdict.FAILED, "", note, Double.NaN, Resolution.UNKNOWN, "");
        }
        String unit = fb.scoreUnit();
        boolean higher = fb.higherIsBetter();
        Pairs p = pairs(a, b);
        PairedRatio ratio = p.a().length == 0 ? null : PairedRatio.of(p.a(), p.b());
        String key = fa.cell() + " / " + fb.cell();
        double unpaired = Statistics.of(vb).median() / Statistics.of(va).median();
        double[] interval = Comparison.bootstrapRatio(key, va, vb);
        double up = MannWhitney.pValue(va, vb);
        Decision pd = pairedDecision(ratio, higher, threshold, minDifference);
        Decision ud = unpairedDecision(va.length, vb.length, interval[0], interval[1], higher, threshold, minDifference);
        String reached = "";
        if (!Double.isNaN(target)) {
            double reach = paired ? (ratio == null ? Double.NaN : ratio.reach()) : PairedRatio.reach(unpaired, interval[0], interval[1]);
            reached = Double.isFinite(reach) && reach <= target ? "yes" : "no";
        }
        Resolution resolution = paired ? Resolution.paired(logRatios(p), minDifference) : Resolution.unpaired(logs(va), logs(vb), minDifference);
        return new Row(group, compared(axesA, axesB, along), shared(axesA, axesB, along), fa.cell(), fb.cell(), paired, paired ? pairing : "none", p.a().length, p.dropped(),
                ratio, unpaired, interval[0], interval[1], up, unit, higher, paired ? pd.verdict() : ud.verdict(), ud.verdict(), reached,
                paired ? pd.note() : ud.note(), Double.NaN, resolution, SteadyNotes.of(a, b));
    }

    private static double[] logRatios(Pairs p) {
        double[] d = new double[p.a().length];
        for (int i = 0; i < d.length; i++) d[i] = Math.log(p.b()[i] / p.a()[i]);
        return d;
    }

    private static double[] logs(double[] v) {
        return java.util.Arrays.stream(v).map(Math::log).toArray();
    }

    /** A verdict and, when the runs cannot give one, why ("3 pairs: a 75.0 % interval, ..."). */
    public record Decision(Verdict verdict, String note) {}

    /** The paired verdict: from an interval of at least {@link #DECISION_LEVEL}, else undecided with why. */
    public static Decision pairedDecision(PairedRatio ratio, boolean higherIsBetter, double threshold, double minDifference) {
        if (ratio == null) return new Decision(Verdict.UNDECIDED, "no round in which both cells ran ok");
        if (ratio.n() < 2 || ratio.level() < DECISION_LEVEL - 1e-9) {
            return new Decision(Verdict.UNDECIDED, ratio.n() + (ratio.n() == 1 ? " pair" : " pairs") + ": a " + percent(ratio.level())
                    + " interval, below the 95 % a verdict needs (" + DECISION_ROUNDS + " pairs reach it)");
        }
        return new Decision(verdict(ratio.low(), ratio.high(), higherIsBetter, threshold, minDifference), "");
    }

    /**
     * The unpaired verdict: from the bootstrap interval of the two medians where each median's own
     * interval reaches {@link #DECISION_LEVEL} (6 runs a cell), else undecided with why: a bootstrap
     * of 3 runs calls itself 95 % and is not.
     */
    public static Decision unpairedDecision(int na, int nb, double low, double high, boolean higherIsBetter, double threshold, double minDifference) {
        double level = Math.min(Statistics.medianLevel(na), Statistics.medianLevel(nb));
        if (level < DECISION_LEVEL - 1e-9) {
            return new Decision(Verdict.UNDECIDED, na + " and " + nb + " runs: a median's interval reaches " + percent(level)
                    + ", below the 95 % a verdict needs (" + DECISION_ROUNDS + " runs a cell reach it)");
        }
        return new Decision(verdict(low, high, higherIsBetter, threshold, minDifference), "");
    }

    private static String percent(double level) {
        return String.format(Locale.ROOT, "%.1f %%", level * 100);
    }

    /** A cell's measured runs by status, {@code oom=3, timeout=1} (a noisy run's last attempt counts, as for its figures). */
    static String statuses(List<RawRow> runs) {
        Map<String, Integer> by = new TreeMap<>();
        for (RawRow r : runs) if (!r.noisy()) by.merge(r.status().isEmpty() ? "?" : r.status(), 1, Integer::sum);
        return String.join(", ", by.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }

    /** The figures of the measured runs that ended ok (a noisy run's last attempt counts; positive and finite only). */
    public static double[] okFigures(List<RawRow> runs) {
        return runs.stream().filter(r -> r.ok() && !r.noisy()).mapToDouble(RawRow::score).filter(v -> Double.isFinite(v) && v > 0).toArray();
    }

    /**
     * How b / a's interval reads in the figure's direction: past ±{@code minDifference} wholly on
     * one side, faster or slower; within ±{@code threshold}, same; otherwise undecided.
     */
    public static Verdict verdict(double low, double high, boolean higherIsBetter, double threshold, double minDifference) {
        if (!(Double.isFinite(low) && Double.isFinite(high))) return Verdict.UNDECIDED;
        if (low > 1 + minDifference) return higherIsBetter ? Verdict.FASTER : Verdict.SLOWER;
        if (high < 1 - minDifference) return higherIsBetter ? Verdict.SLOWER : Verdict.FASTER;
        if (low >= 1 - threshold && high <= 1 + threshold) return Verdict.SAME;
        return Verdict.UNDECIDED;
    }

    /** {@code executor virtual}: the compared axes on which the two cells agree, with their value. */
    static String shared(Map<String, String> a, Map<String, String> b, List<String> along) {
        List<String> parts = new ArrayList<>();
        for (String axis : along) {
            String x = a.getOrDefault(axis, "");
            if (x.equals(b.getOrDefault(axis, ""))) parts.add(axis + " " + (x.isEmpty() ? "none" : x));
        }
        return String.join(", ", parts);
    }

    /** {@code jdk 21 -> 25; executor fixed:cpus -> virtual}: the compared axes on which the two cells differ. */
    static String compared(Map<String, String> a, Map<String, String> b, List<String> along) {
        List<String> parts = new ArrayList<>();
        for (String axis : along) {
            String x = a.getOrDefault(axis, "");
            String y = b.getOrDefault(axis, "");
            if (!x.equals(y)) parts.add(axis + " " + (x.isEmpty() ? "none" : x) + " -> " + (y.isEmpty() ? "none" : y));
        }
        return String.join("; ", parts);
    }
}
