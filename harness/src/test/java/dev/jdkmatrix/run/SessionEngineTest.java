package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.engine.Cluster;
import dev.jdkmatrix.engine.ImageDelivery;
import dev.jdkmatrix.matrix.Shard;
import dev.jdkmatrix.model.NodePool;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the session asks its engine, answered by the engine it chose: which engine leases. */
class SessionEngineTest {

    @TempDir
    Path tmp;

    /** A cluster whose API server does not answer (nothing listens on port 9): a refusal that needs no call comes all the same. */
    private static SessionEngine.OnCluster deadCluster() {
        var client = new KubernetesClientBuilder().withConfig(new ConfigBuilder().withMasterUrl("https://127.0.0.1:9")
                .withRequestRetryBackoffLimit(0).withConnectionTimeout(1000).withRequestTimeout(1000).build()).build();
        return new SessionEngine.OnCluster(new Cluster(client, "default", "https://127.0.0.1:9", new ImageDelivery.Import(null), NodePool.ANY));
    }

    /** The cluster takes no lease (its CPU managers keep pods apart) and says nothing of one; the Docker engine under --no-lease takes none and says so. */
    @Test
    void onlyTheDockerEngineLeasesTheSessionsCpus() throws Exception {
        List<String> said = new java.util.ArrayList<>();
        RunListener listener = new RunListener() {
            @Override
            public void message(String text) {
                said.add(text);
            }
        };
        RunOptions leasing = new RunOptions(tmp, "t", tmp, tmp, false, CpuSlots.Packing.OFF, Shard.ALL, true, null, false);
        try (SessionEngine onCluster = deadCluster()) {
            assertThat(onCluster.ownsCpus()).isFalse();
            assertThat(onCluster.lease(null, "img", java.util.Map.of(), List.of(0), leasing, listener, null)).isNull();
        }
        assertThat(said).isEmpty();
        SessionEngine onDocker = new SessionEngine.OnDocker();
        assertThat(onDocker.ownsCpus()).isTrue();
        RunOptions noLease = new RunOptions(tmp, "t", tmp, tmp, false, CpuSlots.Packing.OFF, Shard.ALL, false, null, false);
        assertThat(onDocker.lease(null, "img", java.util.Map.of(), List.of(0), noLease, listener, null)).isNull();
        assertThat(said).singleElement().asString().contains("--no-lease");
    }
}
