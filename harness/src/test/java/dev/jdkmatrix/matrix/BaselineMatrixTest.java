package dev.jdkmatrix.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/** A night's matrix against its baseline: each suite entry twice, base and head, compared along workload; the baseline's refusals with their fix. */
class BaselineMatrixTest {

    static final Path DIR = Path.of("/repo/bench");

    static final String MATRIX = """
            name: lib
            compare-along: [jdk]
            baseline: { jar: old/benchmarks.jar }
            matrix:
              jdk: [21, 25]
              workload:
                - name: join
                  kind: jmh
                  jar: target/benchmarks.jar
                  files: [data/words.txt]
                - name: sleep
                  tasks: 10
            """;

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> entries(String yaml) {
        Map<String, Object> top = (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(yaml);
        return (List<Map<String, Object>>) ((Map<String, Object>) top.get("matrix")).get("workload");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> top(String yaml) {
        return (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(yaml);
    }

    @Test
    void eachSuiteEntryRunsTwiceBaseThenHeadComparedAlongWorkloadAndTheMatrixsOwnAxes() {
        BaselineMatrix.Derived d = BaselineMatrix.derive(MATRIX, DIR, b -> new BaselineMatrix.Side.FixedJar(((Baseline.Jar) b).jar()));
        List<Map<String, Object>> e = entries(d.yaml());
        assertThat(e).extracting(m -> m.get("name")).containsExactly("base-join", "head-join", "sleep");
        assertThat(e.get(0)).containsEntry("jar", "/repo/bench/old/benchmarks.jar").containsEntry("files", List.of("/repo/bench/data/words.txt"));
        assertThat(e.get(1)).containsEntry("jar", "/repo/bench/target/benchmarks.jar");
        assertThat(e.get(2)).doesNotContainKey("jar");
        assertThat(top(d.yaml())).containsEntry("compare-along", List.of("workload", "jdk")).doesNotContainKey("baseline");
        assertThat(d.entries()).containsEntry(new Baseline.Jar(DIR.resolve("old/benchmarks.jar")), List.of("join"));
    }

    @Test
    void aFolderBaselineReadsTheSamePathsThereAndAnEntrysOwnBaselineWins() {
        String yaml = """
                baseline: { ref: v1.0, build: "./mvnw -q package" }
                matrix:
                  jdk: 25
                  workload:
                    - { name: a, kind: jmh, jar: target/a.jar }
                    - { name: b, kind: jar, jar: target/b.jar, baseline: { jar: /fixed/b.jar } }
                """;
        BaselineMatrix.Derived d = BaselineMatrix.derive(yaml, DIR, b -> switch (b) {
            case Baseline.Ref r -> new BaselineMatrix.Side.InFolder(Path.of("/cache/abc/bench"));
            case Baseline.Jar j -> new BaselineMatrix.Side.FixedJar(j.jar());
            case Baseline.Folder f -> throw new AssertionError(f);
            case Baseline.Jdk j -> throw new AssertionError(j);
        });
        List<Map<String, Object>> e = entries(d.yaml());
        assertThat(e).extracting(m -> m.get("jar")).containsExactly("/cache/abc/bench/target/a.jar", "/repo/bench/target/a.jar", "/fixed/b.jar", "/repo/bench/target/b.jar");
        assertThat(top(d.yaml())).containsEntry("compare-along", List.of("workload"));
        assertThat(d.sides()).hasSize(2);
        assertThat(d.entries().get(new Baseline.Ref("v1.0", "./mvnw -q package", null))).containsExactly("a");
    }

    @Test
    void aBaselineThatCouldNotBeHadLeavesTonightsSideAloneUnderItsUsualName() {
        BaselineMatrix.Derived d = BaselineMatrix.derive(MATRIX, DIR, b -> new BaselineMatrix.Side.Missing("its build failed"));
        assertThat(entries(d.yaml())).extracting(m -> m.get("name")).containsExactly("head-join", "sleep");
        assertThat(top(d.yaml())).as("no base side: nothing to compare along workload").containsEntry("compare-along", List.of("jdk"));
    }

    @Test
    void aMatrixWithoutABaselineIsNotDerived() {
        assertThat(BaselineMatrix.names(MATRIX)).isTrue();
        assertThat(BaselineMatrix.names(MATRIX.replace("baseline: { jar: old/benchmarks.jar }\n", ""))).isFalse();
        assertThat(BaselineMatrix.names("matrix:\n  workload:\n    - { name: a, jar: a.jar, baseline: { dir: x } }\n")).isTrue();
    }

    @Test
    void baselinesWrittenWrongAreRefusedWithWhereAndTheFix() {
        for (String[] c : List.of(
                new String[] {"baseline: { ref: v1, jar: x.jar }", "exactly one of ref, dir, jar or jdk, got jar and ref"},
                new String[] {"baseline: { tag: v1 }", "unknown key 'tag'"},
                new String[] {"baseline: { jar: x.jar, build: make }", "build and repo go with ref"},
                new String[] {"baseline: v1", "a mapping, got 'v1'"},
                new String[] {"baseline: { ref: '-x' }", "a branch, tag or commit"})) {
            String yaml = c[0] + "\nmatrix:\n  workload:\n    - { name: a, kind: jmh, jar: a.jar }\n";
            assertThatThrownBy(() -> BaselineMatrix.derive(yaml, DIR, b -> new BaselineMatrix.Side.Missing("")))
                    .as(c[0]).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(c[1]).hasMessageContaining("fix: ");
        }
        assertThatThrownBy(() -> BaselineMatrix.derive("matrix:\n  workload:\n    - { name: sleep, baseline: { dir: x } }\n", DIR, b -> null))
                .hasMessageContaining("workload 'sleep': a baseline goes with an entry of your suite's jar").hasMessageContaining("fix: ");
        assertThatThrownBy(() -> BaselineMatrix.derive("baseline: { dir: x }\nmatrix:\n  workload:\n    - { name: sleep }\n", DIR, b -> null))
                .hasMessageContaining("no workload entry with a jar").hasMessageContaining("fix: ");
        String two = "baseline: { jar: old.jar }\nmatrix:\n  workload:\n    - { name: a, kind: jmh, jar: a.jar }\n    - { name: b, kind: jar, jar: b.jar }\n";
        assertThatThrownBy(() -> BaselineMatrix.derive(two, DIR, b -> new BaselineMatrix.Side.FixedJar(Path.of("/old.jar"))))
                .hasMessageContaining("stands in for one jar, but the entries run 2 (a.jar, b.jar)").hasMessageContaining("fix: ");
    }

    @Test
    void aBaselineJdkIsTheMatrixsOwnComparedAlongJdkAndRefusedWhereTheAxisDoesNotListIt() {
        String yaml = """
                baseline: { jdk: 25-tip }
                matrix:
                  jdk: [25-ga, 25-tip]
                  workload:
                    - { name: lib, kind: jmh, jar: target/benchmarks.jar }
                    - { name: sleep, tasks: 10 }
                """;
        BaselineMatrix.Derived d = BaselineMatrix.derive(yaml, DIR, b -> new BaselineMatrix.Side.OwnJdk(((Baseline.Jdk) b).name()));
        assertThat(entries(d.yaml())).extracting(m -> m.get("name")).as("nothing doubled").containsExactly("lib", "sleep");
        assertThat(top(d.yaml())).containsEntry("compare-along", List.of("jdk")).doesNotContainKey("baseline");
        assertThat(d.entries()).containsEntry(new Baseline.Jdk("25-tip"), List.of("lib", "sleep"));
        assertThatThrownBy(() -> BaselineMatrix.derive(yaml.replace("[25-ga, 25-tip]", "[25-ga, 26]"), DIR, b -> null))
                .hasMessageContaining("{ jdk: 25-tip } is to be one of two or more JDKs of the matrix's jdk axis, which lists 25-ga, 26").hasMessageContaining("fix: ");
        assertThatThrownBy(() -> BaselineMatrix.derive("matrix:\n  jdk: [21, 25]\n  workload:\n    - { name: a, kind: jmh, jar: a.jar, baseline: { jdk: 21 } }\n", DIR, b -> null))
                .hasMessageContaining("a baseline JDK is the matrix's").hasMessageContaining("fix: ");
    }

    @Test
    void aPullRequestsMatrixMeasuresHeadAgainstBaseNotAgainstTheNightsBaseline() {
        String pr = PullRequestMatrix.derive(MATRIX, DIR, Path.of("/repo"), Path.of("/base"), null);
        assertThat(BaselineMatrix.names(pr)).isFalse();
        assertThat(entries(pr)).extracting(m -> m.get("jar")).containsExactly("/base/bench/target/benchmarks.jar", "/repo/bench/target/benchmarks.jar");
    }
}
