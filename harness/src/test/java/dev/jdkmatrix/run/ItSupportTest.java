package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The integration test classes run in two executions of failsafe, those that measure one by one and
 * the others side by side: each must say which by its tag ({@link ItSupport#ALONE},
 * {@link ItSupport#SIDE_BY_SIDE}), or it would run in neither.
 */
class ItSupportTest {

    static final Path TEST_CLASSES = Path.of("target/test-classes");

    static List<Class<?>> integrationTestClasses() throws IOException {
        try (Stream<Path> files = Files.walk(TEST_CLASSES)) {
            return files.map(p -> TEST_CLASSES.relativize(p).toString())
                    .filter(n -> n.endsWith("IT.class"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                    .map(ItSupportTest::load).toList();
        }
    }

    static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(name, e);
        }
    }

    static List<String> tags(Class<?> c) {
        return Arrays.stream(c.getAnnotationsByType(Tag.class)).map(Tag::value).toList();
    }

    @Test
    void everyIntegrationTestClassSaysWhetherItMeasuresAlone() throws IOException {
        List<Class<?>> classes = integrationTestClasses();
        assertThat(classes).as("integration test classes under " + TEST_CLASSES).hasSizeGreaterThan(15);
        assertThat(classes).allSatisfy(c -> assertThat(tags(c).stream().filter(t -> t.equals(ItSupport.ALONE) || t.equals(ItSupport.SIDE_BY_SIDE)))
                .as(c.getSimpleName() + ": add @Tag(ItSupport.ALONE) if its assertions need the machine to itself (timings, ratios, "
                        + "throttling, the lease), else @Tag(ItSupport.SIDE_BY_SIDE) and ItSupport.NO_LEASE on its sessions").hasSize(1));
        // the classes whose assertions need the machine to themselves: ratios of CPU-bound work, throttling, a JMH fork's iterations
        // settling, the whole engine (MatrixRunIT's ratios are of sleeps, many times what it asserts: side by side)
        assertThat(classes.stream().filter(c -> tags(c).contains(ItSupport.ALONE)).map(Class::getSimpleName))
                .contains("TrustIT", "BisectIT", "SharedEngineIT", "UserWorkloadsIT", "KubernetesCpuIT");
    }
}
