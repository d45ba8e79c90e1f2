package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.history.RegressionIssuesTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jdkmatrix regression-issues} against the loopback stand-in of GitHub's issues API that make check-workflows gives the
 * reusable workflow under act (harness/act/github-api): an issue opened for a confirmed regression, updated (never a second one)
 * when the next night sees it again, closed with a comment once the team accepts it; a token refused or missing said as such.
 * Every request body is read back from the stand-in's log.
 */
class RegressionIssuesCommandTest {

    private static final String TOKEN = "stand-in-token-123";

    @TempDir
    Path dir;

    private GitHubStandIn api;
    private String url;

    @BeforeEach
    void startTheStandIn() throws IOException, InterruptedException {
        api = GitHubStandIn.start(dir, TOKEN);
        url = api.url;
    }

    @AfterEach
    void stopTheStandIn() {
        if (api != null) api.close();
    }

    private CommandLineTest.Result issues(Path site, String token) throws IOException {
        Path file = dir.resolve("token");
        Files.writeString(file, token + "\n");
        return CommandLineTest.run("regression-issues", site.toString(), "--repository", "team/lib", "--api", url, "--token-file", file.toString(),
                "--site-url", "https://team.github.io/lib");
    }

    private List<JsonNode> requests() throws IOException {
        return api.requests();
    }

    @Test
    void anIssueIsOpenedForAConfirmedRegressionUpdatedWhenSeenAgainAndClosedOnceAccepted() throws IOException {
        Path site = dir.resolve("site");
        RegressionIssuesTest.site(site, 15, i -> i >= 12 ? 1.10 : 1.0, 82);

        CommandLineTest.Result first = issues(site, TOKEN);
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.out()).contains("opened #1 jdkmatrix regression: head-lib", "1 opened, 0 updated, 0 closed");
        List<JsonNode> r = requests();
        assertThat(r).extracting(n -> n.get("method").asText() + " " + n.get("path").asText()).containsExactly("GET /repos/team/lib/issues", "POST /repos/team/lib/issues");
        assertThat(r).allMatch(n -> n.get("authorized").asBoolean());
        assertThat(r.get(0).get("query").asText()).contains("state=open", "labels=jdkmatrix-regression");
        JsonNode opened = r.get(1).get("body");
        assertThat(opened.get("labels").toString()).isEqualTo("[\"jdkmatrix-regression\"]");
        assertThat(opened.get("title").asText()).startsWith("jdkmatrix regression: head-lib").contains("since 2026-10-13");
        assertThat(opened.get("body").asText()).contains("<!-- jdkmatrix-regression site=gh-pages series=", "**regression**", "jdkmatrix bisect --repo .",
                "last seen on 2026-10-15");

        CommandLineTest.Result same = issues(site, TOKEN);
        assertThat(same.out()).as("the same night again: nothing to change").contains("0 opened, 0 updated, 0 closed, 1 unchanged");
        assertThat(requests()).hasSize(3);

        Path longer = dir.resolve("longer"); // the same nights (the same seed) and one more, which sees it again
        RegressionIssuesTest.site(longer, 16, i -> i >= 12 ? 1.10 : 1.0, 82);
        Files.createDirectories(site.resolve("nightly-015"));
        for (String f : List.of("raw.csv", "run.json")) Files.copy(longer.resolve("nightly-015").resolve(f), site.resolve("nightly-015").resolve(f));
        CommandLineTest.Result again = issues(site, TOKEN);
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.out()).contains("updated #1", "0 opened, 1 updated");
        JsonNode patch = requests().get(requests().size() - 1);
        assertThat(patch.get("method").asText() + " " + patch.get("path").asText()).isEqualTo("PATCH /repos/team/lib/issues/1");
        assertThat(patch.get("body").get("body").asText()).contains("last seen on 2026-10-16").doesNotContain("last seen on 2026-10-15");

        CommandLineTest.Result accept = CommandLineTest.run("accept", site.toString(), "--figure", "head-lib", "--night", "nightly-012", "--note", "validates input now", "--by", "alice");
        assertThat(accept.code()).as(accept.err()).isZero();
        int before = requests().size();
        CommandLineTest.Result closed = issues(site, TOKEN);
        assertThat(closed.out()).contains("closed #1 (completed)", "0 confirmed regression(s) standing; 0 opened, 0 updated, 1 closed");
        List<JsonNode> last = requests().subList(before, requests().size());
        assertThat(last).extracting(n -> n.get("method").asText() + " " + n.get("path").asText())
                .containsExactly("GET /repos/team/lib/issues", "POST /repos/team/lib/issues/1/comments", "PATCH /repos/team/lib/issues/1");
        assertThat(last.get(1).get("body").get("body").asText()).startsWith("Accepted as expected: accepted").contains("by alice", "validates input now");
        assertThat(last.get(2).get("body").toString()).isEqualTo("{\"state\":\"closed\",\"state_reason\":\"completed\"}");

        CommandLineTest.Result after = issues(site, TOKEN);
        assertThat(after.out()).as("a closed issue is not listed open, and its change wants none").contains("0 opened, 0 updated, 0 closed");
    }

    @Test
    void aRefusedTokenAndAMissingOneAreSaidWithTheirFixAndNothingIsWritten() throws IOException {
        Path site = dir.resolve("site");
        RegressionIssuesTest.site(site, 15, i -> i >= 12 ? 1.10 : 1.0, 82);
        CommandLineTest.Result refused = issues(site, "not-the-token");
        assertThat(refused.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(refused.err()).contains("GET " + url + "/repos/team/lib/issues", "HTTP 401 (Bad credentials)", "fix: the token was refused");
        assertThat(requests()).singleElement().satisfies(n -> assertThat(n.get("authorized").asBoolean()).isFalse());

        CommandLineTest.Result missing = issues(site, "");
        assertThat(missing.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(missing.err()).contains("no token in $GITHUB_TOKEN", "fix: export GITHUB_TOKEN=", "issues: write");
        assertThat(requests()).as("nothing sent without a token").hasSize(1);

        CommandLineTest.Result dry = CommandLineTest.run("regression-issues", site.toString(), "--dry-run");
        assertThat(dry.code()).as(dry.err()).isZero();
        assertThat(dry.out()).contains("1 confirmed regression(s) stand, 1 recent enough to open an issue where none is open (--dry-run: nothing sent)", "jdkmatrix regression: head-lib");
        assertThat(requests()).hasSize(1);
    }

    @Test
    void aRegressionConfirmedLongBeforeTheInputWasTurnedOnOpensNone() throws IOException {
        Path site = dir.resolve("old");
        RegressionIssuesTest.site(site, 24, i -> i >= 8 ? 1.10 : 1.0, 85); // confirmed on night 11, some 13 nights ago
        CommandLineTest.Result r = issues(site, TOKEN);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("1 confirmed regression(s) standing; 0 opened", "1 confirmed on earlier nights open none (--dry-run lists them)");
        assertThat(requests()).extracting(n -> n.get("method").asText()).containsExactly("GET");
    }

    @Test
    void aBisectKeptBesideTheChangeIsLinkedFromTheIndexAndQuotedInItsIssue() throws IOException {
        Path site = dir.resolve("bisected");
        RegressionIssuesTest.site(site, 15, i -> i >= 12 ? 1.10 : 1.0, 82);
        String file = "bisect/" + RegressionIssuesTest.commit(11).substring(0, 12) + "-" + RegressionIssuesTest.commit(12).substring(0, 12) + ".md";
        Files.createDirectories(site.resolve("bisect"));
        Files.writeString(site.resolve(file), "# jdkmatrix bisect\n\n**First bad commit:** `1c1c1c1c1c1c` the parser validates its input\n");
        CommandLineTest.Result index = CommandLineTest.run("index", site.toString());
        assertThat(index.code()).as(index.err()).isZero();
        assertThat(Files.readString(site.resolve("index.html"))).contains("find its commit: <code>jdkmatrix bisect", "(<a href=\"" + file + "\">what its bisect found</a>)");
        CommandLineTest.Result dry = CommandLineTest.run("regression-issues", site.toString(), "--dry-run");
        assertThat(dry.out()).contains("<details><summary>What the bisect found</summary>", "**First bad commit:** `1c1c1c1c1c1c` the parser validates its input");
        assertThat(dev.jdkmatrix.history.Nights.read(site).skipped()).as("the bisect folder is no night, nor a damaged one").isEmpty();
    }
}
