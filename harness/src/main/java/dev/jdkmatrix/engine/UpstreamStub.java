package dev.jdkmatrix.engine;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Network;
import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.WorkloadKind;
import dev.jdkmatrix.workloads.Descriptor;
import dev.jdkmatrix.workloads.Upstream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The upstream that an {@code http-fanout} run fetches from: the same workloads jar in
 * {@code upstream} mode, in a sibling container from the same run image, on a private internal
 * Docker network that Testcontainers creates for the run (no route out of it; the measured
 * container joins it instead of having no network). The stub has no CPU limit, so the measured
 * container's quota never slows its answers, and a memory limit of {@link #MEMORY_BYTES}. Both
 * carry the harness's labels, so a killed harness's leftovers are found and removed like its
 * other containers; {@link #close()} removes them after each run.
 */
final class UpstreamStub implements AutoCloseable {

    static final String ALIAS = "upstream";
    static final int PORT = 8080;
    static final String URL = "http://" + ALIAS + ":" + PORT;
    static final long MEMORY_BYTES = 1L << 30;

    private final org.testcontainers.containers.Network network;
    private final GenericContainer<?> container;

    private UpstreamStub(org.testcontainers.containers.Network network, GenericContainer<?> container) {
        this.network = network;
        this.container = container;
    }

    /** Whether a cell's workload declares this sidecar in its descriptor. */
    static boolean needed(Cell cell) {
        return cell.kind() instanceof WorkloadKind.Builtin b && b.descriptor().sidecar() == Descriptor.Sidecar.HTTP_UPSTREAM;
    }

    /**
     * Starts the stub from the run image (the workloads jar inside) and waits until it listens;
     * an engine that cannot is an environment problem.
     */
    static UpstreamStub start(String image, Map<String, String> labels, String name) {
        org.testcontainers.containers.Network network = org.testcontainers.containers.Network.builder()
                .createNetworkCmdModifier(cmd -> cmd.withInternal(true).withLabels(labels))
                .build();
        GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(image))
                .withNetwork(network)
                .withNetworkAliases(ALIAS)
                .withCommand("java", "-jar", Commands.CONTAINER_JAR, "upstream", "--port", Integer.toString(PORT))
                .withLabels(labels)
                .withCreateContainerCmdModifier(cmd -> {
                    cmd.withName(name).withUser(LockDown.USER).withWorkingDir("/tmp");
                    LockDown.apply(cmd.getHostConfig().withMemory(MEMORY_BYTES).withMemorySwap(MEMORY_BYTES));
                })
                .waitingFor(Wait.forLogMessage(".*" + Upstream.READY + ".*\\n", 1).withStartupTimeout(Duration.ofSeconds(120)));
        try {
            c.start();
        } catch (RuntimeException e) {
            String logs = "";
            try {
                logs = c.getLogs();
            } catch (RuntimeException ignored) {
                // never started: no logs
            }
            c.stop();
            network.close();
            throw new ExitException(ExitException.ENVIRONMENT, "the upstream stub of http-fanout (image " + image + ") did not start: "
                    + Docker.rootMessage(e) + (logs.isBlank() ? "" : "\n  its output: " + logs.strip())
                    + "\n  fix: check that the image runs 'java -jar workloads.jar upstream' ('make build' rebuilds the jar) and that the engine can create networks", e);
        }
        return new UpstreamStub(network, c);
    }

    String networkId() {
        return network.getId();
    }

    /** The stub's output, for the run's log. */
    String logs() {
        try {
            return container.getLogs();
        } catch (RuntimeException e) {
            return "(the stub's output could not be read: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        try {
            container.stop();
        } finally {
            network.close();
        }
    }

    /** Networks with the given labels (a killed harness's, or a results folder's), removed; returns how many. */
    static int removeNetworks(DockerClient client, java.util.function.Predicate<Map<String, String>> whose) {
        List<Network> gone = new ArrayList<>();
        for (Network n : client.listNetworksCmd().withFilter("label", List.of(Labels.RUN)).exec()) {
            if (n.getLabels() != null && whose.test(n.getLabels())) gone.add(n);
        }
        int removed = 0;
        for (Network n : gone) {
            try {
                client.removeNetworkCmd(n.getId()).exec();
                removed++;
            } catch (NotFoundException e) {
                // raced with someone else
            } catch (RuntimeException e) {
                // still in use by a container being removed: the next cleanup takes it
            }
        }
        return removed;
    }
}
