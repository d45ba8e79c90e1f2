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

    /** A checkout of the suite: its matrix (the benchmarks it names) and its built jar and data file. */
    private static Path checkout(Path root, String benchmarks, String jar) throws IOException {
        Files.createDirectories(root.resolve("bench/target"));
        Files.createDirectories(root.resolve("bench/data"));
        Files.writeString(root.resolve("bench/target/benchmarks.jar"), jar);
        Files.writeString(root.resolve("bench/data/words.txt"), "the words");
        return Files.writeString(root.resolve("bench/bench.yaml"), """
                name: lib
                baseline: { ref: main, build: ./mvnw -q package }
                matrix:
                  jdk: 25
                  workload:
                    - name: join
                      kind: jmh
                      jar: target/benchmarks.jar
                      files: [data]
                      benchmarks: '%s'
                """.formatted(benchmarks));
    }

    @Test
    void aPullRequestCheckReadsTheBasesMatrixSoThePullRequestsOwnIsIgnored() throws IOException {
        Path base = tmp.resolve("base");
        Path head = tmp.resolve("head");
        Path baseMatrix = checkout(base, "StringJoinBench", "base jar");
        checkout(head, "StringJoinBench.stringBuilder", "head jar"); // the pull request leaves its slower stringJoin out of its own matrix
        CommandLineTest.Result r = CommandLineTest.run("pr-matrix", "--matrix", baseMatrix.toString(), "--base", base.toString(), "--head", head.toString());
        assertThat(r.code()).as(r.err()).isZero();
        Path derived = Path.of(r.out().strip());
        assertThat(derived.getParent()).as("beside the base's matrix: its Dockerfiles are the base's").isEqualTo(base.resolve("bench"));
        String text = Files.readString(derived);
        assertThat(text).contains("benchmarks: StringJoinBench\n").doesNotContain("stringBuilder")
                .contains("jar: " + base.resolve("bench/target/benchmarks.jar"), "jar: " + head.resolve("bench/target/benchmarks.jar"))
                .doesNotContain("baseline");
        CommandLineTest.Result noHead = CommandLineTest.run("pr-matrix", "--matrix", baseMatrix.toString(), "--base", base.toString());
        assertThat(noHead.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(noHead.err()).contains("is in the base's checkout", "fix: give the head's checkout too (--head DIR)");
        CommandLineTest.Result build = CommandLineTest.run("pr-matrix", "--matrix", baseMatrix.toString(), "--base", base.toString(), "--head", head.toString(), "--print-build");
        assertThat(build.out().strip()).as("the build command as the base's matrix names it").isEqualTo("./mvnw -q package");
    }

    @Test
    void theBaseIsSealedOnceBuiltAndABaseChangedAfterItIsRefusedNamingItsFiles() throws IOException {
        Path base = tmp.resolve("base");
        Path head = tmp.resolve("head");
        Path baseMatrix = checkout(base, "StringJoinBench", "base jar");
        checkout(head, "StringJoinBench", "head jar");
        String[] args = {"pr-matrix", "--matrix", baseMatrix.toString(), "--base", base.toString(), "--head", head.toString()};
        CommandLineTest.Result sealed = CommandLineTest.run(concat(args, "--digest-base"));
        assertThat(sealed.code()).as(sealed.err()).isZero();
        String seal = sealed.out().strip();
        assertThat(seal).matches("[0-9a-f]{64}");
        Files.writeString(head.resolve("bench/target/benchmarks.jar"), "the head's build, rebuilt");
        CommandLineTest.Result kept = CommandLineTest.run(concat(args, "--expect-base-digest", seal));
        assertThat(kept.code()).as("the head's own files are the head's to change: " + kept.err()).isZero();

        Files.delete(base.resolve("bench/bench.pr.yaml"));
        Files.writeString(base.resolve("bench/data/words.txt"), "words the head's build put into the base"); // a build that slows the base down
        CommandLineTest.Result changed = CommandLineTest.run(concat(args, "--expect-base-digest", seal));
        assertThat(changed.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(changed.err()).contains("the base's built suite in " + base + " changed after it was sealed", base.resolve("bench/data/words.txt").toString(),
                base.resolve("bench/target/benchmarks.jar").toString(), "fix: a pull request's build may write only its own checkout");
        assertThat(base.resolve("bench/bench.pr.yaml")).as("nothing to measure").doesNotExist();
        assertThat(CommandLineTest.run(concat(args, "--digest-base")).out().strip()).isNotEqualTo(seal);
    }

    private static String[] concat(String[] a, String... more) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(a), java.util.Arrays.stream(more)).toArray(String[]::new);
    }
}
