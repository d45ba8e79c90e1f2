package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.run.ItSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** jmh and jar without Docker: the matrix they write plans as a matrix file would, and bad input is refused with the fix before anything starts. */
class OwnJarCommandTest {

    @TempDir
    Path tmp;

    static final Path JMH_JAR = ItSupport.PROJECT.resolve("examples/jmh/target/benchmarks.jar");

    /** The command's matrix, written beside stand-in Dockerfiles of 21 and 25 so that plan reads it as the command's run would. */
    Path written(OwnJarOptions own, java.util.List<String> entry, String name) throws IOException {
        Files.writeString(tmp.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        Files.writeString(tmp.resolve("Dockerfile.jdk25"), "FROM debian:trixie-slim\n");
        return Files.writeString(tmp.resolve("matrix.yaml"), own.matrix(name, entry));
    }

    @Test
    void jmhsMatrixPlansEachBenchmarkOnEachJdkPinnedInRoundsThatDecide() throws IOException {
        JmhCommand c = new JmhCommand();
        new CommandLine(c).parseArgs(JMH_JAR.toString(), "--jdk", "21,25", "--benchmarks", "StringJoinBench\\.stringJoin", "--jmh-args", "-f 1 -wi 1 -i 2");
        Path m = written(c.own, c.entry(), OwnJarOptions.name("jmh", JMH_JAR));
        CommandLineTest.Result r = CommandLineTest.run("plan", "--matrix", m.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("benchmarks:StringJoinBench.stringJoin[avgt](size=10) jdk=21 cpus=1 cpu-mode=cpuset mem=1g",
                "benchmarks:StringJoinBench.stringJoin[avgt](size=10) jdk=25 cpus=1 cpu-mode=cpuset mem=1g", "24 runs");
        assertThat(Files.readString(m)).contains("repetitions: 6", "order: blocked", "jmh-args: [\"-f\", \"1\", \"-wi\", \"1\", \"-i\", \"2\"]",
                "jdkmatrix run --matrix");
    }

    @Test
    void aJdkFolderIsTakenAsItsHomeAndAFractionOfACpuUnderAQuota() throws IOException {
        Path home = Files.createDirectories(tmp.resolve("my jdk-25"));
        JarCommand c = new JarCommand();
        new CommandLine(c).parseArgs(JMH_JAR.toString(), "--jdk", "21," + home, "--cpus", "0.5", "--memory", "512m", "--result-regex", "in (\\d+) ms", "--", "--size", "10");
        String yaml = c.own.matrix("jar-x", c.entry());
        assertThat(yaml).contains("jdks:\n  \"my-jdk-25\": { home: \"" + home + "\" }", "jdk: [\"21\", \"my-jdk-25\"]", "cpus: 0.5", "cpu-mode: quota", "memory: 512m",
                "args: [\"--size\", \"10\"]", "result: { regex: \"in (\\\\d+) ms\", unit: \"ms\", better: lower }");
    }

    @Test
    void badInputIsRefusedWithTheFixBeforeAnythingStarts() {
        CommandLineTest.Result r = CommandLineTest.run("jmh", tmp.resolve("nope.jar").toString(), "--jdk", "21,25", "--out", tmp.resolve("never").toString());
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("no such jar", "target/benchmarks.jar", "fix:");
        r = CommandLineTest.run("jmh", JMH_JAR.toString(), "--jdk", "21,25", "--cpus", "two", "--out", tmp.resolve("never").toString());
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("--cpus 'two' is not a number of CPUs", "fix: write --cpus 1");
        r = CommandLineTest.run("jmh", JMH_JAR.toString(), "--jdk", "/no/such/jdk", "--out", tmp.resolve("never").toString());
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("--jdk /no/such/jdk: no such folder", "fix:");
        assertThat(tmp.resolve("never")).doesNotExist();
        r = CommandLineTest.run("jmh", JMH_JAR.toString());
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("--jdk");
    }

    @Test
    void aJmhEntryLeftToJmhsDefaultsIsSaidWithItsTimeAndTheFix() throws IOException {
        Files.writeString(tmp.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        Path m = Files.writeString(tmp.resolve("defaults.yaml"), """
                repetitions: 6
                matrix:
                  jdk: 21
                  cpus: 1
                  memory: 1g
                  workload:
                    - { name: words, kind: jmh, jar: %s, benchmarks: 'WordsBench' }
                    - { name: short, kind: jmh, jar: %s, benchmarks: 'WordsBench', jmh-args: [-f, 1, -wi, 1, -i, 1] }
                """.formatted(JMH_JAR, JMH_JAR));
        CommandLineTest.Result r = CommandLineTest.run("plan", "--matrix", m.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("note: words runs with JMH's own defaults \\(no jmh-args: 5 forks of 5 warm-up and 5 measured iterations of 10 s.*\\): "
                + "[0-9hms.]+ of the estimate").contains("fix: give the entry jmh-args, e.g. jmh-args: [-f, 1, -wi, 3").doesNotContain("short runs with");
    }
}
