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
 * The one door a session has to the engine its runs are measured on, opened once from its options
 * ({@link #open}) and closed with it: the Docker engine's containers ({@link DockerSession}), or a
 * Kubernetes cluster's Jobs ({@link ClusterSession}, whose run images are built and JDKs probed on
 * the Docker engine all the same). The clients (Docker's, the cluster's) stay behind it: the session
 * asks, in the order it asks, what the machine is ({@link #describe}), what the engine refuses
 * ({@link #check}), what earlier sessions left on it ({@link #sweep}), for its run images
 * ({@link #images}) and the JDK in each ({@link #probe}), where it says the runs are measured
 * ({@link #measuredOn}), what runs them ({@link #runs}), whether it hands out and leases the
 * engine's CPUs ({@link #ownsCpus}, {@link #lease}), how the plan's runs are placed
 * ({@link #placing}), and how a run's watch asks whether it still answers ({@link #ping}).
 */
public sealed interface EngineSession extends AutoCloseable permits DockerSession, ClusterSession {

    /** The engine of a session's options: the cluster {@code cluster} names (null: none), else the Docker engine; the Docker engine is connected either way. */
    static EngineSession open(Cluster.Options cluster) {
        DockerSession docker = new DockerSession(Docker.connect());
        if (cluster == null) return docker;
        try {
            return new ClusterSession(docker, Cluster.connect(cluster));
        } catch (RuntimeException e) {
            docker.close();
            throw e;
        }
    }

    /** The Docker engine as typed values for run.json and the screen: it builds the run images (and probes the JDKs) on either engine. */
    RunMetadata.Engine describe();

    /** Refuses a matrix this engine cannot measure, before anything is built (on a cluster: an order duet no machine seats, a cell no node can take). */
    void check(Matrix matrix);

    /**
     * Removes what harness processes that are gone left on this engine, and an earlier session's
     * containers of the results folder {@code out}, and says how many: the Docker engine's containers, a cluster's Jobs too.
     */
    void sweep(Path out, Consumer<String> say);

    /** The run images on the Docker engine, as this engine's record of what it built keeps them ({@code rebuild}: built again whatever is cached). */
    Images images(boolean rebuild);

    /** What JDK the run image {@code image} of jdk {@code jdk} holds, asked once in a container locked down like a run's ({@code profiled}: its cells that profile). */
    JdkProbe probe(String image, String jdk, Map<String, String> labels, List<String> profiled);

    /** Where the runs are measured when it is not the Docker engine (said once, for the screen and run.json); null on the Docker engine. */
    MeasuredOn measuredOn();

    /** What makes each run, once the run images ({@code images}, by JDK name) are there: on a cluster, brought to it. */
    RunEngine runs(Matrix matrix, Map<String, ImageRef> images, String runId, Path out, Consumer<String> say);

    /**
     * Whether the session hands out this engine's CPUs itself (a duet's sides, --parallel's disjoint
     * sets, --engine-cpus) and leases them against another session; on a cluster the nodes' CPU
     * managers place the pods, and one measured pod a node keeps them apart.
     */
    boolean ownsCpus();

    /**
     * The engine's lease on the session's CPUs against another session's runs ({@code image}: what
     * its holder container runs), null where none is taken: when not {@code wanted} (--no-lease, said),
     * and on a cluster. Waits for another session's lease until {@code stop} says so.
     */
    EngineLease lease(String image, Map<String, String> labels, List<Integer> cpus, boolean wanted, Consumer<String> say, BooleanSupplier stop)
            throws InterruptedException;

    /**
     * How the plan's runs are placed on this engine ({@code sessionCpus}: the CPUs the session
     * measures on; {@code parallel}: --parallel asked): on the Docker engine one by one or side by side
     * as the options ask, or a comparison's runs together (duet); on a cluster one by one, each
     * comparison group a lane of its own on a node (--parallel), or a duet's sides begun at one
     * moment on one machine's nodes (order duet).
     */
    Placing placing(Matrix matrix, List<PlannedRun> plan, List<Integer> sessionCpus, boolean parallel, Consumer<String> say);

    /** The engine as the watch of a run asks it whether it still answers ({@code engine}: the Docker engine as the session recorded it). */
    EnginePing ping(RunMetadata.Engine engine);

    @Override
    void close();

    /** Where a cluster session measures: what it says of itself, and the cluster as typed values for run.json. */
    record MeasuredOn(String where, RunMetadata.KubernetesCluster cluster) {
        public MeasuredOn {
            Objects.requireNonNull(where, "where");
            Objects.requireNonNull(cluster, "cluster");
        }
    }

    /** How a session's runs are placed on its engine. */
    sealed interface Placing permits Placing.AsAsked, Placing.Together, Placing.Lanes {

        /** One by one, or side by side on disjoint CPUs under --parallel. */
        record AsAsked() implements Placing {}

        /** Each set of a duet plan's runs started at one moment, each run on CPUs (or seats) of its own. */
        record Together(List<Duets.Duet> duets) implements Placing {
            public Together {
                duets = List.copyOf(duets);
            }
        }

        /** Each comparison group a lane of its runs one by one, {@code width} lanes at once (a cluster's nodes that take measured pods). */
        record Lanes(int width) implements Placing {
            public Lanes {
                if (width < 1) throw new IllegalArgumentException("at least one lane at once, got " + width);
            }
        }
    }
}
