package dev.jdkmatrix.engine;

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
 * A session on a Kubernetes cluster: each run a Job ({@link KubernetesRunner}), the pods placed by
 * the nodes' CPU managers (no lease), the cluster's client closed with the session. The run images
 * are built and the JDKs probed on the Docker engine ({@code docker}), and brought to the cluster.
 */
public final class ClusterSession implements EngineSession {

    private final DockerSession docker;
    private final Cluster cluster;

    /** {@code docker} null only in a test of what asks nothing of the Docker engine (what it refuses, its lease, its ping). */
    ClusterSession(DockerSession docker, Cluster cluster) {
        this.docker = docker;
        this.cluster = Objects.requireNonNull(cluster, "cluster");
    }

    private DockerSession docker() {
        if (docker == null) throw new IllegalStateException("a cluster session made without the Docker engine it builds its images on");
        return docker;
    }

    @Override
    public RunMetadata.Engine describe() {
        return docker().describe();
    }

    @Override
    public void check(Matrix matrix) {
        cluster.check(matrix);
    }

    @Override
    public void sweep(Path out, Consumer<String> say) {
        docker().sweep(out, say);
        int jobs = cluster.sweep();
        cluster.denyNetwork();
        if (jobs > 0) say.accept("removed " + jobs + " Job(s) left by a harness process that is gone");
    }

    @Override
    public Images images(boolean rebuild) {
        return docker().images(rebuild);
    }

    @Override
    public JdkProbe probe(String image, String jdk, Map<String, String> labels, List<String> profiled) {
        return docker().probe(image, jdk, labels, profiled);
    }

    @Override
    public MeasuredOn measuredOn() {
        RunMetadata.KubernetesCluster on = cluster.record();
        return new MeasuredOn(cluster.describe(on), on); // API calls: once a session, for the screen and run.json
    }

    @Override
    public RunEngine runs(Matrix matrix, Map<String, ImageRef> images, String runId, Path out, Consumer<String> say) {
        return cluster.engine(docker().client(), matrix, images, runId, out, say);
    }

    @Override
    public boolean ownsCpus() {
        return false;
    }

    @Override
    public EngineLease lease(String image, Map<String, String> labels, List<Integer> cpus, boolean wanted, Consumer<String> say, BooleanSupplier stop) {
        return null;
    }

    @Override
    public Placing placing(Matrix matrix, List<PlannedRun> plan, List<Integer> sessionCpus, boolean parallel, Consumer<String> say) {
        if (matrix.order() == Matrix.Order.DUET) { // --parallel is refused with it
            Cluster.DuetPlan seats = cluster.duetPlan(matrix);
            say.accept(seats.said());
            return new Placing.Together(Duets.of(plan, matrix.groups(), seats.seats(), Duets.chosen(matrix, seats.seats())));
        }
        return parallel ? new Placing.Lanes(cluster.nodesForRuns()) : new Placing.AsAsked();
    }

    /** The cluster's API server: a run it stops answering for ends the session as the engine lost, with the resume. */
    @Override
    public EnginePing ping(RunMetadata.Engine engine) {
        return new EnginePing(() -> EnginePing.within5s(cluster::version), "the Kubernetes cluster at " + cluster.server(),
                "start the cluster again (make k8s-up for this machine's)");
    }

    @Override
    public void close() {
        cluster.close();
        if (docker != null) docker.close();
    }
}
