package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload that cannot run is stopped after its first round, in real containers: its other runs
 * stored as skipped with the cause, the other workloads measured, exit 1; --keep-going makes them all.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
class FailFastIT {

    static String matrix() {
        return TestMatrix.named("fail-fast").repetitions(3).warmup(1).timeout("60s").axis("tasks", 2).axis("executor", "virtual").workloads("""
                - name: sleep
                  params: { wait-ms: 10 }
                - name: fault
                  params: { mode: exit3 }
                """).yaml();
    }

    @Test
    void aWorkloadWhoseFirstRoundFailedIsSkippedAndTheRestIsMeasured(@TempDir Path tmp) throws IOException {
        Path m = tmp.resolve("m.yaml");
        Files.writeString(m, matrix());
        StringWriter err = new StringWriter();
        int code = ItSupport.attempt(err, m, tmp.resolve("stopped"), "--run-id", "it-fail-fast", ItSupport.NO_LEASE);
        assertThat(code).as(err.toString()).isEqualTo(ExitException.RUNS_FAILED);
        assertThat(err.toString()).contains("workload 'fault': every run of its first round (1) failed the same way (error: exit code 3", "other 3 runs are skipped");
        List<RawRow> rows = RawCsv.read(tmp.resolve("stopped/raw.csv"));
        List<RawRow> fault = rows.stream().filter(r -> r.column("workload").equals("fault")).toList();
        assertThat(fault).extracting(r -> r.column("phase") + r.column("rep") + "=" + r.column("status")).containsExactly("warmup1=error", "measure1=skipped", "measure2=skipped",
                "measure3=skipped");
        assertThat(fault.get(1).column("status_detail")).startsWith("not run: the first round of workload 'fault' failed every run the same way (error: exit code 3");
        assertThat(rows.stream().filter(r -> r.column("workload").equals("sleep"))).hasSize(4).allMatch(r -> r.column("status").equals("ok"));
        assertThat(RunJson.read(tmp.resolve("stopped/run.json")).statusCounts()).containsEntry("skipped", 3).containsEntry("error", 1).containsEntry("ok", 4);

        StringWriter going = new StringWriter();
        assertThat(ItSupport.attempt(going, m, tmp.resolve("going"), "--run-id", "it-keep-going", "--keep-going", ItSupport.NO_LEASE)).isEqualTo(ExitException.RUNS_FAILED);
        assertThat(RawCsv.read(tmp.resolve("going/raw.csv")).stream().filter(r -> r.column("workload").equals("fault")))
                .as("--keep-going makes every run").hasSize(4).allMatch(r -> r.column("status").equals("error"));
        assertThat(going.toString()).doesNotContain("skipped");
    }
}
