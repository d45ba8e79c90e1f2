package dev.jdkmatrix.run;

import dev.jdkmatrix.results.format.SummaryColumns;
import dev.jdkmatrix.results.CellSummary;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.output.Profiles;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.format.SummaryCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Profile runs in the run containers as they are (no capability added, no perf_events): a cpu
 * profile of cpu-loop on JDK 21 and 25 and of a jar cell, a wall profile of sleep, an alloc profile
 * of a JMH benchmark through JMH's -prof async; each stored gzipped beside the run's rows and left
 * out of every statistic.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@Order(4) // ItOrder: among the longest side-by-side classes
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProfileIT {

    ItSupport.Ran ran;
    Path out;
    final String runId = "it-profile-" + ProcessHandle.current().pid();

    @BeforeAll
    void run(@TempDir Path tmp) throws IOException {
        Path m = tmp.resolve("profile.yaml");
        Files.writeString(m, """
                name: profile-it
                jvm-internals: true
                repetitions: 2
                warmup: 0
                timeout: 1m
                %s
                matrix:
                  cpus: 1
                  memory: 512m
                  workload:
                    - name: cpu-loop
                      jdk: ["21", "25"]
                      tasks: 4
                      executor: fixed:1
                      params: { iterations: 400000000 }
                      profile: cpu
                    - name: sleep
                      jdk: "25"
                      tasks: 20
                      executor: [fixed:4, virtual]
                      params: { wait-ms: 200 }
                      profile: wall
                    - name: semaphore
                      jdk: "25"
                      tasks: 200
                      executor: fixed:50
                      params: { permits: 2, call-ms: 5 }
                      profile: lock
                    - name: sort
                      kind: jar
                      jar: %s
                      jdk: "25"
                      args: [--size, '1000000', --rounds, '3']
                      jvm-args: [-Xmx16m]
                      profile: cpu
                    - name: joins
                      kind: jmh
                      jar: %s
                      jdk: "25"
                      benchmarks: 'StringJoinBench\\.plusInLoop'
                      params: { size: [100] }
                      jmh-args: [-f, 1, -wi, 1, -i, 2, -w, 1s, -r, 1s]
                      profile: alloc
                """.formatted(ItSupport.jdks("21", "25"), ItSupport.PROJECT.resolve("examples/jar/target/app.jar"),
                ItSupport.PROJECT.resolve("examples/jmh/target/benchmarks.jar")));
        out = tmp.resolve("out");
        ran = ItSupport.run(m, out, runId, 0, ItSupport.NO_LEASE);
    }

    List<RawRow> profileRuns() {
        return ran.rows().stream().filter(r -> r.column("phase").equals("profile")).toList();
    }

    /** The share of a profile's samples whose stack holds {@code frame}. */
    double share(RawRow row, String frame) throws IOException {
        Map<String, Long> stacks = dev.jdkmatrix.results.format.CollapsedStacks.read(out.resolve(row.column("profile_file")));
        long all = stacks.values().stream().mapToLong(Long::longValue).sum();
        long with = stacks.entrySet().stream().filter(e -> e.getKey().contains(frame)).mapToLong(Map.Entry::getValue).sum();
        return all == 0 ? 0 : (double) with / all;
    }

    @Test
    void everyProfiledCellHasOneProfileRunAfterItsMeasuredRunsWithItsStacksStored() throws IOException {
        assertThat(ran.rows()).as(ran.err()).hasSize(7 * 3).allMatch(RawRow::ok, "ok");
        List<RawRow> profiles = profileRuns();
        assertThat(profiles).hasSize(7);
        int lastMeasured = ran.rows().stream().filter(RawRow::measured).mapToInt(r -> r.seq()).max().orElseThrow();
        for (RawRow p : profiles) {
            assertThat(p.seq()).as("after every measured round").isGreaterThan(lastMeasured);
            assertThat(p.column("profile_file")).startsWith("profiles/").endsWith(".collapsed.gz");
            assertThat(out.resolve(p.column("profile_file"))).isRegularFile();
            assertThat(p.figure(RunFigure.PROFILE_SAMPLES)).as(p.column("cell")).isGreaterThan(10);
        }
        assertThat(ran.rows()).filteredOn(RawRow::measured).allMatch(r -> r.column("profile_event").isEmpty(), "measured without a profiler");
        assertThat(ran.err()).contains("profile1");
    }

    @Test
    void aCpuProfileOfCpuLoopHasTheLoopInMostSamplesOnBothJdks() throws IOException {
        for (String jdk : List.of("21", "25")) {
            RawRow p = profileRuns().stream().filter(r -> r.column("workload").equals("cpu-loop") && r.column("jdk").equals(jdk)).findFirst().orElseThrow();
            assertThat(p.column("profile_event")).isEqualTo("cpu");
            assertThat(share(p, "CpuLoop")).as("JDK " + jdk + ": share of samples in CpuLoop's task").isGreaterThan(0.5);
            // the measured section only: the command line's parsing and the workloads' class loading come before it
            assertThat(share(p, "Main$Invocation.parse")).as("JDK " + jdk + ": samples of the JVM's start").isZero();
        }
    }

    @Test
    void aWallProfileOfSleepShowsThreadsAsleep() throws IOException {
        RawRow p = profileRuns().stream().filter(r -> r.column("workload").equals("sleep") && r.column("executor").equals("fixed:4")).findFirst().orElseThrow();
        assertThat(p.column("profile_event")).isEqualTo("wall");
        assertThat(share(p, "Thread.sleep")).as("share of wall samples in Thread.sleep").isGreaterThan(0.05);
        // the workloads' descriptors load with the jar (CpuLoop's class initializer may catch a sample), nothing of its loop runs
        assertThat(share(p, "CpuLoop.lambda")).as("share of samples in CpuLoop's task").isLessThan(0.01);
    }

    @Test
    void aLockProfileOfTheSemaphoreShowsItsWaitersContending() throws IOException {
        // 200 tasks of 50 platform threads through 2 permits: nearly every acquire parks its thread, inside the Semaphore's synchronizer
        // (a virtual thread that waits unmounts instead of parking its carrier, which the lock event does not see)
        RawRow p = profileRuns().stream().filter(r -> r.column("workload").equals("semaphore")).findFirst().orElseThrow();
        assertThat(p.column("profile_event")).isEqualTo("lock");
        assertThat(share(p, "java/util/concurrent/Semaphore")).as("share of lock samples under Semaphore").isGreaterThan(0.5);
    }

    @Test
    void aJarCellIsProfiledThroughTheAgentToo() throws IOException {
        RawRow p = profileRuns().stream().filter(r -> r.column("workload").equals("sort")).findFirst().orElseThrow();
        assertThat(share(p, "dev/jdkmatrix/examples/jar/SortApp")).as("share of samples under SortApp").isGreaterThan(0.1);
    }

    @Test
    void aJmhCellIsProfiledThroughJmhsOwnAsyncProfilerInItsFork() throws IOException {
        RawRow p = profileRuns().stream().filter(r -> r.column("workload").equals("joins")).findFirst().orElseThrow();
        assertThat(p.column("profile_event")).isEqualTo("alloc");
        assertThat(p.column("status_detail")).isEmpty();
        // the allocations of the benchmark's method, in the fork JMH measures (its launcher allocates nothing of it)
        assertThat(share(p, "StringJoinBench.plusInLoop")).as("share of allocation samples under plusInLoop").isGreaterThan(0.5);
    }

    @Test
    void theGalleryHasAFlameGraphPerProfileAndTheDifferenceBetweenTheJdks() throws IOException {
        dev.jdkmatrix.report.Report.render(out, dev.jdkmatrix.report.Report.Options.DEFAULT);
        String page = Files.readString(out.resolve("index.html"));
        assertThat(page).contains("<h2 id=\"profiles\">Profiles</h2>", "cpu-loop(iterations=400000000) fixed:1 tasks=4 cpus=1 mem=512m cpu: JDK 21 against JDK 25",
                "<strong>JDK 25: ", "sleep(wait-ms=200) tasks=20 jdk=25 cpus=1 mem=512m wall: fixed:4 against virtual", "<strong>virtual: ");
        for (RawRow p : profileRuns()) {
            Path flame = out.resolve(p.column("profile_file").replace(".collapsed.gz", ".html"));
            assertThat(page).contains("href=\"" + p.column("profile_file").replace(".collapsed.gz", ".html") + "\"");
            String html = Files.readString(flame);
            assertThat(html).as(flame.toString()).contains("<script", p.column("cell"))// nothing loaded from elsewhere (a link to async-profiler's page is a link, not a resource)
                    .doesNotContainPattern("src=[\"']?https?:|<link[^>]*https?:|url\\(['\"]?https?:|@import");
        }
    }

    @Test
    void everyBuiltinAndJarRunReadsTheJvmsInternalsAndAJmhRunNone() throws IOException {
        // jvm-internals: true: GC log and counters from every built-in and jar JVM
        for (RawRow r : ran.rows()) {
            String cell = r.column("cell") + " seq " + r.seq();
            if (r.column("kind").equals("jmh")) {
                assertThat(dev.jdkmatrix.results.Columns.RAW_INTERNALS).as(cell).allMatch(c -> r.column(c).isEmpty());
                continue;
            }
            assertThat(r.figure(RunFigure.JIT_MS)).as(cell + ": JIT compilation time").isGreaterThan(0);
            assertThat(r.figure(RunFigure.SAFEPOINTS)).as(cell + ": safepoints").isGreaterThanOrEqualTo(0);
            assertThat(r.figure(RunFigure.GC_PAUSES)).as(cell + ": GC pauses").isGreaterThanOrEqualTo(0);
            assertThat(r.figure(RunFigure.GC_PAUSE_MAX_MS)).as(cell).isLessThanOrEqualTo(r.figure(RunFigure.GC_PAUSE_MS));
            assertThat(out.resolve("logs/" + String.format("%05d", r.seq()) + ".gc.log")).as(cell + ": its GC log kept").isRegularFile();
            assertThat(out.resolve("logs/" + String.format("%05d", r.seq()) + ".hsperf")).as(cell + ": the counters, read, not kept").doesNotExist();
        }
        // sorting 1,000,000 ints 3 times in a 16 MB heap collects garbage: its pauses are counted, none longer than their total
        assertThat(ran.rows()).filteredOn(r -> r.column("workload").equals("sort")).allSatisfy(r -> {
            assertThat(r.figure(RunFigure.GC_PAUSES)).as("GC pauses of " + r.column("cell")).isGreaterThanOrEqualTo(1);
            assertThat(r.figure(RunFigure.GC_PAUSE_MS)).isGreaterThan(0);
        });
        RawRow builtin = ran.rows().stream().filter(r -> r.column("kind").equals("builtin")).findFirst().orElseThrow();
        String log = Files.readString(out.resolve(String.format("logs/%05d.log", builtin.seq())));
        assertThat(log).contains("-Xlog:gc,gc+phases:file=/out/jvm-gc.log", "-XX:+PerfDataSaveToFile");
        List<CellSummary> summary = SummaryCsv.read(out.resolve("summary.csv"));
        assertThat(summary).filteredOn(s -> !SummaryColumns.column(s, "kind").equals("jmh")).allSatisfy(s -> assertThat(Double.parseDouble(SummaryColumns.column(s, "jit_ms_median"))).isGreaterThan(0));
        dev.jdkmatrix.report.Report.render(out, dev.jdkmatrix.report.Report.Options.DEFAULT);
        String page = Files.readString(out.resolve("index.html"));
        assertThat(page).contains("Inside the JVM: GC pauses, safepoints, JIT compilation", "GC pause time per run by JDK");
    }

    @Test
    void theSummaryLeavesTheProfileRunOutAndSaysWhatItCost() throws IOException {
        List<CellSummary> summary = SummaryCsv.read(out.resolve("summary.csv"));
        assertThat(summary).hasSize(7).allSatisfy(s -> {
            assertThat(SummaryColumns.column(s, "n")).as(SummaryColumns.column(s, "cell")).isEqualTo("2");
            assertThat(SummaryColumns.column(s, "profile_file")).startsWith("profiles/");
            assertThat(SummaryColumns.column(s, "profile_overhead_pct")).isNotEmpty();
        });
        assertThat(ItSupport.containers(runId)).isEmpty();
    }
}
