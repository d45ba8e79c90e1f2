package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.engine.Labels;
import dev.jdkmatrix.results.RawRow;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs on the real single-node cluster of make k8s-up (make test brings it up), beside other test
 * classes: each run a Job; http-fanout's peer inside its pod; a pod killed for memory is an oom row; a cell larger than any node, and
 * a cluster that does not answer, are refused before any run; a pod deleted mid-run and a cluster
 * lost mid-session end the session as they should. What needs the machine to itself (throttling)
 * is KubernetesCpuIT's.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@Order(1) // ItOrder: among the longest side-by-side classes
class KubernetesIT {

    /** make k8s-up's kubeconfig, or the one KUBECONFIG names. */
    static final Path KUBECONFIG = Path.of(System.getenv().getOrDefault("KUBECONFIG", "/var/lib/jdkmatrix-k8s/admin.kubeconfig"));

    @TempDir
    Path tmp;

    static ItSupport.Ran run(Path matrix, Path out, int expected, String... more) throws IOException {
        StringWriter err = new StringWriter();
        List<String> args = new ArrayList<>(List.of("--engine", "kubernetes", "--kubeconfig", KUBECONFIG.toString(), "--run-id", out.getFileName().toString()));
        args.addAll(List.of(more));
        int code = ItSupport.attempt(err, matrix, out, args.toArray(String[]::new));
        assertThat(code).as(err.toString()).isEqualTo(expected);
        return new ItSupport.Ran(Files.exists(out.resolve("raw.csv")) ? dev.jdkmatrix.results.format.RawCsv.read(out.resolve("raw.csv")) : List.of(),
                err.toString());
    }

    /**
     * Run images pushed to the registry make k8s-up runs on loopback, and pulled from it by the node,
     * a probe pod pulling each before any measured run. An image the node cannot get (imported into
     * a containerd that is not the node's: Docker's own) is refused at that probe, nothing measured.
     */
    @Test
    void runImagesPushedToARegistryArePulledByTheNodeAndOneItCannotGetIsRefused() throws Exception {
        Path m = TestMatrix.named("k8s-registry").axis("tasks", 1).axis("executor", "virtual").workloads("""
                - name: sleep
                  params: { wait-ms: 10 }
                """).write(tmp.resolve("registry.yaml"));
        ItSupport.Ran ran = run(m, tmp.resolve("pushed"), 0, "--registry", "127.0.0.1:5000/jdkmatrix-it");
        assertThat(ran.err()).containsPattern("image jdkmatrix/run-25:\\w+ pushed to 127\\.0\\.0\\.1:5000/jdkmatrix-it/run-25:\\w+")
                .containsPattern("image 127\\.0\\.0\\.1:5000/jdkmatrix-it/run-25:\\w+ \\(pushed to 127\\.0\\.0\\.1:5000/jdkmatrix-it\\) reached node 127\\.0\\.0\\.1");
        assertThat(ran.rows()).hasSize(1).allMatch(RawRow::ok, "ok");
        assertThat(dev.jdkmatrix.results.format.RunJson.read(tmp.resolve("pushed/run.json")).sessions().get(0).engine())
                .contains("run images pushed to 127.0.0.1:5000/jdkmatrix-it");

        // a jar of its own makes a run image no earlier run brought to the node
        Path jar = ItSupport.uniqueAppJar(tmp);
        Path unique = TestMatrix.named("k8s-elsewhere").axis("tasks", 1).axis("executor", "virtual").workloads("""
                - name: sort
                  kind: jar
                  jar: %s
                  args: [--size, '1000', --rounds, '1']
                """.formatted(jar)).write(tmp.resolve("elsewhere.yaml"));
        String dockers = "/run/docker/containerd/containerd.sock";
        try {
            ItSupport.Ran refused = run(unique, tmp.resolve("elsewhere"), ExitException.ENVIRONMENT, "--cluster-containerd", dockers);
            assertThat(refused.err()).contains("imported into the cluster", "a probe of the image jdkmatrix/run-25", "did not start: ErrImageNeverPull",
                    "fix: make the run image reach the cluster", "--registry").doesNotContain("Exception in");
            assertThat(refused.rows()).isEmpty();
        } finally {
            new ProcessBuilder("sh", "-c", "ctr -a " + dockers + " -n k8s.io images ls -q | grep jdkmatrix/run- | xargs -r ctr -a " + dockers
                    + " -n k8s.io images rm").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        }
    }

    /** The quick matrix (make quick's) on the cluster, one round of it: every cell's run ok. */
    @Test
    void theQuickMatrixRunsOnTheClusterEveryRowOk() throws IOException {
        String quick = Files.readString(ItSupport.PROJECT.resolve("harness/matrices/quick.yaml"));
        Path m = Files.writeString(tmp.resolve("quick.yaml"), quick.replace("repetitions: 3", "repetitions: 1")
                .replace("../../Dockerfile", ItSupport.PROJECT + "/Dockerfile"));
        ItSupport.Ran ran = run(m, tmp.resolve("quick"), 0);
        assertThat(ran.rows()).as(ran.err()).hasSize(12).allMatch(RawRow::ok, "ok");
        assertThat(ran.rows().stream().map(RawRow::cell).distinct()).hasSize(12);
        // the session kept its namespace's NetworkPolicy: no traffic in or out of the harness's pods
        try (io.fabric8.kubernetes.client.KubernetesClient k = client()) {
            var policy = k.network().v1().networkPolicies().inNamespace("default").withName("jdkmatrix-no-network").get();
            assertThat(policy).as("NetworkPolicy jdkmatrix-no-network in the session's namespace").isNotNull();
            assertThat(policy.getSpec().getPolicyTypes()).containsExactlyInAnyOrder("Ingress", "Egress");
            assertThat(policy.getSpec().getEgress()).isNullOrEmpty();
        }
    }

    /**
     * http-fanout's peer inside the run's pod, on its loopback (the pods have no network but that):
     * a quota cell's run fetches every feed from it. A cpuset cell's peer asks for a whole CPU of its
     * own, which this node (one allocatable CPU) does not have beside the cell's: refused before any run.
     */
    @Test
    void anHttpFanoutCellFetchesFromItsPeerInsideItsPod() throws IOException {
        String fanout = """
                - name: http-fanout
                  params: { min-ms: 20, max-ms: 40 }
                """;
        Path m = TestMatrix.named("k8s-fanout").axis("memory", "512m").axis("tasks", 20).axis("executor", "virtual").workloads(fanout).write(tmp.resolve("fanout.yaml"));
        ItSupport.Ran ran = run(m, tmp.resolve("fanout"), 0);
        assertThat(ran.rows()).as(ran.err()).hasSize(1).allMatch(RawRow::ok, "ok");
        assertThat(ran.rows().get(0).metrics()).as(ran.err()).containsEntry("feeds_fetched", 20.0);
        Path pinned = TestMatrix.named("k8s-fanout-pinned").axis("memory", "512m").axis("cpu-mode", "cpuset").axis("tasks", 20).axis("executor", "virtual")
                .workloads(fanout).write(tmp.resolve("fanout-pinned.yaml"));
        ItSupport.Ran refused = run(pinned, tmp.resolve("fanout-pinned"), ExitException.BAD_INPUT);
        assertThat(refused.err()).contains("and its peer (http-fanout's upstream stub, in the same pod) a whole CPU of its own", "or cpu-mode quota")
                .doesNotContain("\tat ");
        assertThat(refused.rows()).isEmpty();
    }

    /**
     * The cluster's own lease: two sessions at once, one of them with --parallel (its comparison
     * groups as lanes, one at once on this one node), never have two measured pods running at once
     * (half-CPU cells, so that only the anti-affinity keeps them apart, not the node's room); the pod
     * that waits says so, and every run of both is ok. The session with --parallel binds each group to the
     * node its first run took: the group's second pod asks for it by its hostname label.
     */
    @Test
    void twoSessionsAtOnceNeverRunTwoMeasuredPodsOnANode() throws Exception {
        Path m = TestMatrix.named("k8s-lanes").repetitions(1).axis("cpus", 0.5).axis("tasks", 1).axis("executor", "[virtual, \"fixed:2\"]")
                .option("compare-along", "[executor]").workloads("""
                - name: sleep
                  params: { wait-ms: [500, 1000] }
                """).write(tmp.resolve("lanes.yaml"));
        StringWriter errA = new StringWriter();
        StringWriter errB = new StringWriter();
        java.util.concurrent.atomic.AtomicInteger most = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicBoolean watching = new java.util.concurrent.atomic.AtomicBoolean(true);
        // session a's pods as created: where each asked to go
        java.util.Map<String, io.fabric8.kubernetes.api.model.PodSpec> placed = new java.util.concurrent.ConcurrentHashMap<>();
        try (io.fabric8.kubernetes.client.KubernetesClient k = client()) {
            Thread watch = new Thread(() -> {
                while (watching.get()) {
                    List<io.fabric8.kubernetes.api.model.Pod> pods = k.pods().inAnyNamespace().withLabel(Labels.ROLE, "run").list().getItems();
                    most.accumulateAndGet(running(pods).size(), Math::max);
                    for (var p : pods) if ("k8s-lanes-a".equals(p.getMetadata().getLabels().get(Labels.RUN))) placed.putIfAbsent(p.getMetadata().getName(), p.getSpec());
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            watch.start();
            var a = session(errA, m, tmp.resolve("lanes-a"), "--engine", "kubernetes", "--kubeconfig", KUBECONFIG.toString(), "--run-id", "k8s-lanes-a",
                    "--parallel", "auto");
            var b = session(errB, m, tmp.resolve("lanes-b"), "--engine", "kubernetes", "--kubeconfig", KUBECONFIG.toString(), "--run-id", "k8s-lanes-b");
            assertThat(a.get()).as(errA.toString()).isZero();
            assertThat(b.get()).as(errB.toString()).isZero();
            watching.set(false);
            watch.join();
        }
        assertThat(errA.toString()).contains("--parallel on the cluster: 2 comparison group(s), 1 at once (its nodes that take measured pods: 1)");
        assertThat(errA.toString() + errB).contains("waits for a node to be free", "anti-affinity");
        assertThat(most.get()).as("measured pods running at once on the one node").isEqualTo(1);
        for (String s : List.of("lanes-a", "lanes-b")) {
            assertThat(dev.jdkmatrix.results.format.RawCsv.read(tmp.resolve(s).resolve("raw.csv"))).hasSize(4).allMatch(RawRow::ok, "ok");
        }
        // a group's second run asked for the node its first took; the second group's first run preferred another node (there is none here)
        assertThat(placed).as("session a's measured pods, seen by the poll").hasSize(4);
        assertThat(placed.values().stream().filter(p -> java.util.Map.of("kubernetes.io/hostname", "127.0.0.1").equals(p.getNodeSelector())))
                .as("bound to their group's node").hasSize(2);
        List<io.fabric8.kubernetes.api.model.PodSpec> first = placed.values().stream().filter(p -> p.getNodeSelector() == null || p.getNodeSelector().isEmpty())
                .toList();
        assertThat(first).as("a group's first run").hasSize(2);
        assertThat(first.stream().filter(p -> p.getAffinity().getNodeAffinity() != null)).as("the second group's first run").singleElement()
                .satisfies(p -> assertThat(p.getAffinity().getNodeAffinity().getPreferredDuringSchedulingIgnoredDuringExecution().get(0)
                        .getPreference().getMatchExpressions().get(0).getValues()).containsExactly("127.0.0.1"));
    }

    /** The matrix's own engine: kubernetes, no --engine given. */
    @Test
    void aPodKilledForItsMemoryIsAnOomRow() throws IOException {
        Path m = TestMatrix.named("k8s-oom").option("engine", "kubernetes").axis("tasks", 1).axis("executor", "virtual").workloads("""
                - name: fault
                  jvm-args: [-Xmx1g]
                  params: { mode: oom }
                """).write(tmp.resolve("oom.yaml"));
        StringWriter err = new StringWriter();
        int code = ItSupport.attempt(err, m, tmp.resolve("oom"), "--kubeconfig", KUBECONFIG.toString());
        assertThat(code).as(err.toString()).isEqualTo(ExitException.RUNS_FAILED);
        assertThat(err.toString()).contains("Kubernetes v1.34");
        List<RawRow> rows = dev.jdkmatrix.results.format.RawCsv.read(tmp.resolve("oom/raw.csv"));
        assertThat(rows).as(err.toString()).hasSize(1);
        assertThat(rows.get(0).status()).as(rows.get(0).statusDetail()).isEqualTo("oom");
    }

    @Test
    void aCellLargerThanAnyNodeAndAClusterThatDoesNotAnswerAreRefusedBeforeAnyRun() throws IOException {
        Path big = TestMatrix.named("k8s-big").axis("memory", "4t").axis("tasks", 1).axis("executor", "virtual").workloads("sleep").write(tmp.resolve("big.yaml"));
        ItSupport.Ran ran = run(big, tmp.resolve("big"), ExitException.BAD_INPUT);
        assertThat(ran.err()).contains("and 4t, more than any of the 1 node(s) taking the session's pods can give", "fix:").doesNotContain("\tat ");
        assertThat(ran.rows()).isEmpty();
        Path gone = Files.writeString(tmp.resolve("gone.kubeconfig"), Files.readString(KUBECONFIG).replace("https://127.0.0.1:6443", "https://127.0.0.1:1"));
        StringWriter err = new StringWriter();
        Path m = TestMatrix.named("k8s-gone").axis("tasks", 1).axis("executor", "virtual").workloads("sleep").write(tmp.resolve("gone.yaml"));
        int code = ItSupport.attempt(err, m, tmp.resolve("gone"), "--engine", "kubernetes", "--kubeconfig", gone.toString());
        assertThat(code).as(err.toString()).isEqualTo(ExitException.ENVIRONMENT);
        assertThat(err.toString()).contains("does not answer", "make k8s-up").doesNotContain("\tat ");
    }

    /** Of {@code pods}, those with a container running. */
    static List<io.fabric8.kubernetes.api.model.Pod> running(List<io.fabric8.kubernetes.api.model.Pod> pods) {
        return pods.stream().filter(p -> p.getStatus() != null && p.getStatus().getContainerStatuses() != null && p.getStatus().getContainerStatuses().stream()
                .anyMatch(c -> c.getState() != null && c.getState().getRunning() != null)).toList();
    }

    static io.fabric8.kubernetes.client.KubernetesClient client() throws IOException {
        return new io.fabric8.kubernetes.client.KubernetesClientBuilder()
                .withConfig(io.fabric8.kubernetes.client.Config.fromKubeconfig(null, Files.readString(KUBECONFIG), KUBECONFIG.toString())).build();
    }

    /** Waits until a pod of run {@code runId} runs; returns its name. */
    static String runningPod(io.fabric8.kubernetes.client.KubernetesClient k, String runId) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            for (io.fabric8.kubernetes.api.model.Pod p : k.pods().inNamespace("default").withLabel(Labels.RUN, runId).list().getItems()) {
                // a measured run's pod, not a probe's (an image's, pinned CPUs')
                if ("Running".equals(p.getStatus().getPhase()) && !"probe".equals(p.getMetadata().getLabels().get(Labels.ROLE))) return p.getMetadata().getName();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no pod of run " + runId + " ran within 60 s");
    }

    /** A session of {@code args} on a thread of its own: its exit code, and what it printed into {@code err}. */
    static java.util.concurrent.CompletableFuture<Integer> session(StringWriter err, Path matrix, Path out, String... args) {
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> ItSupport.attempt(err, matrix, out, args));
    }

    @Test
    void aPodDeletedMidRunEndsTheSessionWithTheRunsStoredAndAResumeFinishesIt() throws Exception {
        Path m = TestMatrix.named("k8s-deleted").repetitions(2).axis("tasks", 1).axis("executor", "virtual").workloads("""
                - name: sleep
                  params: { wait-ms: 6000 }
                """).write(tmp.resolve("deleted.yaml"));
        Path out = tmp.resolve("deleted");
        String[] args = {"--engine", "kubernetes", "--kubeconfig", KUBECONFIG.toString(), "--run-id", "k8s-deleted"};
        StringWriter err = new StringWriter();
        try (io.fabric8.kubernetes.client.KubernetesClient k = client()) {
            var session = session(err, m, out, args);
            String pod = runningPod(k, "k8s-deleted");
            k.pods().inNamespace("default").withName(pod).delete();
            assertThat(session.get()).as(err.toString()).isEqualTo(ExitException.ENGINE_LOST);
        }
        assertThat(err.toString()).contains("was deleted while it ran", "--resume").doesNotContain("\tat ");
        assertThat(dev.jdkmatrix.results.format.RawCsv.read(out.resolve("raw.csv"))).as("the run in flight is not stored").isEmpty();
        StringWriter resumed = new StringWriter();
        int code = ItSupport.attempt(resumed, m, out, "--engine", "kubernetes", "--kubeconfig", KUBECONFIG.toString(), "--resume", out.toString());
        assertThat(code).as(resumed.toString()).isZero();
        assertThat(dev.jdkmatrix.results.format.RawCsv.read(out.resolve("raw.csv"))).hasSize(2).allMatch(RawRow::ok, "ok");
    }

    @Test
    void aClusterThatStopsAnsweringMidSessionIsOneMessageAndExit3() throws Exception {
        Path m = TestMatrix.named("k8s-lost").repetitions(2).axis("tasks", 1).axis("executor", "virtual").workloads("""
                - name: sleep
                  params: { wait-ms: 4000 }
                """).write(tmp.resolve("lost.yaml"));
        StringWriter err = new StringWriter();
        try (Forward forward = new Forward(6443); io.fabric8.kubernetes.client.KubernetesClient k = client()) {
            Path config = Files.writeString(tmp.resolve("forwarded.kubeconfig"),
                    Files.readString(KUBECONFIG).replace("https://127.0.0.1:6443", "https://127.0.0.1:" + forward.port()));
            var session = session(err, m, tmp.resolve("lost"), "--engine", "kubernetes", "--kubeconfig", config.toString(), "--run-id", "k8s-lost");
            runningPod(k, "k8s-lost");
            forward.close(); // the API server, as the session sees it, is gone
            assertThat(session.get()).as(err.toString()).isEqualTo(ExitException.ENVIRONMENT);
            // the session could not delete its Job: this test does
            k.batch().v1().jobs().inNamespace("default").withLabel(Labels.RUN, "k8s-lost").withGracePeriod(0).delete();
        }
        assertThat(err.toString()).contains("the Kubernetes cluster stopped answering", "--resume").doesNotContain("\tat ");
    }

    /** A TCP forwarder to a port of this machine that the test can take away. */
    static final class Forward implements AutoCloseable {
        private final java.net.ServerSocket server = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        private final java.util.Set<java.net.Socket> open = java.util.concurrent.ConcurrentHashMap.newKeySet();

        Forward(int target) throws IOException {
            Thread.ofVirtual().start(() -> {
                while (!server.isClosed()) {
                    try {
                        java.net.Socket in = server.accept();
                        java.net.Socket to = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), target);
                        open.add(in);
                        open.add(to);
                        pipe(in, to);
                        pipe(to, in);
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        int port() {
            return server.getLocalPort();
        }

        private void pipe(java.net.Socket from, java.net.Socket to) {
            Thread.ofVirtual().start(() -> {
                try {
                    from.getInputStream().transferTo(to.getOutputStream());
                } catch (IOException e) {
                    // closed
                }
            });
        }

        @Override
        public void close() throws IOException {
            server.close();
            for (java.net.Socket s : open) s.close();
        }
    }
}
