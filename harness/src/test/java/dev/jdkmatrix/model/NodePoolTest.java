package dev.jdkmatrix.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cluster's node pool as a matrix or the command line names it: labels and tolerations, checked as Kubernetes checks them. */
class NodePoolTest {

    @Test
    void tolerationsReadAsKubectlTaintWritesATaint() {
        assertThat(NodePool.Toleration.parse("dev.jdkmatrix/pool=bench:NoSchedule")).isEqualTo(new NodePool.Toleration("dev.jdkmatrix/pool", "bench", "NoSchedule"));
        assertThat(NodePool.Toleration.parse("dedicated:NoExecute")).isEqualTo(new NodePool.Toleration("dedicated", null, "NoExecute"));
        assertThat(NodePool.Toleration.parse("dedicated")).isEqualTo(new NodePool.Toleration("dedicated", null, null));
        assertThat(NodePool.Toleration.parse("dedicated=bench")).isEqualTo(new NodePool.Toleration("dedicated", "bench", null));
        assertThat(NodePool.Toleration.parse("dedicated=bench:NoSchedule")).hasToString("dedicated=bench:NoSchedule");
        for (String bad : List.of("", "pool=bench:Never", "-pool:NoSchedule", "pool=a b", "pool=<script>", "Pool/x=y")) {
            assertThatThrownBy(() -> NodePool.Toleration.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is no toleration: write KEY[=VALUE][:EFFECT]");
        }
    }

    @Test
    void aTolerationWithoutValueOrEffectToleratesEveryValueAndEffectOfItsKey() {
        NodePool.Toleration any = NodePool.Toleration.parse("gpu");
        assertThat(any.tolerates("gpu", "yes", "NoExecute")).isTrue();
        assertThat(any.tolerates("gpu", null, "NoSchedule")).isTrue();
        assertThat(any.tolerates("gpus", "yes", "NoSchedule")).isFalse();
        NodePool.Toleration exact = NodePool.Toleration.parse("gpu=yes:NoSchedule");
        assertThat(exact.tolerates("gpu", "yes", "NoSchedule")).isTrue();
        assertThat(exact.tolerates("gpu", "no", "NoSchedule")).isFalse();
        assertThat(exact.tolerates("gpu", "yes", "NoExecute")).isFalse();
        assertThat(NodePool.Toleration.parse("gpu=:NoSchedule").tolerates("gpu", null, "NoSchedule")).as("an empty value is a taint without one").isTrue();
    }

    @Test
    void aSelectorNeedsAValueAndALabelsForm() {
        NodePool p = NodePool.parse(List.of("dev.jdkmatrix/pool=bench", "zone="), null);
        assertThat(p.nodeSelector()).isEqualTo(Map.of("dev.jdkmatrix/pool", "bench", "zone", ""));
        assertThatThrownBy(() -> NodePool.parse(List.of("pool"), null)).hasMessageContaining("'pool' names no value: write KEY=VALUE");
        assertThatThrownBy(() -> NodePool.parse(List.of("pool=a;b"), null)).hasMessageContaining("'pool=a;b' is no node label: write KEY=VALUE");
        assertThatThrownBy(() -> NodePool.parse(List.of("x".repeat(64) + "=a"), null)).hasMessageContaining("is no node label");
        assertThat(NodePool.parse(null, null)).isEqualTo(NodePool.ANY);
        assertThat(NodePool.ANY.describe()).isEmpty();
        assertThat(NodePool.parse(List.of("pool=second"), List.of("pool=second:NoSchedule")).describe())
                .isEqualTo("node label pool=second, tolerating pool=second:NoSchedule");
    }
}
