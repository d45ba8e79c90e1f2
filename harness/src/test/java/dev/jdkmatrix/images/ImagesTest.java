package dev.jdkmatrix.images;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Image tags name their inputs: the same inputs give the same tag, any change another one. */
class ImagesTest {

    static final byte[] JAR = "jar bytes".getBytes(StandardCharsets.UTF_8);

    @Test
    void aRunImageIsKeyedByItsBaseImageAndItsJar() {
        String hash = Images.runImageHash("sha256:aaa", JAR, java.util.List.of());
        assertThat(Images.runImageHash("sha256:aaa", "jar bytes".getBytes(StandardCharsets.UTF_8), java.util.List.of())).isEqualTo(hash);
        assertThat(Images.runImageHash("sha256:aab", JAR, java.util.List.of())).as("another JDK image").isNotEqualTo(hash);
        assertThat(Images.runImageHash("sha256:aaa", "jar bytez".getBytes(StandardCharsets.UTF_8), java.util.List.of())).as("another jar").isNotEqualTo(hash);
        assertThat(Images.runImageHash("sha256:aaa", JAR, java.util.List.of("ab".repeat(32)))).as("a jar of the user's").isNotEqualTo(hash);
        assertThat(hash).matches("[0-9a-f]{64}");
    }

    /** A build whose cached image another session removed meanwhile is made again: the engine's two ways of saying so, and nothing else. */
    @Test
    void aBuildFailedByAnImageRemovedMeanwhileIsToldApart() {
        assertThat(Images.removedMidBuild("No such image: sha256:05bec2f7")).isTrue();
        assertThat(Images.removedMidBuild("failed to get digest sha256:05bec2f7: open /var/lib/docker/image/overlay2/imagedb/content/sha256/05bec2f7: "
                + "no such file or directory")).isTrue();
        assertThat(Images.removedMidBuild("no space left on device")).isFalse();
        assertThat(Images.removedMidBuild("COPY failed: file not found in build context")).isFalse();
    }
}
