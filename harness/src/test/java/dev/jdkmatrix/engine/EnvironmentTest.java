package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hosted runner's image, as its variables name it, recorded in run.json: a history names its updates. */
class EnvironmentTest {

    @Test
    void theRunnerImageIsReadFromTheHostedRunnersVariables() {
        assertThat(Environment.runnerImage(Map.of("ImageOS", "ubuntu24", "ImageVersion", "20261118.1"))).isEqualTo("ubuntu24 20261118.1");
        assertThat(Environment.runnerImage(Map.of("ImageVersion", "20261118.1"))).isEqualTo("20261118.1");
        assertThat(Environment.runnerImage(Map.of("PATH", "/usr/bin"))).as("not a hosted runner").isEmpty();
    }
}
