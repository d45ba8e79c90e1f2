package dev.jdkmatrix.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One figure followed across a fleet of machines: each CPU model's level, estimated from the
 * series itself, taken out of its nights, so that a night on a slower CPU is not a step and a real
 * step is found on whichever machines its nights ran.
 *
 * <p>The model is {@code log figure = level of the segment + level of the machine + noise}, the
 * segments being those between the series' change points. It is fitted by backfitting with
 * medians (robust to a night out of line, as the change finder's spread is): the machines' levels
 * are first the difference of their medians; then, three times at most, the change points are
 * found on the series with the machines' levels taken out, each segment's median is its level,
 * and each machine's level is the median of its nights' differences from their segment's. The
 * machine with the most nights is the reference (level 1x). A machine with fewer than
 * {@link #MIN_NIGHTS} nights in the series has no level yet: its nights are left out of the
 * search for changes (shown, and said "level not known yet"), so a step that shows only on a new
 * CPU model is its level, not a regression. The levels are estimated again every night from the
 * nights so far, so they follow the history as it grows.
 */
public record Levels(Series leveled, Map<String, Level> machines, List<Series.Entry> unplaced) {

    /**
     * The nights a machine needs in a series before its level is estimated and its nights are
     * searched for changes: 2 (make bench-history found 3 and 4 no better on fleets).
     */
    public static final int MIN_NIGHTS = 2;

    /** A machine's level in a series: its figures over the reference machine's ({@code factor}, NaN while not {@code placed}: too few nights), from {@code nights} nights. */
    public record Level(String machine, double factor, int nights, boolean placed) {}

    public Levels {
        machines = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(machines));
        unplaced = List.copyOf(unplaced);
    }

    /** The machine a night ran on: its CPU model. */
    public static String machine(Night n) {
        return n.meta().cpuModel();
    }

    /**
     * What sets a figure's level on a night: the machine, and for a benchmark's head / base ratio its
     * baseline too ({@link BaselineEpochs}), so that moving the baseline re-bases the series instead of
     * making a step.
     */
    static String level(FigureKey key, Night n) {
        String baseline = BaselineEpochs.of(key, n);
        return baseline.isEmpty() ? machine(n) : machine(n) + ", baseline " + baseline;
    }

    /** Whether the series ran on more than one machine. */
    public boolean fleet() {
        return machines.size() > 1;
    }

    /** The series with each machine's level taken out; its nights of machines with too few nights left out (null when none is left). */
    public static Levels of(Series s, ChangeFinder.Options o) {
        Map<String, Integer> count = new LinkedHashMap<>();
        for (Series.Entry e : s.entries()) count.merge(level(s.key(), e.night()), 1, Integer::sum);
        if (count.size() == 1) {
            String only = count.keySet().iterator().next();
            return new Levels(s, Map.of(only, new Level(only, 1, s.entries().size(), true)), List.of());
        }
        List<Series.Entry> placed = new ArrayList<>();
        List<Series.Entry> unplaced = new ArrayList<>();
        for (Series.Entry e : s.entries()) (count.get(level(s.key(), e.night())) >= MIN_NIGHTS ? placed : unplaced).add(e);
        List<String> known = count.entrySet().stream().filter(e -> e.getValue() >= MIN_NIGHTS).map(Map.Entry::getKey).toList();
        Map<String, Double> offsets = known.size() <= 1 ? Map.of() : offsets(s.key(), placed, known, o);
        Map<String, Level> levels = new LinkedHashMap<>();
        count.forEach((m, n) -> levels.put(m, new Level(m, offsets.containsKey(m) ? Math.exp(offsets.get(m)) : known.contains(m) ? 1 : Double.NaN, n, known.contains(m))));
        List<Series.Entry> adjusted = placed.stream().map(e -> adjust(e, offsets.getOrDefault(level(s.key(), e.night()), 0.0))).toList();
        return new Levels(adjusted.isEmpty() ? null : new Series(s.runnerClass(), s.key(), adjusted), levels, unplaced);
    }

    /** Each machine's level on the log scale, the reference's 0: backfitted with the series' change points. */
    static Map<String, Double> offsets(FigureKey key, List<Series.Entry> entries, List<String> machines, ChangeFinder.Options o) {
        int n = entries.size();
        double[] z = new double[n];
        int[] k = new int[n];
        int[] nights = new int[machines.size()];
        for (int i = 0; i < n; i++) {
            z[i] = Math.log(entries.get(i).measured().value());
            k[i] = machines.indexOf(level(key, entries.get(i).night()));
            nights[k[i]]++;
        }
        int ref = 0;
        for (int m = 1; m < nights.length; m++) if (nights[m] > nights[ref]) ref = m;
        double[] level = new double[n]; // the segments' level of each night: none found yet, so 0 for all
        double[] off = machineLevels(z, level, k, machines.size(), ref);
        int[] bounds = null;
        for (int iter = 0; iter < 3; iter++) {
            double[] y = new double[n];
            for (int i = 0; i < n; i++) y[i] = z[i] - off[k[i]];
            int[] found = ChangeFinder.points(y, o).stream().mapToInt(ChangeFinder.Point::at).toArray();
            if (Arrays.equals(found, bounds)) break;
            bounds = found;
            level = Watch.levels(y, bounds);
            off = machineLevels(z, level, k, machines.size(), ref);
        }
        Map<String, Double> out = new LinkedHashMap<>();
        for (int m = 0; m < machines.size(); m++) out.put(machines.get(m), off[m]);
        return out;
    }

    /** Each machine's median difference from the nights' segment levels, the reference machine's taken as 0. */
    private static double[] machineLevels(double[] z, double[] level, int[] k, int machines, int ref) {
        double[] off = new double[machines];
        for (int m = 0; m < machines; m++) {
            final int mm = m;
            off[m] = dev.jdkmatrix.stats.Median.of(java.util.stream.IntStream.range(0, z.length).filter(i -> k[i] == mm).mapToDouble(i -> z[i] - level[i]).toArray());
        }
        double r = off[ref];
        for (int m = 0; m < machines; m++) off[m] -= r;
        return off;
    }

    private static Series.Entry adjust(Series.Entry e, double offset) {
        if (offset == 0) return e;
        Measured m = e.measured();
        double f = Math.exp(-offset);
        return new Series.Entry(e.night(), new Measured(m.value() * f, m.low() * f, m.high() * f, m.level(), m.n(), m.unit(), m.higherIsBetter(), m.compared(),
                m.jdks(), m.withinSd()));
    }

    /** "AMD EPYC 7763 1.000x (31 nights), Intel Xeon Platinum 8370C 1.118x (18 nights), AMD EPYC 9V74 level not known yet (2 nights)"; empty on one machine. */
    public String text() {
        if (!fleet()) return "";
        return String.join(", ", machines.values().stream().map(l -> l.machine() + " " + (l.placed()
                ? String.format(java.util.Locale.ROOT, "%.3fx", l.factor()) : "level not known yet") + " (" + l.nights() + " night" + (l.nights() == 1 ? "" : "s") + ")").toList());
    }
}
