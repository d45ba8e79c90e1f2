package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.Container;
import dev.jdkmatrix.engine.Labels;
import dev.jdkmatrix.engine.LockDown;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/** A workload container, inspected through the Docker API while it runs: limits and lock-down as documented. */
@Tag(ItSupport.SIDE_BY_SIDE)
class LockedDownIT {

    @TempDir
    Path tmp;

    @Test
    void theWorkloadContainerIsLimitedAndLockedDown() throws Exception {
        Path m = tmp.resolve("locked.yaml");
        TestMatrix.named(null).timeout("60s").jdks("21").axis("cpus", 0.5).axis("memory", "300m").axis("tasks", 1).axis("executor", "virtual").workloads("""
                - name: fault
                  params: { mode: hang }
                """).write(m);
        String runId = "it-locked-" + ProcessHandle.current().pid();
        AtomicInteger code = new AtomicInteger(-1);
        Thread harness = new Thread(() -> code.set(ItSupport.cli(new StringWriter(), "run", "--matrix", m.toString(), "--out",
                tmp.resolve("out").toString(), "--workloads-jar", ItSupport.JAR.toString(), "--run-id", runId, "--progress", "lines", ItSupport.NO_LEASE)));
        harness.start();
        DockerClient client = DockerClientFactory.instance().client();
        List<Container> running = ItSupport.awaitRunning(runId, harness::isAlive);
        assertThat(running).hasSize(1);
        InspectContainerResponse c = client.inspectContainerCmd(running.get(0).getId()).exec();
        try {
            var host = c.getHostConfig();
            assertThat(host.getNanoCPUs()).isEqualTo(500_000_000L);
            assertThat(host.getMemory()).isEqualTo(300L << 20);
            assertThat(host.getMemorySwap()).isEqualTo(300L << 20);
            assertThat(host.getNetworkMode()).isEqualTo("none");
            assertThat(host.getReadonlyRootfs()).isTrue();
            assertThat(host.getCapDrop()).contains(Capability.ALL);
            assertThat(host.getCapAdd()).isNullOrEmpty();
            assertThat(host.getSecurityOpts()).contains("no-new-privileges");
            assertThat(host.getPrivileged()).isFalse();
            assertThat(host.getPidsLimit()).isEqualTo(LockDown.PIDS_LIMIT);
            assertThat(host.getTmpFs()).containsOnlyKeys("/tmp");
            assertThat(c.getConfig().getUser()).isEqualTo(LockDown.USER);
            // nothing of the harness's file system: the jar is in the run image, so a remote engine works the same
            assertThat(c.getMounts()).as("mounts").isNullOrEmpty();
            assertThat(host.getBinds()).as("binds").isNullOrEmpty();
            assertThat(c.getConfig().getImage()).startsWith("jdkmatrix/run-21:");
            var image = client.inspectImageCmd(c.getConfig().getImage()).exec();
            assertThat(image.getConfig().getLabels()).containsEntry(dev.jdkmatrix.images.Images.LABEL_RUN_IMAGE, "21");
            assertThat(c.getConfig().getLabels()).containsEntry(Labels.RUN, runId)
                    .containsEntry(Labels.PID, Long.toString(ProcessHandle.current().pid()));
        } finally {
            client.killContainerCmd(c.getId()).exec();
            harness.join(60_000);
        }
        assertThat(code.get()).isEqualTo(1); // the killed run is recorded as failed
        assertThat(ItSupport.containers(runId)).isEmpty();
    }
}
