package dev.jdkmatrix.engine;

import com.github.dockerjava.api.DockerClient;
import dev.jdkmatrix.images.BuiltImages;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Duets;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.results.RunMetadata;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A session on the Docker engine: each run a container ({@link ContainerRunner}), the session's CPUs
 * its own to hand out and lease ({@link EngineLease}). Its client (Testcontainers' own) is the
 * one the cluster session builds the run images and probes the JDKs with too, and it stays here.
 */
public final class DockerSession implements EngineSession {

    private final DockerClient client;

    DockerSession(DockerClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    @Override
    public RunMetadata.Engine describe() {
        return Environment.engine(client);
    }

    @Override
    public void check(Matrix matrix) {
    }

    @Override
    public void sweep(Path out, Consumer<String> say) {
        int orphans = ContainerRunner.removeOrphans(client) + ContainerRunner.removeFolderContainers(client, out);
        if (orphans > 0) say.accept("removed " + orphans + " container(s) left by a harness process that is gone");
    }

    @Override
    public Images images(boolean rebuild) {
        return new Images(client, BuiltImages.of(System.getenv(), Images.engineId(client)), rebuild);
    }

    @Override
    public JdkProbe probe(String image, String jdk, Map<String, String> labels, List<String> profiled) {
        return JdkProbe.of(client, image, jdk, labels, profiled);
    }

    @Override
    public MeasuredOn measuredOn() {
        return null;
    }

    @Override
    public RunEngine runs(Matrix matrix, Map<String, ImageRef> images, String runId, Path out, Consumer<String> say) {
        return new ContainerRunner(client, runId, out);
    }

    @Override
    public boolean ownsCpus() {
        return true;
    }

    @Override
    public EngineLease lease(String image, Map<String, String> labels, List<Integer> cpus, boolean wanted, Consumer<String> say, BooleanSupplier stop)
            throws InterruptedException {
        if (!wanted) {
            say.accept("note: --no-lease: this session measures without the engine's lease; another session's runs may overlap its own, "
                    + "and run.json says so");
            return null;
        }
        return EngineLease.acquire(client, image, labels, cpus, say, stop);
    }

    @Override
    public Placing placing(Matrix matrix, List<PlannedRun> plan, List<Integer> sessionCpus, boolean parallel, Consumer<String> say) {
        if (!matrix.order().startsTogether() || parallel) return new Placing.AsAsked();
        List<Duets.Duet> duets = Duets.of(plan, matrix.groups(), sessionCpus, Duets.chosen(matrix, sessionCpus));
        if (matrix.order() == Matrix.Order.AUTO) say.accept(Duets.describe(matrix, sessionCpus));
        return new Placing.Together(duets);
    }

    @Override
    public EnginePing ping(RunMetadata.Engine engine) {
        return new EnginePing(() -> EnginePing.within5s(() -> client.pingCmd().exec()), "the Docker " + engine.describe(),
                "start the engine again (make docker, or the tunnel to it)");
    }

    /** Builds the run images and probes the JDKs for a cluster session, on this Docker engine. */
    DockerClient client() {
        return client;
    }

    /** Testcontainers owns the client and its connections for the process: nothing to close. */
    @Override
    public void close() {
    }
}
