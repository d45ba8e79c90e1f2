package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.DockerClient;
import dev.jdkmatrix.model.NodePool;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a session asks its engine, answered by the engine it opened: which engine leases, and which one a run's watch pings. */
class EngineSessionTest {

    /** A cluster whose API server does not answer (nothing listens on port 9): a refusal that needs no call comes all the same. */
    private static ClusterSession deadCluster() {
        var client = new KubernetesClientBuilder().withConfig(new ConfigBuilder().withMasterUrl("https://127.0.0.1:9")
                .withRequestRetryBackoffLimit(0).withConnectionTimeout(1000).withRequestTimeout(1000).build()).build();
        return new ClusterSession(null, new Cluster(client, "default", "https://127.0.0.1:9", new ImageDelivery.Import(null), NodePool.ANY));
    }

    /** A Docker client any call of which fails the test: what is asked here must need no engine. */
    private static DockerClient noCalls() {
        return (DockerClient) java.lang.reflect.Proxy.newProxyInstance(DockerClient.class.getClassLoader(), new Class<?>[] {DockerClient.class},
                (proxy, method, args) -> {
                    throw new AssertionError("the Docker client was called: " + method.getName());
                });
    }

    /** The cluster takes no lease (its CPU managers keep pods apart) and says nothing of one; the Docker engine under --no-lease takes none and says so. */
    @Test
    void onlyTheDockerEngineLeasesTheSessionsCpus() throws Exception {
        List<String> said = new ArrayList<>();
        try (EngineSession onCluster = deadCluster()) {
            assertThat(onCluster.ownsCpus()).isFalse();
            assertThat(onCluster.lease("img", Map.of(), List.of(0), true, said::add, () -> false)).isNull();
        }
        assertThat(said).isEmpty();
        EngineSession onDocker = new DockerSession(noCalls());
        assertThat(onDocker.ownsCpus()).isTrue();
        assertThat(onDocker.measuredOn()).isNull();
        assertThat(onDocker.lease("img", Map.of(), List.of(0), false, said::add, () -> false)).isNull();
        assertThat(said).singleElement().asString().contains("--no-lease");
    }

    /** On a cluster the watch asks its API server, not the Docker engine that built the images: one that does not answer is lost, and named. */
    @Test
    void aClusterWhoseApiServerDoesNotAnswerIsLostAndNamed() {
        try (EngineSession onCluster = deadCluster()) {
            EnginePing ping = onCluster.ping(null);
            assertThat(ping.answers()).isFalse();
            assertThat(ping.what()).isEqualTo("the Kubernetes cluster at https://127.0.0.1:9");
            assertThat(ping.restart()).contains("make k8s-up");
        }
    }

    /** A cluster session builds its images on the Docker engine: one made without it says so instead of a null's failure. */
    @Test
    void aClusterSessionWithoutItsDockerEngineSaysSo() {
        try (EngineSession onCluster = deadCluster()) {
            assertThatThrownBy(() -> onCluster.images(false)).isInstanceOf(IllegalStateException.class).hasMessageContaining("without the Docker engine");
        }
    }

    @Test
    void aPingIsNoWhenTheCallFails() {
        assertThat(EnginePing.within5s(() -> {})).isTrue();
        assertThat(EnginePing.within5s(() -> {
            throw new IllegalStateException("refused");
        })).isFalse();
    }
}
