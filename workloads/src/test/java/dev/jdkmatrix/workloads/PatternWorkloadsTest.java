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
                new Footprint().unsupported(ExecutorSpec.parse("fixed:4"), 100));
        assertThat(pooled.fields()).containsEntry("supported", false);
        assertThat((String) pooled.fields().get("check")).contains("thread per task");
    }

    @Test
    void httpFanoutFetchesEveryFeedOverTheNetworkAndRecordsTheLatencies() throws Exception {
        com.sun.net.httpserver.HttpServer stub = Upstream.start(0);
        try {
            String url = "http://127.0.0.1:" + stub.getAddress().getPort();
            for (String executor : new String[] {"virtual", "fixed:4"}) {
                ResultRecord r = run("http-fanout", "--executor", executor, "--tasks", "40", "--upstream", url, "--min-ms", "20", "--max-ms", "50",
                        "--parse-ms", "1");
                assertThat(r.fields()).as(executor).containsEntry("check", "ok").containsEntry("completed", 40);
                assertThat(r.fields().get("params")).as("the upstream's address is not a param").isEqualTo("max-ms=50;min-ms=20;parse-ms=1;seed=42");
                assertThat(metric(r, "feeds_fetched")).isEqualTo("40");
                // every answer waited at least the smallest delay the client asked for, and none hugely more
                assertThat(Long.parseLong(metric(r, "latency_min_ms"))).isGreaterThanOrEqualTo(20);
                assertThat(Long.parseLong(metric(r, "latency_max_ms"))).isLessThan(50 * 20);
            }
            // 40 feeds on 4 threads wait at least 10 waves of 20 ms; a thread per feed does not
            ResultRecord pool = run("http-fanout", "--executor", "fixed:4", "--tasks", "40", "--upstream", url, "--min-ms", "20", "--max-ms", "20", "--parse-ms", "0");
            assertThat((double) pool.fields().get("wall_ms")).isGreaterThanOrEqualTo(200.0);
        } finally {
            stub.stop(0);
        }
    }

    @Test
    void httpFanoutWithoutAnUpstreamSaysWhatItNeedsAndAWrongAnswerFailsItsCheck() throws Exception {
        Main.Invocation none = Main.Invocation.parse(new String[] {"http-fanout", "--executor", "virtual", "--tasks", "2"});
        assertThat(none.workload().unsupported(none.executor(), none.tasks())).contains("--upstream");
        // an upstream that answers 404 everywhere: every task fails, the record says so
        com.sun.net.httpserver.HttpServer other = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress(0), 0);
        other.start();
        try {
            ResultRecord bad = run("http-fanout", "--executor", "virtual", "--tasks", "3", "--upstream", "http://127.0.0.1:" + other.getAddress().getPort(),
                    "--min-ms", "0", "--max-ms", "0");
            assertThat(bad.fields()).containsEntry("completed", 0);
            assertThat((String) bad.fields().get("check")).contains("answered 404");
        } finally {
            other.stop(0);
        }
        assertThatThrownBy(() -> Workload.create("http-fanout", java.util.Map.of("min-ms", "9", "max-ms", "3"))).hasMessageContaining("--min-ms");
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
