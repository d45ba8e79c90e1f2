package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.github.GitHubIssues;
import dev.jdkmatrix.history.BisectHint;
import dev.jdkmatrix.history.Change;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.Nights;
import dev.jdkmatrix.history.RegressionIssues;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** One issue per confirmed regression of a site's history, kept in step with it night after night. */
@Command(name = "regression-issues", mixinStandardHelpOptions = true,
        description = {"Keep one GitHub issue per confirmed regression of SITE's history (the reusable workflow's open-issues input runs it after each night): "
                + "open one for a regression confirmed recently (within twice the confirm-nights) that no open issue names, update its title and body when the night sees it again (found by a marker in its body, "
                + "never a second issue), and close it with a comment when the team accepted it (jdkmatrix accept) or the nights took it back. "
                + "Issues carry the label " + RegressionIssues.LABEL + "; another site's (--site) and people's own issues are left alone.",
                "The token is read from $GITHUB_TOKEN (or $GH_TOKEN, or --token-file), never from the command line; the API from --api, else $GITHUB_API_URL, else GitHub's. "
                        + "Exit 0 when the tracker is in step, 2 for bad input or a request GitHub refused (it says which)."})
public final class RegressionIssuesCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SITE", description = "a folder of published nights (make publish)")
    Path site;

    @Mixin
    GitHubAccess github;

    @Option(names = "--site", paramLabel = "NAME", description = "the site's name among the repository's sites, its branch (default: ${DEFAULT-VALUE})", defaultValue = "gh-pages")
    String siteName;

    @Option(names = "--site-url", paramLabel = "URL", description = "where the site is published (the issues link its nights and index)")
    String siteUrl;

    @Option(names = "--dry-run", description = "print what would be opened, updated and closed, and send nothing")
    boolean dryRun;

    @Mixin
    HistoryOptions options;

    @Override
    public Integer call() {
        if (!Files.isDirectory(site)) throw new ExitException(ExitException.BAD_INPUT, "no site " + site + ": no such folder\n  fix: name a site of published nights");
        Map<String, String> env = System.getenv();
        PrintWriter out = spec.commandLine().getOut();
        RegressionIssues plan;
        try {
            History h = History.of(Nights.read(site), options.finder(), options.watchTarget(), options.byRunner);
            plan = new RegressionIssues(h, siteName, siteUrl, c -> bisected(site, c));
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read the history of " + site + ": " + e.getMessage() + "\n  fix: name a readable site of published nights");
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, e.getMessage() + "\n  fix: --site a branch name, --site-url https://owner.github.io/name");
        }
        List<RegressionIssues.Wanted> wanted = plan.wanted();
        if (dryRun) {
            out.printf("jdkmatrix: %d confirmed regression(s) stand, %d recent enough to open an issue where none is open (--dry-run: nothing sent)%n",
                    wanted.size(), wanted.stream().filter(RegressionIssues.Wanted::opens).count());
            wanted.forEach(w -> out.printf("%n%s%s%n%n%s%n", w.title(), w.opens() ? "" : " (confirmed on an earlier night: kept in step if open, never opened)", w.body()));
            out.flush();
            return 0;
        }
        GitHubIssues tracker = github.door(env, "write issues", "issues: write");
        try {
            sync(plan, tracker, out);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "regression-issues: " + e.getMessage());
        }
        out.flush();
        return 0;
    }

    /** Closes what no longer stands, updates what does, opens what has no issue yet; each said in a line. */
    static void sync(RegressionIssues plan, GitHubIssues tracker, PrintWriter out) throws IOException {
        List<RegressionIssues.Wanted> wanted = plan.wanted();
        List<RegressionIssues.Open> open = tracker.open(RegressionIssues.LABEL).stream().map(i -> new RegressionIssues.Open(i.number(), i.title(), i.body())).toList();
        java.util.Set<RegressionIssues.Wanted> kept = new java.util.HashSet<>();
        int updated = 0;
        int closed = 0;
        int opened = 0;
        for (RegressionIssues.Decision d : plan.decide(open)) {
            switch (d) {
                case RegressionIssues.Decision.Keep k -> {
                    if (!kept.add(k.wanted())) { // a second open issue of one change (made by hand, or by a race): closed as its duplicate
                        tracker.comment(k.issue().number(), "A second issue of the same regression: the other one stays open.");
                        tracker.close(k.issue().number(), "not_planned");
                        closed++;
                        continue;
                    }
                    if (!k.issue().title().equals(k.wanted().title()) || !k.issue().body().equals(k.wanted().body())) {
                        tracker.update(k.issue().number(), k.wanted().title(), k.wanted().body());
                        out.printf("jdkmatrix: updated #%d %s%n", k.issue().number(), k.wanted().title());
                        updated++;
                    }
                }
                case RegressionIssues.Decision.Close c -> {
                    tracker.comment(c.issue().number(), c.comment());
                    tracker.close(c.issue().number(), c.reason());
                    out.printf("jdkmatrix: closed #%d (%s) %s%n", c.issue().number(), c.reason(), c.issue().title());
                    closed++;
                }
            }
        }
        int old = 0;
        for (RegressionIssues.Wanted w : wanted) {
            if (kept.contains(w)) continue;
            if (!w.opens()) {
                old++;
                continue;
            }
            long n = tracker.create(w.title(), w.body(), RegressionIssues.LABEL);
            out.printf("jdkmatrix: opened #%d %s%n", n, w.title());
            opened++;
        }
        out.printf("jdkmatrix: regression issues: %d confirmed regression(s) standing; %d opened, %d updated, %d closed, %d unchanged%s%n",
                wanted.size(), opened, updated, closed, kept.size() - updated,
                old == 0 ? "" : "; " + old + " confirmed on earlier nights open none (--dry-run lists them)");
    }

    /** What a bisect of change {@code c} found, kept beside it on the site by the workflow's bisect job; "" for none. */
    static String bisected(Path site, Change c) {
        String file = BisectHint.resultFile(c);
        if (file.isEmpty()) return "";
        try {
            Path p = site.resolve(file);
            return Files.isRegularFile(p) ? Files.readString(p) : "";
        } catch (IOException e) {
            return "";
        }
    }
}
