package dev.jdkmatrix.history;

import dev.jdkmatrix.stats.EDivisive;
import dev.jdkmatrix.stats.Median;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The changes of one series: E-Divisive means ({@link EDivisive}, Otava's method) on the log of the
 * nightly figure, then two rules of ours that a nightly needs:
 * <ul>
 *   <li>A change lasts: a segment of fewer than {@code confirmNights} nights between two change
 *   points (or before the first) is not a level of its own but nights out of line; it joins the
 *   neighbouring segment whose mean it is nearer, and the change points left are tested again
 *   (the weakest over {@code maxP} removed first, as Otava's merge step does).</li>
 *   <li>A change is confirmed when at least {@code confirmNights} nights lie after it; a change
 *   the newest nights suggest, with fewer after it, is suspected: shown, never failed on.</li>
 * </ul>
 */
public final class ChangeFinder {

    /**
     * {@code method}: E-Divisive's window, p-value and magnitude; {@code confirmNights}: the nights
     * after a change that confirm it (and the shortest level between two changes);
     * {@code minNights}: the shortest series the finder looks at (shorter ones are said to be short,
     * not "no change"); {@code levelNights}: the nights on one side of a change that say what its
     * level was ({@link #LEVEL_NIGHTS}).
     */
    public record Options(EDivisive.Options method, int confirmNights, int minNights, int levelNights) {
        /** The defaults, calibrated by make bench-history and make bench-history-nights (docs/history.md): window 30, p 0.00001, 3 nights to confirm, 6 to start, 10 to say a level. */
        public static final Options DEFAULT = new Options(new EDivisive.Options(30, 0.00001, 0), 3, 6, LEVEL_NIGHTS);

        /** Options with the default nights of a level ({@link #LEVEL_NIGHTS}). */
        public Options(EDivisive.Options method, int confirmNights, int minNights) {
            this(method, confirmNights, minNights, LEVEL_NIGHTS);
        }

        public Options {
            if (levelNights < 1) throw new IllegalArgumentException("level-nights is at least 1, got " + levelNights);
            java.util.Objects.requireNonNull(method, "method");
            if (confirmNights < 1) throw new IllegalArgumentException("confirm-nights is at least 1, got " + confirmNights);
            if (minNights < confirmNights + 1) {
                throw new IllegalArgumentException("min-nights (" + minNights + ") must exceed confirm-nights (" + confirmNights + "): a change needs nights before it");
            }
        }
    }

    /**
     * What the finder says of a series: its changes, or why it has none to say (too short);
     * {@code series} is the figure with each CPU model's level taken out ({@link Levels}), its nights
     * on a CPU model whose level is not known yet left out ({@code levels} names them), and for a
     * cell the nights the runner moved every cell alone or two in a row ({@code excursions},
     * {@link NightEvents#excursions}).
     */
    public record Finding(Series series, List<Change> changes, String note, Levels levels, List<Series.Entry> excursions) {
        public Finding {
            changes = List.copyOf(changes);
            note = note == null ? "" : note;
            if (levels == null) levels = new Levels(series, java.util.Map.of(), List.of());
            excursions = excursions == null ? List.of() : List.copyOf(excursions);
        }

        public Finding(Series series, List<Change> changes, String note) {
            this(series, changes, note, null, null);
        }

        /** Every night of the figure, those on a CPU model whose level is not known yet and the runner's excursions included. */
        public int nights() {
            return series.entries().size() + levels.unplaced().size() + excursions.size();
        }

        /** Whether the series was long enough to look at. */
        public boolean examined() {
            return note.isEmpty();
        }
    }

    private ChangeFinder() {}

    /** The changes of a figure over a fleet: each CPU model's level taken out first ({@link Levels}). */
    public static Finding findLeveled(Series raw, Options o) {
        return findLeveled(raw, o, java.util.Set.of());
    }

    /** As above, the nights {@code leaveOut} (the runner's excursions, for a cell) left out of the search. */
    public static Finding findLeveled(Series raw, Options o, java.util.Set<Night> leaveOut) {
        List<Series.Entry> out = raw.entries().stream().filter(e -> leaveOut.contains(e.night())).toList();
        if (!out.isEmpty() && out.size() < raw.entries().size()) {
            raw = new Series(raw.runnerClass(), raw.key(), raw.entries().stream().filter(e -> !leaveOut.contains(e.night())).toList());
        } else {
            out = List.of();
        }
        Levels levels = Levels.of(raw, o);
        if (levels.leveled() == null) {
            return new Finding(raw, List.of(), raw.entries().size() + " night(s), each CPU model's first: no level known yet to look for changes", levels, out);
        }
        Finding f = find(levels.leveled(), o);
        if (!f.examined() && !levels.unplaced().isEmpty()) {
            return new Finding(f.series(), List.of(), f.note() + " (" + levels.unplaced().size() + " more on CPU models seen once, whose level is not known yet)", levels, out);
        }
        return new Finding(f.series(), f.changes(), f.note(), levels, out);
    }

    public static Finding find(Series s, Options o) {
        int n = s.entries().size();
        if (n < o.minNights()) {
            return new Finding(s, List.of(), n + " night" + (n == 1 ? "" : "s") + ", " + o.minNights() + " needed to look for changes");
        }
        double[] z = s.logs();
        double floor = withinFloor(s);
        List<Change> changes = new ArrayList<>();
        for (Point p : points(z, o)) if (named(p, z, floor, o)) changes.add(change(s, z, p, o));
        return new Finding(s, changes, "");
    }

    /**
     * Whether a change point is named a change: at least {@link #SUSPECT_NIGHTS} nights after it, and
     * a level of at least the level-nights on one side of it (make bench-history asks the same); or,
     * on a young site, with fewer, a step of at least {@link #YOUNG_SPREADS} spreads with at least
     * {@link #YOUNG_NIGHTS} nights before it. {@code floor}: the least spread a night-to-night spread
     * is taken to have (the nights' own runs' standard error: see {@link #withinFloor}).
     */
    public static boolean named(Point p, double[] z, double floor, Options o) {
        int before = p.at() - p.from();
        int after = p.to() - p.at();
        if (after < SUSPECT_NIGHTS) return false;
        if (before >= o.levelNights() || after >= o.levelNights()) return true;
        return before >= YOUNG_NIGHTS && spreads(z, p, floor) >= YOUNG_SPREADS;
    }

    /**
     * The nights before a change that a young site needs to name it without a level's nights: 5, so a
     * step of many spreads is named from a site's 8th night (5 before, 3 after confirm it).
     */
    public static final int YOUNG_NIGHTS = 5;

    /**
     * How many spreads a step must span to be named with fewer than the level-nights on both sides: 6.
     * A figure that moves about 1 % a night and steps by 8 % at a young site's 9th night is named
     * within 3 nights in 88.5 % of histories (10 %: 98.9 %; docs/history.md); one that jumps between
     * two modes a few nights at a time (what the level-nights keep out) seldom spans 6 of its own
     * spreads: make bench-history-nights found 0.09 to 0.14 false confirmed changes per 100 nights with it.
     */
    public static final double YOUNG_SPREADS = 6;

    /** The step at {@code p} in spreads: the difference of the two sides' means over their pooled standard deviation, never below {@code floor}. */
    static double spreads(double[] z, Point p, double floor) {
        double m1 = mean(z, p.from(), p.at());
        double m2 = mean(z, p.at(), p.to());
        double ss = variance(z, p.from(), p.at(), m1) * (p.at() - p.from() - 1) + variance(z, p.at(), p.to(), m2) * Math.max(0, p.to() - p.at() - 1);
        int df = p.to() - p.from() - 2;
        double sd = Math.max(df > 0 ? Math.sqrt(ss / df) : 0, Double.isFinite(floor) ? floor : 0);
        return sd > 0 ? Math.abs(m2 - m1) / sd : Double.POSITIVE_INFINITY;
    }

    /**
     * The least night-to-night spread a series can have: the median of its nights' own standard errors
     * (a night's figure varies at least as much as its runs say), so that a few nights that happen to
     * agree do not make a small step look like many spreads; 0 where the nights do not say.
     */
    static double withinFloor(Series s) {
        double[] w = s.entries().stream().mapToDouble(e -> e.measured().withinSd()).filter(Double::isFinite).sorted().toArray();
        return w.length == 0 ? 0 : Median.ofSorted(w);
    }

    /**
     * The nights after a change before the finder names it, suspected: 2. One night out of line is
     * an excursion (a busy runner, a slow hour), not a change; the history names a night on which
     * many figures were out of line together as one event of the machine ({@link NightEvents}).
     */
    public static final int SUSPECT_NIGHTS = 2;

    /**
     * The nights on one side of a change that say what its level was, by default: 10. A change with
     * fewer on both sides is not named (a site's first nights; a figure that jumps between two modes for a
     * few nights at a time), whatever its p-value: make bench-history's fleet calibration found such
     * changes to be most of the false ones on our real nights (false confirmed changes per 100
     * nights over the quick matrix's figures on fleets 1.31 with 3, 0.75 with 8, 0.63 with 10:
     * docs/history.md).
     */
    public static final int LEVEL_NIGHTS = 10;

    /**
     * A change in a series of numbers: the segment before it starts at {@code from}, the first point
     * after it is {@code at}, the segment after it ends before {@code to}; {@code pValue}: the
     * t-test's between the two segments.
     */
    public record Point(int from, int at, int to, double pValue) {
        /** Whether the nights after it confirm it. */
        public boolean confirmed(Options o) {
            return to - at >= o.confirmNights();
        }
    }

    /** The changes of a series of numbers (the log of a figure, oldest first), as {@link #find} finds them; none under min-nights. */
    public static List<Point> points(double[] z, Options o) {
        if (z.length < o.minNights()) return List.of();
        List<EDivisive.ChangePoint> cps = lasting(new ArrayList<>(EDivisive.changePoints(z, o.method())), z, o);
        List<Point> out = new ArrayList<>();
        for (int i = 0; i < cps.size(); i++) {
            int from = i == 0 ? 0 : cps.get(i - 1).index();
            int to = i == cps.size() - 1 ? z.length : cps.get(i + 1).index();
            out.add(new Point(from, cps.get(i).index(), to, cps.get(i).pValue()));
        }
        return out;
    }

    /** Change points whose levels last: short segments joined to their nearer neighbour, the rest tested again. */
    static List<EDivisive.ChangePoint> lasting(List<EDivisive.ChangePoint> found, double[] z, Options o) {
        List<EDivisive.ChangePoint> cps = new ArrayList<>(found);
        List<int[]> first = EDivisive.intervals(cps, z.length);
        cps.replaceAll(cp -> EDivisive.test(cp.index(), z, first)); // Otava's merge leaves a removed point's left neighbour untested
        while (true) {
            int shortAt = shortSegment(cps, z.length, o.confirmNights());
            if (shortAt >= 0) {
                cps.remove(shortAt);
            } else {
                int weakest = -1;
                for (int i = 0; i < cps.size(); i++) {
                    if (!(cps.get(i).pValue() <= o.method().maxP()) && (weakest < 0 || !(cps.get(i).pValue() <= cps.get(weakest).pValue()))) weakest = i;
                }
                if (weakest < 0) return cps;
                cps.remove(weakest);
            }
            List<int[]> intervals = EDivisive.intervals(cps, z.length);
            cps.replaceAll(cp -> EDivisive.test(cp.index(), z, intervals));
        }
    }

    /**
     * The change point to remove for the first segment shorter than {@code min} nights (the tail
     * excepted: a suspected change), or -1: the segment's boundary on the side of the neighbour
     * whose mean is nearer its own.
     */
    private static int shortSegment(List<EDivisive.ChangePoint> cps, int n, int min) {
        for (int i = 0; i < cps.size(); i++) {
            int from = i == 0 ? 0 : cps.get(i - 1).index();
            int to = cps.get(i).index();
            if (to - from >= min) continue;
            if (i == 0) return 0; // the first nights: too few to be a level before a change
            EDivisive.ChangePoint left = cps.get(i - 1);
            EDivisive.ChangePoint right = cps.get(i);
            // left.meanAfter is this segment's mean; left.meanBefore the one before; right.meanAfter the one after
            double toLeft = Math.abs(left.meanAfter() - left.meanBefore());
            double toRight = Math.abs(right.meanBefore() - right.meanAfter());
            return toLeft <= toRight ? i - 1 : i;
        }
        return -1;
    }

    private static Change change(Series s, double[] z, Point p, Options o) {
        int from = p.from();
        int at = p.at();
        int to = p.to();
        double[] size = logDifference(z, from, at, to);
        Night before = s.entries().get(at - 1).night();
        Night after = s.entries().get(at).night();
        Measured m = s.newest();
        java.util.Set<String> jdks = new java.util.TreeSet<>(s.entries().get(at - 1).measured().jdks());
        jdks.addAll(s.entries().get(at).measured().jdks());
        Change.Status status = p.confirmed(o) ? Change.Status.CONFIRMED : Change.Status.SUSPECTED;
        return new Change(s.runnerClass(), s.key(), before, after, at, at - from, to - at, Math.exp(size[0]), Math.exp(size[1]), Math.exp(size[2]), p.pValue(),
                status, m.unit(), m.higherIsBetter(), m.compared(), Attribution.between(before.meta(), after.meta(), jdks), byMachine(s, z, from, at, to));
    }

    /**
     * The change's size on each CPU model that ran at least 2 nights on each side of it, where two or
     * more did ("by CPU model: AMD EPYC 7763 +8.1 % (6 / 4 nights), Intel Xeon 8370C +0.3 % (5 / 3
     * nights): the CPU models disagree"); empty otherwise. Two models disagree when their sizes are
     * more than 3 standard errors apart (each from the series' spread over its nights).
     */
    static String byMachine(Series s, double[] z, int from, int at, int to) {
        java.util.Map<String, double[]> sums = new java.util.LinkedHashMap<>(); // machine -> {sum before, n before, sum after, n after}
        for (int i = from; i < to; i++) {
            double[] a = sums.computeIfAbsent(Levels.machine(s.entries().get(i).night()), k -> new double[4]);
            int side = i < at ? 0 : 2;
            a[side] += z[i];
            a[side + 1]++;
        }
        sums.values().removeIf(a -> a[1] < 2 || a[3] < 2);
        if (sums.size() < 2) return "";
        double spread = Watch.spread(java.util.Arrays.copyOfRange(z, from, to), new int[] {at - from});
        List<String> parts = new ArrayList<>();
        List<double[]> sizes = new ArrayList<>(); // {log size, standard error}
        sums.forEach((machine, a) -> {
            double d = a[2] / a[3] - a[0] / a[1];
            sizes.add(new double[] {d, spread * Math.sqrt(1 / a[1] + 1 / a[3])});
            parts.add(String.format(java.util.Locale.ROOT, "%s %+.1f %% (%d / %d nights)", machine, Math.expm1(d) * 100, (int) a[1], (int) a[3]));
        });
        boolean disagree = false;
        for (int i = 0; i < sizes.size(); i++) {
            for (int j = i + 1; j < sizes.size(); j++) {
                double se = Math.hypot(sizes.get(i)[1], sizes.get(j)[1]);
                if (Math.abs(sizes.get(i)[0] - sizes.get(j)[0]) > 3 * se) disagree = true;
            }
        }
        return "by CPU model: " + String.join(", ", parts) + (disagree ? ": the CPU models disagree" : "");
    }

    /**
     * {difference, low, high}: the mean of z[at, to) minus the mean of z[from, at), with a 95 %
     * interval that covers the true step from the night a change is confirmed on, near the detection
     * limit too (make bench-history's coverage block, docs/history.md). The spread is the nights
     * before's (the nights after's where larger: a change that adds noise), over both sides' nights,
     * Student's t with the nights before's degrees of freedom; and it is {@link #widen}ed while few
     * nights are after it, because a change near the limit is confirmed on the nights that happen to
     * overstate it (Welch's interval on those nights covered 73 % of such steps when first confirmed).
     */
    public static double[] logDifference(double[] z, int from, int at, int to) {
        int n1 = at - from;
        int n2 = to - at;
        double m1 = mean(z, from, at);
        double m2 = mean(z, at, to);
        double d = m2 - m1;
        if (n1 < 2 || n2 < 1) return new double[] {d, d, d};
        double v1 = variance(z, from, at, m1);
        double v2 = n2 >= 2 ? Math.max(v1, variance(z, at, to, m2)) : v1;
        double se = Math.sqrt(v1 / n1 + v2 / n2);
        if (!(se > 0)) return new double[] {d, d, d};
        double half = widen(n2) * TDistribution.of(n1 - 1).inverseSurvivalProbability(0.025) * se;
        return new double[] {d, d - half, d + half};
    }

    /**
     * How much wider than Student's a change's interval is with {@code nightsAfter} nights after it:
     * 1.5 up to 6 nights, then 0.05 less a night, to 1 from 16 nights on. Calibrated on histories of
     * our real nights' noise with steps of 1.5 to 6 spreads (the widest factor any of them needed for
     * 95 % coverage at each count of nights after, 1.49 at 3 nights for a step of 1.5 spreads);
     * make bench-history holds it to fresh histories.
     */
    public static double widen(int nightsAfter) {
        return nightsAfter <= 6 ? 1.5 : Math.max(1.0, 1.5 - 0.05 * (nightsAfter - 6));
    }

    private static double mean(double[] z, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) s += z[i];
        return s / (to - from);
    }

    private static double variance(double[] z, int from, int to, double mean) {
        if (to - from < 2) return 0;
        double s = 0;
        for (int i = from; i < to; i++) s += (z[i] - mean) * (z[i] - mean);
        return s / (to - from - 1);
    }
}
