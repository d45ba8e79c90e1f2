package dev.jdkmatrix.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class WorkloadsTest {

    @ParameterizedTest
    @ValueSource(strings = {"fixed:3", "fixed:cpus", "virtual", "cached", "thread-per-task", "fork-join:2", "fork-join:cpus"})
    void everyExecutorRunsAWorkloadAndItsCheckPasses(String executor) {
        Main.Invocation inv = Main.Invocation.parse(new String[] {"cpu-hash", "--executor", executor, "--tasks", "16", "--iterations", "1000"});
        ResultRecord r = Main.run(inv);
        assertThat(r.fields()).containsEntry("check", "ok").containsEntry("completed", 16).containsEntry("executor", executor);
    }

    @Test
    void checksumsDoNotDependOnTheExecutor() {
        String a = (String) Main.run(Main.Invocation.parse(new String[] {"cpu-loop", "--executor", "fixed:1", "--tasks", "8", "--iterations", "1000"})).fields().get("checksum");
        String b = (String) Main.run(Main.Invocation.parse(new String[] {"cpu-loop", "--executor", "virtual", "--tasks", "8", "--iterations", "1000"})).fields().get("checksum");
        assertThat(a).isEqualTo(b);
    }

    @Test
    void checksCatchWrongResults() {
        CpuPrimes primes = new CpuPrimes(100);
        assertThat(primes.check(new long[] {25, 25})).isNull();
        assertThat(primes.check(new long[] {25, 24})).contains("task 1");
        CpuLoop loop = new CpuLoop(1000);
        long sum = 0;
        for (long i = 0; i < 1000; i++) sum += (i * 37L) % 11;
        assertThat(loop.expected()).isEqualTo(sum);
        assertThat(new Sleep(1).check(new long[] {1, 0})).isNotNull();
    }

    @Test
    void primesByTrialDivisionAgreeWithTheSieve() {
        assertThat(new CpuPrimes(1_000_000).sieveCount()).isEqualTo(78_498);
    }

    @Test
    void badArgumentsNameTheValidChoices() {
        assertThatThrownBy(() -> Main.Invocation.parse(new String[] {"nap", "--executor", "virtual", "--tasks", "1"}))
                .hasMessageContaining("valid workloads: sleep");
        assertThatThrownBy(() -> ExecutorSpec.parse("fixed:many")).hasMessageContaining("valid forms");
        assertThatThrownBy(() -> Workload.create("sleep", Map.of("wait", "1"))).hasMessageContaining("[wait-ms]");
        assertThatThrownBy(() -> Main.Invocation.parse(new String[] {"sleep", "--executor", "virtual"})).hasMessageContaining("--tasks");
    }

    @Test
    void executorTextRoundTrips() {
        for (String s : new String[] {"fixed:7", "fixed:cpus", "virtual", "cached", "thread-per-task", "fork-join:3", "fork-join:cpus"}) {
            assertThat(ExecutorSpec.parse(s).text()).isEqualTo(s);
        }
    }

    @Test
    void theRecordLineIsGolden() {
        String line = new ResultRecord().put("workload", "sleep").put("wall_ms", 1234.5).put("completed", 3)
                .put("check", "say \"hi\"\n").put("supported", true).put("java_vendor", null).line();
        assertThat(line).isEqualTo("JDKMATRIX-RESULT {\"schema\":1,\"workload\":\"sleep\",\"wall_ms\":1234.500,\"completed\":3,"
                + "\"check\":\"say \\\"hi\\\"\\n\",\"supported\":true,\"java_vendor\":null}");
    }

    @Test
    void aRealRunRecordHasEveryDocumentedField() {
        ResultRecord r = Main.run(Main.Invocation.parse(new String[] {"sleep", "--executor", "virtual", "--tasks", "10", "--wait-ms", "1"}));
        assertThat(r.fields().keySet()).contains("wall_ms", "cpu_ms", "completed", "check", "checksum", "peak_threads",
                "heap_before_bytes", "heap_after_bytes", "heap_peak_bytes", "max_heap_bytes", "rss_peak_bytes", "cgroup_peak_bytes",
                "gc_count", "gc_ms", "available_processors", "java_version", "java_runtime_version", "java_vendor", "jvm_uptime_ms");
    }

    @Test
    void aRunThatGoesOnPrintsProgressLinesThatSayHowFarItGot() {
        assertThat(Main.progressLine(new Footprint(), 12, 1500)).isEqualTo("JDKMATRIX-PROGRESS elapsed_ms=1500;submitted=12;threads_started=0");
        java.io.PrintStream old = System.out;
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            // the first line comes after 1 s; the run takes 3 s
            Main.run(Main.Invocation.parse(new String[] {"sleep", "--executor", "virtual", "--tasks", "2", "--wait-ms", "3000"}));
        } finally {
            System.setOut(old);
        }
        assertThat(out.toString(java.nio.charset.StandardCharsets.UTF_8)).containsPattern("(?m)^JDKMATRIX-PROGRESS elapsed_ms=[0-9]+;submitted=2$");
    }
}
