package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RawRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * JDKs from this machine's folders and from a tarball, in real containers: Eclipse Temurin 25 and
 * Debian's OpenJDK 17 (whose folder links into /etc) from {@code home:}, Temurin again from an
 * {@code archive:} the test makes. This project's machines have both JDKs in /usr/lib/jvm (the
 * Makefile's JDK 21+ for Maven is the Temurin one), so CI runs this test; it does not skip.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@Order(9) // ItOrder: among the longest side-by-side classes
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JdkSourcesIT {

    static final Path TEMURIN_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    static final Path DEBIAN_17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
    static final Path APP = ItSupport.PROJECT.resolve("examples/jar/target/app.jar");
    static final Path BENCHMARKS = ItSupport.PROJECT.resolve("examples/jmh/target/benchmarks.jar");

    ItSupport.Ran ran;
    Path ranMatrix;
    Path ranOut;
    final String runId = "it-jdks-" + ProcessHandle.current().pid();

    @BeforeAll
    void run(@TempDir Path tmp) throws IOException, InterruptedException {
        assertThat(TEMURIN_25.resolve("bin/java")).as("this project's machines have Temurin 25 in Debian's JVM folder").isRegularFile();
        assertThat(DEBIAN_17.resolve("bin/java")).as("and Debian's OpenJDK 17").isRegularFile();
        Path archive = tmp.resolve("temurin-25.tar.gz");
        Process tar = new ProcessBuilder("tar", "-C", TEMURIN_25.getParent().toString(), "-I", "gzip -1", "-cf", archive.toString(), TEMURIN_25.getFileName().toString())
                .redirectErrorStream(true).start();
        String tarOut = new String(tar.getInputStream().readAllBytes());
        assertThat(tar.waitFor()).as(tarOut).isZero();
        Path m = tmp.resolve("jdks.yaml");
        Files.writeString(m, """
                name: jdk-sources
                repetitions: 1
                warmup: 0
                timeout: 2m
                jdks:
                  temurin-25: { home: %s }
                  archived-25: { archive: %s }
                  debian-17: { home: %s }
                matrix:
                  cpus: 1
                  memory: 512m
                  workload:
                    - name: sleep
                      jdk: [temurin-25, archived-25]
                      tasks: 100
                      executor: virtual
                      params: { wait-ms: 10 }
                    - name: sort
                      kind: jar
                      jar: %s
                      jdk: [debian-17, temurin-25]
                      args: [--size, '1000', --rounds, '1']
                """.formatted(TEMURIN_25, archive, DEBIAN_17, APP));
        Path out = tmp.resolve("out");
        ran = ItSupport.run(m, out, runId, 0, ItSupport.NO_LEASE);
        ranMatrix = m;
        ranOut = out;
    }

    RawRow row(Predicate<RawRow> p) {
        return ran.one(p);
    }

    @Test
    void aJdkFolderOfThisMachineRunsInItsContainerAndSaysWhoBuiltIt() {
        RawRow sleep = row(r -> r.column("jdk").equals("temurin-25") && r.column("workload").equals("sleep"));
        assertThat(sleep.ok()).as(sleep.column("status_detail")).isTrue();
        assertThat(sleep.column("java_vendor")).isEqualTo("Eclipse Adoptium");
        assertThat(sleep.column("java_runtime_version")).startsWith("25");
        assertThat(sleep.column("java_vm_name")).contains("Server VM");
        assertThat(sleep.column("image")).startsWith("jdkmatrix/run-temurin-25:");
    }

    @Test
    void aJdkTarballIsUnpackedIntoItsImage() {
        RawRow sleep = row(r -> r.column("jdk").equals("archived-25"));
        assertThat(sleep.ok()).as(sleep.column("status_detail")).isTrue();
        assertThat(sleep.column("java_vendor")).isEqualTo("Eclipse Adoptium");
        assertThat(ran.err()).contains("archived-25 and temurin-25 are the same build");
    }

    @Test
    void aDebianJdkFolderWithLinksIntoEtcRuns() {
        RawRow sort = row(r -> r.column("jdk").equals("debian-17") && r.column("workload").equals("sort"));
        assertThat(sort.ok()).as("app.jar is compiled for 17: " + sort.column("status_detail")).isTrue();
        assertThat(sort.column("java_runtime_version")).as("the probe ran Debian's JDK 17 in its image").startsWith("17");
        assertThat(sort.column("java_vendor")).isEqualTo("Debian");
    }

    @Test
    void aJarForANewerReleaseThanItsJdkIsRefusedAtPlan(@TempDir Path tmp) throws IOException {
        Path m = tmp.resolve("newer.yaml");
        Files.writeString(m, """
                name: newer
                repetitions: 1
                warmup: 0
                jdks:
                  debian-17: { home: %s }
                matrix:
                  cpus: 1
                  memory: 512m
                  workload:
                    - name: release-21-class
                      kind: jar
                      jar: %s
                      main: dev.jdkmatrix.examples.jmh.PinningBench
                      jdk: debian-17
                """.formatted(DEBIAN_17, BENCHMARKS));
        java.io.StringWriter w = new java.io.StringWriter();
        int code = ItSupport.cli(w, "plan", "--matrix", m.toString());
        assertThat(code).as(w.toString()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(w.toString()).contains("benchmarks.jar needs Java 21 (class file 65); jdk debian-17 is Java 17", "fix: exclude", "--release 17");
    }

    @Test
    void aJdkThatCannotLoadAsyncProfilerIsRefusedForItsProfiledCellsBeforeAnyRun(@TempDir Path tmp) throws IOException {
        // Debian's JDK 25 as Dockerfile.jdk25 installs it (its layers cached), in an image where the library's path is a folder:
        // the JVM cannot load the agent, as a musl JDK or one of another architecture could not
        String dockerfile = Files.readString(ItSupport.PROJECT.resolve("Dockerfile.jdk25"))
                .replace("USER 10001", "RUN mkdir -p " + dev.jdkmatrix.images.Images.IMAGE_PROFILER + "\nUSER 10001");
        assertThat(dockerfile).contains("RUN mkdir -p /opt/jdkmatrix/libasyncProfiler.so");
        Files.writeString(tmp.resolve("Dockerfile.noagent"), dockerfile);
        String matrix = """
                name: no-agent
                repetitions: 1
                warmup: 0
                jdks:
                  noagent-25: { dockerfile: Dockerfile.noagent }
                matrix:
                  jdk: noagent-25
                  cpus: 1
                  memory: 512m
                  workload:
                    - name: sleep
                      tasks: 10
                      executor: virtual
                      params: { wait-ms: 10 }
                      %s
                """;
        Path m = tmp.resolve("noagent.yaml");
        Files.writeString(m, matrix.formatted("profile: cpu"));
        java.io.StringWriter w = new java.io.StringWriter();
        int code = ItSupport.attempt(w, m, tmp.resolve("out"), ItSupport.NO_LEASE);
        assertThat(code).as(w.toString()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(w.toString()).contains("jdk 'noagent-25' (image jdkmatrix/run-noagent-25:", "cannot load async-profiler, which profile: needs for cell 'sleep(wait-ms=10) virtual tasks=10 jdk=noagent-25",
                "Could not find agent library /opt/jdkmatrix/libasyncProfiler.so", "fix: take profile: off the cells of jdk 'noagent-25'");
        assertThat(tmp.resolve("out/raw.csv")).as("no run made").doesNotExist();
        // the same JDK without profile: runs
        Files.writeString(m, matrix.formatted(""));
        w = new java.io.StringWriter();
        assertThat(ItSupport.attempt(w, m, tmp.resolve("out2"), ItSupport.NO_LEASE)).as(w.toString()).isZero();
    }

    @Test
    void anImageThatCannotBePulledIsExit3AndLeavesNoFolderBehind(@TempDir Path tmp) throws IOException {
        Path m = tmp.resolve("unpullable.yaml");
        Files.writeString(m, """
                name: unpullable
                repetitions: 1
                warmup: 0
                jdks:
                  nowhere: { image: "jdkmatrix/no-such-jdk:0" }
                matrix:
                  jdk: nowhere
                  cpus: 1
                  memory: 512m
                  workload:
                    - name: sort
                      kind: jar
                      jar: %s
                """.formatted(APP));
        java.io.StringWriter w = new java.io.StringWriter();
        int code = ItSupport.attempt(w, m, tmp.resolve("out"), ItSupport.NO_LEASE);
        assertThat(code).as(w.toString()).isEqualTo(ExitException.ENVIRONMENT);
        assertThat(w.toString()).contains("image jdkmatrix/no-such-jdk:0 for jdk 'nowhere' is not on the engine and cannot be pulled", "fix:");
        assertThat(tmp.resolve("out")).as("no .lock, run.json or empty logs/ left").doesNotExist();
    }

    @Test
    void aNewRunIntoAFolderWithRunsIsRefusedBeforeAnyImageOrContainer() {
        java.io.StringWriter w = new java.io.StringWriter();
        int code = ItSupport.attempt(w, ranMatrix, ranOut, ItSupport.NO_LEASE);
        assertThat(code).as(w.toString()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(w.toString()).contains("holds 4 stored runs already", "--resume").doesNotContain("engine ", "image", "jdk temurin-25:");
    }

    @Test
    void noContainerIsLeft() {
        assertThat(ItSupport.containers(runId)).isEmpty();
    }
}
