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
 * From a regression to its commit, on the real engine: a sample repository of a small JMH suite, a good
 * commit and 8 after it, the 6th making one benchmark 10 % slower (a tenth more steps of a chain of
 * xorshifts, a time set by the work alone); {@code jdkmatrix bisect} names the 6th, having built at
 * most 4 of the 8. And across JDK builds: the build that made a plain jar's work triple.
 */
@Tag(ItSupport.ALONE) // its steps' verdicts are ratios: beside the other classes a 3x step of a plain jar read 3.1x [0.9x, 6.3x] at 6 rounds
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
     * {@code jdkmatrix bisect ARGS} of a JMH suite ({@code kind} jmh) or of a plain program's time as it prints it (jar), 6 rounds a
     * step and up to {@code maxRounds}, on this checkout's Dockerfiles; what it printed (exit 0 asserted).
     */
    static String bisect(String kind, int maxRounds, String... args) {
        List<String> all = new ArrayList<>(List.of("bisect"));
        all.addAll(List.of(args));
        if (kind.equals("jar")) all.addAll(List.of("--result-regex", "in (\\d+(?:\\.\\d+)?) ms"));
        all.addAll(List.of("--kind", kind, "--repetitions", "6", "--max-repetitions", Integer.toString(maxRounds), "--progress", "lines",
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
        System.out.println(printed); // kept in the test's report: each step's commit, ratio and verdict
        assertThat(code).as(printed.toString()).isZero();
        return printed.toString();
    }

    /**
     * The sample suite at a commit: two JMH benchmarks, {@code steps} a chain of {@code work} xorshift steps (each waits for the one
     * before and none folds into the next, so its time is that many steps however the JIT unrolls; a chain of multiply-adds
     * was not: 0.08 ns a step) and {@code copy} one that no commit changes.
     */
    static String suite(int work, int commit) {
        return """
                package sample;

                import java.util.concurrent.TimeUnit;
                import org.openjdk.jmh.annotations.*;

                @State(Scope.Thread)
                @BenchmarkMode(Mode.AverageTime)
                @OutputTimeUnit(TimeUnit.MICROSECONDS)
                public class Chain {
                    // commit %d
                    static final int WORK = %d;
                    long seed = 42;
                    long[] data = new long[4096];

                    @Benchmark
                    public long steps() {
                        long s = seed;
                        for (int i = 0; i < WORK; i++) { s ^= s << 13; s ^= s >>> 7; s ^= s << 17; }
                        return s;
                    }

                    @Benchmark
                    public long[] copy() {
                        return data.clone();
                    }
                }
                """.formatted(commit, work);
    }

    /**
     * A JMH uber-jar's parts, as the shade plugin would gather them: JMH's runtime (jmh-core, jopt-simple and commons-math3, the
     * jars of this test's own class path, as Maven resolved them) unpacked into {@code dir} without their manifests and signatures;
     * and the annotation processor's jar, from the local Maven repository beside jmh-core's (examples/jmh's build, earlier in the
     * reactor, fetched it). The processor path.
     */
    static String jmhRuntime(Path dir) throws Exception {
        List<Path> runtime = new ArrayList<>();
        for (String name : List.of("jmh-core-", "jopt-simple-", "commons-math3-")) {
            runtime.add(java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator)).map(Path::of)
                    .filter(p -> p.getFileName().toString().startsWith(name) && p.toString().endsWith(".jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + name + "*.jar on the test's class path: JMH's runtime, a dependency of the harness")));
        }
        for (Path jar : runtime) {
            try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
                for (var e : java.util.Collections.list(zip.entries())) {
                    String n = e.getName();
                    if (e.isDirectory() || n.equals("META-INF/MANIFEST.MF") || n.endsWith("module-info.class") || n.matches("META-INF/[^/]+\\.(SF|RSA|DSA)")) continue;
                    Path to = dir.resolve(n);
                    Files.createDirectories(to.getParent());
                    try (var in = zip.getInputStream(e)) {
                        Files.copy(in, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
        Path core = runtime.get(0); // .../org/openjdk/jmh/jmh-core/1.37/jmh-core-1.37.jar
        String version = core.getParent().getFileName().toString();
        Path processor = core.getParent().getParent().getParent().resolve("jmh-generator-annprocess/" + version + "/jmh-generator-annprocess-" + version + ".jar");
        assertThat(processor).as("JMH's annotation processor beside jmh-core in the local Maven repository (build examples/jmh first: make build)").isRegularFile();
        return processor + java.io.File.pathSeparator + core;
    }

    @Test
    void theCommitThatMadeARegressionInAJmhSuiteIsNamedWithFewBuilds() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("lib"));
        git(repo, "init", "-q", "-b", "main");
        Path runtime = Files.createDirectories(tmp.resolve("jmh-runtime"));
        String processorPath = jmhRuntime(runtime);
        String jdk = System.getProperty("java.home");
        Files.writeString(repo.resolve("build.sh"), "set -e\nrm -rf out && mkdir -p out target\ncp -R " + runtime + "/. out/\n"
                + Path.of(jdk, "bin", "javac") + " --release 17 -cp " + runtime + " -processorpath " + processorPath + " -d out src/sample/Chain.java\n"
                + Path.of(jdk, "bin", "jar") + " --create --file target/benchmarks.jar --main-class org.openjdk.jmh.Main -C out .\necho built >> " + tmp.resolve("builds.log") + "\n");
        Files.createDirectories(repo.resolve("src/sample"));
        for (int c = 0; c <= 8; c++) {
            Files.writeString(repo.resolve("src/sample/Chain.java"), suite(c >= 6 ? 11_000 : 10_000, c)); // the 6th: a tenth more steps, 10 % slower
            git(repo, "add", "-A");
            git(repo, "commit", "-q", "-m", "commit " + c + (c == 6 ? ": steps takes a tenth more" : ": a note that changes no measured code"));
            if (c == 0) git(repo, "tag", "good");
        }
        Path out = tmp.resolve("bisect");
        // the benchmark a change names (the index's command gives it), 6 to 14 rounds a step; three short warm-up iterations: on one
        // CPU the JIT's threads slowed a JVM's second iteration by a third and more after one warm-up of 100 or 300 ms (docs/nightly.md)
        String text = bisect("jmh", 14, "--repo", repo.toString(), "--good", "good", "--bad", "main", "--build", "bash build.sh", "--jar", "target/benchmarks.jar",
                "--benchmarks", "Chain\\.steps", "--jmh-args", "-f 1 -wi 3 -i 3 -w 50ms -r 50ms", "--jdk", "25", "--cache", tmp.resolve("cache").toString(),
                "--out", out.toString());
        assertThat(text).contains("first bad commit: ", "commit 6: steps takes a tenth more");
        assertThat(Files.readAllLines(tmp.resolve("builds.log"))).as("the good commit and at most 4 of the 8 built").hasSizeLessThanOrEqualTo(5);
        String md = Files.readString(out.resolve("bisect.md"));
        System.out.println(md);
        assertThat(md).contains("| 1 |", "**First bad commit:**", "commit 6: steps takes a tenth more", "| bad |", "| good |")
                .containsPattern("[0-9]\\\\?\\.[0-9] % slower"); // in words: "10.1 % slower" (Markdown escapes the dot)
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
        String text = bisect("jar", 8, "--across-jdks", "--jdk", "21,25", "--jar", app.toString(), "--out", out.toString());
        assertThat(text).contains("bisect 1 JDK build(s) after 21 up to 25", "first bad JDK build: ", "JDK 25");
        assertThat(Files.readString(out.resolve("step-01-25/matrix.yaml"))).contains("baseline: { jdk: \"21\" }", "jdk: [\"21\", \"25\"]",
                "repetitions: { min: 6, max: 8, target: 2.5% }"); // the step's round budget
        assertThat(Files.readString(out.resolve("bisect.md"))).contains("| step | JDK build |", "**First bad JDK build:**", "JDK 25", "| bad |")
                .containsPattern("[0-9]\\\\?\\.[0-9](x| %) slower");
    }
}
