package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A failing run is recorded with its status and the harness goes on; its container is removed. */
@Tag(ItSupport.SIDE_BY_SIDE)
class FailingRunsIT {

    @TempDir
    Path tmp;

    @Test
    void timeoutAndJvmErrorAreRecordedAndTheGoodCellIsIntact() throws IOException {
        Path m = tmp.resolve("failing.yaml");
        Files.writeString(m, """
                name: failing
                repetitions: 1
                warmup: 0
                %s
                matrix:
                  jdk: 25
                  cpus: 1
                  memory: 256m
                  executor: virtual
                  workload:
                    - name: sleep
                      tasks: 1
                      timeout: 3s
                      params: { wait-ms: [60000, 10] }
                  include:
                    - { wait-ms: 10, jvm-args: [-XX:+NoSuchJdkmatrixOption] }
                    - { workload: sleep, tasks: 2, wait-ms: 5 }
                """.formatted(ItSupport.jdks("25")));
        Path out = tmp.resolve("out");
        String runId = "it-failing-" + ProcessHandle.current().pid();
        StringWriter err = new StringWriter();
        int code = ItSupport.cli(err, "run", "--matrix", m.toString(), "--out", out.toString(), "--workloads-jar", ItSupport.JAR.toString(),
                "--run-id", runId, "--progress", "lines", ItSupport.NO_LEASE);
        assertThat(code).as(err.toString()).isEqualTo(ExitException.RUNS_FAILED);
        List<RawRow> rows = RawCsv.read(out.resolve("raw.csv"));
        assertThat(rows).hasSize(3);
        RawRow timeout = rows.stream().filter(r -> r.column("params").equals("wait-ms=60000")).findFirst().orElseThrow();
        assertThat(timeout.column("status")).isEqualTo("timeout");
        assertThat(timeout.figure(RunFigure.CONTAINER_WALL_MS)).isLessThan(30_000);
        RawRow error = rows.stream().filter(r -> r.column("params").equals("wait-ms=10")).findFirst().orElseThrow();
        assertThat(error.column("status")).isEqualTo("error");
        assertThat(error.column("status_detail")).contains("exit code 1", "NoSuchJdkmatrixOption");
        RawRow good = rows.stream().filter(r -> r.column("params").equals("wait-ms=5")).findFirst().orElseThrow();
        assertThat(good.column("status")).isEqualTo("ok");
        assertThat(good.column("completed")).isEqualTo("2");
        assertThat(Files.readString(out.resolve("summary.csv"))).contains("timeout=1", "error=1");
        assertThat(ItSupport.containers(runId)).isEmpty();
    }

    @Test
    void aMissingWorkloadsJarIsAnEnvironmentError() throws IOException {
        Path m = tmp.resolve("m.yaml");
        Files.writeString(m, MatrixRunIT.matrix());
        StringWriter err = new StringWriter();
        int code = ItSupport.cli(err, "run", "--matrix", m.toString(), "--out", tmp.resolve("o").toString(),
                "--workloads-jar", tmp.resolve("missing.jar").toString(), ItSupport.NO_LEASE);
        assertThat(code).isEqualTo(ExitException.ENVIRONMENT);
        assertThat(err.toString()).contains("missing.jar", "make build");
    }
}
