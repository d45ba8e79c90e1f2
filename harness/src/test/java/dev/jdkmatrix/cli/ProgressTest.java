package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Estimate;
import dev.jdkmatrix.matrix.MatrixParser;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.results.RawRow;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ETA learns what a cell's runs take from the runs already stored, instead of trusting the estimate. */
class ProgressTest {

    @Test
    void aCellWhoseRunsEndEarlyIsExpectedToTakeWhatItsStoredRunsTook(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("Dockerfile.jdk25"), "FROM debian:trixie-slim\n");
        Path m = dir.resolve("m.yaml");
        // 20,000 platform threads at 256m: the estimate says over a minute a run; killed at the limit, they take about a second
        Files.writeString(m, """
                repetitions: 4
                warmup: 0
                jdks: { "25": { dockerfile: Dockerfile.jdk25 } }
                matrix:
                  jdk: 25
                  cpus: 1
                  memory: 256m
                  tasks: 20000
                  executor: thread-per-task
                  workload:
                    - name: footprint
                """);
        List<PlannedRun> plan = new MatrixParser(2).parse(m).plan();
        assertThat(plan).hasSize(4);
        double estimate = Estimate.runMillis(plan.get(0).cell());
        assertThat(estimate).as("the model's estimate of one run").isGreaterThan(30_000);

        Progress fresh = new Progress(new PrintWriter(new StringWriter()), false, plan);
        assertThat(fresh.remainingMillis(0)).isCloseTo(4 * estimate, org.assertj.core.data.Offset.offset(1.0));

        Progress resumed = new Progress(new PrintWriter(new StringWriter()), false, plan);
        resumed.stored(List.of(row(plan.get(0), "1100", "400"), row(plan.get(1), "900", "400")));
        // two runs left, each expected to take the stored runs' median, 1.4 s: not two minutes
        assertThat(resumed.remainingMillis(0)).isCloseTo(2 * 1400, org.assertj.core.data.Offset.offset(1.0));
    }

    static RawRow row(PlannedRun run, String containerWallMs, String overheadMs) {
        return dev.jdkmatrix.results.Rows.of(run.cell().id()).with("seq", Integer.toString(run.sequence())).status("oom")
                .with("container_wall_ms", containerWallMs).with("harness_overhead_ms", overheadMs).build();
    }
}
