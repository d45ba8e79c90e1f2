package dev.jdkmatrix.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The history of a site: its nights grouped by runner class, one series per figure and class, the
 * changes found in each, which of them tonight's night (the newest of its class) made new, and how
 * well each series can show a change.
 */
public record History(List<Night> nights, List<String> skipped, List<ChangeFinder.Finding> findings, List<Change> changes,
                      Set<Change> newTonight, Map<Series, Watch> watches, ChangeFinder.Options options) {

    public History {
        nights = List.copyOf(nights);
        skipped = List.copyOf(skipped);
        findings = List.copyOf(findings);
        changes = List.copyOf(changes);
        newTonight = Set.copyOf(newTonight);
        watches = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(watches));
    }

    public static History of(Nights.Read read, ChangeFinder.Options options, double target) {
        List<Series> all = series(read.nights());
        List<ChangeFinder.Finding> findings = all.parallelStream().map(s -> ChangeFinder.find(s, options)).toList();
        Map<String, Night> tonight = new LinkedHashMap<>();
        for (Night n : read.nights()) tonight.put(n.runnerClass(), n); // oldest first: the last of a class is its newest
        List<Change> changes = new ArrayList<>();
        Set<Change> fresh = new HashSet<>();
        Map<Series, Watch> watches = new LinkedHashMap<>();
        for (ChangeFinder.Finding f : findings) {
            changes.addAll(f.changes());
            watches.put(f.series(), Watch.of(f.series(), f.changes(), options, target));
            List<Change> earlier = earlier(f.series(), tonight.get(f.series().runnerClass()), options);
            for (Change c : f.changes()) if (c.status() == Change.Status.CONFIRMED && isNew(c, earlier, options)) fresh.add(c);
        }
        changes.sort(order());
        return new History(read.nights(), read.skipped(), findings, changes, fresh, watches, options);
    }

    /** The confirmed changes of the series as it stood before tonight, or null when tonight did not measure it. */
    private static List<Change> earlier(Series s, Night tonight, ChangeFinder.Options options) {
        if (s.entries().get(s.entries().size() - 1).night() != tonight) return null;
        Series before = s.withoutNewest();
        if (before == null) return List.of();
        return ChangeFinder.find(before, options).changes().stream().filter(c -> c.status() == Change.Status.CONFIRMED).toList();
    }

    /**
     * Confirmed tonight: no confirmed change in the same direction within a night of it before
     * tonight, and recent (at most twice the confirm-nights after it), so that a change a noisy
     * stretch hid for a while and shows again is not news weeks after it was.
     */
    static boolean isNew(Change c, List<Change> earlier, ChangeFinder.Options options) {
        if (earlier == null || c.nightsAfter() > 2 * options.confirmNights()) return false;
        return earlier.stream().noneMatch(e -> Math.abs(e.index() - c.index()) <= 1 && e.regression() == c.regression());
    }

    /** Every figure's series per runner class, in the order of the figures' kinds and cells. */
    static List<Series> series(List<Night> nights) {
        Map<String, Map<FigureKey, List<Series.Entry>>> byClass = new LinkedHashMap<>();
        for (Night n : nights) {
            Map<FigureKey, List<Series.Entry>> m = byClass.computeIfAbsent(n.runnerClass(), k -> new TreeMap<>());
            n.figures().forEach((k, v) -> m.computeIfAbsent(k, x -> new ArrayList<>()).add(new Series.Entry(n, v)));
        }
        List<Series> out = new ArrayList<>();
        byClass.forEach((cls, m) -> m.forEach((k, entries) -> out.add(new Series(cls, k, entries))));
        return out;
    }

    /** Regressions first, then the newest first, then by figure. */
    static Comparator<Change> order() {
        return Comparator.comparing((Change c) -> !c.regression())
                .thenComparing((Change c) -> c.after().started(), Comparator.reverseOrder())
                .thenComparing(Change::figure);
    }

    /** The series read, found or not. */
    public List<Series> allSeries() {
        return findings.stream().map(ChangeFinder.Finding::series).toList();
    }

    /** The runner classes, in the order of their first night. */
    public List<String> runnerClasses() {
        return nights.stream().map(Night::runnerClass).distinct().toList();
    }

    /** Confirmed regressions that tonight made new: what a nightly fails on. */
    public List<Change> newRegressions() {
        return changes.stream().filter(newTonight::contains).filter(Change::regression).toList();
    }

    /** Suspected changes: what the newest nights suggest. */
    public List<Change> suspected() {
        return changes.stream().filter(c -> c.status() == Change.Status.SUSPECTED).toList();
    }
}
