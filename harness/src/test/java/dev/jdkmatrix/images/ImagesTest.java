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
}
