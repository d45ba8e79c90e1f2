package dev.jdkmatrix.engine;

import dev.jdkmatrix.model.NodePool;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A session's {@link NodePool} on the cluster: written into each pod's spec (a {@code nodeSelector}
 * and {@code tolerations}, measured runs and probes alike), and read off each node (whether it takes
 * the session's pods, and why not). The session checks its cells against those nodes only, probes
 * each of them, and runs as many groups side by side as there are ({@code --parallel}).
 */
final class Placement {

    private Placement() {
    }

    /** The pod goes to the pool's nodes only. Its own node selector (a node it is bound to) is kept. */
    static void applyTo(NodePool pool, PodSpec pod) {
        if (!pool.nodeSelector().isEmpty()) {
            Map<String, String> s = new LinkedHashMap<>(pool.nodeSelector());
            if (pod.getNodeSelector() != null) s.putAll(pod.getNodeSelector());
            pod.setNodeSelector(s);
        }
        if (!pool.tolerations().isEmpty()) {
            pod.setTolerations(pool.tolerations().stream().map(t -> new TolerationBuilder().withKey(t.key()).withOperator(t.value() == null ? "Exists" : "Equal")
                    .withValue(t.value()).withEffect(t.effect()).build()).toList());
        }
    }

    /**
     * Why {@code node} takes none of the session's measured pods, or empty where it takes them: not
     * Ready, cordoned, a label of the pool it lacks, a taint (NoSchedule, NoExecute) not tolerated.
     */
    static Optional<String> refuses(NodePool pool, Node node) {
        if (node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable())) return Optional.of("cordoned");
        boolean ready = node.getStatus() != null && node.getStatus().getConditions() != null && node.getStatus().getConditions().stream()
                .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
        if (!ready) return Optional.of("not Ready");
        Map<String, String> labels = node.getMetadata().getLabels() == null ? Map.of() : node.getMetadata().getLabels();
        for (var e : pool.nodeSelector().entrySet()) {
            if (!e.getValue().equals(labels.get(e.getKey()))) return Optional.of("no label " + e.getKey() + "=" + e.getValue());
        }
        for (Taint t : node.getSpec() == null || node.getSpec().getTaints() == null ? List.<Taint>of() : node.getSpec().getTaints()) {
            if ("PreferNoSchedule".equals(t.getEffect())) continue;
            if (pool.tolerations().stream().noneMatch(tol -> tol.tolerates(t.getKey(), t.getValue(), t.getEffect()))) {
                return Optional.of("its taint " + t.getKey() + (t.getValue() == null || t.getValue().isEmpty() ? "" : "=" + t.getValue()) + ":" + t.getEffect()
                        + " not tolerated");
            }
        }
        return Optional.empty();
    }
}
