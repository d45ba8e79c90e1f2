package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.Answer;
import dev.jdkmatrix.suite.BaselineBuilds;
import dev.jdkmatrix.suite.Bisect;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
                + "and measured against the good one in the same rounds, in containers, halving the range to the first commit "
                + "decided slower at 95 %% by at least --share of the least the bad one's slowdown could be (its interval's low end); a commit whose "
                + "whole interval lies below --share of the bad one's slowdown is good. Each step is printed and written to bisect.md in the results folder.",
        "With --across-jdks, the JDK build that made it: --jdk lists the builds oldest first (jdkmatrix's own names or JDK folders), the first "
                + "without the regression and the last with it, and --jar is the jar itself; each build is measured against the first in the same rounds.",
        "Exit 0 when it named the commit, 1 when it stopped undecided (it says which commits remain), 2 for bad input, 3 when Docker is missing."})
public final class BisectCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--repo", paramLabel = "DIR", description = "your repository (default: the current folder's)", defaultValue = ".")
    Path repo;

    @Option(names = "--good", paramLabel = "REF", description = "a commit, tag or branch without the regression")
    String good;

    @Option(names = "--bad", paramLabel = "REF", description = "a later one with it")
    String bad;

    @Option(names = "--build", paramLabel = "CMD", description = "what builds the suite at a commit, run in its checkout (e.g. './mvnw -q package -DskipTests')")
    String build;

    @Option(names = "--jar", required = true, paramLabel = "PATH", description = "the jar the build writes, relative to the repository's top (e.g. target/benchmarks.jar); "
            + "with --across-jdks, the jar itself")
    Path jar;

    @Option(names = "--across-jdks", description = "bisect JDK builds instead of commits: --jdk lists them oldest first, the first without the regression, the last with it")
    boolean acrossJdks;

    @Option(names = "--kind", description = "jmh (a JMH uber-jar, the default) or jar (any runnable jar: its wall time, or --result-regex)", defaultValue = "jmh")
    String kind;

    @Option(names = "--benchmarks", paramLabel = "REGEX", description = "the JMH benchmark that regressed (default: all of the jar's; the one the bad commit slowed most is followed)")
    String benchmarks;

    @Option(names = "--jmh-args", paramLabel = "ARGS", description = "JMH's options (default: '" + JmhCommand.DEFAULT_JMH_ARGS + "')")
    String jmhArgs;

    @Option(names = "--result-regex", paramLabel = "REGEX", description = "with --kind jar: the figure in the program's output, a time (default: the JVM's wall time)")
    String regex;

    @Option(names = "--share", description = "a commit is the change's where it is decided slower by at least this share of the least the bad commit's slowdown could be, "
            + "and without it where its whole interval lies below this share of the bad commit's slowdown (default: ${DEFAULT-VALUE})",
            defaultValue = "0.5")
    double share;

    @Option(names = "--max-repetitions", paramLabel = "N", description = "a step's round budget: after --repetitions rounds, another round while "
            + "the candidate's ratio to the good one is not known to within ±2.5 %%, as the pull-request check measures, up to N "
            + "(default: ${DEFAULT-VALUE}; at most --repetitions: that many rounds, no more)", defaultValue = "18")
    int maxRepetitions;

    /** How well a step's ratio must be known before its rounds stop short of --max-repetitions: the pull-request check's (half its 5 % threshold). */
    static final String BUDGET_TARGET = "2.5%";

    @Option(names = "--cache", paramLabel = "DIR", description = "where the commits' builds are kept (default: $JDKMATRIX_CACHE/baselines, else ~/.cache/jdkmatrix/baselines)")
    Path cache;

    @Option(names = "--keep-in", paramLabel = "SITE", description = "also keep bisect.md in the site SITE, beside the change (bisect/GOOD-BAD.md): its index and its regression's issue show it")
    Path keepIn;

    @Mixin
    OwnJarOptions own;

    @Override
    public Integer call() {
        if (!kind.equals("jmh") && !kind.equals("jar")) throw new ExitException(ExitException.BAD_INPUT, "--kind must be jmh or jar, got '" + kind + "'\n  fix: --kind jmh");
        return acrossJdks ? jdkBuilds() : commits();
    }

    /** The commits between --good and --bad, each built and measured against the good commit's build (its jar the baseline's). */
    private int commits() {
        PrintWriter out = spec.commandLine().getOut();
        if (good == null || bad == null || build == null) {
            throw new ExitException(ExitException.BAD_INPUT, "bisect needs --good, --bad and --build (or --across-jdks to bisect JDK builds)"
                    + "\n  fix: jdkmatrix bisect --good v1.4.0 --bad main --build './mvnw -q package -DskipTests' --jar target/benchmarks.jar --jdk 25");
        }
        Path top = Bisect.top(repo);
        if (top == null) throw new ExitException(ExitException.BAD_INPUT, repo + " is in no git repository\n  fix: name your repository with --repo DIR");
        String goodCommit = commit(top, good, "--good");
        String badCommit = commit(top, bad, "--bad");
        List<String> commits = Bisect.between(top, goodCommit, badCommit);
        if (commits.isEmpty()) {
            throw new ExitException(ExitException.BAD_INPUT, "no commit leads from --good " + good + " to --bad " + bad + " in " + top
                    + "\n  fix: name an older good ref and a newer bad one on the same line of history");
        }
        BaselineBuilds builds = new BaselineBuilds(cache != null ? cache : BaselineBuilds.defaultCache(System.getenv()), BaselineOptions.BUILD_TIMEOUT);
        BaselineBuilds.Checkout goodBuild = builds.checkout(top, goodCommit, build);
        if (!goodBuild.ok()) throw new ExitException(ExitException.RUNS_FAILED, "the good commit " + good + " did not build: " + goodBuild.failure());
        Path dir = own.out("bisect-" + shortSha(goodCommit) + "-" + shortSha(badCommit));
        out.printf("jdkmatrix: bisect %d commit(s) after %s up to %s, each against %s in the same rounds; steps in %s%n", commits.size(), good, bad, good, dir);
        out.flush();
        String goodJar = goodBuild.dir().resolve(jar).toString();
        BisectSteps steps = new BisectSteps(dir, (c, id) -> {
            BaselineBuilds.Checkout b = builds.checkout(top, c, build);
            if (!b.ok()) {
                out.println("jdkmatrix: " + shortSha(c) + " did not build: " + b.failure());
                return null;
            }
            return budgeted(own.matrix(id, entry(b.dir().resolve(jar))).replaceFirst("(?m)^matrix:$", "baseline: { jar: " + OwnJarOptions.q(goodJar) + " }\nmatrix:"));
        }, new BisectSteps.Reading.Commits(), this::run, c -> shortSha(c) + " " + Bisect.subject(top, c), out);
        Bisect.Result r = Bisect.run(commits, share, steps::measure, c -> Bisect.subject(top, c), kind.equals("jmh"));
        String md = written(r, "commit", dir, out);
        if (keepIn != null) keep(keepIn.resolve(dev.jdkmatrix.history.BisectHint.resultFile(goodCommit, badCommit)), md, out);
        return r.first() != null ? 0 : ExitException.RUNS_FAILED;
    }

    /** The JDK builds --jdk lists after the first, each measured against the first (the matrix's baseline JDK) with the one jar. */
    private int jdkBuilds() {
        PrintWriter out = spec.commandLine().getOut();
        if (good != null || bad != null || build != null || keepIn != null) {
            throw new ExitException(ExitException.BAD_INPUT, "--across-jdks takes its builds from --jdk, oldest first: --good, --bad, --build and --keep-in are a commit bisect's"
                    + "\n  fix: jdkmatrix bisect --across-jdks --jdk 25-b01,25-b02,25-b03 --jar target/benchmarks.jar");
        }
        List<String> names = own.jdks().names();
        if (names.size() < 2) throw new ExitException(ExitException.BAD_INPUT, "--across-jdks needs two JDK builds or more in --jdk, oldest first\n  fix: --jdk 25-b01,25-b02,25-b03");
        if (!Files.isRegularFile(jar)) throw new ExitException(ExitException.BAD_INPUT, "--jar " + jar + ": no such file\n  fix: name the jar to run on every build");
        String first = names.get(0);
        List<String> candidates = names.subList(1, names.size());
        Path dir = own.out("bisect-jdks-" + first + "-" + names.get(names.size() - 1));
        out.printf("jdkmatrix: bisect %d JDK build(s) after %s up to %s, each against %s in the same rounds; steps in %s%n", candidates.size(), first,
                names.get(names.size() - 1), first, dir);
        out.flush();
        Path jarFile = jar.toAbsolutePath().normalize();
        BisectSteps steps = new BisectSteps(dir, (c, id) -> budgeted(own.matrix(id, entry(jarFile), List.of(first, c))
                .replaceFirst("(?m)^matrix:$", "baseline: { jdk: " + OwnJarOptions.q(first) + " }\nmatrix:")),
                new BisectSteps.Reading.JdkBuilds(first), this::run, c -> "JDK " + c, out);
        Bisect.Result r = Bisect.run(candidates, share, steps::measure, c -> "JDK " + c, kind.equals("jmh"));
        written(r, "JDK build", dir, out);
        return r.first() != null ? 0 : ExitException.RUNS_FAILED;
    }

    /** A step's matrix with its round budget: --repetitions rounds, then more while its ratio is not known to {@link #BUDGET_TARGET}, up to --max-repetitions. */
    private String budgeted(String matrix) {
        if (maxRepetitions <= own.repetitions) return matrix;
        return matrix.replaceFirst("(?m)^repetitions: \\d+$", "repetitions: { min: " + own.repetitions + ", max: " + maxRepetitions + ", target: " + BUDGET_TARGET + " }");
    }

    /** Runs a step's matrix (its file, folder and id) with run, quietly; run's exit code. */
    private int run(List<String> fileDirId) {
        List<String> args = own.runArgs(Path.of(fileDirId.get(0)), Path.of(fileDirId.get(1)), fileDirId.get(2));
        if (!args.contains("--no-report")) args.add("--no-report");
        java.io.StringWriter quiet = new java.io.StringWriter();
        return Main.execute(args.toArray(String[]::new), new PrintWriter(quiet), new PrintWriter(quiet));
    }

    /** Writes bisect.md into the results folder and says the end; the Markdown. */
    private static String written(Bisect.Result r, String what, Path dir, PrintWriter out) {
        String md = markdown(r, what);
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("bisect.md"), md);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot write " + dir.resolve("bisect.md") + ": " + e.getMessage() + "\n  fix: name a writable --out");
        }
        out.println("jdkmatrix: " + (r.first() != null ? "first bad " + what + ": " + r.why() : "stopped: " + r.why()));
        out.println("jdkmatrix: every step in " + dir.resolve("bisect.md"));
        out.flush();
        return md;
    }

    private static void keep(Path file, String md, PrintWriter out) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, md);
            out.println("jdkmatrix: kept beside the change in " + file);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot write " + file + ": " + e.getMessage() + "\n  fix: --keep-in a writable site folder");
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
    static String markdown(Bisect.Result r, String what) {
        StringBuilder md = new StringBuilder("# jdkmatrix bisect\n\n| step | " + what + " | subject | against the good " + what
                + " [95 % interval] | verdict | decided |\n|---|---|---|---|---|---|\n");
        int i = 1;
        for (Bisect.Step s : r.steps()) {
            md.append("| ").append(i++).append(" | `").append(shortSha(s.commit())).append("` | ").append(dev.jdkmatrix.results.format.Markdown.text(s.subject()))
                    .append(" | ").append(s.measured() == null || s.measured().cost() == null ? "not measured" : dev.jdkmatrix.results.format.Markdown.text(Answer.change(s.measured().cost())))
                    .append(" | ").append(s.measured() == null ? "" : s.measured().verdict().text()).append(" | ").append(s.decision().name().toLowerCase(Locale.ROOT)).append(" |\n");
        }
        md.append('\n').append(r.first() != null ? "**First bad " + what + ":** " : "**Stopped:** ").append(dev.jdkmatrix.results.format.Markdown.text(r.why())).append('\n');
        if (r.first() == null && !r.remaining().isEmpty()) {
            md.append("\nThe ").append(what).append("s that remain: ").append(String.join(", ", r.remaining().stream().map(c -> "`" + shortSha(c) + "`").toList())).append('\n');
        }
        return md.toString();
    }

    private static String commit(Path top, String ref, String option) {
        if (ref.isBlank() || ref.startsWith("-")) { // git would read a leading dash as an option of its own
            throw new ExitException(ExitException.BAD_INPUT, option + " '" + ref + "' is no ref: a commit, tag or branch never starts with '-'\n  fix: name one of " + top + " (git log)");
        }
        String c = Bisect.commit(top, ref);
        if (c.isEmpty()) throw new ExitException(ExitException.BAD_INPUT, option + " " + ref + " names no commit of " + top + "\n  fix: a commit, tag or branch of it (git log)");
        return c;
    }

    private static String shortSha(String sha) {
        return sha.length() > 12 ? sha.substring(0, 12) : sha;
    }
}
