package dev.jdkmatrix.run;


import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.jdkmatrix.engine.EngineLease;
import dev.jdkmatrix.engine.Labels;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * Harness sessions as real processes ({@code java -jar jdkmatrix.jar}, without Testcontainers'
 * variables, as a user starts it) for the tests of several sessions on one engine (SharedEngineIT,
 * LeaseIT): their matrices, logs, leases and the overlap of their runs.
 */
abstract class SessionProcesses {

    @TempDir
    Path tmp;

    final DockerClient client = DockerClientFactory.instance().client();

    Process start(Path matrix, Path out, String runId, String... more) throws IOException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, ItSupport.C1, "-jar", ItSupport.HARNESS_JAR.toString(), "run", "--matrix", matrix.toString(), "--out",
                out.toString(), "--run-id", runId, "--workloads-jar", ItSupport.JAR.toString(), "--progress", "lines", "--no-report"));
        cmd.addAll(List.of(more));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve(runId + ".log").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("TESTCONTAINERS_") || k.equals("JDKMATRIX_RELAUNCHED"));
        return pb.start();
    }

    String log(String runId) throws IOException {
        Path p = tmp.resolve(runId + ".log");
        return Files.exists(p) ? Files.readString(p) : "";
    }

    /** Sleep runs of JDK 25, {@code reps} of them, each about {@code waitMs}; {@code jar} adds a jar cell (another run image). */
    Path matrix(String name, int reps, int waitMs, boolean jar) throws IOException {
        String sort = !jar ? "" : """
                - name: sort
                  kind: jar
                  jar: %s
                  args: [--size, '1000', --rounds, '1']
                """.formatted(uniqueAppJar());
        return TestMatrix.named(name).repetitions(reps).timeout("1m").axis("tasks", 2).axis("executor", "virtual").workloads("""
                - name: sleep
                  params: { wait-ms: %d }
                """.formatted(waitMs) + sort).write(tmp.resolve(name + ".yaml"));
    }

    Path uniqueAppJar() throws IOException {
        return ItSupport.uniqueAppJar(tmp);
    }

    /** The lease's container while {@code runId} holds it, waiting up to 2 minutes. */
    Container awaitLease(String runId, Process p) throws InterruptedException {
        return awaitLease(runId, p, 1);
    }

    /**
     * A lease container of the run once it holds {@code cpus} of them: a session takes its CPUs' leases one by one, so a test that
     * needs every CPU leased (a SIGKILL that leaves them all) waits for the last one, not the first.
     */
    Container awaitLease(String runId, Process p, int cpus) throws InterruptedException {
        for (int i = 0; i < 1200 && p.isAlive(); i++) {
            List<Container> c = client.listContainersCmd().withShowAll(true).withNameFilter(List.of(EngineLease.NAME))
                    .withLabelFilter(Map.of(Labels.RUN, runId)).exec();
            if (c.size() >= cpus) return c.get(0);
            Thread.sleep(100);
        }
        throw new AssertionError("run " + runId + " took no lease of " + cpus + " CPU(s)");
    }

    static boolean overlap(RawRow x, RawRow y) {
        long x0 = Instant.parse(x.column("started_at")).toEpochMilli();
        long y0 = Instant.parse(y.column("started_at")).toEpochMilli();
        long x1 = x0 + Math.round(x.figure(RunFigure.CONTAINER_WALL_MS));
        long y1 = y0 + Math.round(y.figure(RunFigure.CONTAINER_WALL_MS));
        return x0 < y1 && y0 < x1;
    }
}
