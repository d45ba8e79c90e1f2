package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What {@code java -XshowSettings:properties -version} prints, read into a probe. */
class JdkProbeTest {

    static final String TEMURIN_25 = """
            Property settings:
                file.encoding = UTF-8
                java.class.path =\\u0020
                java.home = /opt/jdk
                java.library.path = /usr/java/packages/lib
                    /usr/lib64
                java.runtime.version = 25.0.1+8-LTS
                java.specification.version = 25
                java.vendor = Eclipse Adoptium
                java.version = 25.0.1
                java.vm.name = OpenJDK 64-Bit Server VM

            openjdk version "25.0.1" 2025-10-21 LTS
            """;

    @Test
    void readsVendorVersionsVmAndFeature() {
        JdkProbe p = JdkProbe.parse(TEMURIN_25);
        assertThat(p.vendor()).isEqualTo("Eclipse Adoptium");
        assertThat(p.version()).isEqualTo("25.0.1");
        assertThat(p.runtimeVersion()).isEqualTo("25.0.1+8-LTS");
        assertThat(p.vmName()).isEqualTo("OpenJDK 64-Bit Server VM");
        assertThat(p.feature()).isEqualTo(25);
        assertThat(p.build()).isEqualTo("Eclipse Adoptium 25.0.1+8-LTS OpenJDK 64-Bit Server VM");
    }

    @Test
    void aJdk8StyleSpecificationVersionIsItsFeatureAndNoVersionIsNoProbe() {
        assertThat(JdkProbe.parse("    java.version = 1.8.0_412\n    java.specification.version = 1.8\n").feature()).isEqualTo(8);
        assertThat(JdkProbe.parse("Error: could not find libjava.so\n")).isNull();
    }

    @Test
    void aJvmThatCouldNotLoadTheAgentIsToldFromOneThatDid() {
        // as HotSpot says it (JDK 17 and 25 alike), the line the refusal quotes
        String failed = "Error occurred during initialization of VM\nCould not find agent library /opt/jdkmatrix/libasyncProfiler.so in absolute path, "
                + "with error: /opt/jdkmatrix/libasyncProfiler.so: cannot read file data: Is a directory\n";
        assertThat(JdkProbe.agentFailure(failed)).startsWith("Could not find agent library /opt/jdkmatrix/libasyncProfiler.so").endsWith("Is a directory");
        assertThat(JdkProbe.agentFailure("Property settings:\n    java.version = 25.0.1\nopenjdk version \"25.0.1\"\n")).isNull();
        assertThat(JdkProbe.PROBE_AGENT).startsWith("-agentpath:/opt/jdkmatrix/libasyncProfiler.so=start,event=cpu");
    }
}
