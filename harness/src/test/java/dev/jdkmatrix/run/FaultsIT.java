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
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every way a run can fail, injected beside good cells: each is recorded with its status, and the good cells are intact. */
@Tag(ItSupport.SIDE_BY_SIDE)
class FaultsIT {

    @TempDir
    Path tmp;

    @Test
    void everyFailureIsRecordedAndTheGoodCellsAreIntact() throws IOException {
        Path m = tmp.resolve("faults.yaml");
        TestMatrix.named("faults").timeout("60s").axis("tasks", 2).axis("executor", "virtual").workloads("""
                - name: sleep
                  tasks: 100
                  executor: fixed:10
                  params: { wait-ms: 10 }
                - name: fault
                  timeout: 5s
                  params: { mode: [hang, exit3, garbage, two-records, crash, wrong-check] }
                - name: fault
                  jvm-args: [-Xmx1g]
                  params: { mode: oom }
                - name: cpu-hash
                  tasks: 10
                  params: { iterations: 100000 }
                """).write(m);
        Path out = tmp.resolve("out");
        String runId = "it-faults-" + ProcessHandle.current().pid();
        StringWriter err = new StringWriter();
        int code = ItSupport.cli(err, "run", "--matrix", m.toString(), "--out", out.toString(), "--workloads-jar", ItSupport.JAR.toString(),
                "--run-id", runId, "--progress", "lines", ItSupport.NO_LEASE);
        assertThat(code).as(err.toString()).isEqualTo(ExitException.RUNS_FAILED);

        List<RawRow> rows = RawCsv.read(out.resolve("raw.csv"));
        assertThat(rows).hasSize(9);
        Map<String, RawRow> byParams = rows.stream().collect(Collectors.toMap(r -> r.column("workload") + ":" + r.column("params").replace("hold-ms=1;", ""), Function.identity()));
        assertThat(byParams.get("fault:mode=hang").column("status")).isEqualTo("timeout");
        // killed at 5 s, after its progress lines at 1 and 3 s: the row says how far it got
        assertThat(byParams.get("fault:mode=hang").column("status_detail")).containsPattern("last progress: elapsed_ms=[0-9]+;submitted=[0-9]+");
        assertThat(byParams.get("fault:mode=hang").column("metrics")).startsWith("elapsed_ms=");
        assertThat(byParams.get("fault:mode=exit3")).satisfies(r -> {
            assertThat(r.column("status")).isEqualTo("error");
            assertThat(r.column("status_detail")).contains("exit code 3", "fault: exiting with 3");
        });
        assertThat(byParams.get("fault:mode=garbage")).satisfies(r -> {
            assertThat(r.column("status")).isEqualTo("invalid");
            assertThat(r.column("status_detail")).contains("no result record");
        });
        assertThat(byParams.get("fault:mode=two-records")).satisfies(r -> {
            assertThat(r.column("status")).isEqualTo("invalid");
            assertThat(r.column("status_detail")).contains("2 result records");
        });
        RawRow crash = byParams.get("fault:mode=crash");
        assertThat(crash.column("status")).isEqualTo("error");
        assertThat(crash.column("exit_code")).as("SIGABRT after hs_err, or SIGSEGV").isIn("134", "139");
        String crashLog = Files.readString(out.resolve(String.format("logs/%05d.log", Integer.parseInt(crash.column("seq")))));
        assertThat(crashLog).contains("SIGSEGV");
        assertThat(byParams.get("fault:mode=wrong-check")).satisfies(r -> {
            assertThat(r.column("status")).isEqualTo("invalid");
            assertThat(r.column("status_detail")).contains("own check failed", "wrong result");
        });
        assertThat(byParams.get("fault:mode=oom")).satisfies(r -> {
            assertThat(r.column("status")).as(r.column("status_detail")).isEqualTo("oom");
            assertThat(r.column("oom_killed")).isEqualTo("true");
        });

        RawRow sleep = byParams.get("sleep:wait-ms=10");
        assertThat(sleep.column("status")).isEqualTo("ok");
        assertThat(sleep.figure(RunFigure.WALL_MS)).as("10 waves of 10 ms").isBetween(90.0, 1000.0);
        assertThat(byParams.get("cpu-hash:iterations=100000").column("status")).isEqualTo("ok");

        String summary = Files.readString(out.resolve("summary.csv"));
        assertThat(summary).contains("timeout=1", "error=1", "invalid=1", "oom=1");
        assertThat(ItSupport.containers(runId)).isEmpty();
    }
}
