package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.ExitException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** How run images reach a cluster: the names they get in a registry, the pull policies, the registries refused. */
class ImageDeliveryTest {

    @Test
    void aPushedImageKeepsItsNameAndTagUnderTheRegistrysPath() {
        ImageDelivery.Push push = new ImageDelivery.Push("127.0.0.1:5000/jdkmatrix");
        assertThat(push.target("jdkmatrix/run-25:0123abcd")).isEqualTo("127.0.0.1:5000/jdkmatrix/run-25:0123abcd");
        assertThat(new ImageDelivery.Push("ghcr.io").target("jdkmatrix/run-temurin-25:ff")).isEqualTo("ghcr.io/run-temurin-25:ff");
        assertThat(push.pullPolicy()).as("a run image's tag is a hash of its content: one tag, one image").isEqualTo("IfNotPresent");
        assertThat(push.describe()).isEqualTo("pushed to 127.0.0.1:5000/jdkmatrix");
    }

    @Test
    void anImportedImageIsNeverPulled() {
        assertThat(new ImageDelivery.Import(null).socket()).isEqualTo(ImageDelivery.Import.LOCAL);
        assertThat(new ImageDelivery.Import(Path.of("/run/other.sock")).pullPolicy()).isEqualTo("Never");
    }

    @Test
    void aRegistryWithATagASchemeOrNoNameIsRefusedWithTheForm() {
        for (String bad : new String[] {"", " ", "127.0.0.1:5000/x/", "http://127.0.0.1:5000", "127.0.0.1:5000/jdkmatrix:1", "ghcr.io/me@sha256:00", "a b"}) {
            assertThatThrownBy(() -> new ImageDelivery.Push(bad)).as("'" + bad + "'").isInstanceOf(ExitException.class)
                    .hasMessageContaining("is no registry to push to").hasMessageContaining("fix: name a host");
        }
        assertThat(new ImageDelivery.Push("127.0.0.1:5000").registry()).as("a host and port alone").isEqualTo("127.0.0.1:5000");
    }
}
