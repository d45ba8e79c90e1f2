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

    /** The repository a matrix lives in, read with git: its remote without credentials, its commit, whether dirty; none outside a repository. */
    @Test
    void theMatrixsRepositoryIsReadWithGit(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        assertThat(Environment.repository(dir)).as("no repository").isNull();
        git(dir, "init", "-q");
        git(dir, "remote", "add", "origin", "https://x-access-token:ghs_secret@github.com/acme/json-lib.git");
        java.nio.file.Files.writeString(dir.resolve("bench.yaml"), "name: x\n");
        git(dir, "add", "bench.yaml");
        git(dir, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "one");
        var clean = Environment.repository(dir);
        assertThat(clean.remote()).isEqualTo("https://github.com/acme/json-lib.git");
        assertThat(clean.github()).isEqualTo("acme/json-lib");
        assertThat(clean.commit()).matches("[0-9a-f]{40}");
        assertThat(clean.dirty()).isFalse();
        java.nio.file.Files.writeString(dir.resolve("bench.yaml"), "name: y\n");
        assertThat(Environment.repository(dir).dirty()).isTrue();
    }

    private static void git(java.nio.file.Path dir, String... args) throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("git", "-C", dir.toString()));
        cmd.addAll(java.util.List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(String.join(" ", cmd) + ": " + out).isZero();
    }
}
