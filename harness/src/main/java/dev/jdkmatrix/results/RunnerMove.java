package dev.jdkmatrix.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Two runs between which the runner, not a cell, moved: nearly every cell compared past the
 * threshold in one direction together and none past it the other way. Two separate runs are
 * compared unpaired, so the machine's speed between them (another CPU model of a hosted fleet, a
 * busy neighbour, a spell of steal) falls on every cell at once: a cell's verdict in that
 * direction is the runner's as much as the code's, and a step of one cell smaller than the move
 * hides in it. A change of the code that touches every cell alike looks the same; one comparison
 * cannot tell the two apart (the history can, over nights; a pull request check, paired by round,
 * at once).
 *
 * <p>Examined: the cells measured on both sides. A move: at least {@link #MIN_CELLS} of them and
 * at least {@link #SHARE} of them past the threshold in one direction, none past it in the other.
 *
 * @param slower  the direction, in each cell's own terms (a time that grew, a throughput that fell)
 * @param moved   cells past the threshold in that direction
 * @param cells   cells examined
 * @param lowPct  the smallest of the moved cells' changes, in per cent of the baseline (positive)
 * @param highPct the largest
 */
public record RunnerMove(boolean slower, int moved, int cells, double lowPct, double highPct) {

    public static final int MIN_CELLS = 3;
    public static final double SHARE = 0.75;

    public RunnerMove {
        if (moved < MIN_CELLS || moved > cells) {
            throw new IllegalArgumentException("a runner's move takes " + MIN_CELLS + " to all of the " + cells + " cells examined, got " + moved);
        }
        if (!(lowPct > 0) || !(highPct >= lowPct)) {
            throw new IllegalArgumentException("a runner's move spans 0 < low <= high per cent, got " + lowPct + " to " + highPct);
        }
    }

    /** "4 of the 4 cells compared moved 17.9 % to 25.6 % faster together, none the other way". */
    public String text() {
        return String.format(Locale.ROOT, "%d of the %d cells compared moved %.1f %% to %.1f %% %s together, none the other way past the threshold",
                moved, cells, lowPct, highPct, slower ? "slower" : "faster");
    }

    /** What the move means for the rows below it, for a report's reader. */
    public String meaning() {
        return "the machine's speed between the two runs (another CPU model, a busy neighbour, a spell of steal) or a change that touches "
                + "every cell alike: one comparison cannot tell which (the history can, over nights; a pull request check, paired by round, at once). "
                + "A verdict of " + (slower ? "slower" : "faster") + " below is the runner's as much as the code's, and a step of one cell smaller "
                + "than the move can hide in it";
    }

    /** The move between these rows' runs at {@code threshold}, if they show one. */
    public static Optional<RunnerMove> of(List<Comparison.Row> rows, double threshold) {
        List<Double> worse = new ArrayList<>();
        List<Double> better = new ArrayList<>();
        int cells = 0;
        for (Comparison.Row r : rows) {
            if (r.baselineN() == 0 || r.newN() == 0 || !Double.isFinite(r.change())) continue;
            cells++;
            boolean grew = r.change() > threshold;
            boolean fell = r.change() < -threshold;
            if (grew || fell) (grew != r.higherIsBetter() ? worse : better).add(Math.abs(r.change()) * 100);
        }
        List<Double> moved = worse.size() >= better.size() ? worse : better;
        List<Double> other = moved == worse ? better : worse;
        if (cells < MIN_CELLS || moved.size() < MIN_CELLS || moved.size() < SHARE * cells || !other.isEmpty()) return Optional.empty();
        double low = moved.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double high = moved.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return Optional.of(new RunnerMove(moved == worse, moved.size(), cells, low, high));
    }

    /** The rows, those whose verdict goes the move's way noted so (the CSV's verdict_note carries it). */
    public List<Comparison.Row> note(List<Comparison.Row> rows) {
        Comparison.Verdict along = slower ? Comparison.Verdict.SLOWER : Comparison.Verdict.FASTER;
        String why = "every cell moved this way: the runner's as much as the code's";
        return rows.stream().map(r -> r.verdict() != along ? r
                : new Comparison.Row(r.cell(), r.baselineN(), r.newN(), r.baselineMedian(), r.newMedian(), r.change(), r.ciLow(), r.ciHigh(),
                        r.baselineCv(), r.newCv(), r.verdict(), r.unit(), r.higherIsBetter(), r.pValue(), r.note().isEmpty() ? why : r.note() + "; " + why)).toList();
    }
}
