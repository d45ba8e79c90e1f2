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
        String derived = PullRequestMatrix.derive(MATRIX, head.resolve("bench"), head, base);
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
        assertThatThrownBy(() -> PullRequestMatrix.derive("matrix:\n  jdk: 25\n  workload: sleep\n", Path.of("/a"), Path.of("/a"), Path.of("/b")))
                .hasMessageContaining("no workload entry with a jar:");
    }
}
