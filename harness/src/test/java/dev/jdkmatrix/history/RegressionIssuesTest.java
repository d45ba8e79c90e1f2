package dev.jdkmatrix.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RunJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a site's history asks of the issue tracker: an issue per confirmed regression that stands (not the runner's day, not
 * accepted, not taken back), found again by its marker, and each open issue that no longer stands closed with why.
 */
public class RegressionIssuesTest {

    /** Nights 0..n-1 against a baseline, tonight's build {@code step(i)} times it, each night at its own commit of the team's repository. */
    public static void site(Path site, int n, java.util.function.IntToDoubleFunction step, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            BaselineHistoryTest.night(site, i, step.applyAsDouble(i), r);
            Path json = site.resolve(String.format(Locale.ROOT, "nightly-%03d", i)).resolve("run.json");
            RunMetadata m = RunJson.read(json);
            RunJson.write(json, m.withRepository(new RunMetadata.Repository("https://github.com/team/lib.git", commit(i), false))
                    .withBaselines(List.of(new dev.jdkmatrix.results.RunBaseline("ref v1.0", "f".repeat(40), "/cache/f", "cached", "", List.of("lib"), "./mvnw -q package"))));
        }
    }

    /** Night {@code i}'s commit: 40 hex digits, its first 12 its own. */
    public static String commit(int i) {
        return String.format(Locale.ROOT, "%02x", 0x10 + i).repeat(20);
    }

    private static RegressionIssues issues(Path site) throws IOException {
        return new RegressionIssues(BaselineHistoryTest.history(site), "gh-pages", "https://team.github.io/lib", c -> "");
    }

    @Test
    void aConfirmedRegressionWantsOneIssueThatNamesItsChangeItsCommitsAndItsBisect(@TempDir Path site) throws IOException {
        site(site, 15, i -> i >= 12 ? 1.10 : 1.0, 82); // confirmed on its third night after: tonight
        RegressionIssues plan = issues(site);
        List<RegressionIssues.Wanted> wanted = plan.wanted();
        assertThat(wanted).as("the head / base ratio's regression; the cells carry the runner's day and want none").singleElement().satisfies(w -> {
            assertThat(w.change().figure()).isEqualTo(new FigureKey.Pair(BaselineHistoryTest.BASE, BaselineHistoryTest.HEAD));
            assertThat(w.title()).startsWith("jdkmatrix regression: " + BaselineHistoryTest.HEAD + " / " + BaselineHistoryTest.BASE + " +").endsWith(" since 2026-10-13");
            assertThat(w.body()).startsWith(w.marker()).contains("**regression**", "`nightly-011`", "`nightly-012`",
                    "[night](https://team.github.io/lib/nightly-012/)", "jdkmatrix bisect --repo . --good 1b1b1b1b1b1b --bad 1c1c1c1c1c1c",
                    "https://github.com/team/lib/compare/" + commit(11) + "..." + commit(12), "last seen on 2026-10-15");
            assertThat(w.marker()).matches("<!-- jdkmatrix-regression site=gh-pages series=[0-9a-f]{16} after=nightly-012 -->");
            assertThat(w.opens()).as("confirmed tonight: it opens an issue").isTrue();
        });
    }

    @Test
    void anOpenIssueIsKeptByItsMarkerAnotherSitesAndAPersonsAreLeftAloneAndOneThatNoLongerStandsIsClosed(@TempDir Path site) throws IOException {
        site(site, 15, i -> i >= 12 ? 1.10 : 1.0, 82);
        RegressionIssues plan = issues(site);
        RegressionIssues.Wanted w = plan.wanted().get(0);
        // the same change, its point seen a night later by an earlier run of the nightly: still the same issue
        String earlier = w.body().replace("after=nightly-012", "after=nightly-013");
        String otherSite = w.body().replace("site=gh-pages", "site=perf-pages");
        String gone = w.marker().replace("after=nightly-012", "after=nightly-003") + "\nan old one";
        List<RegressionIssues.Decision> d = plan.decide(List.of(new RegressionIssues.Open(4, "old title", earlier), new RegressionIssues.Open(5, "x", otherSite),
                new RegressionIssues.Open(6, "a person's issue", "slow?"), new RegressionIssues.Open(7, "gone", gone)));
        assertThat(d).hasSize(2);
        assertThat(d.get(0)).isInstanceOfSatisfying(RegressionIssues.Decision.Keep.class, k -> {
            assertThat(k.issue().number()).isEqualTo(4);
            assertThat(k.wanted()).isEqualTo(w);
        });
        assertThat(d.get(1)).isInstanceOfSatisfying(RegressionIssues.Decision.Close.class, c -> {
            assertThat(c.issue().number()).isEqualTo(7);
            assertThat(c.reason()).isEqualTo("not_planned");
            assertThat(c.comment()).contains("no longer confirms");
        });
    }

    @Test
    void anAcceptedRegressionIsClosedAsAccepted(@TempDir Path site) throws IOException {
        site(site, 15, i -> i >= 12 ? 1.10 : 1.0, 82);
        RegressionIssues.Wanted w = issues(site).wanted().get(0);
        Acceptance.add(site, new Acceptance("head-lib", "nightly-012", "the parser validates now", "alice", "2026-10-16T00:00:00Z", "jdkmatrix accept"));
        RegressionIssues plan = issues(site);
        assertThat(plan.wanted()).isEmpty();
        assertThat(plan.decide(List.of(new RegressionIssues.Open(3, w.title(), w.body())))).singleElement()
                .isInstanceOfSatisfying(RegressionIssues.Decision.Close.class, c -> {
                    assertThat(c.reason()).isEqualTo("completed");
                    assertThat(c.comment()).startsWith("Accepted as expected: accepted 2026-10-16 by alice (jdkmatrix accept): the parser validates now");
                });
    }

    @Test
    void aRegressionTheNightsTookBackIsClosedAsTakenBack(@TempDir Path site) throws IOException {
        // 10 % slower from night 12, back from night 40 (each step alone in a window of the finder's 30 nights: a bump of 12 nights
        // in 36 is found by neither of its windows at the default max-p)
        site(site, 60, i -> i >= 12 && i < 40 ? 1.10 : 1.0, 83);
        RegressionIssues plan = issues(site);
        History h = BaselineHistoryTest.history(site);
        Change slower = h.changes().stream().filter(c -> c.status() == Change.Status.CONFIRMED && c.regression() && c.figure() instanceof FigureKey.Pair)
                .findFirst().orElseThrow(() -> new AssertionError(h.changes()));
        assertThat(plan.reverted(slower)).as("the step back at night 40 takes it back").isPresent();
        assertThat(plan.wanted()).isEmpty();
        RegressionIssues.Wanted was = plan.issueOf(slower); // as an earlier night opened it
        assertThat(plan.decide(List.of(new RegressionIssues.Open(9, was.title(), was.body())))).singleElement()
                .isInstanceOfSatisfying(RegressionIssues.Decision.Close.class, c -> {
                    assertThat(c.reason()).isEqualTo("completed");
                    assertThat(c.comment()).startsWith("Taken back: the figure moved ").containsPattern("-[0-9]+\\.[0-9] %").contains("`nightly-040`");
                });
    }

    @Test
    void aSiteNameOrAddressThatWouldBreakTheMarkerOrALinkIsRefused(@TempDir Path site) throws IOException {
        site(site, 4, i -> 1.0, 84);
        History h = BaselineHistoryTest.history(site);
        assertThatThrownBy(() -> new RegressionIssues(h, "gh pages --> x", "", c -> "")).hasMessageContaining("a site's name is a branch name");
        assertThatThrownBy(() -> new RegressionIssues(h, "gh-pages", "https://x.io/a) [b](c", c -> "")).hasMessageContaining("an http(s) URL");
    }
}
