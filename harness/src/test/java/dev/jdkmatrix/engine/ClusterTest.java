package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What a session is told to do when the Kubernetes cluster it reached does not answer. */
class ClusterTest {

    @Test
    void afterMakeK8sUpASessionWithoutAKubeconfigIsToldTheOneK8sUpWrote() {
        Cluster.Options unnamed = new Cluster.Options(null, null, null, null, null);
        assertThat(Cluster.unansweredFix(unnamed, true, null)).contains("export KUBECONFIG=/var/lib/jdkmatrix-k8s/admin.kubeconfig", "--kubeconfig");
        assertThat(Cluster.unansweredFix(unnamed, false, null)).as("no k8s-up cluster here").startsWith("start it (make k8s-up");
        assertThat(Cluster.unansweredFix(unnamed, true, "/home/me/.kube/other")).as("KUBECONFIG named one").startsWith("start it");
        Cluster.Options named = new Cluster.Options(Path.of("mine.kubeconfig"), null, null, null, null);
        assertThat(Cluster.unansweredFix(named, true, null)).as("--kubeconfig named one").startsWith("start it");
    }

    @Test
    void aSessionRefusedByNodesStillTaintedNotReadyIsToldToWaitOrBringTheClusterUpAgain() {
        String starting = Cluster.noNodeTakes(2, dev.jdkmatrix.model.NodePool.ANY, java.util.List.of(
                "node-a: its taint node.kubernetes.io/not-ready:NoSchedule not tolerated", "node-b: not Ready")).getMessage();
        assertThat(starting).contains("none of the cluster's 2 node(s) takes the session's pods: node-a: its taint node.kubernetes.io/not-ready",
                "fix: a node still tainted not-ready (or unreachable) is starting", "wait for it (kubectl get nodes)", "make k8s-up").doesNotContain("--toleration");
        assertThat(Cluster.noNodeTakes(1, dev.jdkmatrix.model.NodePool.ANY, java.util.List.of("node-a: its taint node.kubernetes.io/unreachable:NoExecute not tolerated"))
                .getMessage()).contains("make k8s-up");
        String labelled = Cluster.noNodeTakes(1, dev.jdkmatrix.model.NodePool.ANY, java.util.List.of("node-a: its taint gpu=yes:NoExecute not tolerated")).getMessage();
        assertThat(labelled).contains("fix: name the nodes' label with --node-selector and their taint with --toleration").doesNotContain("k8s-up");
    }
}
