package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.cli.Main;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.MatrixParser;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * One real matrix run on the real Docker engine, JDK 21 and 25 images built from the project's
 * Dockerfiles, through the command line as a user runs it, side by side with the other classes.
 * Asserts effects with wide margins (the limits the JVM sees and the CPU workloads' checksums are
 * LimitsIT's).
 * Timing assertions compare the best of 3 interleaved repetitions per cell of sleeping tasks:
 * interference (the other classes, this VM's bursts of CPU steal) only ever adds time, the slow
 * side is bounded below by theory (50 waves of 20 ms; 20 pinned sleeps of 200 ms), and the fast
 * side is one wave of sleeps, some 13 to 20 times below it where 5 is asserted.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MatrixRunIT {

    static final Path JAR = ItSupport.JAR;

    Path out;
    Path matrixFile;
    String runId;
    int exitCode;
    String stdout;
    String stderr;
    List<RawRow> rows;
    java.time.Instant started;

    static String matrix() {
        return TestMatrix.named("it").repetitions(3).timeout("90s").jdks("21", "25").axis("memory", "512m").workloads("""
                - name: sleep              # 500 x 20 ms: 50 waves of fixed:10, about one for virtual
                  tasks: 500
                  executor: [fixed:10, virtual]
                  params: { wait-ms: 20 }
                - name: pinning            # 20 x 200 ms inside a lock, one carrier
                  tasks: 20
                  executor: virtual
                  params: { lock: [synchronized, reentrant], hold-ms: 200 }
                """).yaml();
    }

    @BeforeAll
    void runTheMatrix(@TempDir Path tmp) throws IOException {
        matrixFile = tmp.resolve("it.yaml");
        Files.writeString(matrixFile, matrix());
        out = tmp.resolve("results");
        runId = "it-" + ProcessHandle.current().pid() + "-" + System.nanoTime() % 100000;
        started = java.time.Instant.now().minusSeconds(1);
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        exitCode = Main.execute(new String[] {"run", "--matrix", matrixFile.toString(), "--out", out.toString(),
                "--workloads-jar", JAR.toString(), "--run-id", runId, "--progress", "lines", ItSupport.NO_LEASE}, new PrintWriter(o), new PrintWriter(e));
        stdout = o.toString();
        stderr = e.toString();
        rows = RawCsv.read(out.resolve("raw.csv"));
    }

    List<RawRow> rows(Predicate<RawRow> filter) {
        return rows.stream().filter(filter).toList();
    }

    /** The best (lowest) wall time of a cell's repetitions. */
    static double bestWall(List<RawRow> rs) {
        double[] x = rs.stream().mapToDouble(r -> r.figure(RunFigure.WALL_MS)).sorted().toArray();
        assertThat(x).as("wall times").hasSize(3);
        return x[0];
    }

    @Test
    void everyPlannedRunIsStoredOnceAndOk() {
        Matrix m = new MatrixParser().parse(matrixFile);
        assertThat(exitCode).as(stderr).isZero();
        assertThat(rows).hasSize(m.plan().size());
        assertThat(rows).extracting(r -> r.column("cell") + "#" + r.column("rep")).doesNotHaveDuplicates();
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.column("status")).as(r.column("cell") + ": " + r.column("status_detail")).isEqualTo("ok");
            assertThat(r.column("check")).isEqualTo("ok");
            assertThat(r.column("completed")).isEqualTo(r.column("tasks"));
            assertThat(r.column("exit_code")).isEqualTo("0");
            assertThat(r.figure(RunFigure.CONTAINER_WALL_MS)).isGreaterThan(r.figure(RunFigure.WALL_MS));
        });
        assertThat(stdout).contains(m.plan().size() + " runs stored");
    }

    @Test
    void virtualThreadsAreAtLeastFiveTimesFasterThanAPoolOfTenOnSleepingTasks() {
        for (String jdk : List.of("21", "25")) {
            double fixed = bestWall(rows(r -> r.column("jdk").equals(jdk) && r.column("tasks").equals("500") && r.column("executor").equals("fixed:10")));
            double virtual = bestWall(rows(r -> r.column("jdk").equals(jdk) && r.column("tasks").equals("500") && r.column("executor").equals("virtual")));
            assertThat(fixed).as("fixed:10 on JDK %s, 50 waves of 20 ms", jdk).isGreaterThan(900);
            assertThat(fixed / virtual).as("JDK %s: fixed:10 %.0f ms vs virtual %.0f ms", jdk, fixed, virtual).isGreaterThan(5);
        }
    }

    @Test
    void synchronizedPinsTheCarrierOnJdk21ButNotOn25() {
        Map<String, Double> wall = rows(r -> r.column("workload").equals("pinning")).stream()
                .collect(Collectors.groupingBy(r -> r.column("jdk") + "/" + r.column("params"), Collectors.collectingAndThen(Collectors.toList(), MatrixRunIT::bestWall)));
        double sync21 = wall.get("21/hold-ms=200;lock=synchronized");
        double sync25 = wall.get("25/hold-ms=200;lock=synchronized");
        double lock21 = wall.get("21/hold-ms=200;lock=reentrant");
        double lock25 = wall.get("25/hold-ms=200;lock=reentrant");
        assertThat(sync21).as("20 pinned x 200 ms on one carrier").isGreaterThan(3000);
        assertThat(sync21 / sync25).as("synchronized: JDK 21 %.0f ms vs JDK 25 %.0f ms", sync21, sync25).isGreaterThan(5);
        assertThat(Math.max(lock21, lock25) / Math.min(lock21, lock25)).as("reentrant: JDK 21 %.0f ms vs JDK 25 %.0f ms", lock21, lock25).isLessThan(2);
    }

    @Test
    void jfrSeesPinnedEventsOnJdk21AndNoneOn25() throws IOException {
        List<RawRow> pinning = rows(r -> r.column("workload").equals("pinning"));
        assertThat(pinning).hasSize(12).allSatisfy(r -> {
            assertThat(r.column("jfr_file")).as("recording of %s", r.column("cell")).isNotEmpty();
            assertThat(out.resolve(r.column("jfr_file"))).isNotEmptyFile();
            // JFR's startup banner stays out of the run's output (-Xlog:jfr+startup=error)
            assertThat(out.resolve("logs").resolve(String.format("%05d.log", Integer.parseInt(r.column("seq"))))).content().doesNotContain("jfr,startup");
        });
        for (RawRow r : pinning) {
            boolean pins = r.column("jdk").equals("21") && r.column("params").contains("lock=synchronized");
            if (pins) {
                // every one of the 20 tasks parks inside its monitor for 200 ms
                assertThat(r.figure(RunFigure.PINNED_EVENTS)).as(r.column("cell")).isGreaterThanOrEqualTo(20);
                assertThat(r.figure(RunFigure.PINNED_MAX_MS)).as(r.column("cell")).isGreaterThan(150);
                assertThat(r.column("pinned_top_frame")).as(r.column("cell")).startsWith("Pinning.lambda$task");
            } else {
                assertThat(r.figure(RunFigure.PINNED_EVENTS)).as(r.column("cell")).isZero();
            }
        }
        // cells that do not ask for JFR get none
        assertThat(rows(r -> !r.column("workload").equals("pinning"))).allSatisfy(r -> assertThat(r.column("jfr_file")).isEmpty());
        assertThat(out.resolve(".jfr")).doesNotExist();
    }

    @Test
    void summaryAndMetadataDescribeTheRun() throws IOException {
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        Matrix m = new MatrixParser().parse(matrixFile);
        assertThat(summary).hasSize(1 + m.cells().size());
        RunMetadata meta = RunJson.read(out.resolve("run.json"));
        assertThat(meta.runId()).isEqualTo(runId);
        assertThat(meta.endedAt()).isNotNull();
        assertThat(meta.matrixSha256()).isEqualTo(m.sha256());
        assertThat(meta.images()).extracting(RunMetadata.Image::jdk).containsExactly("21", "25");
        assertThat(meta.jdkBuilds().get("21")).allMatch(b -> b.startsWith("21."));
        assertThat(meta.jdkBuilds().get("25")).allMatch(b -> b.startsWith("25."));
        assertThat(meta.engine().serverVersion()).isNotBlank();
        assertThat(meta.host().cpus()).isPositive();
        assertThat(meta.statusCounts()).containsEntry("ok", rows.size());
        assertThat(meta.harnessOverheadMs().n()).isEqualTo(rows.size());
        try (var logs = Files.list(out.resolve("logs"))) {
            assertThat(logs.filter(p -> p.toString().endsWith(".log")).count()).isEqualTo(rows.size());
        }
    }

    @Test
    void noContainerOfTheRunIsLeft() {
        assertThat(ItSupport.containers(runId)).isEmpty();
    }

    @Test
    void noVolumeOfTheRunIsLeft() {
        // each pinning run wrote its recording into a volume of its own; all went with their containers. Only this run's
        // volumes are looked at (the engine's events name them): another client of the engine may make volumes meanwhile
        java.util.Set<String> ours = ItSupport.volumesOf(runId, started, java.time.Instant.now());
        assertThat(ours).as("the run's JFR cells wrote into volumes").isNotEmpty();
        assertThat(volumes()).doesNotContainAnyElementsOf(ours);
    }

    private static java.util.Set<String> volumes() {
        var listed = DockerClientFactory.instance().client().listVolumesCmd().exec().getVolumes();
        return listed == null ? java.util.Set.of() : listed.stream().map(v -> v.getName()).collect(Collectors.toSet());
    }

    @Test
    void anUnchangedDockerfileIsNotRebuilt() {
        Matrix m = new MatrixParser().parse(matrixFile);
        Images images = new Images(DockerClientFactory.instance().client());
        for (var jdk : m.jdks().values()) {
            ImageRef ref = images.ensure(jdk, s -> { });
            assertThat(ref.built()).as(jdk.name()).isFalse();
            assertThat(ref.reference()).startsWith("jdkmatrix/jdk-" + jdk.name() + ":");
            ImageRef run = images.withWorkloads(ref, JAR, java.util.List.of(), s -> { });
            assertThat(run.built()).as("run image of " + jdk.name()).isFalse();
            assertThat(run.reference()).startsWith("jdkmatrix/run-" + jdk.name() + ":");
        }
    }
}
