package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.engine.Cluster;
import dev.jdkmatrix.engine.ImageDelivery;
import dev.jdkmatrix.model.NodePool;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's failure is the engine lost only where the engine of the session stopped answering, and says which engine and how to bring it back. */
class EngineWatchTest {

    @TempDir
    Path out;

    private static EngineWatch.Ping engine(boolean answers) {
        return new EngineWatch.Ping(() -> answers, "the test engine", "start the test engine");
    }

    @Test
    void aFailureIsTheEngineLostOnlyWhereTheEngineStoppedAnswering() throws Exception {
        java.nio.file.Files.createDirectories(out.resolve("logs"));
        RuntimeException failure = new IllegalStateException("connection reset");
        assertThat(EngineWatch.engineLostOr(failure, engine(true), null, out, 3)).isSameAs(failure);
        RuntimeException lost = EngineWatch.engineLostOr(failure, engine(false), null, out, 3);
        assertThat(lost).isInstanceOfSatisfying(ExitException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitException.ENGINE_LOST);
            assertThat(e.getMessage()).contains("the test engine stopped answering", "The 3 runs stored", "fix: start the test engine, then finish the run: jdkmatrix run --resume");
        });
        assertThat(out.resolve("logs/engine-lost.log")).content().contains("connection reset");
    }

    /** On a cluster the watch asks its API server, not the Docker engine that built the images: one that does not answer is lost, and named. */
    @Test
    void aClusterWhoseApiServerDoesNotAnswerIsLostAndNamed() {
        KubernetesClient client = new KubernetesClientBuilder().withConfig(new ConfigBuilder().withMasterUrl("https://127.0.0.1:9")
                .withRequestRetryBackoffLimit(0).withConnectionTimeout(1000).withRequestTimeout(1000).build()).build();
        try (SessionEngine onCluster = new SessionEngine.OnCluster(new Cluster(client, "default", "https://127.0.0.1:9",
                new ImageDelivery.Import(null), NodePool.ANY))) {
            EngineWatch.Ping ping = onCluster.ping(null, null);
            assertThat(ping.answers()).isFalse();
            assertThat(ping.what()).isEqualTo("the Kubernetes cluster at https://127.0.0.1:9");
            assertThat(ping.restart()).contains("make k8s-up");
        }
    }
}
