package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.results.Comparisons;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What an earlier run of a matrix says about the rounds its comparisons need (plan --from): for
 * each comparison of that run whose two cells this matrix has, the rounds a difference of ±target
 * needs to be called faster or slower in 80 % of trials, from the spread its own rounds had (results.Resolution).
 */
final class PlanRounds {

    /** How many of the comparisons needing the most rounds are named. */
    static final int NAMED = 5;

    private PlanRounds() {}

    /** The rounds the comparisons of {@code m}'s cells needed in the run in {@code earlier}, as lines to print. */
    static String text(Matrix m, Path earlier, double target) {
        List<Comparisons.Row> rows = comparisons(earlier);
        Set<String> ids = m.cells().stream().map(Cell::id).collect(Collectors.toSet());
        List<Comparisons.Row> ours = rows.stream().filter(r -> ids.contains(r.cellA()) && ids.contains(r.cellB())).toList();
        String pct = String.format(Locale.ROOT, "±%s %%", trim(target * 100));
        if (ours.isEmpty()) {
            return "rounds for " + pct + ": none of the " + rows.size() + " comparisons of " + earlier + " is between two cells of this matrix "
                    + "(cells are matched by their id; run this matrix once, then plan it --from that run)";
        }
        List<Comparisons.Row> known = ours.stream().filter(r -> r.resolution().roundsFor(target) > 0).sorted(Comparator.comparingInt(
                (Comparisons.Row r) -> r.resolution().roundsFor(target)).reversed()).toList();
        int planned = m.repetitions().max();
        StringBuilder b = new StringBuilder();
        b.append("rounds for ").append(pct).append(" (called faster or slower in 80 % of trials, simulated from the spread of each comparison's rounds in ").append(earlier).append("): ")
                .append(ours.size()).append(ours.size() == 1 ? " comparison" : " comparisons").append(" of this matrix's cells");
        int unknown = ours.size() - known.size();
        if (known.isEmpty()) {
            return b.append(", none with the two rounds a spread needs (or each past 100,000 rounds)").toString();
        }
        int[] need = known.stream().mapToInt(r -> r.resolution().roundsFor(target)).sorted().toArray();
        long more = known.stream().filter(r -> r.resolution().roundsFor(target) > planned).count();
        b.append(": median ").append(need[(need.length - 1) / 2]).append(", 90 % of them within ").append(need[(int) Math.ceil(0.9 * need.length) - 1])
                .append(", most ").append(need[need.length - 1]).append(unknown > 0 ? "; " + unknown + " unknown (fewer than 2 rounds, or past 100,000)" : "")
                .append(String.format(Locale.ROOT, "%nthis matrix runs %s measured %s a cell: %d of %d comparisons need more",
                        m.repetitions().adaptive() ? "at most " + planned : Integer.toString(planned), planned == 1 ? "run" : "runs", more, known.size()));
        if (more > 0) {
            b.append(" (repetitions: ").append(need[(int) Math.ceil(0.9 * need.length) - 1]).append(" would resolve ").append(pct)
                    .append(" in 90 % of them); the most:");
            for (Comparisons.Row r : known.subList(0, (int) Math.min(NAMED, more))) {
                double now = r.resolution().resolvable();
                b.append(String.format(Locale.ROOT, "%n  %6d rounds  %s from %s (%s at its %d rounds)", r.resolution().roundsFor(target),
                        r.compared(), r.cellA(), Double.isFinite(now) ? String.format(Locale.ROOT, "±%.1f %% resolvable", now * 100)
                                : "nothing resolvable", r.pairs()));
            }
        }
        return b.toString();
    }

    /** The comparisons of a run folder, recomputed from its raw rows as report does. */
    static List<Comparisons.Row> comparisons(Path dir) {
        try {
            // a folder without run.json (a run before it) is paired by round
            dev.jdkmatrix.results.format.ResultsFolder stored = dev.jdkmatrix.results.format.ResultsFolder.read(dir, "plan --from", false);
            return Comparisons.of(stored.rows(), stored.meta());
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "plan --from " + dir + ": cannot read it: " + e.getMessage() + "\n  fix: give the folder of an earlier, complete run");
        }
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
