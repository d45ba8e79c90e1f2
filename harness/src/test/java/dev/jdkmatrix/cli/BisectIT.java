package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.run.ItSupport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * From a regression to its commit, on the real engine: a sample repository of a good commit and 8
 * after it, a program doing the same work in each but from the 6th on three times as much (a margin
 * that holds beside the other integration tests: a 1.5x step was once undecided there);
 * {@code jdkmatrix bisect} names the 6th, having built at most 4 of the 8.
 */
@Tag(ItSupport.ALONE) // its steps' verdicts are ratios: beside the other classes a 3x step read 3.1x [0.9x, 6.3x] at 6 rounds
class BisectIT {

    @TempDir
    Path tmp;

    static void git(Path repo, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(repo.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", args) + ": " + out).isZero();
    }

    /** The program at a commit: {@code work} rounds of arithmetic, timed, the time printed as the figure bisect reads. */
    static String app(int work, int commit) {
        return """
                public class App {
                    // commit %d
                    public static void main(String[] args) {
                        long t0 = System.nanoTime();
                        long sum = 0;
                        for (int r = 0; r < %d; r++) for (int i = 0; i < 1_000_000; i++) sum += (i * 37L) %% 11;
                        System.out.println("sum " + sum + " in " + (System.nanoTime() - t0) / 1e6 + " ms");
                    }
                }
                """.formatted(commit, work);
    }

    /**
     * {@code jdkmatrix bisect ARGS} of the program's wall time as it prints it, 6 rounds a step and up to {@code maxRounds}, on this
     * checkout's Dockerfiles; what it printed (exit 0 asserted).
     */
    static String bisect(int maxRounds, String... args) {
        List<String> all = new ArrayList<>(List.of("bisect"));
        all.addAll(List.of(args));
        all.addAll(List.of("--kind", "jar", "--result-regex", "in (\\d+(?:\\.\\d+)?) ms", "--repetitions", "6", "--max-repetitions", Integer.toString(maxRounds), "--progress", "lines",
                "--workloads-jar", ItSupport.JAR.toString()));
        StringWriter printed = new StringWriter();
        PrintWriter w = new PrintWriter(printed, true);
        String before = System.getProperty("jdkmatrix.dockerfiles");
        System.setProperty("jdkmatrix.dockerfiles", ItSupport.PROJECT.toString());
        int code;
        try {
            code = Main.execute(all.toArray(String[]::new), w, w);
        } finally {
            if (before == null) System.clearProperty("jdkmatrix.dockerfiles");
            else System.setProperty("jdkmatrix.dockerfiles", before);
        }
        assertThat(code).as(printed.toString()).isZero();
        return printed.toString();
    }

    @Test
    void theCommitThatMadeARegressionIsNamedWithFewBuilds() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("lib"));
        git(repo, "init", "-q", "-b", "main");
        String javac = Path.of(System.getProperty("java.home"), "bin", "javac").toString();
        String jar = Path.of(System.getProperty("java.home"), "bin", "jar").toString();
        Files.writeString(repo.resolve("build.sh"), "set -e\nmkdir -p out target\n" + javac + " --release 17 -d out App.java\n"
                + jar + " --create --file target/app.jar --main-class App -C out .\necho built >> " + tmp.resolve("builds.log") + "\n");
        for (int c = 0; c <= 8; c++) {
            Files.writeString(repo.resolve("App.java"), app(c >= 6 ? 300 : 100, c)); // 3x: decided whatever else runs beside the test
            git(repo, "add", "-A");
            git(repo, "commit", "-q", "-m", "commit " + c + (c == 6 ? ": the slow one" : ""));
            if (c == 0) git(repo, "tag", "good");
        }
        Path out = tmp.resolve("bisect");
        // 6 rounds a step, no more: a 3x step is decided at 6 pairs, and the four steps are most of this class's time
        String text = bisect(6, "--repo", repo.toString(), "--good", "good", "--bad", "main", "--build", "bash build.sh", "--jar", "target/app.jar",
                "--jdk", "25", "--cache", tmp.resolve("cache").toString(), "--out", out.toString());
        assertThat(text).contains("first bad commit: ", "commit 6: the slow one");
        assertThat(Files.readAllLines(tmp.resolve("builds.log"))).as("the good commit and at most 4 of the 8 built").hasSizeLessThanOrEqualTo(5);
        String md = Files.readString(out.resolve("bisect.md"));
        assertThat(md).contains("| 1 |", "**First bad commit:**", "commit 6: the slow one", "| bad |", "| good |")
                .containsPattern("[0-9]\\\\?\\.[0-9](x| %) slower"); // in words: "48.9 % slower" or, from twice on, "2.9x slower" (Markdown escapes the dot)
    }

    @Test
    void theJdkBuildThatMadeARegressionIsNamedAcrossJdks() throws Exception {
        // one jar whose work triples from JDK 25 on: the builds 21 and 25 as a vendor lists its builds, oldest first
        Path src = Files.createDirectories(tmp.resolve("src"));
        Files.writeString(src.resolve("App.java"), app(100, 0).replace("r < 100;", "r < (Runtime.version().feature() >= 25 ? 300 : 100);"));
        String jdk = System.getProperty("java.home");
        Process javac = new ProcessBuilder(Path.of(jdk, "bin", "javac").toString(), "--release", "17", "-d", src.resolve("out").toString(), src.resolve("App.java").toString())
                .redirectErrorStream(true).start();
        assertThat(javac.waitFor(60, TimeUnit.SECONDS) && javac.exitValue() == 0).as(new String(javac.getInputStream().readAllBytes())).isTrue();
        Path app = tmp.resolve("app.jar");
        Process jar = new ProcessBuilder(Path.of(jdk, "bin", "jar").toString(), "--create", "--file", app.toString(), "--main-class", "App", "-C", src.resolve("out").toString(), ".")
                .redirectErrorStream(true).start();
        assertThat(jar.waitFor(60, TimeUnit.SECONDS) && jar.exitValue() == 0).as(new String(jar.getInputStream().readAllBytes())).isTrue();
        Path out = tmp.resolve("bisect-jdks");
        String text = bisect(8, "--across-jdks", "--jdk", "21,25", "--jar", app.toString(), "--out", out.toString());
        assertThat(text).contains("bisect 1 JDK build(s) after 21 up to 25", "first bad JDK build: ", "JDK 25");
        assertThat(Files.readString(out.resolve("step-01-25/matrix.yaml"))).contains("baseline: { jdk: \"21\" }", "jdk: [\"21\", \"25\"]",
                "repetitions: { min: 6, max: 8, target: 2.5% }"); // the step's round budget
        assertThat(Files.readString(out.resolve("bisect.md"))).contains("| step | JDK build |", "**First bad JDK build:**", "JDK 25", "| bad |")
                .containsPattern("[0-9]\\\\?\\.[0-9](x| %) slower");
    }
}
