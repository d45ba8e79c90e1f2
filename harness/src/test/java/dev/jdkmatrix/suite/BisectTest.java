package dev.jdkmatrix.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.Comparisons;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Bisect's search on known answers: the first bad commit in few steps, a stop with what remains, nothing to bisect. */
class BisectTest {

    static final List<String> COMMITS = IntStream.rangeClosed(1, 8).mapToObj(i -> "c" + i).toList();

    /** Commits from the 6th on are 10 % slower; earlier ones the same; {@code undecided} is measured undecided. */
    static Bisect.Measure known(List<String> asked, String undecided) {
        return c -> {
            asked.add(c);
            int i = Integer.parseInt(c.substring(1));
            if (c.equals(undecided)) return new Bisect.Measured("b", new Answer.Cost(1.04, 0.97, 1.12), Comparisons.Verdict.UNDECIDED, 0);
            return i >= 6 ? new Bisect.Measured("b", new Answer.Cost(1.10, 1.08, 1.12), Comparisons.Verdict.SLOWER, 0)
                    : new Bisect.Measured("b", new Answer.Cost(1.003, 0.99, 1.015), Comparisons.Verdict.SAME, 0);
        };
    }

    @Test
    void theSixthOfEightIsNamedInFourMeasurements() {
        List<String> asked = new ArrayList<>();
        Bisect.Result r = Bisect.run(COMMITS, 0.5, known(asked, null), c -> "subject of " + c, true);
        assertThat(r.first()).isEqualTo("c6");
        assertThat(asked).as("the bad one, then halving").hasSizeLessThanOrEqualTo(4).startsWith("c8");
        assertThat(r.steps()).extracting(Bisect.Step::decision).startsWith(Bisect.Decision.BAD);
        assertThat(r.why()).startsWith("c6 subject of c6 (the first commit decided slower").contains("the least the bad one's 10 % could be: 4 %");
    }

    @Test
    void anUndecidedStepStopsWithTheCommitsThatRemain() {
        Bisect.Result r = Bisect.run(COMMITS, 0.5, known(new ArrayList<>(), "c4"), c -> "", true);
        assertThat(r.first()).isNull();
        assertThat(r.remaining()).containsExactly("c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8").as("c4 undecided: nothing narrowed yet");
        assertThat(r.why()).contains("c4 could not be told apart", "the first bad commit is one of the 8");
    }

    @Test
    void anUndecidedStepSaysHowManyRoundsWouldTellIt() {
        // c4 measured in 18 rounds, 4 % slower [-3 %, 12 %]: ±7.5 %; half the share of the bad one's 10 % is ±2.5 %, 9 times the rounds
        Bisect.Result r = Bisect.run(COMMITS, 0.5, c -> c.equals("c4") ? new Bisect.Measured("b", new Answer.Cost(1.04, 0.97, 1.12), Comparisons.Verdict.UNDECIDED, 18)
                : new Bisect.Measured("b", new Answer.Cost(1.10, 1.08, 1.12), Comparisons.Verdict.SLOWER, 6), c -> "", true);
        assertThat(r.why()).contains("its interval reaches ±7.5 % at 18 rounds; about 162 would bring it to ±2.5 % (--max-repetitions 162)", "-f in --jmh-args");
        assertThat(new Bisect.Measured("b", new Answer.Cost(1.04, 0.97, 1.12), Comparisons.Verdict.UNDECIDED, 18).roundsFor(0.2))
                .as("never fewer than it ran").isEqualTo(18);
        // the bad commit itself: 1 % slower [-5 %, 8 %] in 18 rounds is a difference too small to chase
        Bisect.Result small = Bisect.run(COMMITS, 0.5, c -> new Bisect.Measured("b", new Answer.Cost(1.001, 0.95, 1.08), Comparisons.Verdict.UNDECIDED, 18), c -> "", true);
        assertThat(small.why()).startsWith("the bad commit is not decided slower").contains("would take over 10,000");
        // rounds not said: the words as before
        assertThat(Bisect.run(COMMITS, 0.5, known(new ArrayList<>(), "c4"), c -> "", true).why()).endsWith("more rounds (--max-repetitions) or a quieter machine would tell");
    }

    @Test
    void aBadCommitNotDecidedSlowerHasNothingToBisectAndASmallSlowdownIsNotTheChange() {
        Bisect.Result none = Bisect.run(COMMITS, 0.5, c -> new Bisect.Measured("b", new Answer.Cost(1.01, 0.95, 1.08), Comparisons.Verdict.UNDECIDED, 0), c -> "", true);
        assertThat(none.first()).isNull();
        assertThat(none.why()).contains("not decided slower", "nothing to bisect");
        // 2 % slower from c3 on, 12 % from c6: at a share of 0.5, c6 is the change
        Bisect.Result two = Bisect.run(COMMITS, 0.5, c -> {
            int i = Integer.parseInt(c.substring(1));
            double cost = i >= 6 ? 1.12 : i >= 3 ? 1.02 : 1.0;
            return new Bisect.Measured("b", new Answer.Cost(cost, cost - 0.005, cost + 0.005), cost > 1.01 ? Comparisons.Verdict.SLOWER : Comparisons.Verdict.SAME, 0);
        }, c -> "", true);
        assertThat(two.first()).isEqualTo("c6");
        assertThatThrownBy(() -> Bisect.run(List.of(), 0.5, c -> null, c -> "", true)).hasMessageContaining("nothing to bisect");
        assertThatThrownBy(() -> Bisect.run(COMMITS, 0, c -> null, c -> "", true)).hasMessageContaining("share");
    }

    @Test
    void aCommitWithTheChangeIsBadThoughItReadsLowerThanTheBadOne() {
        // make check-workflows, 2026-12-07: the 8th read 27.2 % slower [15.1 %, 37.5 %] (it was measured because it looked slow),
        // the 6th, the change itself, 11.5 % slower [3.9 %, 24.2 %]: under half the 8th's point, above half its low end
        Bisect.Result r = Bisect.run(COMMITS, 0.5, c -> {
            int i = Integer.parseInt(c.substring(1));
            if (c.equals("c8")) return new Bisect.Measured("b", new Answer.Cost(1.272, 1.151, 1.375), Comparisons.Verdict.SLOWER, 18);
            if (i >= 6) return new Bisect.Measured("b", new Answer.Cost(1.115, 1.039, 1.242), Comparisons.Verdict.SLOWER, 18);
            return new Bisect.Measured("b", new Answer.Cost(0.991, 0.953, 1.083), Comparisons.Verdict.SAME, 18);
        }, c -> "", true);
        assertThat(r.first()).isEqualTo("c6");
        assertThat(r.why()).contains("could be: 8 %");
        // the same commit decided slower by less than that share (3 % [1 %, 5 %]) is no part of the change: good, then c7 bad
        Bisect.Result small = Bisect.run(COMMITS, 0.5, c -> {
            int i = Integer.parseInt(c.substring(1));
            if (i >= 7) return new Bisect.Measured("b", new Answer.Cost(1.272, 1.151, 1.375), Comparisons.Verdict.SLOWER, 18);
            if (i == 6) return new Bisect.Measured("b", new Answer.Cost(1.03, 1.01, 1.05), Comparisons.Verdict.SLOWER, 18);
            return new Bisect.Measured("b", new Answer.Cost(0.991, 0.953, 1.083), Comparisons.Verdict.SAME, 18);
        }, c -> "", true);
        assertThat(small.first()).isEqualTo("c7");
        // undecided where it is neither: slower, not decided, its interval reaching above half the bad one's slowdown
        assertThat(Bisect.decide(new Bisect.Measured("b", new Answer.Cost(1.06, 0.99, 1.20), Comparisons.Verdict.UNDECIDED, 18), 0.136, 0.0755))
                .isEqualTo(Bisect.Decision.UNDECIDED);
        assertThat(Bisect.decide(new Bisect.Measured("b", new Answer.Cost(1.06, 1.01, 1.20), Comparisons.Verdict.SLOWER, 18), 0.136, 0.0755))
                .as("decided slower, yet under the share of the least the change could be").isEqualTo(Bisect.Decision.UNDECIDED);
    }

    @Test
    void aJarWithoutForksIsNotToldToAddJvms() {
        Bisect.Measure m = c -> c.equals("c4") ? new Bisect.Measured("b", new Answer.Cost(1.04, 0.97, 1.12), Comparisons.Verdict.UNDECIDED, 18)
                : new Bisect.Measured("b", new Answer.Cost(1.10, 1.08, 1.12), Comparisons.Verdict.SLOWER, 6);
        assertThat(Bisect.run(COMMITS, 0.5, m, c -> "", false).why()).contains("(--max-repetitions 162), or a quieter machine").doesNotContain("-f in");
        assertThat(Bisect.run(COMMITS, 0.5, m, c -> "", true).why()).contains("-f in --jmh-args");
    }
}
