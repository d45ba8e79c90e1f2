package dev.jdkmatrix.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The workloads of SEEDS E and F and the pinning variants, at small sizes, on this JVM. */
class PatternWorkloadsTest {

    static ResultRecord run(String... args) {
        return Main.run(Main.Invocation.parse(args));
    }

    static String metric(ResultRecord r, String key) {
        for (String kv : ((String) r.fields().get("metrics")).split(";")) {
            if (kv.startsWith(key + "=")) return kv.substring(key.length() + 1);
        }
        throw new AssertionError("no metric " + key + " in " + r.fields().get("metrics"));
    }

    @Test
    void theSemaphoreNeverAdmitsMoreThanItsPermits() {
        for (String executor : new String[] {"virtual", "fixed:50"}) {
            ResultRecord r = run("semaphore", "--executor", executor, "--tasks", "200", "--permits", "5", "--call-ms", "5");
            assertThat(r.fields()).as(executor).containsEntry("check", "ok").containsEntry("completed", 200);
            // 200 callers at once against 5 permits: the bound is reached, and never passed
            assertThat(Integer.parseInt(metric(r, "max_holders"))).as(executor).isBetween(2, 5);
        }
    }

    @Test
    void aThreadLocalCacheMakesOneClientPerThreadAndAPoolItsSize() {
        ResultRecord virtual = run("threadlocal", "--executor", "virtual", "--tasks", "60", "--client-kb", "16", "--wait-ms", "1");
        assertThat(metric(virtual, "clients_created")).isEqualTo("60");
        ResultRecord pooled = run("threadlocal", "--executor", "fixed:4", "--tasks", "60", "--client-kb", "16", "--wait-ms", "1");
        assertThat(Integer.parseInt(metric(pooled, "clients_created"))).isBetween(1, 4);
        ResultRecord shared = run("threadlocal", "--mode", "pool", "--pool", "3", "--executor", "virtual", "--tasks", "60", "--client-kb", "16", "--wait-ms", "1");
        assertThat(metric(shared, "clients_created")).isEqualTo("3");
        assertThat(shared.fields()).containsEntry("check", "ok");
    }

    @Test
    void aThreadLocalValueStaysWithItsVirtualThread() {
        ResultRecord r = run("threadlocal", "--mode", "carrier", "--executor", "virtual", "--tasks", "300", "--wait-ms", "2");
        assertThat(r.fields()).containsEntry("check", "ok");
        assertThat(metric(r, "mismatches")).isEqualTo("0");
        assertThat(Integer.parseInt(metric(r, "carrier_changes"))).isBetween(0, 300);
    }

    @Test
    void mixedTasksWaitThenComputeAndCheckTheirWork() {
        ResultRecord r = run("mixed", "--executor", "virtual", "--tasks", "8", "--wait-ms", "3", "--compute-ms", "1");
        assertThat(r.fields()).containsEntry("check", "ok");
        assertThat(Long.parseLong(metric(r, "iterations_per_ms"))).isGreaterThan(1000);
    }

    @Test
    void footprintParksEveryThreadAtOnceAndRefusesPools() {
        ResultRecord r = run("footprint", "--executor", "virtual", "--tasks", "2000");
        assertThat(r.fields()).containsEntry("check", "ok").containsEntry("completed", 2000);
        assertThat(metric(r, "threads_started")).isEqualTo("2000");
        ResultRecord platform = run("footprint", "--executor", "thread-per-task", "--tasks", "200");
        assertThat(platform.fields()).containsEntry("check", "ok");
        assertThat((int) platform.fields().get("peak_threads")).isGreaterThanOrEqualTo(200);
        ResultRecord pooled = Main.unsupportedRecord(Main.Invocation.parse(new String[] {"footprint", "--executor", "fixed:4", "--tasks", "100"}),
                new Workload.Footprint().unsupported(ExecutorSpec.parse("fixed:4"), 100));
        assertThat(pooled.fields()).containsEntry("supported", false);
        assertThat((String) pooled.fields().get("check")).contains("thread per task");
    }

    @Test
    void pinningVariantsRunAndCheck() {
        for (String lock : new String[] {"object-wait", "class-init"}) {
            ResultRecord r = run("pinning", "--executor", "virtual", "--tasks", "4", "--lock", lock, "--hold-ms", "5");
            assertThat(r.fields()).as(lock).containsEntry("check", "ok").containsEntry("completed", 4);
            // each task blocked for its hold time
            assertThat((double) r.fields().get("wall_ms")).as(lock).isGreaterThanOrEqualTo(5.0);
        }
        assertThatThrownBy(() -> Workload.create("pinning", java.util.Map.of("lock", "spin"))).hasMessageContaining("class-init");
    }
}
