package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RawRow;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dockerfile.jdk17 (bookworm) and Dockerfile.jdk27 (sid, whose Release file has expired on this
 * project's mirror) build from the Debian mirror alone, run a jar, and say which JDK they hold; a
 * built-in workload on a JDK that only its image reveals as 17 is refused before any run.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
class DebianJdksIT {

    static final Path APP = ItSupport.PROJECT.resolve("examples/jar/target/app.jar");

    @Test
    void jdk17And27BuildAirGappedAndRunAJar(@TempDir Path tmp) throws IOException {
        Path m = tmp.resolve("debian.yaml");
        Files.writeString(m, """
                name: debian-jdks
                repetitions: 1
                warmup: 0
                timeout: 2m
                %s
                matrix:
                  jdk: [17, 27]
                  cpus: 1
                  memory: 512m
                  workload:
                    - name: sort
                      kind: jar
                      jar: %s
                      args: [--size, '1000', --rounds, '1']
                """.formatted(ItSupport.jdks("17", "27"), APP));
        List<RawRow> rows = ItSupport.run(m, tmp.resolve("out"), "it-debian-" + ProcessHandle.current().pid(), 0, ItSupport.NO_LEASE).rows();
        assertThat(rows).extracting(r -> r.column("jdk") + " " + r.column("java_version").replaceAll("\\..*", "")).containsExactlyInAnyOrder("17 17", "27 27");
        assertThat(rows).allSatisfy(r -> assertThat(r.column("java_vendor")).isEqualTo("Debian"));
    }

    @Test
    void aBuiltInWorkloadOnAJdkWhoseImageHoldsJdk17IsRefusedAtPlan(@TempDir Path tmp) throws IOException {
        Path m = tmp.resolve("old.yaml");
        Files.writeString(m, """
                name: old
                repetitions: 1
                warmup: 0
                jdks:
                  lts-old: { dockerfile: %s/Dockerfile.jdk17 }
                matrix:
                  jdk: lts-old
                  cpus: 1
                  memory: 512m
                  tasks: 10
                  executor: virtual
                  workload: sleep
                """.formatted(ItSupport.PROJECT));
        StringWriter w = new StringWriter();
        int code = ItSupport.attempt(w, m, tmp.resolve("out"), ItSupport.NO_LEASE);
        assertThat(code).isEqualTo(ExitException.BAD_INPUT);
        assertThat(w.toString()).contains("cell 'sleep(wait-ms=100) virtual tasks=10 jdk=lts-old", "which is JDK 17", "need JDK 21+", "fix: exclude");
        assertThat(tmp.resolve("out/raw.csv")).satisfiesAnyOf(p -> assertThat(p).doesNotExist(), p -> assertThat(Files.readAllLines(p)).hasSize(1));
    }
}
