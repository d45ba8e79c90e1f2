package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pr-matrix as the pull request workflow calls it: the threshold's rounds written into the derived matrix, and its refusals with their fix. */
class PullRequestMatrixCommandTest {

    @TempDir
    Path tmp;

    private Path matrix() throws IOException {
        Files.createDirectories(tmp.resolve("base"));
        return Files.writeString(tmp.resolve("bench.yaml"), """
                name: lib
                repetitions: 6
                matrix:
                  jdk: 25
                  cpus: 1
                  workload:
                    - name: join
                      kind: jmh
                      jar: target/benchmarks.jar
                """);
    }

    @Test
    void theThresholdsRoundsAreWrittenIntoTheDerivedMatrix() throws IOException {
        Path m = matrix();
        CommandLineTest.Result r = CommandLineTest.run("pr-matrix", "--matrix", m.toString(), "--base", tmp.resolve("base").toString(), "--threshold", "10%");
        assertThat(r.code()).as(r.err()).isZero();
        String derived = Files.readString(Path.of(r.out().strip()));
        assertThat(derived).contains("min: 6", "max: 18", "target: 5%", "name: head-join", "name: base-join");
        CommandLineTest.Result capped = CommandLineTest.run("pr-matrix", "--matrix", m.toString(), "--base", tmp.resolve("base").toString(),
                "--threshold", "0.05", "--max-rounds", "10");
        assertThat(capped.code()).as(capped.err()).isZero();
        assertThat(Files.readString(Path.of(capped.out().strip()))).contains("max: 10", "target: 2.5%");
        CommandLineTest.Result none = CommandLineTest.run("pr-matrix", "--matrix", m.toString(), "--base", tmp.resolve("base").toString());
        assertThat(Files.readString(Path.of(none.out().strip()))).as("no threshold: the repetitions as written").contains("repetitions: 6").doesNotContain("target: ");
    }

    @Test
    void roundsThatCannotBeAreRefusedWithTheFix() throws IOException {
        Path m = matrix();
        CommandLineTest.Result few = CommandLineTest.run("pr-matrix", "--matrix", m.toString(), "--base", tmp.resolve("base").toString(),
                "--threshold", "10%", "--max-rounds", "4");
        assertThat(few.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(few.err()).contains("at least 6", "fix: ");
        CommandLineTest.Result alone = CommandLineTest.run("pr-matrix", "--matrix", m.toString(), "--base", tmp.resolve("base").toString(), "--max-rounds", "12");
        assertThat(alone.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(alone.err()).contains("--max-rounds 12 without --threshold", "fix: ");
        CommandLineTest.Result bad = CommandLineTest.run("pr-matrix", "--matrix", m.toString(), "--base", tmp.resolve("base").toString(), "--threshold", "ten");
        assertThat(bad.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(bad.err()).contains("--threshold ten", "fix: a threshold such as 5%");
    }
}
