package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.format.PullRequestReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A pull request's verdict on known differences: a 20 % slower head is a decided regression; a head the same as its base (A/A) is none. */
class PullRequestVerdictTest {

    private static final String BASE = "base-join";
    private static final String HEAD = "head-join";

    /** Base and head cells of two benchmarks, back to back in each of 6 rounds, the head's times {@code factor} x the base's of the first, 1x of the second. */
    private static List<RawRow> rows(double factor, long seed) {
        return rows(factor, seed, List.of(BASE, HEAD));
    }

    private static List<RawRow> rows(double factor, long seed, List<String> sides) {
        return rows(factor, seed, sides, 0.005);
    }

    /** {@code noise}: the sd of each run apart from its round's machine (0.005: a quiet runner; 0.2: a noisy spell of a shared one). */
    private static List<RawRow> rows(double factor, long seed, List<String> sides, double noise) {
        SplittableRandom r = new SplittableRandom(seed);
        List<RawRow> rows = new ArrayList<>();
        int seq = 0;
        for (int round = 1; round <= 6; round++) {
            double drift = 1 + 0.05 * r.nextGaussian(); // the round's machine: both sides alike
            for (String side : sides) {
                for (int bench = 0; bench < 2; bench++) {
                    double level = bench == 0 ? 100 : 50;
                    double f = side.equals(HEAD) && bench == 0 ? factor : 1;
                    double v = level * f * drift * Math.exp(noise * r.nextGaussian());
                    String cell = side + "(iterations=" + (bench == 0 ? 1 : 2) + ") fixed:cpus tasks=100 jdk=25 cpus=1 mem=512m";
                    rows.add(Rows.of(cell).run("pr", ++seq).rep(round).builtin(side, "iterations=" + (bench == 0 ? 1 : 2), "fixed:cpus", 100, "25", "1", "512m")
                            .wall(v).with("kind", "builtin").with("score", String.format(Locale.ROOT, "%.3f", v)).with("score_unit", "ms")
                            .with("score_better", "lower").build());
                }
            }
        }
        return rows;
    }

    private static PullRequestVerdict verdict(double factor, long seed) {
        return PullRequestVerdict.of(Comparisons.of(rows(factor, seed), List.of("workload"), "blocked", 0.10, 0.005, 0.05), 0.05);
    }

    @Test
    void aHeadTwentyPercentSlowerIsADecidedRegressionAndTheOtherBenchmarkIsNot() {
        PullRequestVerdict v = verdict(1.2, 1);
        assertThat(v.regressions()).singleElement().satisfies(i -> {
            assertThat(i.cell()).isEqualTo("join(iterations=1) fixed:cpus tasks=100 jdk=25 cpus=1 mem=512m");
            assertThat(i.ratio()).isBetween(1.15, 1.25);
            assertThat(i.low()).isGreaterThan(1.05);
            assertThat(i.slowdown()).isBetween(0.15, 0.25);
        });
        assertThat(v.decided().size() + v.undecided().size()).isEqualTo(2);
        String md = PullRequestReport.markdown(v, "<!-- m -->");
        assertThat(md).startsWith("<!-- m -->").contains("**1 decided regression(s)** of 5.0 % or more", "**regression**", "`join(iterations=1)");
        assertThat(PullRequestVerdict.of(Comparisons.of(rows(1.2, 1), List.of("workload"), "blocked", 0.10, 0.005, 0.05), 0.30).regressions())
                .as("a decided regression below the threshold does not fail").isEmpty();
    }

    /** Whichever side the run's comparison takes as a, the verdict is the head's against its base. */
    @Test
    void theHeadIsReadAsTheHeadWhicheverSideComesFirst() {
        PullRequestVerdict v = PullRequestVerdict.of(Comparisons.of(rows(1.2, 3, List.of(HEAD, BASE)), List.of("workload"), "blocked", 0.10, 0.005, 0.05), 0.05);
        assertThat(v.regressions()).singleElement().satisfies(i -> assertThat(i.ratio()).isBetween(1.15, 1.25));
        PullRequestVerdict faster = PullRequestVerdict.of(Comparisons.of(rows(0.8, 3, List.of(HEAD, BASE)), List.of("workload"), "blocked", 0.10, 0.005, 0.05), 0.05);
        assertThat(faster.regressions()).isEmpty();
        assertThat(faster.decided()).singleElement().satisfies(i -> {
            assertThat(i.verdict()).isEqualTo(Comparisons.Verdict.FASTER);
            assertThat(i.slowdown()).isBetween(-0.25, -0.15);
        });
    }

    @Test
    void aHeadTheSameAsItsBaseIsNoRegression() {
        for (long seed = 1; seed <= 20; seed++) {
            PullRequestVerdict v = verdict(1.0, seed);
            assertThat(v.regressions()).as("A/A, seed " + seed).isEmpty();
            assertThat(PullRequestReport.markdown(v, "")).contains("**No decided regression**");
        }
    }

    /** Rounds too noisy to resolve the threshold: nothing decided, and the check says a regression that size could hide there. */
    @Test
    void roundsThatCannotResolveTheThresholdAreNamed() {
        PullRequestVerdict noisy = PullRequestVerdict.of(Comparisons.of(rows(1.0, 5, List.of(BASE, HEAD), 0.3), List.of("workload"), "blocked", 0.10, 0.005, 0.05), 0.10);
        assertThat(noisy.decided()).isEmpty();
        assertThat(noisy.unresolved()).isNotEmpty().allSatisfy(i -> assertThat(i.resolvable()).isGreaterThan(0.10));
        assertThat(PullRequestReport.markdown(noisy, "")).contains("**No decided regression**", "could not resolve 10.0 %**", "6 pairs at most", "6 pairs), could resolve");
        PullRequestVerdict quiet = verdict(1.0, 2);
        assertThat(quiet.unresolved()).as("quiet rounds resolve 5 %").isEmpty();
        assertThat(PullRequestReport.markdown(quiet, "")).doesNotContain("could not resolve");
    }
}
