package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What bisect refuses before it builds or runs anything: a ref git would read as an option, a commit bisect's options on a JDK bisect, too few JDK builds. */
class BisectCommandTest {

    static final Path PROJECT = Path.of(System.getProperty("jdkmatrix.projectDir", "..")).toAbsolutePath().normalize();

    @Test
    void aRefThatGitWouldReadAsAnOptionIsRefused(@TempDir Path out) {
        CommandLineTest.Result r = CommandLineTest.run("bisect", "--repo", PROJECT.toString(), "--good=--output=" + out.resolve("x"), "--bad", "HEAD",
                "--build", "true", "--jar", "a.jar", "--jdk", "25", "--out", out.resolve("never").toString());
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("--good '--output=", "is no ref: a commit, tag or branch never starts with '-'", "fix:");
        assertThat(out.resolve("x")).doesNotExist();
        assertThat(out.resolve("never")).doesNotExist();
    }

    @Test
    void aJdkBisectTakesItsBuildsFromJdkAlone(@TempDir Path out) {
        CommandLineTest.Result mixed = CommandLineTest.run("bisect", "--across-jdks", "--jdk", "21,25", "--good", "v1", "--jar", "a.jar", "--out", out.resolve("never").toString());
        assertThat(mixed.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(mixed.err()).contains("--across-jdks takes its builds from --jdk", "fix: jdkmatrix bisect --across-jdks");
        CommandLineTest.Result one = CommandLineTest.run("bisect", "--across-jdks", "--jdk", "25", "--jar", "a.jar", "--out", out.resolve("never").toString());
        assertThat(one.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(one.err()).contains("needs two JDK builds or more");
        CommandLineTest.Result noCommits = CommandLineTest.run("bisect", "--jdk", "25", "--jar", "a.jar", "--out", out.resolve("never").toString());
        assertThat(noCommits.err()).contains("bisect needs --good, --bad and --build (or --across-jdks");
    }
}
