package dev.jdkmatrix.results;

import dev.jdkmatrix.model.PullRequestSide;
import java.util.ArrayList;
import java.util.List;

/**
 * What a pull request's run says of its suite: each benchmark's head against its base (the pairs of
 * a run of {@code matrix.PullRequestMatrix}'s matrix, compared along workload, measured back to back
 * in every round), the differences decided at 95 % (the run's verdict rule: the signed-rank interval
 * of the paired ratio clear of the minimum difference, with its Benjamini-Hochberg q-value) apart
 * from those the rounds could not decide, each with the difference it could resolve. It fails on a
 * decided regression of at least {@code threshold} (a time up, a throughput down, by the ratio),
 * never on an undecided one; an undecided benchmark whose rounds could not resolve the threshold is
 * named as such ({@link #unresolved}): a regression that size could hide there.
 */
public record PullRequestVerdict(List<Item> decided, List<Item> undecided, double threshold) {

    /**
     * One benchmark's head against its base: {@code ratio} head / base with its interval, oriented so
     * that the verdict is the head's; {@code pairs} the rounds both sides ran ok.
     */
    public record Item(String cell, String compared, double ratio, double low, double high, double qValue, Comparisons.Verdict verdict,
                       boolean higherIsBetter, double resolvable, int pairs, String note) {
        /** How much slower the head is, as a fraction of the base (negative: faster), whatever the unit's direction. */
        public double slowdown() {
            return (higherIsBetter ? 1 / ratio : ratio) - 1;
        }

        /** The head's cost over the base's with its interval ({@link Answer}'s words read it); null without pairs. */
        public Answer.Cost cost() {
            if (!(ratio > 0) || !Double.isFinite(ratio)) return null;
            return Answer.Cost.of(new RatioInterval(ratio, low, high, Double.NaN), higherIsBetter);
        }
    }

    private static final String BASE = PullRequestSide.BASE.prefix();
    private static final String HEAD = PullRequestSide.HEAD.prefix();

    public PullRequestVerdict {
        decided = List.copyOf(decided);
        undecided = List.copyOf(undecided);
        if (!(threshold >= 0)) throw new IllegalArgumentException("a pull request's threshold is 0 or more, got " + threshold);
    }

    /** The run's comparisons of a head cell with its base cell; other comparisons (between JDKs, say) are not the pull request's. */
    public static PullRequestVerdict of(List<Comparisons.Row> rows, double threshold) {
        List<Item> decided = new ArrayList<>();
        List<Item> undecided = new ArrayList<>();
        for (Comparisons.Row r : rows) {
            boolean headIsB = r.cellB().startsWith(HEAD) && r.cellA().startsWith(BASE);
            boolean headIsA = r.cellA().startsWith(HEAD) && r.cellB().startsWith(BASE);
            if (!headIsB && !headIsA) continue;
            String head = headIsB ? r.cellB() : r.cellA();
            if (!(headIsB ? r.cellA() : r.cellB()).substring(BASE.length()).equals(head.substring(HEAD.length()))) continue;
            double ratio = r.ratio() == null ? Double.NaN : r.ratio().ratio();
            double low = r.ratio() == null ? Double.NaN : r.ratio().low();
            double high = r.ratio() == null ? Double.NaN : r.ratio().high();
            Comparisons.Verdict v = r.verdict();
            if (headIsA) {
                double l = 1 / high;
                high = 1 / low;
                low = l;
                ratio = 1 / ratio;
                v = v == Comparisons.Verdict.FASTER ? Comparisons.Verdict.SLOWER : v == Comparisons.Verdict.SLOWER ? Comparisons.Verdict.FASTER : v;
            }
            Item item = new Item(head.substring(HEAD.length()), r.compared(), ratio, low, high, r.qValue(), v, r.higherIsBetter(), r.resolution().resolvable(), r.pairs(), r.note());
            (v == Comparisons.Verdict.FASTER || v == Comparisons.Verdict.SLOWER ? decided : undecided).add(item);
        }
        return new PullRequestVerdict(decided, undecided, threshold);
    }

    /**
     * The undecided benchmarks whose rounds could not resolve the threshold (what they could resolve
     * is above it, or unknown): the check cannot say a regression of the threshold is not there.
     */
    public List<Item> unresolved() {
        return undecided.stream().filter(i -> i.verdict() != Comparisons.Verdict.SAME && !(i.resolvable() <= threshold)).toList();
    }

    /** The decided regressions of at least the threshold: what fails the check. */
    public List<Item> regressions() {
        return decided.stream().filter(i -> i.verdict() == Comparisons.Verdict.SLOWER && i.slowdown() >= threshold).toList();
    }
}
