package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's workload table is the one {@code jdkmatrix workloads} prints from the descriptors. */
class ReadmeTest {

    static final Path README = Path.of(System.getProperty("jdkmatrix.projectDir", ".."), "README.md");

    @Test
    void theWorkloadTableIsPrintedFromTheDescriptors() throws IOException {
        String readme = Files.readString(README);
        int begin = readme.indexOf("<!-- workloads:begin");
        int end = readme.indexOf("<!-- workloads:end -->");
        assertThat(begin).as("README has the workloads:begin marker").isPositive();
        assertThat(end).as("README has the workloads:end marker").isGreaterThan(begin);
        String table = readme.substring(readme.indexOf('\n', begin) + 1, end);
        assertThat(table).as("README's table; refresh it with: java -jar harness/target/jdkmatrix.jar workloads").isEqualTo(WorkloadsCommand.table());
    }
}
