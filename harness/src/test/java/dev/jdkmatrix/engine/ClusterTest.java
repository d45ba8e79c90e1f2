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
}
