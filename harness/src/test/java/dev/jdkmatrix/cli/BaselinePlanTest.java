package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.run.ItSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** plan of a matrix against a baseline, the matrix's own or --baseline's: each suite cell twice, what the baseline is said, and --baseline's refusals. */
class BaselinePlanTest {

    @TempDir
    Path tmp;

    Path matrix(String baseline) throws IOException {
        Files.copy(ItSupport.PROJECT.resolve("examples/jar/target/app.jar"), tmp.resolve("app.jar"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return Files.writeString(tmp.resolve("nightly.yaml"), """
                name: plan-baseline
                repetitions: 6
                %s
                %s
                matrix:
                  jdk: 25
                  cpus: 1
                  memory: 512m
                  workload:
                    - { name: sort, kind: jar, jar: app.jar, args: [--size, '1000'] }
                    - { name: sleep, tasks: 10, executor: virtual }
                """.formatted(ItSupport.jdks("25"), baseline));
    }

    @Test
    void eachSuiteCellIsPlannedTwiceAgainstTheMatrixsBaselineOrTheOneTheCommandLineNames() throws IOException {
        Path m = matrix("baseline: { jar: app.jar }");
        CommandLineTest.Result r = CommandLineTest.run("plan", "--matrix", m.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("baseline jar " + tmp.resolve("app.jar") + ": as given; sort against it", "base-sort", "head-sort", "sleep");

        Files.copy(tmp.resolve("app.jar"), tmp.resolve("old.jar"));
        CommandLineTest.Result other = CommandLineTest.run("plan", "--matrix", m.toString(), "--baseline", "{ jar: old.jar }");
        assertThat(other.code()).as(other.err()).isZero();
        assertThat(other.out()).contains("baseline jar " + tmp.resolve("old.jar") + ": as given");

        CommandLineTest.Result none = CommandLineTest.run("plan", "--matrix", matrix("").toString(), "--baseline", "{ ref: [ }");
        assertThat(none.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(none.err()).contains("--baseline '{ ref: [ }' is not YAML", "fix: ");
        CommandLineTest.Result wrong = CommandLineTest.run("plan", "--matrix", m.toString(), "--baseline", "{ tag: v1 }");
        assertThat(wrong.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(wrong.err()).contains("baseline: unknown key 'tag'", "\n  fix: use ref, build, repo, dir, jar, jdk");
    }
}
