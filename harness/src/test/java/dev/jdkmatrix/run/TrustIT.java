package dev.jdkmatrix.run;

import dev.jdkmatrix.results.format.SummaryColumns;
import dev.jdkmatrix.results.CellSummary;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.MatrixParser;
import dev.jdkmatrix.matrix.Shard;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.SummaryCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Numbers you can trust, in real containers: CFS throttling seen per run under a quota and not
 * under pinned CPUs, adaptive repetitions that stop a calm cell early and take a noisy one to the
 * maximum (and survive a resume), and runs over max-steal made again (steal injected through
 * {@link StealMeter}, not by loading the machine).
 */
@Tag(ItSupport.ALONE)
class TrustIT {

    @TempDir
    Path tmp;

    @Test
    void aCpuBoundCellIsThrottledUnderAQuotaAndNeverWhenPinned() throws IOException {
        Path m = tmp.resolve("throttle.yaml");
        // four workers under a quota of one CPU: the JVM asks for more than its quota whenever the machine has any CPU to give
        TestMatrix.named("throttle").repetitions(2).axis("cpu-mode", "[quota, cpuset]").axis("memory", "512m").axis("tasks", 200)
                .axis("executor", "fixed:4").workloads("cpu-hash").write(m);
        ItSupport.Ran ran = ItSupport.run(m, tmp.resolve("out"), "throttle", 0);
        assertThat(ran.rows()).hasSize(4).allMatch(RawRow::ok, "ok");
        boolean throttledOnce = false;
        for (RawRow r : ran.rows()) {
            if (r.column("cpu_mode").equals("quota")) {
                // what the harness controls: the quota is enforced (the cgroup counts its periods) and seen inside (one processor)
                assertThat(r.figure(RunFigure.CPU_PERIODS)).as(r.values().toString()).isPositive();
                assertThat(r.figure(RunFigure.AVAILABLE_PROCESSORS)).isEqualTo(1);
                assertThat(r.figure(RunFigure.CPU_PERIODS)).isGreaterThanOrEqualTo(r.figure(RunFigure.CPU_THROTTLED_PERIODS));
                // the physical effect where the run shows it had the CPU to hit the quota: four busy workers that got a CPU's
                // worth of time on average ran into the quota (a machine loaded by others may give them less, and no throttling)
                if (r.figure(RunFigure.CPU_MS) >= 0.9 * r.figure(RunFigure.WALL_MS)) {
                    assertThat(r.figure(RunFigure.CPU_THROTTLED_PERIODS)).as(r.values().toString()).isPositive();
                    assertThat(r.figure(RunFigure.CPU_THROTTLED_MS)).as(r.values().toString()).isPositive();
                    throttledOnce = true;
                }
                assertThat(r.column("cpuset")).isEmpty();
            } else {
                assertThat(r.column("cpu_mode")).isEqualTo("cpuset");
                assertThat(r.figure(RunFigure.CPU_THROTTLED_PERIODS)).as(r.values().toString()).isZero();
                assertThat(r.figure(RunFigure.CPU_THROTTLED_MS)).isZero();
                // the last CPU of the engine's, out of CPU 0's way
                int engineCpus = Integer.parseInt(ItSupport.engineCpus());
                assertThat(r.column("cpuset")).isEqualTo(Integer.toString(engineCpus - 1));
                assertThat(r.figure(RunFigure.AVAILABLE_PROCESSORS)).isEqualTo(1);
            }
        }
        List<CellSummary> summary = SummaryCsv.read(tmp.resolve("out/summary.csv"));
        assertThat(summary).extracting(s -> SummaryColumns.column(s, "cpu_mode")).containsExactly("quota", "cpuset");
        if (throttledOnce) assertThat(Double.parseDouble(SummaryColumns.column(summary.get(0), "cpu_throttled_ms_median"))).as("the quota runs' median throttling").isPositive();
        assertThat(SummaryColumns.column(summary.get(1), "cpu_throttled_ms_median")).isEqualTo("0.000");
    }

    @Test
    void aBlockedPlanRunsEachGroupBackToBackAndStopsAGroupWhenEveryPairIsKnown() throws IOException {
        Path m = tmp.resolve("pairs.yaml");
        // two groups compared along hold-ms, 300 against 400 ms: calm (a pair's ratio is some 1.3, each run's JVM adding
        // 20 to 45 ms, so often known to +-8 % after the 6 first rounds, the least an adaptive stop takes) and jitter (each
        // run 1 to 2 times its hold: the ratio of a pair swings from 0.65 to 2.7, its interval at 8 pairs some +-20 %). The
        // step is three times the equivalence margin of +-10 %: a step of 10 % (300 against 330 ms) was read as 4.5 % slower
        // [-3.7 %, 9.3 %], "the same within +-10 %", in a fresh-clone CI run on 2026-12-02 beside other work. How soon a
        // group's pairs are known is the machine's noise (a fresh-clone make test beside other work, 2026-11-29: one calm run
        // of 410 ms among 330-365 ms ones kept it past 6 rounds), so the test holds what the plan controls: a group runs back
        // to back, at least 6 rounds and at most 8, and stops before 8 only once its pair meets the target
        TestMatrix.named("pairs").repetitions("{ min: 6, max: 8, target: 8% }").option("compare-along", "[hold-ms]").axis("cpu-mode", "cpuset")
                .axis("tasks", 1).axis("executor", "virtual").workloads("""
                - name: fault
                  params: { mode: [none, jitter], hold-ms: [300, 400] }
                """).write(m);
        Path out = tmp.resolve("pairs");
        ItSupport.Ran ran = ItSupport.run(m, out, "pairs", 0);
        java.util.function.Function<String, List<RawRow>> of = mode -> ran.rows().stream().filter(r -> r.column("params").contains("mode=" + mode)).toList();
        for (String mode : List.of("none", "jitter")) assertThat(of.apply(mode).size()).as("%s: %s", mode, ran.err()).isEven().isBetween(12, 16);
        // each round of a group ran back to back: its two runs have neighbouring sequence numbers
        for (String mode : List.of("none", "jitter")) {
            java.util.Map<String, List<Integer>> seqByRound = new java.util.TreeMap<>();
            for (RawRow r : of.apply(mode)) seqByRound.computeIfAbsent(r.column("rep"), k -> new java.util.ArrayList<>()).add(r.seq());
            seqByRound.forEach((rep, seqs) -> assertThat(Math.abs(seqs.get(0) - seqs.get(1))).as("%s round %s: %s", mode, rep, seqs).isEqualTo(1));
        }
        List<String> comparisons = Files.readAllLines(out.resolve("comparisons.csv"));
        assertThat(comparisons.get(0)).isEqualTo(String.join(",", dev.jdkmatrix.results.Columns.COMPARISONS));
        assertThat(comparisons).hasSize(3);
        List<String> header = List.of(comparisons.get(0).split(","));
        for (String mode : List.of("none", "jitter")) {
            String line = comparisons.stream().filter(l -> l.contains("mode=" + mode)).findFirst().orElseThrow();
            assertThat(line).contains("hold-ms 300 -> 400", ",blocked,");
            String[] f = new com.opencsv.CSVParser().parseLine(line);
            int pairs = Integer.parseInt(f[header.indexOf("pairs")]);
            assertThat(pairs).as(line).isEqualTo(of.apply(mode).size() / 2);
            if (pairs < 8) assertThat(f[header.indexOf("target_reached")]).as("%s stopped at %d pairs: %s", mode, pairs, line).isEqualTo("yes");
            if ("no".equals(f[header.indexOf("target_reached")])) assertThat(pairs).as(line).isEqualTo(8);
        }
        // some 30 % slower, the JVM's noise some 3 % a run: decided at 6 pairs or more
        assertThat(comparisons.stream().filter(l -> l.contains("mode=none")).findFirst().orElseThrow()).contains(",slower,");
        dev.jdkmatrix.results.RunMetadata meta = dev.jdkmatrix.results.format.RunJson.read(out.resolve("run.json"));
        assertThat(meta.plan().order()).isEqualTo("blocked");
        assertThat(meta.plan().compareAlong()).containsExactly("hold-ms");
        assertThat(meta.plan().rounds()).hasSize(8).allSatisfy(r -> assertThat(r.size()).isEven().isBetween(2, 4));
    }

    @Test
    void adaptiveRepetitionsStopACalmCellAndTakeANoisyOneToTheMaximumAcrossAResume() throws IOException {
        Path m = tmp.resolve("adaptive.yaml");
        // calm: one task sleeping 300 ms on a pinned CPU (its JVM adds 45 to 70 ms: 347 to 371 ms in a fresh-clone CI run,
        // whose [min, max] interval of 6 to 9 runs reached +-5.4 %: the target is 8 %); jitter: 300 to 600 ms at random,
        // rarely known to +-8 %: its [min, max] reaches that when all its draws fall in a band near 0.3 of the jitter's width
        // at its upper end (a max / min of 1.17 at 580 ms is 85 ms of 300), about 1 % of runs at 6 rounds and 2 % up to 10
        // (a fresh-clone CI run here, 2026-11-29: six draws 549 to 597 ms, stopped at 6). And the calm cell's own spread is
        // the machine's: it stopped at 9 in a fresh-clone CI run on 2026-12-02 (335 to 382 ms, two runs of 359 and 382 among
        // nine of 336 to 346). So the test holds what the rule controls: a cell stops before the maximum only once its target
        // is reached, never past the maximum; and the calm cell, some 3 % a run against a target of 8 %, reaches it.
        TestMatrix.named("adaptive").repetitions("{ min: 6, max: 10, target: 8% }").axis("cpu-mode", "cpuset").axis("tasks", 1).axis("executor", "virtual")
                .workloads("""
                - name: fault
                  params: { mode: [none, jitter], hold-ms: 300 }
                """).write(m);
        Path out = tmp.resolve("out");
        ItSupport.Ran ran = ItSupport.run(m, out, "adaptive", 0);
        long calm = ran.rows().stream().filter(r -> r.column("params").contains("mode=none")).count();
        long noisy = ran.rows().stream().filter(r -> r.column("params").contains("mode=jitter")).count();
        assertThat(calm).as(ran.err()).isBetween(6L, 10L);
        assertThat(noisy).as(ran.err()).isBetween(6L, 10L);
        List<CellSummary> summary = SummaryCsv.read(out.resolve("summary.csv"));
        CellSummary calmRow = summary.stream().filter(s -> SummaryColumns.column(s, "params").contains("mode=none")).findFirst().orElseThrow();
        CellSummary noisyRow = summary.stream().filter(s -> SummaryColumns.column(s, "params").contains("mode=jitter")).findFirst().orElseThrow();
        assertThat(SummaryColumns.column(calmRow, "target_reached")).as(ran.err()).isEqualTo("yes");
        assertThat(Double.parseDouble(SummaryColumns.column(calmRow, "interval_pct"))).isLessThanOrEqualTo(8);
        if (noisy < 10) { // its draws fell close together by chance: it stopped because it reached its target, and only then
            assertThat(SummaryColumns.column(noisyRow, "target_reached")).as(ran.err()).isEqualTo("yes");
            assertThat(Double.parseDouble(SummaryColumns.column(noisyRow, "interval_pct"))).isLessThanOrEqualTo(8);
        } else {
            assertThat(SummaryColumns.column(noisyRow, "target_reached")).isEqualTo("no");
            assertThat(Double.parseDouble(SummaryColumns.column(noisyRow, "interval_pct"))).isGreaterThan(8);
        }

        // a kill that lost the last round of the noisy cell: the resume makes it again, and no more. One round, not more: a
        // round lost before it would be measured anew, and the rule's next decision would rest on new draws (9 jitter runs
        // reached +-8 % by chance once, 2026-11-25, and the resume rightly stopped at 9); with the rounds before the lost one
        // stored, the resume decides as the first session did
        Path raw = out.resolve("raw.csv");
        List<String> lines = Files.readAllLines(raw);
        Files.write(raw, lines.subList(0, lines.size() - 1));
        StringBufferErr err = new StringBufferErr();
        int code = ItSupport.cli(err.writer, "run", "--resume", out.toString(), "--matrix", m.toString(), "--workloads-jar", ItSupport.JAR.toString(),
                "--progress", "lines", "--no-report");
        assertThat(code).as(err.toString()).isZero();
        List<RawRow> after = RawCsv.read(raw);
        assertThat(after).hasSize(ran.rows().size());
        assertThat(after).extracting(RawRow::runKey).doesNotHaveDuplicates();
        assertThat(after.stream().filter(r -> r.column("params").contains("mode=jitter")).count()).isEqualTo(noisy);
        // the resume kept the plan's order: every row has the sequence number its run has in the plan (blocked, from the file's seed)
        java.util.Map<String, Integer> planned = new java.util.HashMap<>();
        new MatrixParser().parse(m).plan().forEach(r -> planned.put(r.key(), r.sequence()));
        assertThat(after).allSatisfy(r -> assertThat(r.seq()).as(r.runKey()).isEqualTo(planned.get(r.runKey())));
    }

    @Test
    void aRunDuringHighStealIsStoredNoisyAndMadeAgain() throws IOException {
        Path m = tmp.resolve("steal.yaml");
        TestMatrix.named("steal").repetitions(2).warmup(1).option("max-steal", "10%").axis("tasks", 1).axis("executor", "virtual").workloads("""
                - name: fault
                  params: { hold-ms: 50 }
                """).write(m);
        Matrix matrix = new MatrixParser().parse(m);
        // steal of the runs in order: warm-up 40 % (kept: warm-ups are not measured), rep 1 40 % then 40 % (noisy twice), 0; rep 2 0
        double[] steal = {40, 40, 40, 0, 0};
        AtomicInteger span = new AtomicInteger();
        StealMeter injected = () -> {
            int i = span.getAndIncrement();
            return () -> i < steal.length ? steal[i] : 0;
        };
        Path out = tmp.resolve("out");
        MatrixRunner.Result result = new MatrixRunner(injected).run(matrix,
                new RunOptions(out, "steal", ItSupport.JAR, ItSupport.PROJECT, null, CpuSlots.Packing.OFF, Shard.ALL),
                new RunListener() {});
        assertThat(result.allOk()).isTrue();
        List<RawRow> rows = RawCsv.read(out.resolve("raw.csv"));
        assertThat(rows).extracting(r -> r.column("phase") + r.column("rep") + "/" + r.column("attempt") + ":" + r.column("status"))
                .containsExactly("warmup1/1:ok", "measure1/1:noisy", "measure1/2:noisy", "measure1/3:ok", "measure2/1:ok");
        assertThat(rows.get(1).column("status_detail")).contains("host CPU steal 40.0 %", "max-steal 10%", "attempt 2");
        assertThat(Files.exists(out.resolve("logs/00002-a2.log"))).isTrue();
        assertThat(Files.exists(out.resolve("logs/00002-a3.log"))).isTrue();
        CellSummary s = SummaryCsv.read(out.resolve("summary.csv")).get(0);
        assertThat(SummaryColumns.column(s, "n")).isEqualTo("2");
        assertThat(SummaryColumns.column(s, "n_noisy")).isEqualTo("2");
        assertThat(SummaryColumns.column(s, "n_failed")).isEqualTo("0");
    }

    /** A writer for the command line's messages. */
    private static final class StringBufferErr {
        final java.io.StringWriter writer = new java.io.StringWriter();

        @Override
        public String toString() {
            return writer.toString();
        }
    }
}
