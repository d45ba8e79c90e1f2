package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.engine.Labels;
import dev.jdkmatrix.results.RawRow;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On make k8s-up's cluster with its second node (make test brings it up: K8S_NODES=2), tainted
 * dev.jdkmatrix/pool=second:NoSchedule as a benchmark pool's nodes are: a session that tolerates
 * the taint spreads its comparison groups over both nodes and runs them side by side, each group on
 * one node, never two measured pods on a node; each node gives a pinned cell a CPU of its own, the
 * two nodes different CPUs. A session that names a label no node has is refused before any run. A
 * duet's two sides sit on the two nodes, one machine's (the same boot id), begun at one moment, and
 * a duet no machine seats is refused before any run.
 * Alone on the machine: another class's sessions on node 1 would hold its lane back, and the two
 * lanes' overlap is what this shows.
 */
@Tag(ItSupport.ALONE)
class KubernetesNodesIT {

    static final String SECOND = "127.0.0.2";
    static final String POOL = "dev.jdkmatrix/pool=second";

    @TempDir
    Path tmp;

    @BeforeAll
    static void theSecondNodeIsUp() throws IOException {
        try (KubernetesClient k = KubernetesIT.client()) {
            Node n = k.nodes().withName(SECOND).get();
            assertThat(n).as("node " + SECOND + ": make test brings it up (K8S_NODES=2 make k8s-up)").isNotNull();
            assertThat(n.getSpec().getTaints()).as("node " + SECOND + "'s taint").anyMatch(t -> POOL.equals(t.getKey() + "=" + t.getValue()));
        }
    }

    @Test
    void groupsSpreadOverTheNodesSideBySideEachOnOneNode() throws Exception {
        Path m = TestMatrix.named("k8s-nodes").repetitions(1).axis("cpu-mode", "cpuset").axis("tasks", 1).axis("executor", "[virtual, \"fixed:2\"]")
                .option("compare-along", "[executor]").workloads("""
                - name: sleep
                  params: { wait-ms: [1500, 1600] }
                """).write(tmp.resolve("nodes.yaml"));
        Map<String, String> nodeOf = new ConcurrentHashMap<>();
        AtomicInteger mostOnANode = new AtomicInteger();
        AtomicInteger mostOfTheSession = new AtomicInteger();
        AtomicBoolean watching = new AtomicBoolean(true);
        ItSupport.Ran ran;
        try (KubernetesClient k = KubernetesIT.client()) {
            Thread watch = new Thread(() -> {
                while (watching.get()) {
                    List<Pod> running = KubernetesIT.running(k.pods().inAnyNamespace().withLabel(Labels.ROLE, "run").list().getItems());
                    Map<String, Long> perNode = running.stream().collect(Collectors.groupingBy(p -> p.getSpec().getNodeName(), Collectors.counting()));
                    mostOnANode.accumulateAndGet(perNode.values().stream().mapToInt(Long::intValue).max().orElse(0), Math::max);
                    List<Pod> ours = running.stream().filter(p -> "k8s-nodes".equals(p.getMetadata().getLabels().get(Labels.RUN))).toList();
                    mostOfTheSession.accumulateAndGet(ours.size(), Math::max);
                    for (Pod p : ours) nodeOf.put(p.getMetadata().getName(), p.getSpec().getNodeName());
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            watch.start();
            try {
                ran = KubernetesIT.run(m, tmp.resolve("k8s-nodes"), 0, "--parallel", "auto", "--toleration", POOL + ":NoSchedule",
                        "--registry", "127.0.0.1:5000/jdkmatrix-it");
            } finally {
                watching.set(false);
                watch.join();
            }
        }
        assertThat(ran.err()).contains("--parallel on the cluster: 2 comparison group(s), 2 at once (its nodes that take measured pods: 2)",
                "2 node(s), 2 of them taking its pods (tolerating " + POOL + ":NoSchedule)")
                .containsPattern("image 127\\.0\\.0\\.1:5000/jdkmatrix-it/run-25:\\w+ \\(pushed to [^)]*\\) reached nodes 127\\.0\\.0\\.1, 127\\.0\\.0\\.2")
                // node 1 reserves CPU 0 and hands out 1; node 2 the other way round: the two lanes never share a CPU
                .contains("node 127.0.0.1 gives a pod of 1 whole CPU(s) CPUs of its own (cpuset=1 ", "node 127.0.0.2 gives a pod of 1 whole CPU(s) CPUs of its own (cpuset=0 ");
        assertThat(ran.rows()).hasSize(4).allMatch(RawRow::ok, "ok");
        // raw.csv names each run's node: a group's runs on one, the two groups on the two nodes
        Map<String, Set<String>> nodesOfGroup = new HashMap<>();
        for (RawRow r : ran.rows()) nodesOfGroup.computeIfAbsent(r.key().params().toString(), g -> new java.util.TreeSet<>()).add(r.column("node"));
        assertThat(nodesOfGroup).as("each group's nodes, from raw.csv").hasSize(2).allSatisfy((g, nodes) -> assertThat(nodes).hasSize(1));
        assertThat(nodesOfGroup.values().stream().flatMap(Set::stream)).containsExactlyInAnyOrder("127.0.0.1", SECOND);
        assertThat(Set.copyOf(nodeOf.values())).as("the session's pods as the poll saw them run").containsExactlyInAnyOrder("127.0.0.1", SECOND);
        assertThat(mostOfTheSession.get()).as("the session's measured pods running at once: its two lanes side by side").isEqualTo(2);
        assertThat(mostOnANode.get()).as("measured pods running at once on one node, of any session").isEqualTo(1);
    }

    @Test
    void aSessionWhoseNodesNoneIsIsRefusedBeforeAnyRunNamingEachNode() throws IOException {
        Path m = TestMatrix.named("k8s-no-node").axis("tasks", 1).axis("executor", "virtual").workloads("""
                - name: sleep
                  params: { wait-ms: 10 }
                """).write(tmp.resolve("none.yaml"));
        ItSupport.Ran refused = KubernetesIT.run(m, tmp.resolve("none"), ExitException.BAD_INPUT, "--node-selector", POOL);
        assertThat(refused.err()).contains("none of the cluster's 2 node(s) takes the session's pods (node label " + POOL + ")",
                "127.0.0.1: no label " + POOL, SECOND + ": its taint " + POOL + ":NoSchedule not tolerated", "fix: name the nodes' label with --node-selector")
                .doesNotContain("\tat ");
        assertThat(refused.rows()).isEmpty();
    }

    /**
     * Order duet on the machine's two nodes (the same boot id): each round's pair begins at one
     * moment, each side on its node's CPU of its own (node 1 hands out CPU 1, node 2 CPU 0), which
     * side has which node turned from round 1 to round 2; raw.csv reads them as pairs, the two runs
     * of a round overlapping (a JVM and 0.4 s of sleep each, begun within a second of each other).
     */
    @Test
    void aDuetsSidesBeginTogetherOnTheMachinesTwoNodesTurnByTurn() throws IOException {
        Path m = TestMatrix.named("k8s-duet").repetitions(2).axis("cpu-mode", "cpuset").axis("tasks", 1).axis("executor", "[virtual, \"fixed:2\"]")
                .option("compare-along", "[executor]").option("order", "duet").workloads("""
                - name: sleep
                  params: { wait-ms: 400 }
                """).write(tmp.resolve("duet.yaml"));
        ItSupport.Ran ran = KubernetesIT.run(m, tmp.resolve("k8s-duet"), 0, "--toleration", POOL + ":NoSchedule", "--registry", "127.0.0.1:5000/jdkmatrix-it");
        assertThat(ran.err()).contains("order duet on the cluster: the machine ", "(127.0.0.1: 1 CPU, 127.0.0.2: 1 CPU) seats the sides",
                "node 127.0.0.1 gives a pod of 1 whole CPU(s) CPUs of its own (cpuset=1 ", "node 127.0.0.2 gives a pod of 1 whole CPU(s) CPUs of its own (cpuset=0 ");
        assertThat(ran.rows()).hasSize(4).allMatch(RawRow::ok, "ok");
        Map<Integer, List<RawRow>> rounds = ran.rows().stream().collect(Collectors.groupingBy(RawRow::rep));
        assertThat(rounds).hasSize(2);
        Map<String, List<String>> nodesOfCell = new HashMap<>();
        for (List<RawRow> pair : rounds.values()) {
            assertThat(pair).hasSize(2);
            RawRow a = pair.get(0);
            RawRow b = pair.get(1);
            assertThat(a.duetWith()).containsExactly(b.seq());
            assertThat(b.duetWith()).containsExactly(a.seq());
            assertThat(List.of(a.column("node"), b.column("node"))).as("a round's sides on the two nodes").containsExactlyInAnyOrder("127.0.0.1", SECOND);
            for (RawRow r : pair) {
                assertThat(Double.parseDouble(r.column("start_skew_ms"))).as("start skew, ms").isLessThan(1000);
                nodesOfCell.computeIfAbsent(r.cell(), c -> new java.util.ArrayList<>()).add(r.column("node"));
            }
            // the two runs overlap: each began before the other ended
            java.time.Instant aBegan = java.time.Instant.parse(a.column("started_at"));
            java.time.Instant bBegan = java.time.Instant.parse(b.column("started_at"));
            assertThat(aBegan).isBefore(bBegan.plusMillis(Math.round(Double.parseDouble(b.column("wall_ms")))));
            assertThat(bBegan).isBefore(aBegan.plusMillis(Math.round(Double.parseDouble(a.column("wall_ms")))));
        }
        assertThat(nodesOfCell).as("each cell's node in rounds 1 and 2: turned").hasSize(2)
                .allSatisfy((cell, nodes) -> assertThat(nodes).containsExactlyInAnyOrder("127.0.0.1", SECOND));
    }

    /** The one node a session without the pool's toleration has gives one CPU: a duet's two sides are refused at once, with the reason and the fix. */
    @Test
    void aDuetNoMachineSeatsIsRefusedBeforeAnyRun() throws IOException {
        Path m = TestMatrix.named("k8s-no-duet").axis("cpu-mode", "cpuset").axis("tasks", 1).axis("executor", "[virtual, \"fixed:2\"]")
                .option("compare-along", "[executor]").option("order", "duet").workloads("""
                - name: sleep
                  params: { wait-ms: 10 }
                """).write(tmp.resolve("no-duet.yaml"));
        ItSupport.Ran refused = KubernetesIT.run(m, tmp.resolve("no-duet"), ExitException.BAD_INPUT);
        assertThat(refused.err()).contains("order duet on the cluster: the machine with most CPUs to give pods (127.0.0.1: 1 CPU)",
                "two sides need 2, and it has 1", "fix: ").doesNotContain("\tat ", "building image");
        assertThat(refused.rows()).isEmpty();
    }
}
