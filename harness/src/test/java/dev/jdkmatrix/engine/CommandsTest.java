package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.MemoryLimit;
import dev.jdkmatrix.output.JvmInternals;
import java.time.Duration;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What a run's container runs: the command line around the workload, and the flags and files of what the cell asks to read. */
class CommandsTest {

    @Test
    void theWorkloadsCommandRunsInsideTheScriptWithItsArgumentsUntouched() {
        dev.jdkmatrix.matrix.Cell cell = dev.jdkmatrix.output.ReadingsTest.jar(new dev.jdkmatrix.matrix.WorkloadKind.Jar.Result(java.util.regex.Pattern.compile("took (\\d+)"), "ms", false));
        java.util.List<String> cmd = Commands.containerCommand(cell, null);
        assertThat(cmd.subList(0, 4)).containsExactly("sh", "-c", Commands.CPU_STAT_SCRIPT, "sh");
        assertThat(cmd.subList(4, cmd.size())).isEqualTo(Commands.command(cell));
        assertThat(Commands.CPU_STAT_SCRIPT).startsWith("\"$@\"; s=$?;").endsWith("exit $s");
    }

    @Test
    void builtinAndJarRunsGetTheFlagsAndTheirFilesAreCopiedOut() {
        Cell on = new Cell("sleep", new TreeMap<>(), "virtual", 10, "21", CpuLimit.parse("1"), MemoryLimit.parse("1g"), List.of("-Xmx64m"), Duration.ofMinutes(1))
                .withInternals(true);
        List<String> cmd = Commands.command(on);
        assertThat(cmd.subList(1, 4)).isEqualTo(JvmInternals.ARGS);
        assertThat(cmd.indexOf("-Xmx64m")).as("the user's own options after ours, so theirs win").isGreaterThan(3);
        assertThat(Commands.outputFiles(on)).containsEntry(JvmInternals.GC_LOG, "gc-log").containsEntry(JvmInternals.PERF_DATA, "perf-data");
        Cell off = on.withInternals(false);
        assertThat(Commands.command(off)).doesNotContainAnyElementsOf(JvmInternals.ARGS);
        assertThat(Commands.outputFiles(off)).isEmpty();
    }

    @Test
    void anHttpFanoutRunIsToldWhereItsUpstreamIsAndOtherRunsAreNot() {
        List<String> fan = Commands.command(dev.jdkmatrix.run.CpuSlotsTest.cell("http-fanout", "1"), UpstreamStub.URL);
        assertThat(fan.subList(fan.size() - 2, fan.size())).containsExactly("--upstream", "http://upstream:8080");
        assertThat(UpstreamStub.needed(dev.jdkmatrix.run.CpuSlotsTest.cell("http-fanout", "1"))).isTrue();
        assertThat(UpstreamStub.needed(dev.jdkmatrix.run.CpuSlotsTest.cell("sleep", "1"))).isFalse();
        assertThat(Commands.command(dev.jdkmatrix.run.CpuSlotsTest.cell("sleep", "1"))).doesNotContain("--upstream");
    }
}
