package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.github.GitHubIssues;
import dev.jdkmatrix.results.format.PullRequestReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The pull request check's one comment, kept in place: found by its marker and its author, never another user's. */
@Command(name = "pr-comment", mixinStandardHelpOptions = true,
        description = {"Post BODY (pr-verdict --comment FILE) as the pull request's one comment of the check: the comment of the token's own user "
                + "that starts with the check's marker is updated in place, else one is added. A comment of anyone else is never touched, "
                + "whatever it starts with. A body over GitHub's 65,536 characters is cut between lines, with a last line that links the whole "
                + "check (--summary-url).",
                "The token is read from $GITHUB_TOKEN (or $GH_TOKEN, or --token-file), never from the command line: in a workflow, a job with "
                        + "pull-requests: write. Exit 0 when the comment is in place, 2 for bad input or a request GitHub refused (it says which)."})
public final class PullRequestCommentCommand implements Callable<Integer> {

    /** Whose comments a workflow's own token writes: a GitHub App's, which GitHub's /user does not name. */
    static final String ACTIONS_BOT = "github-actions[bot]";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BODY", description = "the check's Markdown (pr-verdict --comment FILE)")
    Path body;

    @Option(names = "--pr", required = true, paramLabel = "N", description = "the pull request's number")
    long pr;

    @Option(names = "--author", paramLabel = "LOGIN", description = "whose comment is the check's (default: the token's own user, as GitHub's /user "
            + "names it; " + ACTIONS_BOT + " for a workflow's token, which it does not)")
    String author;

    @Option(names = "--summary-url", paramLabel = "URL", description = "where the whole check is (the workflow run's page), linked from a body cut to GitHub's limit")
    String summaryUrl;

    @Mixin
    GitHubAccess github;

    @Override
    public Integer call() {
        if (pr < 1) throw new ExitException(ExitException.BAD_INPUT, "--pr " + pr + ": a pull request's number is positive\n  fix: --pr ${{ github.event.pull_request.number }}");
        String url = summaryUrl == null ? "" : summaryUrl.strip();
        if (!url.isEmpty() && !url.matches("https?://[^\\s()<>\\[\\]\"'`]+")) {
            throw new ExitException(ExitException.BAD_INPUT, "--summary-url '" + url + "' is not an http(s) address without spaces, brackets or quotes"
                    + "\n  fix: --summary-url \"$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID\"");
        }
        String md = read();
        GitHubIssues door = github.door(System.getenv(), "write pull request comments", "pull-requests: write");
        PrintWriter out = spec.commandLine().getOut();
        try {
            String me = author != null ? author : door.login().orElse(ACTIONS_BOT);
            String text = PullRequestReport.fitted(md, PullRequestReport.COMMENT_LIMIT, url);
            List<GitHubIssues.Comment> marked = door.comments(pr).stream().filter(c -> c.body().startsWith(PullRequestVerdictCommand.MARKER)).toList();
            List<GitHubIssues.Comment> mine = marked.stream().filter(c -> c.author().equals(me)).toList();
            if (mine.isEmpty()) {
                out.printf("jdkmatrix: added the check's comment %d to #%d%n", door.comment(pr, text), pr);
            } else {
                door.updateComment(mine.get(0).id(), text);
                out.printf("jdkmatrix: updated the check's comment %d on #%d%n", mine.get(0).id(), pr);
            }
            if (marked.size() > mine.size()) {
                out.printf("jdkmatrix: left alone %d comment(s) of others that start with the check's marker (only %s's is the check's)%n", marked.size() - mine.size(), me);
            }
            if (text.length() < md.length()) {
                out.println(String.format(java.util.Locale.ROOT, "jdkmatrix: the check was cut to GitHub's %,d characters; the comment links the whole", PullRequestReport.COMMENT_LIMIT));
            }
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "pr-comment: " + e.getMessage());
        }
        out.flush();
        return 0;
    }

    private String read() {
        String md;
        try {
            md = Files.readString(body);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read " + body + ": " + e.getMessage() + "\n  fix: name the file pr-verdict --comment wrote");
        }
        if (!md.startsWith(PullRequestVerdictCommand.MARKER)) {
            throw new ExitException(ExitException.BAD_INPUT, body + " does not start with the check's marker " + PullRequestVerdictCommand.MARKER
                    + "\n  fix: post what pr-verdict --comment FILE wrote");
        }
        return md;
    }
}
