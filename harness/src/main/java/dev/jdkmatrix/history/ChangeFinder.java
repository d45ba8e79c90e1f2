package dev.jdkmatrix.history;

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
     * not "no change").
     */
    public record Options(EDivisive.Options method, int confirmNights, int minNights) {
        /** The defaults, calibrated by make bench-history (docs/history.md): window 30, p 0.00003, 3 nights to confirm, 6 to start. */
        public static final Options DEFAULT = new Options(new EDivisive.Options(30, 0.00003, 0), 3, 6);

        public Options {
            java.util.Objects.requireNonNull(method, "method");
            if (confirmNights < 1) throw new IllegalArgumentException("confirm-nights is at least 1, got " + confirmNights);
            if (minNights < confirmNights + 1) {
                throw new IllegalArgumentException("min-nights (" + minNights + ") must exceed confirm-nights (" + confirmNights + "): a change needs nights before it");
            }
        }
    }

    /** What the finder says of a series: its changes, or why it has none to say (too short). */
    public record Finding(Series series, List<Change> changes, String note) {
        public Finding {
            changes = List.copyOf(changes);
            note = note == null ? "" : note;
        }

        /** Whether the series was long enough to look at. */
        public boolean examined() {
            return note.isEmpty();
        }
    }

    private ChangeFinder() {}

    public static Finding find(Series s, Options o) {
        int n = s.entries().size();
        if (n < o.minNights()) {
            return new Finding(s, List.of(), n + " night" + (n == 1 ? "" : "s") + ", " + o.minNights() + " needed to look for changes");
        }
        double[] z = s.logs();
        List<Change> changes = new ArrayList<>();
        for (Point p : points(z, o)) changes.add(change(s, z, p, o));
        return new Finding(s, changes, "");
    }

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
                status, m.unit(), m.higherIsBetter(), m.compared(), Attribution.between(before.meta(), after.meta(), jdks));
    }

    /**
     * {difference, low, high} of the mean of z[at, to) minus the mean of z[from, at), with Welch's
     * 95 % interval; with one night after, the nights before give the spread of both.
     */
    static double[] logDifference(double[] z, int from, int at, int to) {
        int n1 = at - from;
        int n2 = to - at;
        double m1 = mean(z, from, at);
        double m2 = mean(z, at, to);
        double v1 = variance(z, from, at, m1);
        double v2 = n2 >= 2 ? variance(z, at, to, m2) : v1;
        double d = m2 - m1;
        double se2a = v1 / n1;
        double se2b = v2 / n2;
        double se = Math.sqrt(se2a + se2b);
        if (!(se > 0) || n1 < 2) return new double[] {d, d, d};
        double df = n2 >= 2 ? (se2a + se2b) * (se2a + se2b) / (se2a * se2a / (n1 - 1) + se2b * se2b / (n2 - 1)) : n1 - 1;
        double t = TDistribution.of(Math.max(1, df)).inverseSurvivalProbability(0.025);
        return new double[] {d, d - t * se, d + t * se};
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
