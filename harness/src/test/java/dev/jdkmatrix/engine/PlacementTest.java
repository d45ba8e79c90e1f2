package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.model.NodePool;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A session's node pool on the cluster: which nodes take its pods, and what each pod's spec says. */
class PlacementTest {

    static Node node(String name, Map<String, String> labels, String ready, boolean cordoned, String... taints) {
        Node n = new NodeBuilder().withNewMetadata().withName(name).withLabels(labels).endMetadata()
                .withNewSpec().withUnschedulable(cordoned).endSpec()
                .withNewStatus().addNewCondition().withType("Ready").withStatus(ready).endCondition().endStatus().build();
        for (String t : taints) {
            NodePool.Toleration p = NodePool.Toleration.parse(t);
            n.getSpec().getTaints().add(new io.fabric8.kubernetes.api.model.Taint(p.effect(), p.key(), null, p.value()));
        }
        return n;
    }

    @Test
    void aNodeTakesTheSessionsPodsWhenReadyUncordonedLabelledAndItsTaintsTolerated() {
        NodePool pool = NodePool.parse(List.of("dev.jdkmatrix/pool=second"), List.of("dev.jdkmatrix/pool=second:NoSchedule"));
        Map<String, String> second = Map.of("dev.jdkmatrix/pool", "second");
        assertThat(Placement.refuses(pool, node("a", second, "True", false, "dev.jdkmatrix/pool=second:NoSchedule"))).isEmpty();
        assertThat(Placement.refuses(pool, node("b", Map.of(), "True", false))).contains("no label dev.jdkmatrix/pool=second");
        assertThat(Placement.refuses(pool, node("c", second, "False", false))).contains("not Ready");
        assertThat(Placement.refuses(pool, node("d", second, "True", true))).contains("cordoned");
        assertThat(Placement.refuses(pool, node("e", second, "True", false, "gpu=yes:NoExecute"))).contains("its taint gpu=yes:NoExecute not tolerated");
        // a taint that only prefers no pods does not keep them off
        assertThat(Placement.refuses(pool, node("f", second, "True", false, "busy:PreferNoSchedule"))).isEmpty();
        assertThat(Placement.refuses(NodePool.parse(null, List.of("gpu")), node("g", Map.of(), "True", false, "gpu=yes:NoExecute", "gpu=no:NoSchedule"))).isEmpty();
        assertThat(Placement.refuses(NodePool.ANY, node("h", Map.of(), "True", false, "dev.jdkmatrix/pool=second:NoSchedule"))).isPresent();
        assertThat(Placement.refuses(NodePool.ANY, node("i", Map.of(), "True", false))).isEmpty();
    }

    @Test
    void everyPodOfTheSessionAndEveryProbeGoesToItsNodesOnlyAndABoundRunStillDoes() {
        NodePool pool = NodePool.parse(List.of("dev.jdkmatrix/pool=second"), List.of("dev.jdkmatrix/pool:NoSchedule"));
        KubernetesJobs jobs = KubernetesJobs.of("bench", "Never", "r", java.nio.file.Path.of("/results/x"), pool);
        var cell = KubernetesJobsTest.cell("1", dev.jdkmatrix.model.CpuMode.CPUSET);
        Toleration tol = new io.fabric8.kubernetes.api.model.TolerationBuilder().withKey("dev.jdkmatrix/pool").withOperator("Exists").withEffect("NoSchedule").build();
        for (PodSpec pod : List.of(jobs.job(cell, "i", "n", dev.jdkmatrix.matrix.Profile.NONE, null).getSpec().getTemplate().getSpec(),
                jobs.pullProbe("i", "p", null).getSpec().getTemplate().getSpec())) {
            assertThat(pod.getNodeSelector()).isEqualTo(Map.of("dev.jdkmatrix/pool", "second"));
            assertThat(pod.getTolerations()).containsExactly(tol);
        }
        for (PodSpec pod : List.of(jobs.job(cell, "i", "n", dev.jdkmatrix.matrix.Profile.NONE, "127.0.0.2").getSpec().getTemplate().getSpec(),
                jobs.pinnedProbe("i", "p", 1, "127.0.0.2").getSpec().getTemplate().getSpec())) {
            assertThat(pod.getNodeSelector()).isEqualTo(Map.of("dev.jdkmatrix/pool", "second", KubernetesJobs.HOSTNAME, "127.0.0.2"));
            assertThat(pod.getTolerations()).containsExactly(tol);
        }
        PodSpec any = KubernetesJobsTest.jobs().job(cell, "i", "n", dev.jdkmatrix.matrix.Profile.NONE, null).getSpec().getTemplate().getSpec();
        assertThat(any.getNodeSelector()).isNullOrEmpty();
        assertThat(any.getTolerations()).isNullOrEmpty();
    }

    @Test
    void probesOfEachNodeComeBackInTheNodesOrderAndTheFirstFailureIsThrown() {
        assertThat(Cluster.eachNode(List.of("a", "b", "c"), n -> n.toUpperCase(java.util.Locale.ROOT))).containsExactly("A", "B", "C");
        assertThatThrownBy(() -> Cluster.eachNode(List.of("a", "b", "c"), n -> {
            if (!n.equals("a")) throw new ExitException(ExitException.ENVIRONMENT, "node " + n + " cannot pull");
            return n;
        })).hasMessage("node b cannot pull");
    }
}
