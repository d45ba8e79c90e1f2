package dev.jdkmatrix.engine;

import com.github.dockerjava.api.DockerClient;
import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.model.NodePool;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A session's Kubernetes cluster (run {@code --engine kubernetes}): found as kubectl finds it
 * (KUBECONFIG, ~/.kube/config, {@code --context}), checked before any run (it answers; some node
 * has the CPUs and memory of every cell's pod, its peer's too), its Jobs of harness
 * sessions that are gone swept, and the run images brought to it ({@link ImageDelivery}: imported
 * into the containerd of the cluster {@code make k8s-up} runs here, or pushed to a registry), each
 * pulled once by a probe pod before any measured run.
 */
public record Cluster(KubernetesClient client, String namespace, String server, ImageDelivery images, NodePool pool) implements AutoCloseable {

    /**
     * The options of a session on a cluster: the kubeconfig (null: found as kubectl finds it), its
     * context (null: its current one), the namespace, how the run images reach its nodes (an import
     * with no socket: make k8s-up's containerd), the nodes that take its pods (null: any).
     */
    public record Options(Path kubeconfig, String context, String namespace, ImageDelivery images, NodePool pool) {
        public Options {
            namespace = namespace == null || namespace.isBlank() ? "default" : namespace;
            if (images == null) images = new ImageDelivery.Import(null);
            if (pool == null) pool = NodePool.ANY;
        }
    }

    /** The kubeconfig make k8s-up writes for its cluster (harness/scripts/k8s: K8S_HOME's admin.kubeconfig). */
    static final Path K8S_UP_KUBECONFIG = Path.of("/var/lib/jdkmatrix-k8s/admin.kubeconfig");

    /**
     * The fix for a cluster that does not answer: where make k8s-up's cluster is up and this session
     * did not name its kubeconfig, that kubeconfig (the one it fell back to reaches another server);
     * else start the cluster or name another.
     */
    static String unansweredFix(Options options, boolean k8sUpKubeconfig, String kubeconfigVariable) {
        if (k8sUpKubeconfig && options.kubeconfig() == null && kubeconfigVariable == null) {
            return "make k8s-up's cluster is reached through its own kubeconfig: export KUBECONFIG=" + K8S_UP_KUBECONFIG + " (or --kubeconfig "
                    + K8S_UP_KUBECONFIG + "); this session took the default one (~/.kube/config, or the pod's service account)";
        }
        return "start it (make k8s-up for this machine's), or name another in KUBECONFIG or --context";
    }

    /** Connects and checks that the cluster answers: exit 3 with one line and the fix where it does not. */
    public static Cluster connect(Options options) {
        Config config;
        try {
            config = options.kubeconfig() == null ? Config.autoConfigure(options.context())
                    : Config.fromKubeconfig(options.context(), Files.readString(options.kubeconfig()), options.kubeconfig().toString());
        } catch (IOException | RuntimeException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "no kubeconfig to reach a Kubernetes cluster (" + e.getMessage() + ")"
                    + "\n  fix: make k8s-up and export KUBECONFIG=" + K8S_UP_KUBECONFIG + ", or name yours in KUBECONFIG");
        }
        config.setRequestTimeout(15_000);
        config.setConnectionTimeout(10_000);
        // a cluster that stops answering ends the session within seconds, not after the client's default ten retries
        config.setRequestRetryBackoffLimit(2);
        config.setRequestRetryBackoffInterval(500);
        KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build();
        try {
            client.getKubernetesVersion();
            client.nodes().list();
        } catch (KubernetesClientException e) {
            client.close();
            throw new ExitException(ExitException.ENVIRONMENT, "the Kubernetes cluster at " + config.getMasterUrl() + " does not answer: "
                    + Docker.rootMessage(e) + "\n  fix: " + unansweredFix(options, Files.isRegularFile(K8S_UP_KUBECONFIG), System.getenv("KUBECONFIG")));
        }
        return new Cluster(client, options.namespace(), config.getMasterUrl(), options.images(), options.pool());
    }

    /** The cluster's version, asked of its API server: a call that throws where the cluster does not answer. */
    public String version() {
        return client.getKubernetesVersion().getGitVersion();
    }

    /** Closes the client (its connections and threads): the session is over. */
    @Override
    public void close() {
        client.close();
    }

    /** The cluster as run.json records it, as typed values (its version, API server, node pool): a history keeps a cluster's nights apart by it. */
    public dev.jdkmatrix.results.RunMetadata.KubernetesCluster record() {
        return new dev.jdkmatrix.results.RunMetadata.KubernetesCluster(version(), server, pool.describe());
    }

    /** What the cluster says of itself for the screen and run.json's sentence of the session's engine, {@code recorded} being {@link #record()}. */
    public String describe(dev.jdkmatrix.results.RunMetadata.KubernetesCluster recorded) {
        List<Node> all = client.nodes().list().getItems();
        long taking = all.stream().filter(n -> Placement.refuses(pool, n).isEmpty()).count();
        return "Kubernetes " + recorded.version() + " at " + server + ", namespace " + namespace + ", "
                + all.size() + " node(s), " + taking + " of them taking its pods" + (pool.describe().isEmpty() ? "" : " (" + pool.describe() + ")")
                + ", run images " + images.describe();
    }

    /**
     * The nodes that take the session's measured pods: Ready, not cordoned, and of its node pool (its
     * node labels, taints it tolerates). None is refused before any run, naming each node and why.
     */
    List<Node> nodes() {
        List<Node> all = client.nodes().list().getItems();
        List<Node> taking = all.stream().filter(n -> Placement.refuses(pool, n).isEmpty()).toList();
        if (taking.isEmpty()) {
            List<String> why = new ArrayList<>();
            for (Node n : all) why.add(n.getMetadata().getName() + ": " + Placement.refuses(pool, n).orElseThrow());
            throw noNodeTakes(all.size(), pool, why);
        }
        return taking;
    }

    /**
     * The refusal of a session no node of the cluster takes, each node with {@code why}; the fix a node still tainted
     * not-ready (or unreachable) wants, waiting or a cluster brought up again, where one is, else the node pool's options.
     */
    static ExitException noNodeTakes(int nodes, NodePool pool, List<String> why) {
        boolean starting = why.stream().anyMatch(w -> w.contains("node.kubernetes.io/not-ready") || w.contains("node.kubernetes.io/unreachable"));
        return new ExitException(ExitException.BAD_INPUT, "none of the cluster's " + nodes + " node(s) takes the session's pods"
                + (pool.describe().isEmpty() ? "" : " (" + pool.describe() + ")") + ": " + (why.isEmpty() ? "it has none" : String.join("; ", why))
                + "\n  fix: " + (starting
                ? "a node still tainted not-ready (or unreachable) is starting or its kubelet stopped: wait for it (kubectl get nodes), or bring the cluster up again (make k8s-up), then run again"
                : "name the nodes' label with --node-selector and their taint with --toleration (kubectl describe nodes), or uncordon a node"));
    }

    /**
     * Refuses, before anything is built: {@code order: duet} where no machine of the session's nodes
     * seats its sides ({@link DuetSeats#refusal}), and cells whose pod no node of the session's can
     * take (more CPUs or memory than any has, its peer's counted).
     */
    public void check(Matrix matrix) {
        List<Node> nodes = nodesOrRefuse();
        if (matrix.order() == Matrix.Order.DUET) {
            String why = DuetSeats.refusal(matrix, DuetSeats.of(nodes), nodes);
            if (why != null) throw new ExitException(ExitException.BAD_INPUT, matrix.file() + ": order duet on the cluster: " + why);
        }
        for (Cell c : matrix.cells()) {
            boolean fits = nodes.stream().anyMatch(n -> fits(n, c));
            if (!fits) {
                String peer = !UpstreamStub.needed(c) ? "" : ", and its peer (http-fanout's upstream stub, in the same pod) "
                        + (c.cpuMode() == dev.jdkmatrix.model.CpuMode.CPUSET ? "a whole CPU of its own" : "a millicore") + " and "
                        + UpstreamStub.MEMORY_BYTES / (1 << 20) + "m";
                throw new ExitException(ExitException.BAD_INPUT, matrix.file() + ": cell '" + c.id() + "' asks for " + c.cpus().text() + " CPU(s) and "
                        + c.memory().text() + peer + ", more than any of the " + nodes.size() + " node(s) taking the session's pods can give (" + allocatable(nodes) + ")"
                        + "\n  fix: use fewer CPUs or less memory in the cell" + (peer.isEmpty() ? "" : " (or cpu-mode quota: its peer then asks for a millicore)")
                        + ", or add a node that has them");
            }
        }
    }

    private static double allocatableCpus(Node n) {
        Map<String, Quantity> a = n.getStatus() == null ? null : n.getStatus().getAllocatable();
        return a == null || a.get("cpu") == null ? 0 : a.get("cpu").getNumericalAmount().doubleValue();
    }

    private static boolean fits(Node n, Cell c) {
        Map<String, Quantity> a = n.getStatus() == null ? null : n.getStatus().getAllocatable();
        if (a == null || a.get("cpu") == null || a.get("memory") == null) return false;
        return allocatableCpus(n) * 1000 >= KubernetesJobs.podMillicores(c) - 1e-6
                && a.get("memory").getNumericalAmount().longValue() >= KubernetesJobs.podMemory(c);
    }

    private static String allocatable(List<Node> nodes) {
        List<String> out = new ArrayList<>();
        for (Node n : nodes) {
            Map<String, Quantity> a = n.getStatus() == null ? Map.of() : n.getStatus().getAllocatable();
            out.add(n.getMetadata().getName() + ": " + a.get("cpu") + " CPU(s), " + a.get("memory"));
        }
        return String.join("; ", out);
    }

    /**
     * For each count of whole CPUs the matrix's {@code cpu-mode: cpuset} cells ask for, a Guaranteed
     * pod of that many CPUs on each of the session's nodes that has them reads inside itself whether
     * the node gave it CPUs of its own; where one did not, the session is refused before any measured
     * run, naming the node. (A node with fewer CPUs takes no such cell: its probe would wait for ever.)
     */
    void checkPinned(Matrix matrix, KubernetesRunner runner, String image, List<Node> nodes, Consumer<String> say) {
        java.util.SortedSet<Integer> counts = new java.util.TreeSet<>();
        for (Cell c : matrix.cells()) if (c.cpuMode() == dev.jdkmatrix.model.CpuMode.CPUSET) counts.add((int) c.cpus().value());
        for (int n : counts) {
            List<String> room = nodes.stream().filter(node -> allocatableCpus(node) >= n).map(node -> node.getMetadata().getName()).toList();
            for (KubernetesRunner.Pinned p : eachNode(room, node -> runner.pinned(image, n, node))) {
                if (!p.exclusive()) {
                    throw new ExitException(ExitException.BAD_INPUT, matrix.file() + ": cpu-mode cpuset cells need CPUs of their own, and node " + p.node()
                            + " gave a Guaranteed pod of " + n + " CPU(s) no such thing (inside it: " + p.seen() + ")"
                            + "\n  fix: run the node's kubelet with the static CPU manager (cpuManagerPolicy: static, docs/kubernetes.md), keep the session off "
                            + "that node (--node-selector), or use cpu-mode quota");
                }
                say.accept("node " + p.node() + " gives a pod of " + n + " whole CPU(s) CPUs of its own (" + p.seen() + ")");
            }
        }
    }

    /**
     * {@code probe} of each node, eight nodes at once at most (a probe mostly waits for its pod), in
     * the nodes' order; the first failure, in that order, is thrown. Waited for as run.Lanes waits:
     * CompletableFuture's get lets a fork-join caller's pool make up for the blocked thread.
     */
    static <T> List<T> eachNode(List<String> nodes, java.util.function.Function<String, T> probe) {
        if (nodes.size() <= 1) return nodes.stream().map(probe).toList();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(Math.min(8, nodes.size()));
        try {
            List<java.util.concurrent.CompletableFuture<T>> futures = new ArrayList<>();
            for (String node : nodes) futures.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> probe.apply(node), pool));
            List<T> out = new ArrayList<>();
            for (java.util.concurrent.CompletableFuture<T> f : futures) {
                try {
                    out.add(f.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException r) throw r;
                    throw new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while probing the cluster's nodes", e);
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The engine of a session's runs on this cluster: the run images brought to it and each pulled
     * by a pod (an image the cluster cannot pull is refused here, before any measured run), and for
     * cpuset cells a probe that its node gives a pod CPUs of its own. The Docker engine's lease is
     * not taken: the cluster keeps the measured pods apart, one a node ({@link KubernetesJobs}),
     * whether a session makes one run at a time or runs its groups side by side ({@code --parallel}).
     */
    public RunEngine engine(DockerClient docker, Matrix matrix, Map<String, ImageRef> images, String runId, Path out, Consumer<String> say) {
        try {
            return prepare(docker, matrix, images, runId, out, say);
        } catch (KubernetesClientException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "the Kubernetes cluster at " + server + " failed a call while the session prepared its runs, "
                    + "before any measured run: " + Docker.rootMessage(e) + "\n  fix: check the cluster (kubectl get nodes, kubectl get events), then run again", e);
        }
    }

    private RunEngine prepare(DockerClient docker, Matrix matrix, Map<String, ImageRef> images, String runId, Path out, Consumer<String> say) {
        Map<String, String> brought = new java.util.concurrent.ConcurrentHashMap<>();
        // a run image built again mid-run (removed under the session) is brought when its first run needs it
        java.util.function.UnaryOperator<String> toCluster = ref -> brought.computeIfAbsent(ref, r -> this.images.bring(docker, r, say));
        Map<String, Integer> groupOf = new java.util.HashMap<>();
        for (dev.jdkmatrix.matrix.Group g : matrix.groups()) for (Cell c : g.cells()) groupOf.put(c.id(), g.number());
        List<Node> taking = nodes();
        DuetSeats seats = matrix.order() == Matrix.Order.DUET ? DuetSeats.of(taking) : null;
        KubernetesRunner runner = new KubernetesRunner(client, KubernetesJobs.of(namespace, this.images.pullPolicy(), runId, out, pool), toCluster, groupOf, say,
                seats);
        // every node of the session's pulls every image: a run can land on any of them
        List<String> nodes = taking.stream().map(n -> n.getMetadata().getName()).toList();
        for (ImageRef ref : images.values()) {
            long t0 = System.nanoTime();
            String reference = toCluster.apply(ref.reference());
            List<String> reached = eachNode(nodes, node -> runner.pulled(ref.reference(), node));
            say.accept(String.format(java.util.Locale.ROOT, "image %s (%s) reached node%s %s in %.1f s", reference, this.images.describe(),
                    reached.size() == 1 ? "" : "s", String.join(", ", reached), (System.nanoTime() - t0) / 1e9));
        }
        checkPinned(matrix, runner, images.values().iterator().next().reference(), taking, say);
        return runner;
    }

    /**
     * The seats of a duet plan on this cluster (the machine's whole CPUs that pods get, as
     * {@link dev.jdkmatrix.matrix.Duets} shares a host's out), and what the session says of them.
     */
    public record DuetPlan(List<Integer> seats, String said) {}

    /** {@link DuetPlan} of {@code matrix} on the session's nodes (checked to seat it: {@link #check}). */
    public DuetPlan duetPlan(Matrix matrix) {
        DuetSeats seats = DuetSeats.of(nodesOrRefuse());
        if (seats == null) throw new IllegalStateException("a duet plan on a cluster no node of which has a whole CPU: check(matrix) refuses it first");
        List<String> where = new ArrayList<>();
        for (int i = 0; i < seats.seats().size(); i++) where.add(i + " on node " + seats.seats().get(i));
        return new DuetPlan(seats.indices(), "order duet on the cluster: the machine " + seats.machine() + " (" + seats.describe() + ") seats the sides, each pod on "
                + "whole CPUs of its own given by its node, the sides of a set begun at one moment (seats " + String.join(", ", where) + "); "
                + dev.jdkmatrix.matrix.Duets.describe(matrix, seats.indices(), "seat"));
    }

    /**
     * The nodes that take measured pods ({@link #nodes}). As many runs go side by side under
     * {@code --parallel} (one measured pod a node, {@link KubernetesJobs}).
     */
    public int nodesForRuns() {
        return nodesOrRefuse().size();
    }

    /** {@link #nodes}, a failed call refusing the session before any measured run. */
    private List<Node> nodesOrRefuse() {
        try {
            return nodes();
        } catch (KubernetesClientException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "the Kubernetes cluster at " + server + " failed a call (its nodes) before any measured run: "
                    + Docker.rootMessage(e) + "\n  fix: check the cluster (kubectl get nodes), then run again", e);
        }
    }

    /**
     * Keeps the session's namespace's NetworkPolicy ({@link KubernetesJobs#noNetwork}: no traffic in or out of the harness's pods),
     * created or updated. A cluster that refuses it (the session's account may not write networkpolicies) refuses the session before any run.
     */
    public void denyNetwork() {
        try {
            client.resource(KubernetesJobs.noNetwork(namespace)).createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
        } catch (KubernetesClientException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "the Kubernetes cluster at " + server + " refused the NetworkPolicy " + KubernetesJobs.NO_NETWORK
                    + " in namespace " + namespace + " (no network in or out of the harness's pods) before any measured run: " + Docker.rootMessage(e)
                    + "\n  fix: let the session's account create and update networkpolicies in " + namespace + " (docs/kubernetes.md, its Role), then run again", e);
        }
    }

    /** Deletes the Jobs of harness processes on this host that are gone; returns how many. A failed call refuses the session, before any run. */
    public int sweep() {
        try {
            return sweepGone();
        } catch (KubernetesClientException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "the Kubernetes cluster at " + server + " failed a call (its Jobs) before any measured run: "
                    + Docker.rootMessage(e) + "\n  fix: check the cluster (kubectl get jobs -n " + namespace + "), then run again", e);
        }
    }

    private int sweepGone() {
        int n = 0;
        for (Job j : client.batch().v1().jobs().inNamespace(namespace).withLabel(KubernetesJobs.MANAGED, "jdkmatrix").list().getItems()) {
            Map<String, String> l = j.getMetadata().getLabels();
            if (!KubernetesJobs.labelValue(Environment.hostname()).equals(l.get(Labels.HOST))) continue;
            long pid;
            try {
                pid = Long.parseLong(l.getOrDefault(Labels.PID, "-1"));
            } catch (NumberFormatException e) {
                pid = -1;
            }
            if (pid == ProcessHandle.current().pid() || ContainerRunner.alive(pid)) continue;
            client.batch().v1().jobs().inNamespace(namespace).withName(j.getMetadata().getName())
                    .withPropagationPolicy(io.fabric8.kubernetes.api.model.DeletionPropagation.BACKGROUND).withGracePeriod(0).delete();
            n++;
        }
        return n;
    }
}
