package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.engine.Docker;
import dev.jdkmatrix.engine.Labels;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workloads of SEEDS E and F and the pinning variants, at small sizes, in real containers on
 * JDK 21 and 25: each one's own check passes and its metrics reach the harness's raw.csv.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@Order(2) // ItOrder: among the longest side-by-side classes
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PatternWorkloadsIT {

    List<RawRow> rows;
    String err;
    final String runId = "it-patterns-" + ProcessHandle.current().pid();

    @BeforeAll
    void run(@TempDir Path tmp) throws IOException {
        Path m = TestMatrix.named("patterns").timeout("90s").jdks("21", "25").axis("memory", "512m").axis("tasks", 200).axis("executor", "virtual")
                .workloads("""
                - name: semaphore
                  executor: [virtual, fixed:50]
                  params: { permits: 5, call-ms: 10 }
                - name: threadlocal
                  executor: [virtual, fixed:10]
                  params: { mode: threadlocal, client-kb: 64, wait-ms: 2 }
                - name: threadlocal
                  params: { mode: carrier, wait-ms: 2 }
                - name: mixed
                  tasks: 20
                  params: { wait-ms: 10, compute-ms: 2 }
                - name: footprint
                  tasks: 5000
                  executor: [virtual, thread-per-task, fixed:4]
                - name: pinning
                  tasks: 8
                  params: { lock: [object-wait, class-init], hold-ms: 20 }
                - name: http-fanout
                  tasks: 100
                  executor: [virtual, fixed:8]
                  params: { min-ms: 50, max-ms: 100, parse-ms: 1 }
                """).write(tmp.resolve("patterns.yaml"));
        Path out = tmp.resolve("out");
        StringWriter w = new StringWriter();
        int code = ItSupport.attempt(w, m, out, "--run-id", runId, ItSupport.NO_LEASE);
        err = w.toString();
        // footprint on fixed:4 cannot run: it says so, and that run is 'invalid'
        assertThat(code).as(err).isEqualTo(ExitException.RUNS_FAILED);
        rows = RawCsv.read(out.resolve("raw.csv"));
    }

    List<RawRow> rows(Predicate<RawRow> p) {
        return rows.stream().filter(p).toList();
    }

    static long metric(RawRow r, String key) {
        for (String kv : r.column("metrics").split(";")) {
            if (kv.startsWith(key + "=")) return Long.parseLong(kv.substring(key.length() + 1));
        }
        throw new AssertionError("no metric " + key + " in " + r.column("cell") + ": '" + r.column("metrics") + "'");
    }

    @Test
    void everyRunButTheRefusedFootprintIsOk() {
        assertThat(rows).hasSize(2 * 13);
        assertThat(rows(r -> !r.ok())).as(err).allSatisfy(r -> {
            assertThat(r.column("workload")).isEqualTo("footprint");
            assertThat(r.column("executor")).isEqualTo("fixed:4");
            assertThat(r.column("status")).isEqualTo("invalid");
            assertThat(r.column("status_detail")).contains("thread per task");
        }).hasSize(2);
    }

    @Test
    void theSemaphoreBoundHoldsInTheContainer() {
        assertThat(rows(r -> r.column("workload").equals("semaphore"))).hasSize(4)
                .allSatisfy(r -> assertThat(metric(r, "max_holders")).as(r.column("cell")).isBetween(2L, 5L));
    }

    @Test
    void threadLocalClientsAndValues() {
        assertThat(rows(r -> r.column("params").contains("mode=threadlocal") && r.column("executor").equals("virtual")))
                .hasSize(2).allSatisfy(r -> assertThat(metric(r, "clients_created")).isEqualTo(200));
        assertThat(rows(r -> r.column("params").contains("mode=threadlocal") && r.column("executor").equals("fixed:10")))
                .hasSize(2).allSatisfy(r -> assertThat(metric(r, "clients_created")).isBetween(1L, 10L));
        assertThat(rows(r -> r.column("params").contains("mode=carrier")))
                .hasSize(2).allSatisfy(r -> assertThat(metric(r, "mismatches")).isZero());
    }

    @Test
    void footprintReachesItsThreadCount() {
        assertThat(rows(r -> r.column("workload").equals("footprint") && r.ok())).hasSize(4).allSatisfy(r -> {
            assertThat(metric(r, "threads_started")).isEqualTo(5000);
            assertThat(r.figure(RunFigure.CGROUP_PEAK_BYTES)).isPositive();
        });
        // 5,000 platform threads exist at once; virtual threads need only their carriers
        assertThat(rows(r -> r.column("workload").equals("footprint") && r.column("executor").equals("thread-per-task")))
                .allSatisfy(r -> assertThat(r.figure(RunFigure.PEAK_THREADS)).isGreaterThanOrEqualTo(5000));
        assertThat(rows(r -> r.column("workload").equals("footprint") && r.column("executor").equals("virtual")))
                .allSatisfy(r -> assertThat(r.figure(RunFigure.PEAK_THREADS)).isLessThan(500));
    }

    @Test
    void classInitStillPinsOnJdk25AndJfrSeesIt() {
        assertThat(rows(r -> r.column("params").contains("lock=class-init"))).hasSize(2)
                .allSatisfy(r -> assertThat(r.figure(RunFigure.PINNED_EVENTS)).as(r.column("cell")).isGreaterThanOrEqualTo(1));
        // 8 tasks x 20 ms, each pinning the one carrier: at least 8 x 20 ms
        assertThat(rows(r -> r.column("params").contains("lock=class-init")))
                .allSatisfy(r -> assertThat(r.figure(RunFigure.WALL_MS)).as(r.column("cell")).isGreaterThan(150));
        assertThat(rows(r -> r.column("params").contains("lock=object-wait") && r.column("jdk").equals("25")))
                .allSatisfy(r -> assertThat(r.figure(RunFigure.PINNED_EVENTS)).as(r.column("cell")).isZero());
    }

    @Test
    void httpFanoutFetchesEveryFeedFromItsStubOverAPrivateNetworkAndLeavesNothingBehind() {
        assertThat(rows(r -> r.column("workload").equals("http-fanout"))).hasSize(4).allSatisfy(r -> {
            assertThat(r.ok()).as(r.column("cell") + ": " + r.column("status_detail")).isTrue();
            assertThat(metric(r, "feeds_fetched")).isEqualTo(100);
            // each answer came after the delay the feed asked for (50-100 ms), through the stub
            assertThat(metric(r, "latency_min_ms")).isGreaterThanOrEqualTo(50);
            assertThat(r.column("params")).doesNotContain("upstream");
        });
        // 100 feeds on 8 threads wait at least 13 waves of 50 ms; a virtual thread per feed about one delay
        for (String jdk : new String[] {"21", "25"}) {
            double pool = rows(r -> r.column("workload").equals("http-fanout") && r.column("jdk").equals(jdk) && r.column("executor").equals("fixed:8")).get(0).figure(RunFigure.WALL_MS);
            assertThat(pool).as("JDK " + jdk).isGreaterThan(13 * 50);
        }
        var docker = Docker.connect();
        assertThat(docker.listNetworksCmd().withFilter("label", List.of(Labels.RUN + "=" + runId)).exec()).as("networks left").isEmpty();
        assertThat(docker.listContainersCmd().withShowAll(true).withLabelFilter(java.util.Map.of(Labels.RUN, runId)).exec())
                .as("containers left").isEmpty();
    }
}
