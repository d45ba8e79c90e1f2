package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.ExitException;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which nodes take a session's pods: --node-selector and --toleration, read and applied. */
class PlacementTest {

    static Node node(String name, Map<String, String> labels, String ready, boolean cordoned, String... taints) {
        NodeBuilder b = new NodeBuilder().withNewMetadata().withName(name).withLabels(labels).endMetadata()
                .withNewSpec().withUnschedulable(cordoned).endSpec()
                .withNewStatus().addNewCondition().withType("Ready").withStatus(ready).endCondition().endStatus();
        Node n = b.build();
        for (String t : taints) {
            Placement.Toleration p = Placement.Toleration.parse(t);
            n.getSpec().getTaints().add(new io.fabric8.kubernetes.api.model.Taint(p.effect(), p.key(), null, p.value()));
        }
        return n;
    }

    @Test
    void tolerationsReadAsKubectlTaintWritesATaint() {
        assertThat(Placement.Toleration.parse("dev.jdkmatrix/pool=bench:NoSchedule")).isEqualTo(new Placement.Toleration("dev.jdkmatrix/pool", "bench", "NoSchedule"));
        assertThat(Placement.Toleration.parse("dedicated:NoExecute")).isEqualTo(new Placement.Toleration("dedicated", null, "NoExecute"));
        assertThat(Placement.Toleration.parse("dedicated")).isEqualTo(new Placement.Toleration("dedicated", null, null));
        assertThat(Placement.Toleration.parse("dedicated=bench")).isEqualTo(new Placement.Toleration("dedicated", "bench", null));
        assertThat(Placement.Toleration.parse("dedicated=bench:NoSchedule")).hasToString("dedicated=bench:NoSchedule");
        for (String bad : List.of("", "pool=bench:Never", "-pool:NoSchedule", "pool=a b", "pool=<script>", "Pool/x=y")) {
            assertThatThrownBy(() -> Placement.Toleration.parse(bad)).isInstanceOf(ExitException.class)
                    .hasMessageContaining("is no toleration").hasMessageContaining("fix: KEY[=VALUE][:EFFECT]");
        }
    }

    @Test
    void aSelectorNeedsAValueAndALabelsForm() {
        assertThat(Placement.parse(List.of("dev.jdkmatrix/pool=bench", "zone="), null).nodeSelector())
                .isEqualTo(Map.of("dev.jdkmatrix/pool", "bench", "zone", ""));
        assertThatThrownBy(() -> Placement.parse(List.of("pool"), null)).hasMessageContaining("--node-selector 'pool' names no value");
        assertThatThrownBy(() -> Placement.parse(List.of("pool=a;b"), null)).hasMessageContaining("is no node label").hasMessageContaining("fix:");
        assertThat(Placement.parse(null, null)).isEqualTo(Placement.ANY);
        assertThat(Placement.ANY.describe()).isEmpty();
    }

    @Test
    void aNodeTakesTheSessionsPodsWhenReadyUncordonedLabelledAndItsTaintsTolerated() {
        Placement pool = Placement.parse(List.of("dev.jdkmatrix/pool=second"), List.of("dev.jdkmatrix/pool=second:NoSchedule"));
        Map<String, String> second = Map.of("dev.jdkmatrix/pool", "second");
        assertThat(pool.refuses(node("a", second, "True", false, "dev.jdkmatrix/pool=second:NoSchedule"))).isEmpty();
        assertThat(pool.refuses(node("b", Map.of(), "True", false))).contains("no label dev.jdkmatrix/pool=second");
        assertThat(pool.refuses(node("c", second, "False", false))).contains("not Ready");
        assertThat(pool.refuses(node("d", second, "True", true))).contains("cordoned");
        assertThat(pool.refuses(node("e", second, "True", false, "gpu=yes:NoExecute"))).contains("its taint gpu=yes:NoExecute not tolerated");
        // a taint that only prefers no pods does not keep them off
        assertThat(pool.refuses(node("f", second, "True", false, "busy:PreferNoSchedule"))).isEmpty();
        // a toleration without a value or an effect tolerates every value and effect of its key
        assertThat(Placement.parse(null, List.of("gpu")).refuses(node("g", Map.of(), "True", false, "gpu=yes:NoExecute", "gpu=no:NoSchedule"))).isEmpty();
        assertThat(Placement.ANY.refuses(node("h", Map.of(), "True", false, "dev.jdkmatrix/pool=second:NoSchedule"))).isPresent();
        assertThat(Placement.ANY.refuses(node("i", Map.of(), "True", false))).isEmpty();
        assertThat(pool.describe()).isEqualTo("node label dev.jdkmatrix/pool=second, tolerating dev.jdkmatrix/pool=second:NoSchedule");
    }

    @Test
    void everyPodOfTheSessionAndEveryProbeGoesToItsNodesOnlyAndABoundRunStillDoes() {
        Placement pool = Placement.parse(List.of("dev.jdkmatrix/pool=second"), List.of("dev.jdkmatrix/pool:NoSchedule"));
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
