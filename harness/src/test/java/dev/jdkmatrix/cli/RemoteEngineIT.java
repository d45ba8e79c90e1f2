package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Jdk;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.run.ItSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.startupcheck.OneShotStartupCheckStrategy;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * The harness driving an engine whose file system it does not share, as from a laptop: the
 * shipped jar runs in a container of its own (the JDK 25 image, as root, with the engine's
 * socket), its matrix, Dockerfiles, workloads jar and results folder live only in that
 * container's file system, at paths the engine's host does not have. A JFR pinning cell and an
 * http-fanout cell (upstream stub on a private network) must come back complete: nothing the
 * harness does may rely on a path the engine can see.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
class RemoteEngineIT {

    static final String DIR = "/laptop";

    @TempDir
    Path tmp;

    @Test
    void aHarnessWithItsOwnFileSystemRunsJfrAndHttpFanoutCells() throws Exception {
        String runId = "it-remote-" + ProcessHandle.current().pid();
        String matrix = """
                repetitions: 1
                warmup: 0
                timeout: 120s
                jdks:
                  "21": { dockerfile: Dockerfile.jdk21 }
                matrix:
                  jdk: 21
                  cpus: 1
                  memory: 512m
                  tasks: 20
                  executor: virtual
                  workload:
                    - name: pinning           # 20 x 50 ms in synchronized: JFR sees each pin on JDK 21
                      params: { lock: synchronized, hold-ms: 50 }
                    - name: http-fanout
                      params: { min-ms: 20, max-ms: 40 }
                """;
        String harnessImage = DockerClientFactory.instance().client().inspectImageCmd(jdk25Image()).exec().getId();
        String socket = DockerClientFactory.instance().getRemoteDockerUnixSocketPath();
        try (GenericContainer<?> laptop = new GenericContainer<>(DockerImageName.parse(harnessImage))
                .withCopyFileToContainer(MountableFile.forHostPath(ItSupport.HARNESS_JAR), DIR + "/jdkmatrix.jar")
                .withCopyFileToContainer(MountableFile.forHostPath(ItSupport.JAR), DIR + "/workloads.jar")
                .withCopyFileToContainer(MountableFile.forHostPath(ItSupport.PROJECT.resolve("Dockerfile.jdk21")), DIR + "/Dockerfile.jdk21")
                .withCopyToContainer(Transferable.of(matrix), DIR + "/remote.yaml")
                .withCommand("java", "-jar", DIR + "/jdkmatrix.jar", "run", "--matrix", DIR + "/remote.yaml", "--out", DIR + "/results",
                        "--run-id", runId, "--workloads-jar", DIR + "/workloads.jar", "--progress", "lines", "--no-report", ItSupport.NO_LEASE)
                .withCreateContainerCmdModifier(cmd -> {
                    cmd.withUser("0:0").withWorkingDir(DIR);
                    cmd.getHostConfig().withBinds(new Bind(socket, new Volume("/var/run/docker.sock")));
                })
                .withStartupCheckStrategy(new OneShotStartupCheckStrategy().withTimeout(Duration.ofMinutes(6)))) {
            laptop.start(); // returns once the harness exited 0, fails otherwise
            laptop.copyFileFromContainer(DIR + "/results/raw.csv", in -> Files.copy(in, tmp.resolve("raw.csv")));
            String output = laptop.getLogs();
            List<RawRow> rows = RawCsv.read(tmp.resolve("raw.csv"));

            assertThat(rows).as(output).hasSize(2).allSatisfy(r -> assertThat(r.column("status")).as(r.column("cell")).isEqualTo("ok"));
            RawRow pinning = rows.stream().filter(r -> r.column("workload").equals("pinning")).findFirst().orElseThrow();
            assertThat(pinning.column("image")).startsWith("jdkmatrix/run-21:");
            assertThat(pinning.column("jfr_file")).as("the recording, copied out of the container").isNotEmpty();
            assertThat(pinning.figure(RunFigure.PINNED_EVENTS)).as(output).isGreaterThanOrEqualTo(20);
            laptop.copyFileFromContainer(DIR + "/results/" + pinning.column("jfr_file"), in -> Files.copy(in, tmp.resolve("run.jfr")));
            assertThat(tmp.resolve("run.jfr")).isNotEmptyFile();
            RawRow fanout = rows.stream().filter(r -> r.column("workload").equals("http-fanout")).findFirst().orElseThrow();
            assertThat(fanout.column("metrics")).as(output).contains("feeds_fetched=20");
        }
        assertThat(ItSupport.containers(runId)).as("containers left by the run").isEmpty();
    }

    /** The JDK 25 image built from the project's Dockerfile (the other tests build it too): it has a JDK for the harness. */
    private static String jdk25Image() {
        var jdk = new Jdk("25", new Jdk.Dockerfile(ItSupport.PROJECT.resolve("Dockerfile.jdk25")));
        return new Images(DockerClientFactory.instance().client()).ensure(jdk, s -> { }).reference();
    }
}
