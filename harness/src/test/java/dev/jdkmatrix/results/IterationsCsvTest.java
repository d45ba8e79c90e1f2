package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.model.JmhIteration;
import dev.jdkmatrix.output.JmhIterations;
import dev.jdkmatrix.results.format.IterationsCsv;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** iterations.csv.gz: written from a folder's JMH logs, read back as written, merged without a run twice; a folder without JMH runs has none. */
class IterationsCsvTest {

    @TempDir
    Path dir;

    static RawRow jmh(int seq, int attempt) {
        return Rows.of("samples:StringJoinBench.stringJoin [avgt] jdk=25 cpus=1 mem=512m").run("night", seq).with("kind", "jmh")
                .with("attempt", Integer.toString(attempt)).build();
    }

    @Test
    void theIterationsOfAFoldersLogsAreWrittenAndReadBack() throws IOException {
        Files.createDirectories(dir.resolve("logs"));
        try (InputStream in = IterationsCsvTest.class.getResourceAsStream("/jmh/stringjoin-run.log")) {
            Files.copy(in, dir.resolve("logs/00001.log"));
        }
        Files.copy(dir.resolve("logs/00001.log"), dir.resolve("logs/00002-a2.log"));
        RawRow builtin = Rows.of("sleep tasks=10 jdk=25 cpus=1 mem=512m").run("night", 3).with("kind", "builtin").build();
        List<IterationsCsv.Stored> stored = JmhIterations.fromLogs(dir, List.of(jmh(1, 1), jmh(2, 2), builtin, jmh(4, 1)));
        // runs 1 and 2 (its second attempt's log) have 4 iterations each; the built-in run none, run 4 no log
        assertThat(stored).hasSize(8);
        assertThat(stored).extracting(IterationsCsv.Stored::runKey).containsOnly("1/1", "2/2");
        IterationsCsv.write(dir, stored);
        assertThat(dir.resolve(IterationsCsv.FILE)).exists();
        assertThat(IterationsCsv.read(dir)).isEqualTo(stored);
        assertThat(IterationsCsv.union(List.of(stored, stored.subList(0, 4)))).as("each run once").isEqualTo(stored);
    }

    @Test
    void aFolderWithoutJmhRunsHasNoFileAndReadsEmpty() throws IOException {
        IterationsCsv.write(dir, List.of());
        assertThat(dir.resolve(IterationsCsv.FILE)).doesNotExist();
        assertThat(IterationsCsv.read(dir)).isEmpty();
    }

    @Test
    void aDamagedFileSaysWhereAndHowToFixIt() throws IOException {
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(dir.resolve(IterationsCsv.FILE)))) {
            out.write("run_id,seq,attempt,run_phase,cell,rep,fork,phase,iteration,score,unit,metrics\nnight,1,1,measure,c,1,1,cooldown,1,2.5,ms,\n".getBytes());
        }
        assertThatThrownBy(() -> IterationsCsv.read(dir)).hasMessageContaining(IterationsCsv.FILE + ", line 2").hasMessageContaining("cooldown")
                .hasMessageContaining("fix:");
        assertThat(JmhIteration.Phase.of("warmup")).isEqualTo(JmhIteration.Phase.WARMUP);
    }
}
