package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.matrix.WorkloadKind;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.model.MemoryLimit;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Rows;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A workload whose first round failed every run the same way is stopped; any success, or two causes, keep it going. */
class FailFastTest {

    static Cell cell(String workload, String jdk) {
        return new Cell(new WorkloadKind.Jar(dev.jdkmatrix.output.ReadingsTest.JAR, "", List.of(), null), workload, new TreeMap<>(Map.of("size", "10")), "", 0, jdk,
                CpuLimit.parse("1"), CpuMode.QUOTA, MemoryLimit.parse("512m"), List.of(), Duration.ofMinutes(1), false);
    }

    static RawRow row(PlannedRun run, String status, String detail) {
        Rows.Builder v = Rows.from(RunOutcome.identity(run, "r", "img", 1));
        v.with("status", status);
        v.with("status_detail", detail);
        return v.build();
    }

    final Cell a21 = cell("suite", "21");
    final Cell a25 = cell("suite", "25");
    final Cell b25 = cell("other", "25");
    /** A warm-up round, then two measured rounds. */
    final List<PlannedRun> plan = List.of(new PlannedRun(1, a21, PlannedRun.Phase.WARMUP, 1), new PlannedRun(2, a25, PlannedRun.Phase.WARMUP, 1),
            new PlannedRun(3, b25, PlannedRun.Phase.WARMUP, 1), new PlannedRun(4, a21, PlannedRun.Phase.MEASURE, 1),
            new PlannedRun(5, a25, PlannedRun.Phase.MEASURE, 1), new PlannedRun(6, b25, PlannedRun.Phase.MEASURE, 1),
            new PlannedRun(7, a25, PlannedRun.Phase.MEASURE, 2));

    @Test
    void aFirstRoundThatFailedEveryRunTheSameWayStopsItsWorkloadOnly() {
        FailFast f = new FailFast(plan);
        assertThat(f.stored(row(plan.get(0), "error", "the benchmark threw java.io.FileNotFoundException: data.json | at A.b(A.java:1); output in logs/00001.log")))
                .as("one run of two").isNull();
        assertThat(f.skips(plan.get(3))).isNull();
        String stop = f.stored(row(plan.get(1), "error", "the benchmark threw java.io.FileNotFoundException: data.json | at A.c(A.java:2); output in logs/00002.log"));
        assertThat(stop).contains("workload 'suite'", "first round (2)", "(error: the benchmark threw java.io.FileNotFoundException: data.json)",
                "other 3 runs are skipped", "--keep-going").doesNotContain("logs/0000");
        assertThat(f.skips(plan.get(3))).startsWith("not run: the first round of workload 'suite' failed every run the same way (error: the benchmark threw");
        assertThat(f.skips(plan.get(6))).isNotNull();
        assertThat(f.skips(plan.get(5))).as("another workload").isNull();
        assertThat(f.stored(row(plan.get(3), "error", "the same"))).as("said once").isNull();
    }

    @Test
    void oneRunThatWorksOrTwoCausesKeepTheWorkloadGoing() {
        FailFast one = new FailFast(plan);
        one.stored(row(plan.get(0), "error", "exit code 1: java.lang.UnsupportedClassVersionError: A; output in logs/00001.log"));
        assertThat(one.stored(row(plan.get(1), "ok", ""))).isNull();
        assertThat(one.skips(plan.get(3))).isNull();
        FailFast two = new FailFast(plan);
        two.stored(row(plan.get(0), "timeout", "killed after the timeout of 1m; last progress: elapsed_ms=1; output in logs/00001.log"));
        assertThat(two.stored(row(plan.get(1), "oom", "killed by the kernel at the memory limit of 512m (exit 137); output in logs/00002.log"))).isNull();
        assertThat(two.skips(plan.get(4))).isNull();
    }

    @Test
    void aNoisyAttemptWaitsForTheRunsLastAndAWorkloadWithNothingLeftSaysNothing() {
        FailFast f = new FailFast(plan);
        assertThat(f.stored(row(plan.get(2), "noisy", "steal 30 % above max-steal"))).isNull();
        assertThat(f.stored(row(plan.get(2), "invalid", "the result regex 'x' matched nothing in the output; its last lines: y"))).as("b's one later run").isNotNull();
        FailFast alone = new FailFast(List.of(plan.get(2)));
        assertThat(alone.stored(row(plan.get(2), "error", "exit code 1: boom; output in logs/00003.log"))).as("no run left to skip").isNull();
        assertThat(alone.skips(plan.get(2))).isNotNull();
        assertThat(FailFast.cause(row(plan.get(2), "timeout", "killed after the timeout of 1m; last progress: x"))).isEqualTo("timeout: killed after the timeout of 1m");
    }
}
