package dev.jdkmatrix.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The history of a site: one series per figure and fleet (the nights of one CPU count and engine,
 * or of one runner class the team named: {@link dev.jdkmatrix.results.RunMetadata#fleet()}), each
 * CPU model's level taken out ({@link Levels}); the changes found in each, which of them tonight's
 * night (the newest of its fleet) made new, the nights the runner moved every figure together
 * ({@link NightEvents}: a cell's series leaves out such a night when it comes alone or two in a
 * row), the nights the team moved a benchmark's baseline ({@link BaselineEpochs}: each baseline a level
 * of its head / base ratio, so a move re-bases the series), and how well each series can show a change. {@code byRunner} keeps each runner class (CPU
 * model and count, engine) a series of its own instead, as histories did before fleets.
 */
public record History(List<Night> nights, List<String> skipped, List<ChangeFinder.Finding> findings, List<Change> changes,
                      Set<Change> newTonight, Map<Series, Watch> watches, ChangeFinder.Options options, List<NightEvents.Event> events, boolean byRunner,
                      List<BaselineEpochs.Move> baselineMoves, Map<Change, Acceptance> accepted) {

    public History {
        nights = List.copyOf(nights);
        skipped = List.copyOf(skipped);
        findings = List.copyOf(findings);
        changes = List.copyOf(changes);
        newTonight = Set.copyOf(newTonight);
        watches = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(watches));
        events = List.copyOf(events);
        baselineMoves = List.copyOf(baselineMoves);
        accepted = Map.copyOf(accepted);
    }

    public static History of(Nights.Read read, ChangeFinder.Options options, double target) {
        return of(read, options, target, false);
    }

    public static History of(Nights.Read read, ChangeFinder.Options options, double target, boolean byRunner) {
        Function<Night, String> group = group(byRunner);
        List<Series> all = series(read.nights(), group);
        List<ChangeFinder.Finding> found = all.parallelStream().map(s -> ChangeFinder.findLeveled(s, options)).toList();
        NightEvents events = NightEvents.of(found, options);
        Set<Night> excursions = events.excursions(read.nights(), group);
        if (!excursions.isEmpty()) { // only a cell's series leaves the runner's excursions out: the paired ratios' findings stand
            List<ChangeFinder.Finding> first = found;
            found = java.util.stream.IntStream.range(0, all.size()).parallel().mapToObj(i -> all.get(i).key() instanceof FigureKey.Cell
                    ? ChangeFinder.findLeveled(all.get(i), options, excursions) : first.get(i)).toList();
        }
        Map<String, Night> tonight = new LinkedHashMap<>();
        for (Night n : read.nights()) tonight.put(group.apply(n), n); // oldest first: the last of a group is its newest
        List<Change> changes = new ArrayList<>();
        Set<Change> fresh = new HashSet<>();
        Map<Series, Watch> watches = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            ChangeFinder.Finding f = found.get(i);
            changes.addAll(f.changes());
            watches.put(f.series(), Watch.of(f.series(), f.changes(), options, target));
            List<Change> earlier = earlier(all.get(i), tonight.get(all.get(i).runnerClass()), options, leftOut(all.get(i), excursions));
            for (Change c : f.changes()) if (c.status() == Change.Status.CONFIRMED && isNew(c, earlier, options)) fresh.add(c);
        }
        changes.sort(order());
        Map<Change, Acceptance> accepted = new java.util.HashMap<>();
        for (Change c : changes) read.accepted().stream().filter(a -> a.covers(c, read.nights())).findFirst().ifPresent(a -> accepted.put(c, a));
        return new History(read.nights(), read.skipped(), found, changes, fresh, watches, options, events.events(), byRunner,
                BaselineEpochs.moves(read.nights(), group), accepted);
    }

    /** The nights a series leaves out of its search: a cell's, the runner's excursions; a paired ratio's, none (it cancels the runner's speed). */
    private static Set<Night> leftOut(Series s, Set<Night> excursions) {
        return s.key() instanceof FigureKey.Cell ? excursions : Set.of();
    }

    /** What a series follows its figure across: the fleet, or with {@code byRunner} the runner class. */
    static Function<Night, String> group(boolean byRunner) {
        return byRunner ? Night::runnerClass : Night::fleet;
    }

    /** The confirmed changes of the series as it stood before tonight (each CPU model's level as estimated then), or null when tonight did not measure it. */
    private static List<Change> earlier(Series s, Night tonight, ChangeFinder.Options options, Set<Night> leaveOut) {
        if (s.entries().get(s.entries().size() - 1).night() != tonight) return null;
        Series before = s.withoutNewest();
        if (before == null) return List.of();
        return ChangeFinder.findLeveled(before, options, leaveOut).changes().stream().filter(c -> c.status() == Change.Status.CONFIRMED).toList();
    }

    /**
     * Confirmed tonight: no confirmed change in the same direction within a night of it before
     * tonight, and recent (at most twice the confirm-nights after it), so that a change a noisy
     * stretch hid for a while and shows again is not news weeks after it was. Nights are compared
     * by date (a night left out while its CPU model's level was unknown moves the indices).
     */
    static boolean isNew(Change c, List<Change> earlier, ChangeFinder.Options options) {
        if (earlier == null) return false;
        // an earlier change on the same nights (compared by date) stands where this one is, whatever its index
        return isNew(new Candidate(c.index(), c.regression(), c.nightsAfter()), earlier.stream()
                .map(e -> new Candidate(e.after().equals(c.after()) || e.after().equals(c.before()) || e.before().equals(c.after()) ? c.index() : e.index(),
                        e.regression(), e.nightsAfter())).toList(), options);
    }

    /** A confirmed change as the alert rule reads it: the index of its first night after, its direction, and the nights after it. */
    public record Candidate(int index, boolean regression, int nightsAfter) {}

    /**
     * The alert rule, on indices alone (make bench-history calls it on its synthetic series, so the
     * calibration alerts as the nightly does): a change confirmed tonight is new when it is recent
     * (at most twice the confirm-nights after it) and no confirmed change of the night before went
     * the same way within a night of it.
     */
    public static boolean isNew(Candidate c, List<Candidate> earlier, ChangeFinder.Options options) {
        if (c.nightsAfter() > 2 * options.confirmNights()) return false;
        return earlier.stream().noneMatch(e -> e.regression() == c.regression() && Math.abs(e.index() - c.index()) <= 1);
    }

    /** Every figure's series per group of nights, in the order of the groups' first nights, then of the figures' kinds and cells. */
    static List<Series> series(List<Night> nights, Function<Night, String> group) {
        Map<String, Map<FigureKey, List<Series.Entry>>> byClass = new LinkedHashMap<>();
        for (Night n : nights) {
            Map<FigureKey, List<Series.Entry>> m = byClass.computeIfAbsent(group.apply(n), k -> new TreeMap<>());
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

    /** The groups of nights a series follows (fleets, or runner classes with {@code byRunner}), in the order of their first night. */
    public List<String> runnerClasses() {
        return nights.stream().map(group(byRunner)).distinct().toList();
    }

    /** The CPU models the nights ran on, in the order of their first night. */
    public List<String> machines() {
        return nights.stream().map(Levels::machine).distinct().toList();
    }

    /**
     * Confirmed regressions that tonight made new and the team did not accept: what a nightly fails on. A cell of a benchmark
     * measured against its baseline ({@link BaselineEpochs#pairedCell}) is not among them: its median carries the runner's day,
     * and the benchmark's head / base ratio, which cancels the day, is what fails a night for its code (both are shown).
     */
    public List<Change> newRegressions() {
        return changes.stream().filter(newTonight::contains).filter(Change::regression).filter(c -> !accepted.containsKey(c))
                .filter(c -> !BaselineEpochs.pairedCell(c.figure(), c.after())).toList();
    }

    /** "accepted ... by ...: note" for a change the team accepted, "" for any other. */
    public String acceptedText(Change c) {
        Acceptance a = accepted.get(c);
        return a == null ? "" : a.text();
    }

    /** Suspected changes: what the newest nights suggest. */
    public List<Change> suspected() {
        return changes.stream().filter(c -> c.status() == Change.Status.SUSPECTED).toList();
    }
}
