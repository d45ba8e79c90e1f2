package dev.jdkmatrix.history;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Nights on which the machine, not the figures, moved: many cells out of line together in one
 * direction while the paired ratios (which cancel the runner's speed) stayed within their spread.
 * Such a night is one event of the runner, said once ("the runner was slow: 30 of 40 cells up 8 to
 * 374 %, every paired ratio within its spread"), and a suspected change whose nights after it are
 * all such nights is folded into it rather than raised as a regression of each cell.
 *
 * <p>A figure is out of line on a night when its value (each CPU model's level taken out) lies more
 * than {@link #SPREADS} of its spreads from its level, the level between its confirmed changes
 * (suspected ones, which the event may have made, are not levels). A night is an event when at
 * least {@link #MIN_CELLS} of its examined cells and at least half of them are out of line in one
 * direction, and at most a quarter of its examined paired ratios are out of line.
 */
public record NightEvents(List<Event> events, Set<Change> folded) {

    public static final double SPREADS = 3;
    public static final int MIN_CELLS = 2;

    /** One night of the runner out of line: its series' group, direction, the cells out of line of those examined, their moves, the ratios out of line. */
    public record Event(Night night, String runnerClass, boolean slower, int cellsOut, int cells, double lowPct, double highPct, int ratiosOut, int ratios) {
        /** "2026-11-15 nightly-015: the runner was slow, 30 of 40 cells 8.0 to 374.0 % slower, every paired ratio (26) within its spread". */
        public String text() {
            return String.format(Locale.ROOT, "%s %s: the runner was %s, %d of %d cells %.1f to %.1f %% %s, %s", night.date(), night.runId(), slower ? "slow" : "fast",
                    cellsOut, cells, lowPct, highPct, slower ? "slower" : "faster",
                    ratiosOut == 0 ? "every paired ratio (" + ratios + ") within its spread" : ratiosOut + " of " + ratios + " paired ratios out of their spread");
        }
    }

    public NightEvents {
        events = List.copyOf(events);
        folded = Set.copyOf(folded);
    }

    /** The events of these findings' nights, and the suspected changes they fold. */
    public static NightEvents of(List<ChangeFinder.Finding> findings, ChangeFinder.Options o) {
        Map<Night, List<double[]>> cells = new LinkedHashMap<>(); // night -> {worse (+1) or better (-1) beyond SPREADS, or 0; percent move}
        Map<Night, int[]> ratios = new HashMap<>(); // night -> {out, examined}
        Map<Night, String> group = new HashMap<>();
        for (ChangeFinder.Finding f : findings) {
            if (!f.examined()) continue;
            Series s = f.series();
            double[] z = s.logs();
            int[] bounds = f.changes().stream().filter(c -> c.status() == Change.Status.CONFIRMED).mapToInt(Change::index).sorted().toArray();
            double spread = Watch.spread(z, bounds);
            if (!(spread > 0)) continue;
            double[] level = Watch.levels(z, bounds);
            boolean worseUp = !s.newest().higherIsBetter();
            for (int i = 0; i < z.length; i++) {
                Night n = s.entries().get(i).night();
                group.putIfAbsent(n, s.runnerClass());
                double r = z[i] - level[i];
                boolean out = Math.abs(r) > SPREADS * spread;
                if (s.key() instanceof FigureKey.Pair) {
                    int[] c = ratios.computeIfAbsent(n, k -> new int[2]);
                    c[1]++;
                    if (out) c[0]++;
                } else {
                    double sign = !out ? 0 : (r > 0) == worseUp ? 1 : -1;
                    cells.computeIfAbsent(n, k -> new ArrayList<>()).add(new double[] {sign, Math.expm1(Math.abs(r)) * 100});
                }
            }
        }
        List<Event> events = new ArrayList<>();
        for (var e : cells.entrySet()) {
            Event ev = event(e.getKey(), group.get(e.getKey()), e.getValue(), ratios.getOrDefault(e.getKey(), new int[2]));
            if (ev != null) events.add(ev);
        }
        Set<Night> eventNights = new HashSet<>();
        events.forEach(ev -> eventNights.add(ev.night()));
        Set<Change> folded = new HashSet<>();
        for (ChangeFinder.Finding f : findings) {
            for (Change c : f.changes()) {
                if (c.status() != Change.Status.SUSPECTED) continue;
                List<Series.Entry> after = f.series().entries().subList(c.index(), f.series().entries().size());
                if (after.stream().allMatch(x -> eventNights.contains(x.night()))) folded.add(c);
            }
        }
        events.sort(java.util.Comparator.comparing((Event ev) -> ev.night().started()));
        return new NightEvents(events, folded);
    }

    private static Event event(Night n, String runnerClass, List<double[]> cells, int[] ratios) {
        int worse = 0;
        int better = 0;
        for (double[] c : cells) {
            if (c[0] > 0) worse++;
            else if (c[0] < 0) better++;
        }
        boolean slower = worse >= better;
        int out = Math.max(worse, better);
        if (out < MIN_CELLS || 2 * out < cells.size() || 4 * ratios[0] > ratios[1]) return null;
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (double[] c : cells) {
            if (c[0] == (slower ? 1 : -1)) {
                low = Math.min(low, c[1]);
                high = Math.max(high, c[1]);
            }
        }
        return new Event(n, runnerClass, slower, out, cells.size(), low, high, ratios[0], ratios[1]);
    }
}
