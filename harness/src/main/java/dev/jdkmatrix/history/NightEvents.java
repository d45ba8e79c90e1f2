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
 * 374 %, every paired ratio within its spread"). Where such nights come alone or two in a row
 * ({@link #excursions}: not yet a level of the runner), the cells' series leave them out when they
 * look for changes, so they raise no change of each cell; the paired ratios keep them.
 *
 * <p>A figure is out of line on a night when its value (each CPU model's level taken out) lies more
 * than {@link #SPREADS} of its spreads from its level, the level between its changes that more than
 * twice the confirm-nights hold (newer ones, which the event may have made, are not levels). A night
 * is an event when at least {@link #MIN_CELLS} of its examined cells and at least half of them are
 * out of line in one direction, and at most a quarter of its examined paired ratios are out of line.
 */
public record NightEvents(List<Event> events) {

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
    }

    /** The events of these findings' nights. */
    public static NightEvents of(List<ChangeFinder.Finding> findings, ChangeFinder.Options o) {
        Map<Night, List<double[]>> cells = new LinkedHashMap<>(); // night -> {worse (+1) or better (-1) beyond SPREADS, or 0; percent move}
        Map<Night, int[]> ratios = new HashMap<>(); // night -> {out, examined}
        Map<Night, String> group = new HashMap<>();
        for (ChangeFinder.Finding f : findings) {
            if (!f.examined()) continue;
            Series s = f.series();
            double[] z = s.logs();
            int[] bounds = f.changes().stream().filter(c -> c.nightsAfter() > 2 * o.confirmNights()).mapToInt(Change::index).sorted().toArray();
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
        events.sort(java.util.Comparator.comparing((Event ev) -> ev.night().started()));
        return new NightEvents(events);
    }

    /**
     * The event nights that come alone or {@link ChangeFinder#SUSPECT_NIGHTS} in a row among their
     * group's nights ({@code group}: the fleet, or the runner class): excursions of the runner, which
     * the cells' series leave out. A longer run is a level of the runner, and the cells keep it (their
     * change names what changed, an update or nothing recorded).
     */
    public Set<Night> excursions(List<Night> nights, java.util.function.Function<Night, String> group) {
        Set<Night> eventNights = new HashSet<>();
        events.forEach(e -> eventNights.add(e.night()));
        Set<Night> out = new HashSet<>();
        Map<String, List<Night>> byGroup = new LinkedHashMap<>();
        for (Night n : nights) byGroup.computeIfAbsent(group.apply(n), k -> new ArrayList<>()).add(n);
        for (List<Night> g : byGroup.values()) {
            List<Night> run = new ArrayList<>();
            for (int i = 0; i <= g.size(); i++) {
                if (i < g.size() && eventNights.contains(g.get(i))) {
                    run.add(g.get(i));
                    continue;
                }
                if (run.size() <= ChangeFinder.SUSPECT_NIGHTS) out.addAll(run);
                run.clear();
            }
        }
        return out;
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
