package dev.jdkmatrix.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.run.TestMatrix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** files: and workdir: of a jar or jmh entry: what lands in the run image, where the JVM starts, and the paths refused at plan. */
class DataFilesTest {

    @TempDir
    static Path dir;

    static String matrix(String filesAndWorkdir) {
        return TestMatrix.bare().axis("memory", "1g").workloads("""
                - name: my-app
                  kind: jar
                  jar: app.jar
                  main: com.example.Main
                """ + filesAndWorkdir.indent(2)).yaml();
    }

    @BeforeAll
    static void files() throws IOException {
        TestJars.write(dir);
        Files.writeString(dir.resolve("Dockerfile.jdk25"), "FROM debian:trixie-slim\n");
        Files.createDirectories(dir.resolve("suite/data/sub"));
        Files.writeString(dir.resolve("suite/data/a.json"), "{\"a\": 1}\n");
        Files.writeString(dir.resolve("suite/data/sub/b.json"), "[]\n");
        Files.writeString(dir.resolve("input.txt"), "words\n");
        Files.createDirectories(dir.resolve("empty"));
        Files.createDirectories(dir.resolve("other/data"));
        Files.writeString(dir.resolve("other/data/c.json"), "{}\n");
    }

    static WorkloadFiles parse(String filesAndWorkdir) throws IOException {
        String yaml = matrix(filesAndWorkdir);
        Path f = dir.resolve("m" + Integer.toHexString(yaml.hashCode()) + ".yaml");
        Files.writeString(f, yaml);
        return new MatrixParser().parse(f).cells().get(0).kind().files();
    }

    @Test
    void eachEntryLandsUnderItsOwnNameAndTheJvmStartsInTheirFolder() throws IOException {
        WorkloadFiles files = parse("files: [suite/data, input.txt]\n");
        assertThat(files.files()).containsOnlyKeys("data/a.json", "data/sub/b.json", "input.txt");
        assertThat(files.files().get("data/sub/b.json")).isEqualTo(dir.resolve("suite/data/sub/b.json"));
        assertThat(files.sha256()).matches("[0-9a-f]{64}");
        assertThat(files.workingDir()).isEqualTo(WorkloadFiles.IMAGE_DIR + "/" + files.sha256().substring(0, 16));
        assertThat(parse("files: [suite/data, input.txt]\nworkdir: data/sub/\n").workingDir()).isEqualTo(files.imageDir() + "/data/sub");
        assertThat(parse("files: [suite/data]\nworkdir: /tmp\n").workingDir()).isEqualTo("/tmp");
        assertThat(parse("args: []\n")).isEqualTo(WorkloadFiles.NONE);
        assertThat(WorkloadFiles.NONE.workingDir()).isEqualTo("/tmp");
    }

    @Test
    void theHashFollowsTheFilesPathsAndContents() throws IOException {
        String before = parse("files: [suite/data]\n").sha256();
        assertThat(parse("files: [suite/data]\n").sha256()).isEqualTo(before);
        assertThat(parse("files: [other/data]\n").sha256()).as("another file of the same folder name").isNotEqualTo(before);
        Files.writeString(dir.resolve("suite/data/a.json"), "{\"a\": 2}\n");
        try {
            assertThat(parse("files: [suite/data]\n").sha256()).isNotEqualTo(before);
        } finally {
            Files.writeString(dir.resolve("suite/data/a.json"), "{\"a\": 1}\n");
        }
    }

    @Test
    void badPathsAreRefusedAtPlanWithAFix() {
        assertThatThrownBy(() -> parse("files: [suite/dta]\n")).hasMessageContaining("suite/dta does not exist").hasMessageContaining("relative to the matrix file");
        assertThatThrownBy(() -> parse("files: [suite/data, other/data]\n")).hasMessageContaining("names 'data' twice");
        assertThatThrownBy(() -> parse("files: [empty]\n")).hasMessageContaining("holds no file");
        assertThatThrownBy(() -> parse("files: []\n")).hasMessageContaining("files is empty");
        assertThatThrownBy(() -> parse("files: [suite/data]\nworkdir: /opt/app\n")).hasMessageContaining("read-only").hasMessageContaining("workdir: /tmp");
        assertThatThrownBy(() -> parse("workdir: data\n")).hasMessageContaining("has no files:");
        assertThatThrownBy(() -> parse("files: [suite/data]\nworkdir: dat\n")).hasMessageContaining("is no folder of the entry's files").hasMessageContaining("data");
        assertThatThrownBy(() -> parse("files: [suite/data]\nworkdir: ../data\n")).hasMessageContaining("is no folder of the entry's files");
        assertThatThrownBy(() -> parse("files: [suite/data]\nworkdir: data/a.json\n")).as("a file, not a folder").hasMessageContaining("is no folder");
    }
}
