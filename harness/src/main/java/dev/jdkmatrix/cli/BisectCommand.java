package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PullRequestVerdict;
import dev.jdkmatrix.suite.BaselineBuilds;
import dev.jdkmatrix.suite.Bisect;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jdkmatrix bisect --good REF --bad REF --build CMD --jar PATH --jdk 25}: the commit that made a
 * regression. Each candidate is built once (cached by commit and build command, as a night's
 * baseline is), run against the good commit's build in the same rounds in containers, and the
 * search halves the range ({@link Bisect}); each step is printed and written to bisect.md.
 */
@Command(name = "bisect", mixinStandardHelpOptions = true, description = {
        "Find the commit that made a regression: the commits between --good and --bad of your repository, each built once with --build "
                + "and measured against the good one in the same rounds, in containers, halving the range to the first commit whose slowdown is "
                + "decided at 95 %% and at least --share of the bad one's. Each step is printed and written to bisect.md in the results folder.",
        "Exit 0 when it named the commit, 1 when it stopped undecided (it says which commits remain), 2 for bad input, 3 when Docker is missing."})
public final class BisectCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--repo", paramLabel = "DIR", description = "your repository (default: the current folder's)", defaultValue = ".")
    Path repo;

    @Option(names = "--good", required = true, paramLabel = "REF", description = "a commit, tag or branch without the regression")
    String good;

    @Option(names = "--bad", required = true, paramLabel = "REF", description = "a later one with it")
    String bad;

    @Option(names = "--build", required = true, paramLabel = "CMD", description = "what builds the suite at a commit, run in its checkout (e.g. './mvnw -q package -DskipTests')")
    String build;

    @Option(names = "--jar", required = true, paramLabel = "PATH", description = "the jar the build writes, relative to the repository's top (e.g. target/benchmarks.jar)")
    Path jar;

    @Option(names = "--kind", description = "jmh (a JMH uber-jar, the default) or jar (any runnable jar: its wall time, or --result-regex)", defaultValue = "jmh")
    String kind;

    @Option(names = "--benchmarks", paramLabel = "REGEX", description = "the JMH benchmark that regressed (default: all of the jar's; the one the bad commit slowed most is followed)")
    String benchmarks;

    @Option(names = "--jmh-args", paramLabel = "ARGS", description = "JMH's options (default: '" + JmhCommand.DEFAULT_JMH_ARGS + "')")
    String jmhArgs;

    @Option(names = "--result-regex", paramLabel = "REGEX", description = "with --kind jar: the figure in the program's output, a time (default: the JVM's wall time)")
    String regex;

    @Option(names = "--share", description = "a commit is the change's where it is decided slower by at least this share of the bad commit's slowdown (default: ${DEFAULT-VALUE})",
            defaultValue = "0.5")
    double share;

    @Option(names = "--cache", paramLabel = "DIR", description = "where the commits' builds are kept (default: $JDKMATRIX_CACHE/baselines, else ~/.cache/jdkmatrix/baselines)")
    Path cache;

    @Mixin
    OwnJarOptions own;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Path top = Bisect.top(repo);
        if (top == null) throw new ExitException(ExitException.BAD_INPUT, repo + " is in no git repository\n  fix: name your repository with --repo DIR");
        String goodCommit = commit(top, good, "--good");
        String badCommit = commit(top, bad, "--bad");
        List<String> commits = Bisect.between(top, goodCommit, badCommit);
        if (commits.isEmpty()) {
            throw new ExitException(ExitException.BAD_INPUT, "no commit leads from --good " + good + " to --bad " + bad + " in " + top
                    + "\n  fix: name an older good ref and a newer bad one on the same line of history");
        }
        if (!kind.equals("jmh") && !kind.equals("jar")) throw new ExitException(ExitException.BAD_INPUT, "--kind must be jmh or jar, got '" + kind + "'\n  fix: --kind jmh");
        BaselineBuilds builds = new BaselineBuilds(cache != null ? cache : BaselineBuilds.defaultCache(System.getenv()), BaselineOptions.BUILD_TIMEOUT);
        BaselineBuilds.Checkout goodBuild = builds.checkout(top, goodCommit, build);
        if (!goodBuild.ok()) throw new ExitException(ExitException.RUNS_FAILED, "the good commit " + good + " did not build: " + goodBuild.failure());
        Path dir = own.out("bisect-" + shortSha(goodCommit) + "-" + shortSha(badCommit));
        out.printf("jdkmatrix: bisect %d commit(s) after %s up to %s, each against %s in the same rounds; steps in %s%n", commits.size(), good, bad, good, dir);
        out.flush();
        Step step = new Step(builds, top, goodBuild.dir().resolve(jar), dir);
        Bisect.Result r = Bisect.run(commits, share, step::measure, c -> Bisect.subject(top, c));
        String md = markdown(r);
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("bisect.md"), md);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot write " + dir.resolve("bisect.md") + ": " + e.getMessage() + "\n  fix: name a writable --out");
        }
        out.println("jdkmatrix: " + (r.first() != null ? "first bad commit: " + r.why() : "stopped: " + r.why()));
        out.println("jdkmatrix: every step in " + dir.resolve("bisect.md"));
        out.flush();
        return r.first() != null ? 0 : ExitException.RUNS_FAILED;
    }

    /** Measures candidates against the good build, a results folder a step, following one benchmark once the bad commit named it. */
    private final class Step {
        private final BaselineBuilds builds;
        private final Path top;
        private final Path goodJar;
        private final Path dir;
        private String followed;
        private int n;

        Step(BaselineBuilds builds, Path top, Path goodJar, Path dir) {
            this.builds = builds;
            this.top = top;
            this.goodJar = goodJar;
            this.dir = dir;
        }

        Bisect.Measured measure(String commit) {
            PrintWriter out = spec.commandLine().getOut();
            BaselineBuilds.Checkout c = builds.checkout(top, commit, build);
            if (!c.ok()) {
                out.println("jdkmatrix: " + shortSha(commit) + " did not build: " + c.failure());
                return null;
            }
            String id = String.format(Locale.ROOT, "step-%02d-%s", ++n, shortSha(commit));
            Path stepDir = dir.resolve(id);
            try {
                Files.createDirectories(stepDir);
                String matrix = own.matrix(id, entry(c.dir().resolve(jar))).replaceFirst("(?m)^matrix:$",
                        "baseline: { jar: " + OwnJarOptions.q(goodJar.toString()) + " }\nmatrix:");
                Files.writeString(stepDir.resolve("matrix.yaml"), matrix);
            } catch (IOException e) {
                throw new ExitException(ExitException.BAD_INPUT, "cannot write " + stepDir + ": " + e.getMessage() + "\n  fix: name a writable --out");
            }
            List<String> args = own.runArgs(stepDir.resolve("matrix.yaml"), stepDir, id);
            if (!args.contains("--no-report")) args.add("--no-report");
            java.io.StringWriter quiet = new java.io.StringWriter();
            int code = Main.execute(args.toArray(String[]::new), new PrintWriter(quiet), new PrintWriter(quiet));
            if (code == ExitException.INTERRUPTED) throw new ExitException(code, "interrupted at " + shortSha(commit));
            Bisect.Measured m = read(stepDir);
            out.printf("jdkmatrix: %s %s: %s%n", shortSha(commit), Bisect.subject(top, commit),
                    m == null ? "no comparison (" + stepDir + "'s raw.csv says why)" : m.benchmark() + ": head is "
                            + (m.cost() == null ? "without a figure" : Answer.change(m.cost()) + " against the good commit") + ", " + m.verdict().text());
            out.flush();
            return m;
        }

        /** The step's comparison of the candidate (head) with the good commit (base): the followed benchmark's, else the one slowed most. */
        private Bisect.Measured read(Path stepDir) {
            try {
                var stored = dev.jdkmatrix.results.format.ResultsFiles.read(stepDir, "bisect", true);
                PullRequestVerdict v = PullRequestVerdict.of(Comparisons.of(stored.rows(), stored.meta()), 0);
                List<PullRequestVerdict.Item> all = new ArrayList<>(v.decided());
                all.addAll(v.undecided());
                if (all.isEmpty()) return null;
                PullRequestVerdict.Item item = followed != null ? all.stream().filter(i -> i.cell().equals(followed)).findFirst().orElse(null)
                        : all.stream().max(Comparator.comparingDouble((PullRequestVerdict.Item i) -> i.verdict() == Comparisons.Verdict.SLOWER ? 1 : 0)
                                .thenComparingDouble(i -> Double.isFinite(i.slowdown()) ? i.slowdown() : -1)).orElseThrow();
                if (item == null) return null;
                followed = item.cell();
                return new Bisect.Measured(item.cell(), item.cost(), item.verdict());
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
    }

    /** The matrix's workload entry for a candidate's jar. */
    private List<String> entry(Path candidate) {
        List<String> e = new ArrayList<>(List.of("- name: \"suite\"", "  kind: " + kind, "  jar: " + OwnJarOptions.q(candidate.toString())));
        if (kind.equals("jmh")) {
            if (benchmarks != null && !benchmarks.isBlank()) e.add("  benchmarks: " + OwnJarOptions.q(benchmarks));
            e.add("  jmh-args: " + OwnJarOptions.list(JmhCommand.jmhArgs(jmhArgs)));
        } else if (regex != null) {
            e.add("  result: { regex: " + OwnJarOptions.q(regex) + ", unit: \"ms\", better: lower }");
        }
        return e;
    }

    /** Every step as a Markdown table, then the end. */
    static String markdown(Bisect.Result r) {
        StringBuilder md = new StringBuilder("# jdkmatrix bisect\n\n| step | commit | subject | head against the good commit [95 % interval] | verdict | decided |\n|---|---|---|---|---|---|\n");
        int i = 1;
        for (Bisect.Step s : r.steps()) {
            md.append("| ").append(i++).append(" | `").append(shortSha(s.commit())).append("` | ").append(dev.jdkmatrix.results.format.Markdown.text(s.subject()))
                    .append(" | ").append(s.measured() == null || s.measured().cost() == null ? "not measured" : dev.jdkmatrix.results.format.Markdown.text(Answer.change(s.measured().cost())))
                    .append(" | ").append(s.measured() == null ? "" : s.measured().verdict().text()).append(" | ").append(s.decision().name().toLowerCase(Locale.ROOT)).append(" |\n");
        }
        md.append('\n').append(r.first() != null ? "**First bad commit:** " : "**Stopped:** ").append(dev.jdkmatrix.results.format.Markdown.text(r.why())).append('\n');
        if (r.first() == null && !r.remaining().isEmpty()) {
            md.append("\nThe commits that remain: ").append(String.join(", ", r.remaining().stream().map(c -> "`" + shortSha(c) + "`").toList())).append('\n');
        }
        return md.toString();
    }

    private static String commit(Path top, String ref, String option) {
        String c = Bisect.commit(top, ref);
        if (c.isEmpty()) throw new ExitException(ExitException.BAD_INPUT, option + " " + ref + " names no commit of " + top + "\n  fix: a commit, tag or branch of it (git log)");
        return c;
    }

    private static String shortSha(String sha) {
        return sha.length() > 12 ? sha.substring(0, 12) : sha;
    }
}
