package dev.jdkmatrix.run;

import com.github.dockerjava.api.DockerClient;
import dev.jdkmatrix.engine.Cluster;
import dev.jdkmatrix.engine.ContainerRunner;
import dev.jdkmatrix.engine.EngineLease;
import dev.jdkmatrix.engine.RunEngine;
import dev.jdkmatrix.matrix.Duets;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The engine a session measures on, chosen once from its options ({@link #of}): the Docker
 * engine's containers, or a Kubernetes cluster's Jobs (whose run images are built on the Docker
 * engine all the same). The session asks it what differs between the two, in the order it asks:
 * what it refuses ({@link #check}), what earlier sessions left on it ({@link #sweep}), where it says
 * the runs are measured ({@link #announce}), what runs them once the images are there
 * ({@link #runs}), whether it hands out the engine's CPUs ({@link #ownsCpus}) and leases them
 * ({@link #lease}), how the plan's runs are placed ({@link #place}), how a run's watch asks it
 * whether it still answers ({@link #ping}), and its client closed ({@link #close}), instead of
 * testing for a cluster at each step.
 */
sealed interface SessionEngine extends AutoCloseable permits SessionEngine.OnDocker, SessionEngine.OnCluster {

    /** The engine of a session's options: a cluster where they name one, else the Docker engine. */
    static SessionEngine of(RunOptions options) {
        return options.cluster() == null ? new OnDocker() : new OnCluster(Cluster.connect(options.cluster()));
    }

    /** Refuses a matrix this engine cannot measure, before anything is built (on a cluster: an order duet no machine seats, a cell no node can take). */
    void check(Matrix matrix);

    /**
     * Removes what harness processes that are gone left on this engine, and an earlier session's
     * containers of this results folder, and says how many: the Docker engine's containers (it builds
     * the images and probes the JDKs on either engine), and a cluster's Jobs.
     */
    default void sweep(DockerClient client, Path out, RunListener listener) {
        int orphans = ContainerRunner.removeOrphans(client) + ContainerRunner.removeFolderContainers(client, out);
        if (orphans > 0) listener.message("removed " + orphans + " container(s) left by a harness process that is gone");
    }

    /**
     * The engine's lease on the session's CPUs against another session's runs ({@code image}: what
     * its holder container runs), null where none is taken: under --no-lease (said), and on a cluster,
     * whose nodes' CPU managers keep the measured pods apart.
     */
    EngineLease lease(DockerClient client, String image, Map<String, String> labels, List<Integer> cpus, RunOptions options, RunListener listener,
                      SessionStop stop) throws InterruptedException;

    /** Says where the runs are measured and records it in run.json (the Docker engine: as start() recorded it). */
    void announce(SessionRecord record, RunListener listener);

    /** What makes each run. */
    RunEngine runs(DockerClient client, Matrix matrix, SessionImages images, RunOptions options, Path out, RunListener listener);

    /**
     * Whether the session hands out this engine's CPUs itself (a duet's sides, --parallel's disjoint
     * sets, --engine-cpus) and leases them against another session; on a cluster the nodes' CPU
     * managers place the pods, and one measured pod a node keeps them apart.
     */
    boolean ownsCpus();

    /**
     * The plan's runs, measured through {@code measure} in the placement this engine makes: on the
     * Docker engine one by one, side by side (--parallel) or a comparison's runs together (duet);
     * on a cluster one by one, each comparison group a lane of its own on a node (--parallel), or a duet's
     * sides begun at one moment on one machine's nodes (order duet).
     */
    void place(Matrix matrix, List<PlannedRun> plan, Dispatch.Context context, RunOptions options, RunListener listener, Measure measure)
            throws IOException;

    /** The engine as the watch of a run asks it whether it still answers ({@code engine}: the Docker engine as the session recorded it). */
    EngineWatch.Ping ping(DockerClient client, RunMetadata.Engine engine);

    @Override
    void close();

    /** The session's measuring of some runs through one dispatch. */
    interface Measure {
        void runs(List<PlannedRun> runs, Dispatch dispatch) throws IOException;
    }

    /** Each run a container of the Docker engine. */
    record OnDocker() implements SessionEngine {
        @Override
        public void check(Matrix matrix) {
        }

        @Override
        public void announce(SessionRecord record, RunListener listener) {
        }

        @Override
        public RunEngine runs(DockerClient client, Matrix matrix, SessionImages images, RunOptions options, Path out, RunListener listener) {
            return new ContainerRunner(client, options.runId(), out);
        }

        @Override
        public EngineLease lease(DockerClient client, String image, Map<String, String> labels, List<Integer> cpus, RunOptions options,
                                 RunListener listener, SessionStop stop) throws InterruptedException {
            if (!options.lease()) {
                listener.message("note: --no-lease: this session measures without the engine's lease; another session's runs may overlap its own, "
                        + "and run.json says so");
                return null;
            }
            return EngineLease.acquire(client, image, labels, cpus, listener::message, stop);
        }

        @Override
        public boolean ownsCpus() {
            return true;
        }

        @Override
        public void place(Matrix matrix, List<PlannedRun> plan, Dispatch.Context context, RunOptions options, RunListener listener, Measure measure)
                throws IOException {
            if (matrix.order().startsTogether() && options.packing() == CpuSlots.Packing.OFF) {
                List<Duets.Duet> duets = Duets.of(plan, matrix.groups(), context.sessionCpus(), Duets.chosen(matrix, context.sessionCpus()));
                if (matrix.order() == Matrix.Order.AUTO) listener.message(Duets.describe(matrix, context.sessionCpus()));
                measure.runs(plan, new Dispatch.Together(context, duets));
            } else {
                measure.runs(plan, Dispatch.of(context, options.packing()));
            }
        }

        @Override
        public EngineWatch.Ping ping(DockerClient client, RunMetadata.Engine engine) {
            return EngineWatch.Ping.docker(client, engine);
        }

        @Override
        public void close() {
        }
    }

    /** Each run a Job of a Kubernetes cluster, its client closed with the session. */
    record OnCluster(Cluster cluster) implements SessionEngine {
        public OnCluster {
            Objects.requireNonNull(cluster, "cluster");
        }

        @Override
        public void check(Matrix matrix) {
            cluster.check(matrix);
        }

        @Override
        public void announce(SessionRecord record, RunListener listener) {
            RunMetadata.KubernetesCluster on = cluster.record();
            String where = cluster.describe(on); // API calls: once a session, for the screen and run.json
            listener.message(where);
            record.measuredOn(where, on);
        }

        @Override
        public void sweep(DockerClient client, Path out, RunListener listener) {
            SessionEngine.super.sweep(client, out, listener);
            int jobs = cluster.sweep();
            cluster.denyNetwork();
            if (jobs > 0) listener.message("removed " + jobs + " Job(s) left by a harness process that is gone");
        }

        @Override
        public RunEngine runs(DockerClient client, Matrix matrix, SessionImages images, RunOptions options, Path out, RunListener listener) {
            return cluster.engine(client, matrix, images.refs(), options.runId(), out, listener::message);
        }

        @Override
        public EngineLease lease(DockerClient client, String image, Map<String, String> labels, List<Integer> cpus, RunOptions options,
                                 RunListener listener, SessionStop stop) {
            return null;
        }

        @Override
        public boolean ownsCpus() {
            return false;
        }

        @Override
        public void place(Matrix matrix, List<PlannedRun> plan, Dispatch.Context context, RunOptions options, RunListener listener, Measure measure)
                throws IOException {
            if (matrix.order() == Matrix.Order.DUET) { // --parallel is refused with it
                Cluster.DuetPlan seats = cluster.duetPlan(matrix);
                listener.message(seats.said());
                measure.runs(plan, new Dispatch.Together(context, Duets.of(plan, matrix.groups(), seats.seats(), Duets.chosen(matrix, seats.seats()))));
                return;
            }
            if (options.packing() == CpuSlots.Packing.OFF) {
                measure.runs(plan, Dispatch.of(context, CpuSlots.Packing.OFF));
                return;
            }
            int width = cluster.nodesForRuns();
            List<List<PlannedRun>> lanes = Lanes.of(matrix, plan);
            listener.message("--parallel on the cluster: " + lanes.size() + " comparison group(s), " + Math.min(width, lanes.size())
                    + " at once (its nodes that take measured pods: " + width + "), each group's runs one after another on one node");
            try {
                Lanes.measure(lanes, width, (runs, othersFailed) -> measure.runs(runs, new Dispatch.OneByOne(context, othersFailed)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** The cluster's API server: a run it stops answering for ends the session as the engine lost, with the resume. */
        @Override
        public EngineWatch.Ping ping(DockerClient client, RunMetadata.Engine engine) {
            return new EngineWatch.Ping(() -> EngineWatch.within5s(cluster::version), "the Kubernetes cluster at " + cluster.server(),
                    "start the cluster again (make k8s-up for this machine's)");
        }

        @Override
        public void close() {
            cluster.close();
        }
    }
}
