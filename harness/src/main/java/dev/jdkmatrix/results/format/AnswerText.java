package dev.jdkmatrix.results.format;

import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.NoisyCell;
import dev.jdkmatrix.results.Resolution;
import dev.jdkmatrix.results.SuiteVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run's answer as the terminal ends with it ({@code jdkmatrix run}, {@code make matrix}): the
 * suites' verdicts, the decided differences largest first (each comparison where there are a few),
 * and how many comparisons are undecided with what would decide them; every line in {@link Answer}'s words; then
 * the cells whose runs spread more than 5 % from round to round, with what their runs say would quiet them.
 */
public final class AnswerText {

    private AnswerText() {}

    /** The decided differences listed at most (a run of this many comparisons or fewer lists each); the rest are in comparisons.csv. */
    static final int MOST = 10;

    /** The noisy cells listed at most; the rest are counted. */
    static final int MOST_NOISY = 3;

    /** A folder's end as the terminal ends with it: its answer, then its noisy cells with what would quiet them. */
    public static List<String> lines(FolderEnd end) {
        List<String> out = new ArrayList<>(lines(end.suites(), end.comparisons(), end.meta().compareThreshold()));
        List<String> noisy = new ArrayList<>(noisy(NoisyCell.of(end.rows()), (int) end.rows().stream().filter(r -> r.measured()).map(r -> r.cell()).distinct().count()));
        if (out.isEmpty() && !noisy.isEmpty()) noisy.set(0, "jdkmatrix:" + noisy.get(0).substring(1)); // no answer above it: a line of its own
        out.addAll(noisy);
        return out;
    }

    /** "  noisy: 2 of 24 cells spread more than 5 % from round to round", each (at most 5) with what its runs say would quiet it. */
    public static List<String> noisy(List<NoisyCell> noisy, int cells) {
        if (noisy.isEmpty()) return List.of();
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "  noisy: %d of %d cells spread more than %.0f %% from round to round (each comparison of them resolves less for it):",
                noisy.size(), cells, 100 * NoisyCell.NOISY));
        for (NoisyCell n : noisy.subList(0, Math.min(MOST_NOISY, noisy.size()))) out.add("    " + n.cell() + ": " + n.text());
        if (noisy.size() > MOST_NOISY) out.add("    and " + (noisy.size() - MOST_NOISY) + " more (raw.csv holds every run)");
        return out;
    }

    /** The lines, each starting "jdkmatrix: " or two spaces; none for a run that compared nothing. */
    public static List<String> lines(List<SuiteVerdict> suites, List<Comparisons.Row> all, double threshold) {
        List<String> out = new ArrayList<>();
        if (all.isEmpty()) return out;
        List<Comparisons.Row> comparisons = Answer.alongOneAxis(all);
        out.add("jdkmatrix: the answer (95 % intervals; every figure in suites.csv and comparisons.csv):");
        for (SuiteVerdict s : suites) if (s.benchmarks() > 1) out.add("  " + Answer.capital(s.words()));
        List<Comparisons.Row> decided = Answer.decidedLargestFirst(comparisons);
        if (comparisons.size() <= MOST) {
            // a few comparisons: each in words, the decided ones first, largest first
            List<Comparisons.Row> each = new ArrayList<>(decided);
            for (Comparisons.Verdict v : List.of(Comparisons.Verdict.SAME, Comparisons.Verdict.UNDECIDED, Comparisons.Verdict.FAILED)) {
                comparisons.stream().filter(r -> r.verdict() == v).forEach(each::add);
            }
            out.add("  " + decided.size() + " of " + comparisons.size() + (comparisons.size() == 1 ? " comparison" : " comparisons") + " decided:");
            for (Comparisons.Row r : each) out.add("    " + Answer.where(r) + ": " + Answer.of(r, threshold));
        } else if (decided.isEmpty()) {
            out.add("  no difference decided among " + comparisons.size() + (comparisons.size() == 1 ? " comparison" : " comparisons"));
        } else {
            out.add("  decided, largest first (" + decided.size() + " of " + comparisons.size() + "):");
            for (Comparisons.Row r : decided.subList(0, Math.min(MOST, decided.size()))) out.add("    " + Answer.where(r) + ": " + Answer.of(r, threshold));
            if (decided.size() > MOST) out.add("    and " + (decided.size() - MOST) + " more in comparisons.csv");
        }
        int same = (int) comparisons.stream().filter(r -> r.verdict() == Comparisons.Verdict.SAME).count();
        if (same > 0) out.add("  the same within " + Answer.within(threshold) + ": " + same);
        undecided(comparisons).ifPresent(out::add);
        int failed = (int) comparisons.stream().filter(r -> r.verdict() == Comparisons.Verdict.FAILED).count();
        if (failed > 0) out.add("  failed: " + failed + " (a side had no ok run; comparisons.csv's verdict_note names it)");
        return out;
    }

    /** "undecided: 4; 2 ran fewer than the 6 rounds a verdict takes; 2 could resolve 7.1-12.0 %, about 40 rounds would resolve 5 %". */
    static java.util.Optional<String> undecided(List<Comparisons.Row> comparisons) {
        List<Comparisons.Row> undecided = comparisons.stream().filter(r -> r.verdict() == Comparisons.Verdict.UNDECIDED).toList();
        if (undecided.isEmpty()) return java.util.Optional.empty();
        long few = undecided.stream().filter(r -> r.paired() && r.pairs() < Comparisons.DECISION_ROUNDS).count();
        List<Comparisons.Row> resolved = undecided.stream().filter(r -> !(r.paired() && r.pairs() < Comparisons.DECISION_ROUNDS))
                .filter(r -> Double.isFinite(r.resolution().resolvable())).toList();
        StringBuilder s = new StringBuilder("  undecided: " + undecided.size());
        if (few > 0) s.append("; ").append(few).append(" ran fewer than the ").append(Comparisons.DECISION_ROUNDS)
                .append(" rounds a verdict takes (repetitions: 6 or more decides them)");
        if (!resolved.isEmpty()) {
            double lo = resolved.stream().mapToDouble(r -> r.resolution().resolvable()).min().orElseThrow();
            double hi = resolved.stream().mapToDouble(r -> r.resolution().resolvable()).max().orElseThrow();
            int rounds = resolved.stream().mapToInt(r -> r.resolution().roundsForTarget()).filter(n -> n > 0).max().orElse(-1);
            s.append("; ").append(resolved.size()).append(" could resolve ").append(lo == hi ? Answer.pct(lo) : Answer.pct(lo).replace(" %", "") + "-" + Answer.pct(hi))
                    .append(" only: more rounds").append(rounds > 0 && hi > Resolution.TARGET ? String.format(Locale.ROOT, " (up to %,d for 5 %%)", rounds) : "")
                    .append(" or quieter ones (cpu-mode: cpuset, longer JMH iterations) would decide them");
        }
        return java.util.Optional.of(s.toString());
    }
}
