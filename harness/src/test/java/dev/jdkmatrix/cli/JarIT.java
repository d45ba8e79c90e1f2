package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.jdkmatrix.engine.Labels;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.run.ItSupport;
import dev.jdkmatrix.run.TestMatrix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * The shipped jar, started as a user starts it: {@code java -jar jdkmatrix.jar}, with none of
 * the Testcontainers variables in its environment. It must pull nothing (no Ryuk) and it must
 * stop cleanly on SIGTERM.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@Order(7) // ItOrder: among the longest side-by-side classes
class JarIT {

    static final Path HARNESS_JAR = ItSupport.HARNESS_JAR;
    static final Path WORKLOADS_JAR = ItSupport.JAR;

    @TempDir
    Path tmp;

    Process start(Path matrix, Path out, String runId) throws IOException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        // with SIGINT's default action restored (env execs java, so the pid is the harness's): a make test started from a
        // background job inherits SIGINT ignored, and the JVM then installs no handler for it (issue 56 item 7)
        ProcessBuilder pb = new ProcessBuilder("env", "--default-signal=INT", java, ItSupport.C1, "-jar", HARNESS_JAR.toString(), "run", "--matrix",
                matrix.toString(), "--out", out.toString(), "--run-id", runId, "--workloads-jar", WORKLOADS_JAR.toString(), "--progress", "lines", ItSupport.NO_LEASE)
                .redirectErrorStream(true).redirectOutput(tmp.resolve(runId + ".log").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("TESTCONTAINERS_") || k.equals("JDKMATRIX_RELAUNCHED"));
        return pb.start();
    }

    Path matrix(String waitMs, String timeout) throws IOException {
        Path m = tmp.resolve("m-" + waitMs + ".yaml");
        TestMatrix.named(null).timeout(timeout).axis("tasks", 2).axis("executor", "virtual").workloads("""
                - name: sleep
                  params: { wait-ms: %s }
                """.formatted(waitMs)).write(m);
        return m;
    }

    String log(String runId) throws IOException {
        return Files.readString(tmp.resolve(runId + ".log"));
    }

    @Test
    void anEngineNamedByDockerHostThatDoesNotAnswerIsRefusedBeforeAnythingRuns() throws Exception {
        // without the check, Testcontainers falls back to the local socket and the wrong machine is measured
        for (String host : List.of("tcp://127.0.0.1:1", "unix:///nonexistent.sock")) {
            String runId = "jar-host-" + host.replaceAll("[^a-z0-9]", "");
            Path out = tmp.resolve(runId);
            String java = ProcessHandle.current().info().command().orElseThrow();
            ProcessBuilder pb = new ProcessBuilder(java, ItSupport.C1, "-jar", HARNESS_JAR.toString(), "run", "--matrix", matrix("5", "60s").toString(), "--out", out.toString(),
                    "--run-id", runId, "--workloads-jar", WORKLOADS_JAR.toString(), "--progress", "lines", ItSupport.NO_LEASE)
                    .redirectErrorStream(true).redirectOutput(tmp.resolve(runId + ".log").toFile());
            pb.environment().put("DOCKER_HOST", host);
            Process p = pb.start();
            assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
            assertThat(p.exitValue()).as(log(runId)).isEqualTo(3); // as run --help says of a missing engine
            assertThat(log(runId)).contains("DOCKER_HOST=" + host, "does not answer", "nothing was run", "fix:").doesNotContain("Exception in thread");
            assertThat(out.resolve("raw.csv")).doesNotExist();
        }
    }

    @Test
    void theJarRunsWithoutAnyTestcontainersVariableAndPullsNothing() throws Exception {
        String runId = "jar-it-" + ProcessHandle.current().pid();
        Path parent = Files.createDirectories(tmp.resolve("fresh-parent"));
        Path out = parent.resolve("out");
        Process p = start(matrix("5", "60s"), out, runId);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(log(runId)).isZero();
        assertThat(log(runId)).doesNotContain("ryuk", "Retrying pull");
        // no JVM warning at start (JNA's native access on JDK 22+: the jar's Enable-Native-Access, and the relaunch's flag)
        assertThat(log(runId)).doesNotContain("WARNING:");
        List<RawRow> rows = RawCsv.read(out.resolve("raw.csv"));
        assertThat(rows).singleElement().satisfies(r -> assertThat(r.column("status")).isEqualTo("ok"));
        // the run and its report wrote inside --out only: no index or trends beside it; PNG charts, no SVG by default
        try (var beside = Files.list(parent)) {
            assertThat(beside.map(f -> f.getFileName().toString())).containsExactly("out");
        }
        assertThat(out.resolve("index.html")).isNotEmptyFile();
        try (var charts = Files.list(out.resolve("charts"))) {
            assertThat(charts.map(f -> f.getFileName().toString())).isNotEmpty().allMatch(n -> n.endsWith(".png"));
        }
    }

    @Test
    void aHarnessKilledWithSigkillIsResumedWithNoRunLostOrStoredTwice() throws Exception {
        Path m = tmp.resolve("kill.yaml");
        TestMatrix.named(null).repetitions(3).timeout("60s").axis("tasks", 1).axis("executor", "virtual").workloads("""
                - name: sleep
                  params: { wait-ms: [1500, 1600] }
                """).write(m);
        String runId = "jar-kill-" + ProcessHandle.current().pid();
        Path out = tmp.resolve("kill");
        Process p = start(m, out, runId);
        DockerClient client = DockerClientFactory.instance().client();
        // Wait until two runs are stored and a third is running, then kill -9 the harness and its child JVM.
        for (int i = 0; i < 1200 && p.isAlive(); i++) {
            Thread.sleep(100);
            boolean stored = Files.exists(out.resolve("raw.csv")) && RawCsv.read(out.resolve("raw.csv")).size() >= 2;
            if (stored && !client.listContainersCmd().withLabelFilter(Map.of(Labels.RUN, runId)).exec().isEmpty()) break;
        }
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        int before = RawCsv.read(out.resolve("raw.csv")).size();
        assertThat(before).as(log(runId)).isBetween(2, 5);

        String java = ProcessHandle.current().info().command().orElseThrow();
        ProcessBuilder pb = new ProcessBuilder(java, ItSupport.C1, "-jar", HARNESS_JAR.toString(), "run", "--resume", out.toString(), "--matrix", m.toString(),
                "--workloads-jar", WORKLOADS_JAR.toString(), "--progress", "lines", ItSupport.NO_LEASE).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("resume.log").toFile());
        Process resume = pb.start();
        assertThat(resume.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(resume.exitValue()).as(Files.readString(tmp.resolve("resume.log"))).isZero();
        List<RawRow> rows = RawCsv.read(out.resolve("raw.csv"));
        assertThat(rows).hasSize(6);
        assertThat(rows).extracting(RawRow::runKey).doesNotHaveDuplicates();
        assertThat(rows).allSatisfy(r -> assertThat(r.column("status")).isEqualTo("ok"));
        assertThat(ItSupport.containers(runId)).isEmpty();
    }

    @Test
    void sigtermStopsTheContainerAndLeavesValidCsv() throws Exception {
        stopsTheContainerAndLeavesValidCsv("TERM");
    }

    @Test
    void ctrlCBehavesAsSigterm() throws Exception {
        stopsTheContainerAndLeavesValidCsv("INT");
    }

    /** The harness, sent {@code signal} while a run's container runs, stops it and leaves valid CSV and the resume command. */
    void stopsTheContainerAndLeavesValidCsv(String signal) throws Exception {
        String runId = "jar-" + signal.toLowerCase(java.util.Locale.ROOT) + "-" + ProcessHandle.current().pid();
        Path out = tmp.resolve(signal);
        Process p = start(matrix("120000", "5m"), out, runId);
        List<Container> running = ItSupport.awaitRunning(runId, p::isAlive);
        assertThat(running).as(log(runId)).hasSize(1);
        // SIGTERM as a service manager sends it, SIGINT as Ctrl-C at a terminal does (to the harness; it forwards to its child JVM)
        assertThat(new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor()).isZero();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(log(runId)).isTrue();
        assertThat(p.exitValue()).as(log(runId)).isIn(130, 143);
        assertThat(log(runId)).contains("interrupted:", "--resume " + out).doesNotContain("Exception in thread");
        assertThat(ItSupport.containers(runId)).isEmpty();
        assertThat(RawCsv.read(out.resolve("raw.csv"))).isEmpty(); // the cut run is not stored; a resume runs it
        assertThat(Files.readAllLines(out.resolve("raw.csv")).get(0)).startsWith("run_id,seq,cell");
        assertThat(Files.exists(out.resolve("summary.csv"))).isTrue();
    }
}
