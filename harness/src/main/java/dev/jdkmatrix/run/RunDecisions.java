package dev.jdkmatrix.run;

import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.matrix.Repetitions;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PairedRatio;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.Summarizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the runner decides between runs, from the rows stored so far (so that a resume decides the
 * same): whether a cell, or a group of cells compared with each other, needs another adaptive
 * round, and whether a run made during a burst of host CPU steal is made again.
 */
final class RunDecisions {

    private RunDecisions() {}

    /** Attempts of one run whose host steal passed max-steal; the last is kept as ok, its detail says so. */
    static final int MAX_ATTEMPTS = 3;

    /**
     * Why a cell needs no more adaptive rounds, or null when it does: a measured run that ended
     * other than ok (more of the same would not help), or a median known to within the target.
     * {@code rows} are the cell's measured rows so far; noisy ones do not count.
     */
    static String enough(List<RawRow> rows, Repetitions reps) {
        List<RawRow> counted = rows.stream().filter(r -> !r.noisy()).toList();
        if (counted.stream().anyMatch(r -> !r.ok())) return "a measured run ended " + counted.stream().filter(r -> !r.ok()).findFirst().orElseThrow().status();
        if (counted.size() >= reps.max()) return "the maximum of " + reps.max() + " runs";
        if (counted.size() < reps.min()) return null; // never a stop on an interval of fewer rounds than the minimum (under 95 % below 6)
        double reach = Summarizer.reach(counted);
        return reps.reached(reach) ? "within the target" : null;
    }

    /**
     * Why a group of cells compared with each other needs no more adaptive rounds, or null when it
     * does: every pair of its cells has its ratio known to within the target (the interval of the
     * paired ratio, from the rounds both ran ok), a cell left without a partner its median, and a
     * cell with a failed measured run is out (more of the same would not help). {@code byCell}: the
     * group's cells' measured rows so far, in the group's order.
     */
    static String enoughGroup(Map<String, List<RawRow>> byCell, Repetitions reps) {
        if (byCell.size() == 1) return enough(byCell.values().iterator().next(), reps);
        Map<String, List<RawRow>> going = new LinkedHashMap<>();
        List<String> failed = new ArrayList<>();
        for (Map.Entry<String, List<RawRow>> e : byCell.entrySet()) {
            String why = e.getValue().stream().filter(r -> !r.noisy() && !r.ok()).map(r -> r.status()).findFirst().orElse(null);
            if (why == null) going.put(e.getKey(), e.getValue());
            else failed.add(why);
        }
        if (going.isEmpty()) return "a measured run ended " + failed.get(0) + " in every cell";
        if (going.size() == 1) return enough(going.values().iterator().next(), reps);
        List<List<RawRow>> cells = List.copyOf(going.values());
        if (cells.stream().allMatch(c -> c.stream().filter(r -> !r.noisy()).count() >= reps.max())) return "the maximum of " + reps.max() + " runs";
        if (cells.stream().anyMatch(c -> c.stream().filter(r -> !r.noisy()).count() < reps.min())) return null;
        for (int i = 0; i < cells.size(); i++) {
            for (int j = i + 1; j < cells.size(); j++) {
                PairedRatio p = Comparisons.paired(cells.get(i), cells.get(j));
                if (p == null || !reps.reached(p.reach())) return null;
            }
        }
        return "every pair within the target";
    }

    /**
     * Why a run counts as noisy, or null: a measured run that ended ok while the host's CPU steal
     * passed {@code maxSteal} (a fraction; NaN: off), unless it is the last attempt.
     */
    static String stealTooHigh(RawRow row, PlannedRun run, double maxSteal, int attempt) {
        if (Double.isNaN(maxSteal) || run.phase() != PlannedRun.Phase.MEASURE || !row.ok()) return null;
        double steal = row.figure(RunFigure.HOST_STEAL_PCT);
        if (!(steal > maxSteal * 100)) return null;
        String what = String.format(java.util.Locale.ROOT, "host CPU steal %.1f %% passed max-steal %s", steal, Repetitions.percent(maxSteal));
        return attempt < MAX_ATTEMPTS ? what + "; made again as attempt " + (attempt + 1) : null;
    }
}
