package dev.jdkmatrix.suite;

import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.Comparisons;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * From a regression to its commit: the commits between a good and a bad ref of a team's repository,
 * each candidate measured against the good one in paired rounds (as a pull request's check
 * measures its head), narrowed by halving to the first commit decided slower at 95 % by at least
 * {@code share} of the least the bad commit's slowdown could be (its interval's low end: the bad commit
 * was measured because it looked slow, so its point estimate tends high, and a candidate holding the same
 * change would read lower); a commit whose whole interval lies below that share of the bad commit's
 * slowdown is good. A candidate neither of the two stops the search, with the commits that remain. The measuring is given ({@link Measure}: the
 * command runs a matrix in containers; a test can give known answers).
 */
public final class Bisect {

    /**
     * One comparison of a candidate with the good commit: its benchmark, head / base cost with its interval, the verdict, and
     * the rounds (pairs) it was measured in (0 where not said).
     */
    public record Measured(String benchmark, Answer.Cost cost, Comparisons.Verdict verdict, int pairs) {
        public Measured {
            Objects.requireNonNull(verdict, "verdict");
            if (pairs < 0) throw new IllegalArgumentException("a comparison's rounds are 0 or more, got " + pairs);
        }

        /**
         * The rounds that would bring this interval's half-width to {@code halfWidth} (a fraction of the cost), the same runs
         * more of them: an interval narrows as the square root of its rounds; 0 where its rounds or interval are not known.
         */
        public long roundsFor(double halfWidth) {
            double now = halfWidth();
            if (pairs == 0 || !Double.isFinite(now) || !(halfWidth > 0)) return 0;
            return Math.max(pairs, (long) Math.ceil(pairs * Math.pow(now / halfWidth, 2) - 1e-9)); // the same runs, more of them: no rounding's dust
        }

        /** Half its interval's width (a fraction of the cost); NaN without a figure or an interval. */
        public double halfWidth() {
            return cost == null ? Double.NaN : (cost.high() - cost.low()) / 2;
        }

        /** How much slower than the good commit (a fraction; negative: faster); NaN without a figure. */
        public double slowdown() {
            return cost == null ? Double.NaN : cost.cost() - 1;
        }
    }

    /** Measures a commit against the good one; null where it could not be built or run (its reason said by the measure). */
    @FunctionalInterface
    public interface Measure {
        Measured measure(String commit);
    }

    /** What a step decided of its commit. */
    public enum Decision {
        /** The change is there: decided slower by at least the share of the least the bad commit's could be. */
        BAD,
        /** Not there: the same, faster, or slower by less than the share. */
        GOOD,
        /** The rounds could not tell, or the commit could not be measured: the search stops. */
        UNDECIDED
    }

    /** One step: the commit, its subject, what was measured, and what it decided. */
    public record Step(String commit, String subject, Measured measured, Decision decision) {}

    /**
     * The search's end: its steps; {@code first} the first bad commit (null where it stopped early or nothing was to bisect);
     * {@code remaining} the commits it could still be (the first bad one alone when found); {@code why} in words.
     */
    public record Result(List<Step> steps, String first, List<String> remaining, String why) {
        public Result {
            steps = List.copyOf(steps);
            remaining = List.copyOf(remaining);
        }
    }

    /** Beyond this many rounds a step is not said to be worth measuring again. */
    static final long MANY_ROUNDS = 10_000;

    private Bisect() {}

    /**
     * Bisects {@code commits} (oldest first, after the good one; the last is the bad one) with {@code measure}: the bad commit
     * first, which must be decided slower (its slowdown is the change's size), then halving; {@code subject} names a commit;
     * {@code forks}: whether a run can start more JVMs (JMH's -f), which an undecided stop then offers.
     */
    public static Result run(List<String> commits, double share, Measure measure, java.util.function.Function<String, String> subject, boolean forks) {
        if (commits.isEmpty()) throw new IllegalArgumentException("no commit between the good and the bad one: nothing to bisect");
        if (!(share > 0 && share <= 1)) throw new IllegalArgumentException("a share of the change above 0 and at most 1, got " + share);
        List<Step> steps = new ArrayList<>();
        String bad = commits.get(commits.size() - 1);
        Measured last = measure.measure(bad);
        if (last == null || last.verdict() != Comparisons.Verdict.SLOWER) {
            steps.add(new Step(bad, subject.apply(bad), last, Decision.UNDECIDED));
            return new Result(steps, null, commits, last == null ? "the bad commit could not be measured"
                    : "the bad commit is not decided slower than the good one (" + (last.cost() == null ? "no figure" : Answer.change(last.cost()))
                    + ", " + last.verdict().text() + "): nothing to bisect; " + moreRounds(last, last.slowdown() / 2, forks));
        }
        steps.add(new Step(bad, subject.apply(bad), last, Decision.BAD));
        double least = share * last.slowdown();
        double leastBad = share * (Double.isFinite(last.cost().low()) ? Math.max(0, last.cost().low() - 1) : last.slowdown());
        int lo = -1; // the last commit known good (-1: the good ref)
        int hi = commits.size() - 1; // the first known bad
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            String c = commits.get(mid);
            Measured m = measure.measure(c);
            Decision d = decide(m, least, leastBad);
            steps.add(new Step(c, subject.apply(c), m, d));
            if (d == Decision.UNDECIDED) {
                return new Result(steps, null, commits.subList(lo + 1, hi + 1), "commit " + shortSha(c) + " could not be told apart from the good one"
                        + (m == null ? " (it was not measured)" : "") + ": the first bad commit is one of the " + (hi - lo) + " from " + shortSha(commits.get(lo + 1))
                        + " to " + shortSha(commits.get(hi)) + "; " + moreRounds(m, least / 2, forks));
            }
            if (d == Decision.BAD) hi = mid;
            else lo = mid;
        }
        String first = commits.get(hi);
        return new Result(steps, first, List.of(first), shortSha(first) + " " + subject.apply(first) + " (the first commit decided slower than the good one by at least "
                + pct(share) + " of the least the bad one's " + pct(last.slowdown()) + " could be: " + pct(leastBad) + ")");
    }

    /**
     * What would tell an undecided comparison: where its rounds are known, about how many would bring its interval's half-width to
     * {@code halfWidth} (half of the share of the change: a commit without the change, or with it, then falls on one side), and
     * that more JVMs a round do it too where a run can start them ({@code forks}), each of a benchmark's runs settling apart; else
     * more rounds or a quieter machine.
     */
    static String moreRounds(Measured m, double halfWidth, boolean forks) {
        long rounds = m == null ? 0 : m.roundsFor(halfWidth);
        if (rounds == 0) return "more rounds (--max-repetitions) or a quieter machine would tell";
        if (rounds > MANY_ROUNDS) {
            return String.format(java.util.Locale.ROOT, "its interval reaches ±%.1f %% at %d rounds, and bringing it to ±%.1f %% would take over %,d: "
                    + "the difference, if any, is too small for this benchmark here", 100 * m.halfWidth(), m.pairs(), 100 * halfWidth, MANY_ROUNDS);
        }
        return String.format(java.util.Locale.ROOT, "its interval reaches ±%.1f %% at %d rounds; about %d would bring it to ±%.1f %% (--max-repetitions %d), "
                + (forks ? "or more JVMs a round (-f in --jmh-args: each run's JVM settles apart), " : "") + "or a quieter machine", 100 * m.halfWidth(),
                m.pairs(), rounds, 100 * halfWidth, rounds);
    }

    /**
     * A candidate is good where its whole interval lies below {@code least} (the share of the change: it cannot hold the
     * change, whatever the run's compare-threshold says of it), bad where it is decided slower by at least {@code leastBad}
     * (the share of the least the change could be), else undecided; without an interval, good where decided the same or faster.
     */
    static Decision decide(Measured m, double least, double leastBad) {
        if (m == null || m.verdict() == Comparisons.Verdict.FAILED || m.cost() == null) return Decision.UNDECIDED;
        if (Double.isFinite(m.cost().high()) ? m.cost().high() - 1 < least
                : m.verdict() == Comparisons.Verdict.SAME || m.verdict() == Comparisons.Verdict.FASTER) return Decision.GOOD;
        return m.verdict() == Comparisons.Verdict.SLOWER && m.slowdown() >= leastBad ? Decision.BAD : Decision.UNDECIDED;
    }

    /** The commits after {@code good} up to {@code bad}, oldest first, on the path between them; empty where there are none. */
    public static List<String> between(Path repo, String good, String bad) {
        String out = dev.jdkmatrix.engine.Environment.git(repo, "rev-list", "--reverse", "--ancestry-path", good + ".." + bad);
        return out.isEmpty() ? List.of() : Arrays.stream(out.split("\n")).map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    /** A commit's subject line ("" where git cannot say). */
    public static String subject(Path repo, String commit) {
        return dev.jdkmatrix.engine.Environment.git(repo, "log", "-1", "--format=%s", commit);
    }

    /** The full commit {@code ref} names in the repository holding {@code dir} (its top is {@link #top}); "" where none. */
    public static String commit(Path dir, String ref) {
        return Git.commit(dir, ref);
    }

    /** The top of the git work tree holding {@code dir}, or null. */
    public static Path top(Path dir) {
        return Git.top(dir);
    }

    static String shortSha(String sha) {
        return BaselineBuilds.shortSha(sha);
    }

    private static String pct(double f) {
        return String.format(java.util.Locale.ROOT, "%.0f %%", f * 100);
    }
}
