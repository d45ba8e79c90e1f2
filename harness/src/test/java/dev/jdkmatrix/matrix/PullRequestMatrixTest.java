package dev.jdkmatrix.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/** A pull request's matrix: each suite entry twice, its jar and files from the base's and the head's checkouts, compared along workload. */
class PullRequestMatrixTest {

    private static final String MATRIX = """
            name: lib
            repetitions: 6
            jdks:
              "25": { dockerfile: Dockerfile.jdk25 }
            matrix:
              jdk: [21, 25]
              cpus: 1
              workload:
                - name: sleep
                  tasks: 10
                  executor: virtual
                - name: join
                  kind: jmh
                  jar: target/benchmarks.jar
                  files: [data]
                  benchmarks: 'StringJoinBench'
            """;

    @Test
    @SuppressWarnings("unchecked")
    void eachSuiteEntryComesTwiceBaseAndHeadComparedAlongWorkload() {
        Path head = Path.of("/work/lib");
        Path base = Path.of("/tmp/base");
        String derived = PullRequestMatrix.derive(MATRIX, head.resolve("bench"), head, base, null);
        Map<String, Object> m = (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(derived);
        assertThat(m).containsEntry("name", "lib-pr").containsEntry("compare-along", List.of("workload")).containsEntry("repetitions", 6);
        assertThat((Map<String, Object>) m.get("jdks")).as("the rest as it was").containsKey("25");
        List<Map<String, Object>> entries = (List<Map<String, Object>>) ((Map<String, Object>) m.get("matrix")).get("workload");
        assertThat(entries).as("the built-in entry left out").hasSize(2);
        assertThat(entries.get(0)).containsEntry("name", "base-join").containsEntry("jar", "/tmp/base/bench/target/benchmarks.jar")
                .containsEntry("files", List.of("/tmp/base/bench/data")).containsEntry("benchmarks", "StringJoinBench");
        assertThat(entries.get(1)).containsEntry("name", "head-join").containsEntry("jar", "/work/lib/bench/target/benchmarks.jar");
    }

    @Test
    void aMatrixWithoutASuiteIsRefused() {
        assertThatThrownBy(() -> PullRequestMatrix.derive("matrix:\n  jdk: 25\n  workload: sleep\n", Path.of("/a"), Path.of("/a"), Path.of("/b"), null))
                .hasMessageContaining("no workload entry with a jar:");
    }

    @SuppressWarnings("unchecked")
    private static Object repetitions(String matrix, PullRequestMatrix.Rounds rounds) {
        String derived = PullRequestMatrix.derive(matrix, Path.of("/work/lib"), Path.of("/work/lib"), Path.of("/tmp/base"), rounds);
        return ((Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(derived)).get("repetitions");
    }

    /** Given the check's threshold, fixed repetitions become adaptive toward half of it; adaptive ones stay the team's. */
    @Test
    void aThresholdMakesFixedRepetitionsAdaptiveTowardHalfOfIt() {
        assertThat(repetitions(MATRIX, new PullRequestMatrix.Rounds(0.10, 0)))
                .isEqualTo(Map.of("min", 6, "max", 18, "target", "5%"));
        assertThat(repetitions(MATRIX.replace("repetitions: 6", "repetitions: 8"), new PullRequestMatrix.Rounds(0.075, 30)))
                .isEqualTo(Map.of("min", 8, "max", 30, "target", "3.75%"));
        assertThat(repetitions(MATRIX.replace("repetitions: 6\n", ""), new PullRequestMatrix.Rounds(0.05, 0)))
                .as("none written: the default's 6").isEqualTo(Map.of("min", 6, "max", 18, "target", "2.5%"));
        assertThat(repetitions(MATRIX.replace("repetitions: 6", "repetitions: 3"), new PullRequestMatrix.Rounds(0.05, 0)))
                .as("fewer than an adaptive run's fewest: raised to 6").isEqualTo(Map.of("min", 6, "max", 18, "target", "2.5%"));
        String adaptive = MATRIX.replace("repetitions: 6", "repetitions: {min: 10, max: 40, target: 1%}");
        assertThat(repetitions(adaptive, new PullRequestMatrix.Rounds(0.05, 0))).isEqualTo(Map.of("min", 10, "max", 40, "target", "1%"));
        assertThat(repetitions(MATRIX.replace("repetitions: 6", "repetitions: 20"), new PullRequestMatrix.Rounds(0.05, 12)))
                .as("a maximum below the matrix's count leaves it fixed").isEqualTo(20);
        assertThat(repetitions(MATRIX, null)).as("no threshold: as written").isEqualTo(6);
        assertThatThrownBy(() -> new PullRequestMatrix.Rounds(0.05, 4)).hasMessageContaining("at least 6");
        assertThatThrownBy(() -> new PullRequestMatrix.Rounds(0, 0)).hasMessageContaining("between 0 % and 200 %");
    }

    /** The derived matrix reads back as the run reads it: adaptive repetitions with the target as written. */
    @Test
    void theDerivedRepetitionsParse(@org.junit.jupiter.api.io.TempDir Path dir) throws java.io.IOException {
        String matrix = "repetitions: 6\nmatrix:\n  jdk: 25\n  cpus: 1\n  memory: 512m\n  workload:\n    - name: app\n      kind: jar\n      jar: app.jar\n      main: App\n";
        try (var jar = new java.util.jar.JarOutputStream(java.nio.file.Files.newOutputStream(dir.resolve("app.jar")))) {
            jar.putNextEntry(new java.util.jar.JarEntry("App.txt")); // a jar with no class: the parser reads it as one
        }
        Path file = dir.resolve("lib.pr.yaml");
        java.nio.file.Files.writeString(file, PullRequestMatrix.derive(matrix, dir, dir, dir, new PullRequestMatrix.Rounds(0.075, 0)));
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        Repetitions reps = new MatrixParser(0, root).parse(file).repetitions();
        assertThat(reps.adaptive()).isTrue();
        assertThat(reps.min()).isEqualTo(6);
        assertThat(reps.max()).isEqualTo(18);
        assertThat(reps.target()).isCloseTo(0.0375, org.assertj.core.data.Offset.offset(1e-12));
    }
}
