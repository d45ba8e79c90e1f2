package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jdkmatrix.results.format.PullRequestReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 73 item 3: the pull request check's one comment, against the loopback stand-in of GitHub's API: found by its marker
 * and by its author, the token's own user (a workflow's token: github-actions[bot]), never another user's comment that starts
 * with the same marker; a body over GitHub's limit cut between lines with a link to the whole check.
 */
class PullRequestCommentCommandTest {

    private static final String WORKFLOW_TOKEN = "workflow-token-1";
    private static final String MALLORY = "mallory-token-2";
    private static final String ALICE = "alice-token-3";

    @TempDir
    Path dir;

    private GitHubStandIn api;

    @BeforeEach
    void startTheStandIn() throws IOException, InterruptedException {
        api = GitHubStandIn.start(dir, WORKFLOW_TOKEN, MALLORY + "=mallory", ALICE + "=alice");
    }

    @AfterEach
    void stopTheStandIn() {
        if (api != null) api.close();
    }

    private CommandLineTest.Result comment(String body, String token, String... more) throws IOException {
        Path file = dir.resolve("body.md");
        Files.writeString(file, body);
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, token + "\n");
        List<String> args = new java.util.ArrayList<>(List.of("pr-comment", file.toString(), "--pr", "7", "--repository", "team/lib", "--api", api.url,
                "--token-file", tokenFile.toString()));
        args.addAll(List.of(more));
        return CommandLineTest.run(args.toArray(String[]::new));
    }

    private static String check(String text) {
        return PullRequestVerdictCommand.MARKER + "\n## jdkmatrix: this pull request's suite against its base\n\n" + text + "\n";
    }

    private List<String> calls() throws IOException {
        return api.requests().stream().map(n -> n.get("method").asText() + " " + n.get("path").asText() + " " + n.get("user").asText()).toList();
    }

    @Test
    void theChecksCommentIsAddedOnceAndUpdatedInPlaceAnotherUsersLookAlikeLeftAlone() throws IOException {
        CommandLineTest.Result planted = comment(check("all is well, says mallory"), MALLORY);
        assertThat(planted.code()).as(planted.err()).isZero();
        assertThat(planted.out()).contains("added the check's comment 1 to #7");

        CommandLineTest.Result first = comment(check("**1 decided regression(s)** of 5.0 % or more"), WORKFLOW_TOKEN);
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.out()).contains("added the check's comment 2 to #7",
                "left alone 1 comment(s) of others that start with the check's marker (only github-actions[bot]'s is the check's)");
        CommandLineTest.Result second = comment(check("**No decided regression** of 5.0 % or more"), WORKFLOW_TOKEN);
        assertThat(second.code()).as(second.err()).isZero();
        assertThat(second.out()).contains("updated the check's comment 2 on #7");

        List<String> calls = calls();
        assertThat(calls.subList(3, calls.size())).containsExactly(
                "GET /user github-actions[bot]", "GET /repos/team/lib/issues/7/comments github-actions[bot]", "POST /repos/team/lib/issues/7/comments github-actions[bot]",
                "GET /user github-actions[bot]", "GET /repos/team/lib/issues/7/comments github-actions[bot]", "PATCH /repos/team/lib/issues/comments/2 github-actions[bot]");
        assertThat(calls).noneMatch(c -> c.startsWith("PATCH /repos/team/lib/issues/comments/1"));
        JsonNode patched = api.requests().get(api.requests().size() - 1).get("body");
        assertThat(patched.get("body").asText()).startsWith(PullRequestVerdictCommand.MARKER).contains("No decided regression");
    }

    @Test
    void aPersonsTokenKeepsTheCommentOfItsOwnUserAsGitHubNamesThem() throws IOException {
        assertThat(comment(check("by the bot"), WORKFLOW_TOKEN).code()).isZero();
        CommandLineTest.Result alice = comment(check("by alice"), ALICE);
        assertThat(alice.out()).as(alice.err()).contains("added the check's comment 2 to #7", "(only alice's is the check's)");
        CommandLineTest.Result asBot = comment(check("by alice, as the bot's"), ALICE, "--author", "github-actions[bot]");
        assertThat(asBot.code()).as("the stand-in refuses a comment of another user, as GitHub does").isEqualTo(2);
        assertThat(asBot.err()).contains("PATCH " + api.url + "/repos/team/lib/issues/comments/1", "HTTP 403");
    }

    @Test
    void aCheckOverGitHubsLimitIsCutBetweenLinesAndLinksTheWhole() throws IOException {
        StringBuilder rows = new StringBuilder("| benchmark cell | head against base | q | verdict |\n|---|---|---|---|\n");
        for (int i = 0; rows.length() < 100_000; i++) rows.append("| `head-lib:Bench.m").append(i).append("` | 1.0 % slower [0.1 %, 2.0 %] | 0.5 | faster |\n");
        String url = "https://github.com/team/lib/actions/runs/42";
        CommandLineTest.Result cut = comment(check(rows.toString()), WORKFLOW_TOKEN, "--summary-url", url);
        assertThat(cut.code()).as(cut.err()).isZero();
        assertThat(cut.out()).contains("cut to GitHub's 65,536 characters");
        String posted = api.requests().get(api.requests().size() - 1).get("body").get("body").asText();
        assertThat(posted.codePointCount(0, posted.length())).isLessThanOrEqualTo(PullRequestReport.COMMENT_LIMIT).isGreaterThan(60_000);
        assertThat(posted).startsWith(PullRequestVerdictCommand.MARKER).endsWith("**Cut to GitHub's limit of 65,536 characters:** the whole check is in [the job summary](" + url + ").\n");
        String kept = posted.substring(0, posted.indexOf("\n\n**Cut to"));
        assertThat(kept).endsWith("| faster |").as("cut between rows").contains("`head-lib:Bench.m0`");
    }

    @Test
    void whatIsNotTheChecksBodyOrAddressOrTokenIsRefusedBeforeAnythingIsSent() throws IOException {
        CommandLineTest.Result unmarked = comment("## my own text\n", WORKFLOW_TOKEN);
        assertThat(unmarked.code()).isEqualTo(2);
        assertThat(unmarked.err()).contains("does not start with the check's marker", "fix: post what pr-verdict --comment FILE wrote");
        CommandLineTest.Result url = comment(check("x"), WORKFLOW_TOKEN, "--summary-url", "https://x.test/a) [click](javascript:alert(1)");
        assertThat(url.code()).isEqualTo(2);
        assertThat(url.err()).contains("is not an http(s) address");
        CommandLineTest.Result refused = comment(check("x"), "not-a-known-token");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("HTTP 401 (Bad credentials)", "fix: the token was refused");
        assertThat(api.requests()).as("only the refused token's one request").hasSize(1);
    }

    @Test
    void aBodyIsCutByCharactersAsGitHubCountsThemNeverInsideOne() {
        String md = "a\n" + "😀".repeat(50) + "\n" + "b".repeat(150) + "\n"; // 204 characters, 254 UTF-16 units
        assertThat(PullRequestReport.fitted(md, 204, "")).isEqualTo(md);
        String cut = PullRequestReport.fitted(md, 180, "");
        assertThat(cut.codePointCount(0, cut.length())).isLessThanOrEqualTo(180);
        assertThat(cut).startsWith("a\n" + "😀".repeat(50)).doesNotContain("bbb").endsWith("the whole check is in this workflow run's job summary.\n");
    }
}
