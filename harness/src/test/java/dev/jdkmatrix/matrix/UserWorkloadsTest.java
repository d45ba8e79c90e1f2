package dev.jdkmatrix.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.engine.ContainerRunnerCommands;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The matrix syntax of the user's workloads (kind: jmh and kind: jar), with the names issue 17 fixed. */
class UserWorkloadsTest {

    @TempDir
    static Path dir;

    /** The syntax as documented: these names are the public format. */
    static final String MATRIX = """
            matrix:
              jdk: [21, 25]
              cpus: [1, 2]
              memory: 1g
              tasks: 100                     # axes of built-in workloads only: the entries below ignore them
              executor: virtual
              workload:
                - name: my-bench
                  kind: jmh
                  jar: bench.jar
                  benchmarks: 'StringJoinBench\\.(plusInLoop|stringJoin)'
                  params: { size: [10, 1000] }
                  jmh-args: [-f, 1, -wi, 3, -i, 5, -w, 1s, -r, 1s]
                  profilers: [gc]
                - name: my-app
                  kind: jar
                  jar: app.jar
                  main: com.example.Main
                  args: [--size, '${size}']
                  params: { size: [1000, 100000] }
                  result: { regex: 'took (\\d+(?:\\.\\d+)?) ms', unit: ms, better: lower }
            """;

    @BeforeAll
    static void jars() throws IOException {
        TestJars.write(dir);
        Files.writeString(dir.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        Files.writeString(dir.resolve("Dockerfile.jdk25"), "FROM debian:trixie-slim\n");
    }

    static Matrix parse(String yaml) throws IOException {
        Path f = dir.resolve("m" + yaml.hashCode() + ".yaml");
        Files.writeString(f, yaml);
        return new MatrixParser().parse(f);
    }

    @Test
    void aJmhEntryIsOneCellPerBenchmarkModeAndParamSetTimesTheOtherAxes() throws IOException {
        List<Cell> jmh = parse(MATRIX).cells().stream().filter(c -> c.kind() instanceof WorkloadKind.Jmh).toList();
        assertThat(jmh).hasSize(2 * 2 * 2 * 2);
        Cell c = jmh.get(0);
        assertThat(c.id()).isEqualTo("my-bench:StringJoinBench.plusInLoop[avgt](size=10) jdk=21 cpus=1 mem=1g");
        assertThat(c.executor()).isEmpty();
        assertThat(c.tasks()).isZero();
        assertThat(c.benchmark()).isEqualTo("dev.jdkmatrix.examples.jmh.StringJoinBench.plusInLoop");
        WorkloadKind.Jmh kind = (WorkloadKind.Jmh) c.kind();
        assertThat(kind.jmhArgs()).containsExactly("-f", "1", "-wi", "3", "-i", "5", "-w", "1s", "-r", "1s");
        assertThat(kind.profilers()).containsExactly("gc");
        assertThat(kind.jar().path()).isEqualTo(dir.resolve("bench.jar"));
        // forks x (fork start + 3 warm-up and 5 measured iterations of 1 s), plus the container's start
        assertThat(Estimate.runMillis(c)).isEqualTo(Estimate.OVERHEAD_MS + Estimate.JMH_FORK_MS + 8_000);
        assertThat(jmh).extracting(Cell::benchmark).doesNotContain("dev.jdkmatrix.examples.jmh.StringJoinBench.stringBuilder");
    }

    @Test
    void aJmhEntryWithoutParamsTakesTheValuesTheJarDeclares() throws IOException {
        Matrix m = parse(MATRIX.substring(0, MATRIX.indexOf("    - name: my-app")).replace("      params: { size: [10, 1000] }\n", "")
                .replace("StringJoinBench\\.(plusInLoop|stringJoin)", "PinningBench"));
        assertThat(m.cells()).extracting(Cell::paramsText).containsOnly("sleepMs=5;threads=16");
        assertThat(m.cells()).extracting(Cell::id).contains("my-bench:PinningBench.sleepInSynchronized[avgt](sleepMs=5;threads=16) jdk=25 cpus=2 mem=1g");
    }

    @Test
    void aJmhEntryIsScoredAsJmhScoresUnlessItAsksForItsSteadyState() throws IOException {
        assertThat(parse(MATRIX).cells().stream().filter(c -> c.kind() instanceof WorkloadKind.Jmh).map(c -> ((WorkloadKind.Jmh) c.kind()).score()))
                .containsOnly(WorkloadKind.Jmh.Score.JMH);
        Matrix steady = parse(MATRIX.replace("      profilers: [gc]\n", "      profilers: [gc]\n      score: steady\n"));
        assertThat(steady.cells().stream().filter(c -> c.kind() instanceof WorkloadKind.Jmh).map(c -> ((WorkloadKind.Jmh) c.kind()).score()))
                .containsOnly(WorkloadKind.Jmh.Score.STEADY);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(MATRIX.replace("      profilers: [gc]\n", "      profilers: [gc]\n      score: best\n")))
                .hasMessageContaining("score 'best' is not a way to score a JMH run").hasMessageContaining("write jmh (JMH's own score, the default) or steady");
    }

    /** warmup: until-steady with its bounds: one fork iterating to the bound, scored on its steady part; what it sets is refused in jmh-args. */
    @Test
    void aJmhEntryWarmedUpUntilSteadyTakesItsBoundsAndRefusesWhatItSets() throws IOException {
        String plain = MATRIX.replace("      jmh-args: [-f, 1, -wi, 3, -i, 5, -w, 1s, -r, 1s]\n", "      jmh-args: [-r, 1s]\n");
        Matrix m = parse(plain.replace("      profilers: [gc]\n", "      profilers: [gc]\n      warmup: until-steady\n      max-iterations: 40\n"));
        List<WorkloadKind.Jmh> jmh = m.cells().stream().filter(c -> c.kind() instanceof WorkloadKind.Jmh).map(c -> (WorkloadKind.Jmh) c.kind()).toList();
        assertThat(jmh).isNotEmpty().allSatisfy(j -> {
            assertThat(j.warmup()).isEqualTo(new WorkloadKind.Jmh.Warmup.UntilSteady(40, WorkloadKind.Jmh.Warmup.UntilSteady.DEFAULT_STEADY));
            assertThat(j.score()).as("scored on its steady part").isEqualTo(WorkloadKind.Jmh.Score.STEADY);
        });
        Cell cell = m.cells().stream().filter(c -> c.kind() instanceof WorkloadKind.Jmh).findFirst().orElseThrow();
        assertThat(String.join(" ", dev.jdkmatrix.engine.Commands.command(cell, null, Profile.NONE))).endsWith("-r 1s -wi 0 -i 40 -f 1");
        assertThat(Estimate.jmhMillis(jmh.get(0))).as("at most the bound's iterations of 1 s in one fork").isEqualTo(Estimate.JMH_FORK_MS + 40 * 1000.0);
        assertThat(parse(plain).cells().stream().filter(c -> c.kind() instanceof WorkloadKind.Jmh).map(c -> ((WorkloadKind.Jmh) c.kind()).warmup()))
                .containsOnly(WorkloadKind.Jmh.Warmup.FIXED);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(MATRIX.replace("      profilers: [gc]\n", "      profilers: [gc]\n      warmup: until-steady\n")))
                .hasMessageContaining("jmh-args sets -f, and warmup: until-steady sets it").hasMessageContaining("remove it from jmh-args");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(plain.replace("      profilers: [gc]\n", "      profilers: [gc]\n      warmup: until-steady\n      score: jmh\n")))
                .hasMessageContaining("JMH gives no score of its own");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(plain.replace("      profilers: [gc]\n", "      profilers: [gc]\n      max-iterations: 40\n")))
                .hasMessageContaining("max-iterations bounds warmup: until-steady");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(plain.replace("      profilers: [gc]\n",
                "      profilers: [gc]\n      warmup: until-steady\n      max-iterations: 6\n      steady-iterations: 8\n")))
                .hasMessageContaining("steady-iterations (8) is more than max-iterations (6)");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse(plain.replace("      profilers: [gc]\n", "      profilers: [gc]\n      warmup: forever\n")))
                .hasMessageContaining("warmup 'forever' is not a way to warm up a JMH run").hasMessageContaining("until-steady");
    }

    @Test
    void aJarEntryKeepsItsArgsTemplateAndResult() throws IOException {
        List<Cell> jar = parse(MATRIX).cells().stream().filter(c -> c.kind() instanceof WorkloadKind.Jar).toList();
        assertThat(jar).hasSize(2 * 2 * 2);
        Cell c = jar.get(0);
        assertThat(c.id()).isEqualTo("my-app(size=1000) jdk=21 cpus=1 mem=1g");
        WorkloadKind.Jar kind = (WorkloadKind.Jar) c.kind();
        assertThat(kind.mainClass()).isEqualTo("com.example.Main");
        assertThat(kind.args()).containsExactly("--size", "${size}");
        assertThat(kind.result().regex().pattern()).isEqualTo("took (\\d+(?:\\.\\d+)?) ms");
        assertThat(kind.result().unit()).isEqualTo("ms");
        assertThat(kind.result().higherIsBetter()).isFalse();
    }

    @Test
    void commandsRunExactlyTheCellsBenchmarkAndSubstituteParams() throws IOException {
        Matrix m = parse(MATRIX.replace("  memory: 1g\n", "  memory: 1g\n  jvm-args: [-XX:+UseSerialGC, -Dx=1]\n"));
        Cell jmh = m.cells().get(0);
        List<String> cmd = ContainerRunnerCommands.of(jmh);
        WorkloadKind.Jmh kind = (WorkloadKind.Jmh) jmh.kind();
        assertThat(cmd).startsWith("java", "-jar", kind.jar().imagePath(), "^\\Qdev.jdkmatrix.examples.jmh.StringJoinBench.plusInLoop\\E$", "-bm", "avgt",
                "-p", "size=10", "-rf", "json", "-rff", "/out/jmh.json", "-jvmArgsAppend", "-XX:+UseSerialGC", "-jvmArgsAppend", "-Dx=1", "-prof", "gc");
        assertThat(cmd).endsWith("-f", "1", "-wi", "3", "-i", "5", "-w", "1s", "-r", "1s");
        Cell jar = m.cells().stream().filter(c -> c.kind() instanceof WorkloadKind.Jar && c.params().get("size").equals("100000")).findFirst().orElseThrow();
        assertThat(ContainerRunnerCommands.of(jar)).containsExactly("java", "-XX:+UseSerialGC", "-Dx=1", "-cp", ((WorkloadKind.Jar) jar.kind()).jar().imagePath(),
                "com.example.Main", "--size", "100000");
        // jvm-internals: true: the JVM's internals before the cell's own options (so theirs win) on the jar, never on JMH's forks
        Matrix on = parse("jvm-internals: true\n" + MATRIX.replace("  memory: 1g\n", "  memory: 1g\n  jvm-args: [-XX:+UseSerialGC, -Dx=1]\n"));
        Cell jarOn = on.cells().stream().filter(c -> c.kind() instanceof WorkloadKind.Jar && c.params().get("size").equals("100000")).findFirst().orElseThrow();
        assertThat(ContainerRunnerCommands.of(jarOn)).containsExactly("java", "-Xlog:gc,gc+phases:file=/out/jvm-gc.log", "-XX:+PerfDataSaveToFile",
                "-XX:PerfDataSaveFile=/out/jvm.hsperf", "-XX:+UseSerialGC", "-Dx=1", "-cp", ((WorkloadKind.Jar) jar.kind()).jar().imagePath(),
                "com.example.Main", "--size", "100000");
        assertThat(on.cells()).filteredOn(c -> c.kind() instanceof WorkloadKind.Jmh).isNotEmpty().noneMatch(Cell::internals);
        assertThat(ContainerRunnerCommands.of(on.cells().get(0))).isEqualTo(cmd);
    }

    @Test
    void excludeAndIncludeSelectByKindAndBenchmark() throws IOException {
        Matrix m = parse(MATRIX + """
                  exclude:
                    - { benchmark: dev.jdkmatrix.examples.jmh.StringJoinBench.plusInLoop, size: 1000 }
                    - { kind: jar, cpus: 2 }
                  include:
                    - { kind: jmh, jdk: 25, timeout: 3m }
                """);
        assertThat(m.cells()).filteredOn(c -> c.kind() instanceof WorkloadKind.Jmh).hasSize(16 - 4);
        assertThat(m.cells()).filteredOn(c -> c.kind() instanceof WorkloadKind.Jar).hasSize(4);
        assertThat(m.cells()).filteredOn(c -> c.jdk().equals("25") && c.kind() instanceof WorkloadKind.Jmh)
                .allSatisfy(c -> assertThat(c.timeout()).hasMinutes(3));
    }

    @Test
    void aUserJarIsNamedInTheRunImageByItsContent() throws IOException {
        Cell c = parse(MATRIX).cells().get(0);
        WorkloadKind.UserJar jar = c.kind().userJar().orElseThrow();
        assertThat(jar.sha256()).matches("[0-9a-f]{64}");
        assertThat(jar.imagePath()).isEqualTo("/opt/jdkmatrix/user/" + jar.sha256().substring(0, 16) + ".jar");
    }

    static String shortName(String benchmark) {
        JmhJar.Benchmark b = new JmhJar.Benchmark(benchmark, "avgt", java.util.Map.of(), java.util.OptionalLong.empty(), java.util.OptionalLong.empty(),
                java.util.OptionalLong.empty(), java.util.OptionalLong.empty(), java.util.OptionalLong.empty());
        return new WorkloadKind.Jmh(new WorkloadKind.UserJar(dir.resolve("bench.jar"), "ab".repeat(32)), b, List.of(), List.of()).shortBenchmark();
    }

    @Test
    void aNestedBenchmarkClassKeepsTheClassesAroundItInItsLabel() {
        assertThat(shortName("pkg.Top.Outer.Inner.work")).as("was Inner.work, which two nested classes of one name shared").isEqualTo("Top.Outer.Inner.work");
        assertThat(shortName("org.openjdk.jmh.samples.JMHSample_35_Profilers.Atomic.test")).isEqualTo("JMHSample_35_Profilers.Atomic.test");
        assertThat(shortName("dev.jdkmatrix.examples.jmh.StringJoinBench.plusInLoop")).isEqualTo("StringJoinBench.plusInLoop");
        assertThat(shortName("Bench.work")).as("the default package").isEqualTo("Bench.work");
        assertThat(shortName("pkg.sub.lower.work")).as("no class name as Java writes one").isEqualTo("lower.work");
    }
}
