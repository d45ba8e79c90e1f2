package dev.jdkmatrix.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jdkmatrix.ExitException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every bad matrix gets one error naming the file, the place and the fix, with exit code 2. */
class BadMatrixTest {

    @TempDir
    static Path dir;

    static final String GOOD = """
            matrix:
              jdk: 21
              cpus: 1
              memory: 1g
              tasks: 10
              executor: virtual
              workload: sleep
            """;

    /** A jmh entry; line 6 is its name, 7 its kind, 8 its jar. */
    static final String JMH = """
            matrix:
              jdk: 21
              cpus: 1
              memory: 1g
              workload:
                - name: my-bench
                  kind: jmh
                  jar: bench.jar
            """;

    /** A jar entry; line 6 is its name, 7 its kind, 8 its jar. */
    static final String JAR = JMH.replace("kind: jmh", "kind: jar").replace("bench.jar", "app.jar").replace("my-bench", "my-app");

    @org.junit.jupiter.api.BeforeAll
    static void jars() throws IOException {
        TestJars.write(dir);
        // a folder that looks like a JDK 17 (bin/java and a release file), one with no bin/java, and archives that hold no JDK
        Files.createDirectories(dir.resolve("jdk17/bin"));
        Files.writeString(dir.resolve("jdk17/bin/java"), "#!/bin/sh\n");
        Files.writeString(dir.resolve("jdk17/release"), "JAVA_VERSION=\"17.0.15\"\n");
        Files.createDirectories(dir.resolve("notajdk/lib"));
        // a Dockerfile that installs Debian's JDK 17 under a name that says nothing of it
        Files.writeString(dir.resolve("Dockerfile.deb17"), "FROM debian:trixie-slim\nRUN apt-get update && apt-get install -y -t bookworm openjdk-17-jdk-headless\n");
        Files.writeString(dir.resolve("notajdk.tar.gz"), "plain text, not gzip\n");
        try (var out = new org.apache.commons.compress.archivers.tar.TarArchiveOutputStream(new java.util.zip.GZIPOutputStream(Files.newOutputStream(dir.resolve("nojdk.tar.gz"))))) {
            var e = new org.apache.commons.compress.archivers.tar.TarArchiveEntry("docs/readme.txt");
            byte[] b = "no JDK here".getBytes();
            e.setSize(b.length);
            out.putArchiveEntry(e);
            out.write(b);
            out.closeArchiveEntry();
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                // JDK sources
                Arguments.of("jdk home without a java binary", "jdks:\n  \"x\": { home: notajdk }\n" + GOOD.replace("jdk: 21", "jdk: x"), 2, "has no bin/java"),
                Arguments.of("jdk home missing", "jdks:\n  \"x\": { home: nowhere }\n" + GOOD.replace("jdk: 21", "jdk: x"), 2, "is not a directory"),
                Arguments.of("jdk archive not a tar.gz", "jdks:\n  \"x\": { archive: notajdk.tar.gz }\n" + GOOD.replace("jdk: 21", "jdk: x"), 2, "is not a .tar.gz"),
                Arguments.of("jdk archive without a JDK", "jdks:\n  \"x\": { archive: nojdk.tar.gz }\n" + GOOD.replace("jdk: 21", "jdk: x"), 2, "holds no JDK"),
                Arguments.of("two sources on one jdk", "jdks:\n  \"x\": { home: jdk17, image: y }\n" + GOOD.replace("jdk: 21", "jdk: x"), 2, "exactly one of dockerfile, image, home or archive"),
                Arguments.of("built-in workload on JDK 17", "jdks:\n  \"17\": { home: jdk17 }\n" + GOOD.replace("jdk: 21", "jdk: 17"), 9, "need JDK 21+"),
                // the user's workloads: kind jmh and jar
                Arguments.of("missing jar", JMH.replace("bench.jar", "nope.jar"), 8, "does not exist"),
                Arguments.of("not a jar", JMH.replace("bench.jar", "notajar.jar"), 8, "is not a jar"),
                Arguments.of("jmh on a jar without a benchmark list", JMH.replace("bench.jar", "app.jar"), 7, "holds no JMH benchmark"),
                Arguments.of("jmh on a project's thin jar", JMH.replace("bench.jar", "thin.jar"), 8, "a project's thin jar, which java -jar cannot run"),
                Arguments.of("benchmark regex matching nothing", JMH + "      benchmarks: 'NoSuchBench'\n", 9, "PinningBench.sleepInSynchronized"),
                Arguments.of("benchmark regex malformed", JMH + "      benchmarks: 'Bench(('\n", 9, "is not a regex"),
                Arguments.of("param the benchmark does not declare", JMH + "      benchmarks: StringJoin\n      params: { sizes: [1] }\n", 10, "did you mean 'size'"),
                Arguments.of("executor on a jmh entry", JMH + "      executor: virtual\n", 9, "axes of built-in workloads only"),
                Arguments.of("tasks on a jar entry", JAR + "      tasks: 10\n", 9, "axes of built-in workloads only"),
                Arguments.of("unknown kind", JMH.replace("kind: jmh", "kind: jmhh"), 7, "did you mean 'jmh'"),
                Arguments.of("jmh key on a jar entry", JAR + "      profilers: [gc]\n", 9, "set kind: jmh"),
                Arguments.of("jvm-internals on a matrix of JMH cells only", "jvm-internals: true\n" + JMH, 1, "JMH's forks"),
                Arguments.of("param reference without the param", JAR + "      args: [--size, '${size}']\n", 9, "has no param 'size'"),
                Arguments.of("jar without a Main-Class", JAR.replace("app.jar", "nomain.jar"), 8, "names no Main-Class"),
                Arguments.of("jmh-args that set the result file", JMH + "      jmh-args: [-f, 1, -rff, x.json]\n", 9, "must not set -rff"),
                Arguments.of("jmh-args holding a regex", JMH + "      jmh-args: [MyBench]\n", 9, "under benchmarks:"),
                Arguments.of("jfr on a jmh entry", JMH + "      jfr: true\n", 9, "JMH's launcher JVM"),
                Arguments.of("result regex without a group", JAR + "      result: { regex: 'took \\\\d+ ms', unit: ms }\n", 9, "has no group"),
                Arguments.of("result without a unit", JAR + "      result: { regex: 'took (\\\\d+) ms' }\n", 9, "has no 'unit'"),
                Arguments.of("a built-in name as a label", JMH.replace("my-bench", "sleep"), 6, "name of a built-in workload"),
                Arguments.of("a jar entry without a jar", JAR.replace("      jar: app.jar\n", ""), 6, "has no 'jar'"),
                Arguments.of("a jar for Java 21 on a JDK 17 home", "jdks:\n  \"17\": { home: jdk17 }\n" + JAR.replace("jdk: 21", "jdk: 17").replace("app.jar", "app21.jar"), 8,
                        "app21.jar needs Java 21 (class file 65); jdk 17 is Java 17"),
                Arguments.of("a jar for Java 21 on a Dockerfile JDK 17", "jdks:\n  deb17: { dockerfile: Dockerfile.deb17 }\n" + JAR.replace("jdk: 21", "jdk: deb17").replace("app.jar", "app21.jar"), 8,
                        "app21.jar needs Java 21 (class file 65); jdk deb17 is Java 17"),
                Arguments.of("built-in workload on a Dockerfile JDK 17", "jdks:\n  deb17: { dockerfile: Dockerfile.deb17 }\n" + GOOD.replace("jdk: 21", "jdk: deb17"), 9, "need JDK 21+"),

                // numbers you can trust: CPU mode, adaptive repetitions, max-steal
                Arguments.of("cpuset with a fractional limit", GOOD.replace("cpus: 1", "cpus: 0.5\n  cpu-mode: cpuset"), 4, "pins whole CPUs"),
                Arguments.of("unknown cpu mode", GOOD.replace("cpus: 1", "cpus: 1\n  cpu-mode: pinned"), 4, "quota"),
                Arguments.of("adaptive repetitions without a target", "repetitions: { min: 6, max: 30 }\n" + GOOD, 1, "has no 'target'"),
                Arguments.of("adaptive repetitions max below min", "repetitions: { min: 6, max: 3, target: 3% }\n" + GOOD, 1, "at least 6"),
                Arguments.of("adaptive repetitions min too small", "repetitions: { min: 5, max: 30, target: 3% }\n" + GOOD, 1, "at least 6"),
                Arguments.of("adaptive repetitions unknown key", "repetitions: { min: 6, max: 30, target: 3%, until: ci }\n" + GOOD, 1, "min, max, target"),
                Arguments.of("adaptive repetitions bad target", "repetitions: { min: 6, max: 30, target: tight }\n" + GOOD, 1, "3% or 0.03"),
                Arguments.of("max-steal of 100 %", "max-steal: 100%\n" + GOOD, 1, "below 100 %"),
                Arguments.of("max-steal not a number", "max-steal: some\n" + GOOD, 1, "10% or 0.1"),
                Arguments.of("jvm-internals not a boolean", "jvm-internals: sometimes\n" + GOOD, 1, "jvm-internals"),

                // yaml text, expected line (0 = whole file), words the message must hold
                Arguments.of("malformed YAML", "matrix:\n  jdk: [21, 25\n  cpus: 1\n", -1, "malformed YAML"),
                Arguments.of("unknown top key", "matrx:\n  jdk: 21\n", 1, "did you mean 'matrix'"),
                Arguments.of("unknown matrix key", GOOD.replace("cpus: 1", "cpu: 1"), 3, "did you mean 'cpus'"),
                Arguments.of("unknown workload", GOOD.replace("workload: sleep", "workload: slep"), 7, "did you mean 'sleep'"),
                Arguments.of("unknown executor", GOOD.replace("executor: virtual", "executor: virtul"), 6, "did you mean 'virtual'"),
                Arguments.of("pool of zero", GOOD.replace("executor: virtual", "executor: fixed:0"), 6, "at least 1"),
                Arguments.of("unknown param", GOOD.replace("workload: sleep", "workload:\n    - name: sleep\n      params: { wait: 5 }"), 9, "its parameters are [wait-ms]"),
                Arguments.of("bad param value", GOOD.replace("workload: sleep", "workload:\n    - name: pinning\n      params: { lock: semaphore }"), 9, "synchronized, reentrant"),
                Arguments.of("zero tasks", GOOD.replace("tasks: 10", "tasks: 0"), 5, "between 1 and"),
                Arguments.of("negative cpus", GOOD.replace("cpus: 1", "cpus: -1"), 3, "above 0"),
                Arguments.of("cpus not a number", GOOD.replace("cpus: 1", "cpus: two"), 3, "not a CPU count"),
                Arguments.of("memory unparsable", GOOD.replace("memory: 1g", "memory: lots"), 4, "not a memory size"),
                Arguments.of("memory below floor", GOOD.replace("memory: 1g", "memory: 16m"), 4, "floor of 64m"),
                Arguments.of("missing Dockerfile", "jdks:\n  \"17\": { dockerfile: Dockerfile.jdk17 }\n" + GOOD, 2, "does not exist"),
                Arguments.of("unknown jdk", GOOD.replace("jdk: 21", "jdk: 22"), 2, "unknown jdk '22'"),
                Arguments.of("jdk with both sources", "jdks:\n  \"21\": { dockerfile: Dockerfile.jdk21, image: x }\n" + GOOD, 2, "exactly one of dockerfile, image, home or archive"),
                Arguments.of("duplicate key", GOOD + "  jdk: 25\n", -1, "duplicate"),
                Arguments.of("empty axis", GOOD.replace("jdk: 21", "jdk: []"), 2, "empty list"),
                Arguments.of("empty after exclude", GOOD + "  exclude:\n    - { jdk: 21 }\n", 9, "matrix is empty"),
                Arguments.of("exclude with unknown key", GOOD + "  exclude:\n    - { jvm: 21 }\n", 9, "neither an axis, a param nor jvm-args"),
                Arguments.of("a key twice", GOOD.replace("  cpus: 1\n", "  cpus: 1\n  cpus: 2\n"), 4, "'cpus' is given twice in this mapping (first on line 3)"),
                Arguments.of("a top-level key twice", "warmup: 1\nwarmup: 2\n" + GOOD, 2, "'warmup' is given twice"),
                Arguments.of("an unknown profile event", GOOD.replace("  workload: sleep\n", "  profile: cpuu\n  workload: sleep\n"), 7,
                        "unknown profile event 'cpuu'; profile: takes cpu, wall, alloc, lock"),
                Arguments.of("profile as a param", GOOD.replace("  workload: sleep\n", "  workload:\n    - name: sleep\n      params: { profile: cpu }\n"), 9,
                        "'profile' is an axis, not a param"),
                Arguments.of("profile with JMH's async profiler", JMH.replace("      jar: bench.jar\n", "      jar: bench.jar\n      profile: cpu\n      profilers: [async]\n"), 10,
                        "profilers: lists async and profile: cpu is set"),
                Arguments.of("equal cpus on one axis", GOOD.replace("  cpus: 1\n", "  cpus: [1, 1.0]\n"), 3,
                        "cpus lists '1.0', which is the same cpus as '1' (line 3): every cell of it would be made twice"),
                Arguments.of("equal memory on one axis", GOOD.replace("  memory: 1g\n", "  memory: [1g, 1024m]\n"), 4, "which is the same memory as '1g'"),
                Arguments.of("a jdk twice on one axis", GOOD.replace("  jdk: 21\n", "  jdk: [21, 25, 21]\n"), 2, "jdk lists '21' twice"),
                Arguments.of("a name with a path", "name: ../../etc/x\n" + GOOD, 1, "name '../../etc/x' may hold only letters, digits"),
                Arguments.of("a name with HTML", "name: '<img src=x>'\n" + GOOD, 1, "write a name such as 'img-src-x'"),
                Arguments.of("a name not in ASCII", "name: matrice-été\n" + GOOD, 1, "(ASCII)"),
                Arguments.of("a param twice", GOOD.replace("  workload: sleep\n", "  workload:\n    - name: sleep\n      params:\n        wait-ms: 10\n        wait-ms: 20\n"), 11,
                        "'wait-ms' is given twice in this mapping (first on line 10)"),
                Arguments.of("include missing axis", GOOD.replace("executor: virtual", "executor: [virtual, cached]")
                        + "  include:\n    - { workload: pinning }\n", 9, "has no 'executor'"),
                Arguments.of("repetitions zero", "repetitions: 0\n" + GOOD, 1, "at least 1"),
                Arguments.of("repetitions not a number", "repetitions: five\n" + GOOD, 1, "whole number"),
                Arguments.of("bad timeout", "timeout: soon\n" + GOOD, 1, "not a duration"),
                Arguments.of("jfr not a boolean", GOOD + "  jfr: yes please\n", 8, "true or false"),
                Arguments.of("bad order", "order: random\n" + GOOD, 1, "interleaved"),
                Arguments.of("jvm arg without dash", GOOD + "  jvm-args: [Xmx1g]\n", 8, "does not start with '-'"),
                Arguments.of("a jvm arg with a line break", GOOD + "  jvm-args: [\"-Xmx1g\\n-Xms1g\"]\n", 8, "jvm argument '-Xmx1g\\u000A-Xms1g' holds a control character (U+000A)"),
                Arguments.of("a param value with an escape", JAR + "      params: { size: [\"1\\e[2J\"] }\n", 9, "size value '1\\u001B[2J' holds a control character (U+001B)"),
                Arguments.of("no matrix key", "name: x\n", 1, "no 'matrix:'"),
                Arguments.of("no workload", GOOD.replace("  workload: sleep\n", ""), 2, "no 'workload:'"),
                Arguments.of("top level is a list", "- a\n- b\n", 1, "must be a mapping"),
                Arguments.of("axis is a mapping", GOOD.replace("cpus: 1", "cpus: { a: 1 }"), 3, "single value"),
                Arguments.of("param is an axis name", GOOD.replace("workload: sleep", "workload:\n    - name: sleep\n      params: { cpus: 2 }"), 9, "is an axis, not a param"),
                Arguments.of("workload entry without name", GOOD.replace("workload: sleep", "workload:\n    - tasks: 5"), 8, "has no 'name'"),
                Arguments.of("cpus above the host's", GOOD.replace("cpus: 1", "cpus: [1, 4]"), 3, "more than the 2 CPUs"),
                Arguments.of("an include's cpus above the host's", GOOD + "  include:\n    - { workload: sleep, cpus: 4, tasks: 20 }\n", 9, "more than the 2 CPUs"),
                Arguments.of("unknown engine", "engine: podman\n" + GOOD, 1, "'docker' (the default: each run a container) or 'kubernetes'"),
                Arguments.of("kubernetes key unknown", "kubernetes: { nodes: 2 }\n" + GOOD, 1, "unknown key 'nodes'"),
                Arguments.of("runner class with markup", "runner-class: \"<b>gh</b>\"\n" + GOOD, 1, "runner-class '<b>gh</b>' is not a name a history can keep"),
                Arguments.of("runner class a list", "runner-class: [a, b]\n" + GOOD, 1, "runner-class"),
                Arguments.of("kubernetes a list", "kubernetes: [a]\n" + GOOD, 1, "node-selector"),
                Arguments.of("toleration of an unknown effect", "kubernetes: { tolerations: [\"pool=bench:Never\"] }\n" + GOOD, 1,
                        "'pool=bench:Never' is no toleration"),
                Arguments.of("node label not a label", "kubernetes: { node-selector: { pool: \"a b\" } }\n" + GOOD, 1, "'pool=a b' is no node label"),
                Arguments.of("duplicate cell made by include", GOOD + "  include:\n    - { workload: pinning }\n    - { workload: pinning }\n", 10, "duplicate cell"),
                Arguments.of("include with unknown key", GOOD + "  include:\n    - { jdk: 21, heap: 2g }\n", 9, "neither an axis, a param"),
                Arguments.of("fault mode unknown", GOOD.replace("workload: sleep", "workload:\n    - name: fault\n      params: { mode: explode }"), 9, "hang, oom"),
                Arguments.of("bad compare threshold", "compare-threshold: lots\n" + GOOD, 1, "10% or 0.1"),
                Arguments.of("compare-along a mapping", "compare-along: {jdk: 1}\n" + GOOD, 1, "compare-along: [jdk, executor]"),
                Arguments.of("seed past 64 bits", "seed: 99999999999999999999999\n" + GOOD, 1, "past 64 bits"),
                Arguments.of("seed negative", "seed: -5\n" + GOOD, 1, "is negative"),
                Arguments.of("min-difference negative", "min-difference: -1%\n" + GOOD, 1, "not a positive fraction"),
                Arguments.of("compare threshold not above the default min-difference", "compare-threshold: 0.5%\n" + GOOD, 1, "its default, when the matrix writes none"),
                Arguments.of("compare threshold over 100 %", "compare-threshold: 150%\n" + GOOD, 1, "reads as 150 %"),
                Arguments.of("compare threshold a plain 5", "compare-threshold: 5\n" + GOOD, 1, "0.05 is 5 %"),
                Arguments.of("min-difference not below the threshold", "compare-threshold: 5%\nmin-difference: 6%\n" + GOOD, 2, "such as min-difference: 2.5%"),
                Arguments.of("min-difference not below the default threshold", "min-difference: 12%\n" + GOOD, 1, "compare-threshold 10% (its default)"),
                Arguments.of("empty file", "", 0, "is empty"),
                Arguments.of("only comments", "# nothing\n", 0, "holds no YAML document"));
    }

    /** An exclude entry matches what the axes made: naming more CPUs than the host has matches nothing and is no error, as an include adding them is. */
    @Test
    void anExcludeMayNameCpusTheHostLacks() throws IOException {
        Path f = dir.resolve("exclude.yaml");
        Files.writeString(f, GOOD.replace("cpus: 1", "cpus: [1, 2]") + "  exclude:\n    - { cpus: 4 }\n    - { cpus: 2 }\n");
        Files.writeString(dir.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        assertThat(new MatrixParser(2).parse(f).cells()).extracting(c -> c.cpus().text()).containsExactly("1");
    }

    /** Each refusal of crossed thresholds suggests a fix; the matrix with the fix applied parses. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"compare-threshold: 0.5%\n", "compare-threshold: 0.1%\n", "compare-threshold: 5%\nmin-difference: 6%\n",
            "min-difference: 12%\n", "compare-threshold: 0.3%\nmin-difference: 0.3%\n"})
    void theFixOfCrossedThresholdsIsAccepted(String top) throws IOException {
        Path f = dir.resolve("crossed.yaml");
        Files.writeString(f, top + GOOD);
        Files.writeString(dir.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        MatrixException e = catchThrowableOfType(MatrixException.class, () -> new MatrixParser(2).parse(f));
        assertThat(e).as(top).isNotNull();
        String fix = e.getMessage().substring(e.getMessage().indexOf("fix:"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("min-difference: ([0-9.]+%)").matcher(fix);
        assertThat(m.find()).as(e.getMessage()).isTrue();
        String fixed = top.lines().filter(l -> !l.startsWith("min-difference")).map(l -> l + "\n").reduce("", String::concat) + "min-difference: " + m.group(1) + "\n";
        Files.writeString(f, fixed + GOOD);
        assertThat(new MatrixParser(2).parse(f).cells()).as(fixed).isNotEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isRefusedWithPlaceAndFix(String name, String yaml, int line, String words) throws IOException {
        Path f = dir.resolve(name.replace(' ', '-') + ".yaml");
        Files.writeString(f, yaml);
        Files.writeString(dir.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        MatrixException e = catchThrowableOfType(MatrixException.class, () -> new MatrixParser(2).parse(f)); // a host of 2 CPUs
        assertThat(e).as(name).isNotNull();
        assertThat(e.exitCode()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(e.getMessage()).as(name).startsWith(f.toString()).contains(words);
        if (line > 0) {
            assertThat(e.line()).as(name + ": " + e.getMessage()).isEqualTo(line);
            assertThat(e.getMessage()).contains("fix:");
        } else if (line < 0) {
            assertThat(e.line()).as(name).isPositive();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void aFileThatIsNotAMatrixIsRefused(String name, Path file, String words) {
        MatrixException e = catchThrowableOfType(MatrixException.class, () -> new MatrixParser().parse(file));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).startsWith(file.toString()).contains(words).contains("fix:");
    }

    static Stream<Arguments> files() throws IOException {
        Path bin = dir.resolve("binary.yaml");
        Files.write(bin, new byte[] {0x7f, 'E', 'L', 'F', 0, 1, 2});
        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, new byte[] {'n', 'a', 'm', 'e', ':', ' ', (byte) 0xe9, '\n'});
        Path folder = Files.createDirectories(dir.resolve("folder.yaml"));
        return Stream.of(
                Arguments.of("binary", bin, "binary"),
                Arguments.of("not UTF-8", latin1, "not UTF-8"),
                Arguments.of("a directory", folder, "is a directory"),
                Arguments.of("missing", dir.resolve("nope.yaml"), "no such file"));
    }

    /** On a cluster the cells are checked against its nodes, which may be larger than this host: engine: kubernetes lifts the host's CPU check. */
    @Test
    void aMatrixForAClusterMayAskForMoreCpusThanThisHostHas() throws IOException {
        Path f = dir.resolve("cluster.yaml");
        Files.writeString(f, "engine: kubernetes\n" + GOOD.replace("cpus: 1", "cpus: [1, 4]"));
        Files.writeString(dir.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        Matrix m = new MatrixParser(2).parse(f);
        assertThat(m.engine()).isEqualTo(Matrix.Engine.KUBERNETES);
        assertThat(m.cells()).extracting(c -> c.cpus().text()).containsExactly("1", "4");
        Files.writeString(f, GOOD);
        assertThat(new MatrixParser(2).parse(f).engine()).as("the default").isEqualTo(Matrix.Engine.DOCKER);
        assertThat(new MatrixParser(2).parse(f).nodePool()).as("no pool: any node").isEqualTo(dev.jdkmatrix.model.NodePool.ANY);
    }

    /** A cluster's benchmark pool named in the matrix: the label its nodes carry and the taint its pods tolerate. */
    @Test
    void aMatrixNamesTheNodePoolItsRunsGoTo() throws IOException {
        Path f = dir.resolve("pool.yaml");
        Files.writeString(f, """
                engine: kubernetes
                kubernetes:
                  node-selector: { dev.jdkmatrix/pool: bench, zone: a }
                  tolerations: ["dev.jdkmatrix/pool=bench:NoSchedule", gpu]
                """ + GOOD);
        Files.writeString(dir.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        dev.jdkmatrix.model.NodePool pool = new MatrixParser(2).parse(f).nodePool();
        assertThat(pool.nodeSelector()).containsExactly(java.util.Map.entry("dev.jdkmatrix/pool", "bench"), java.util.Map.entry("zone", "a"));
        assertThat(pool.tolerations()).extracting(Object::toString).containsExactly("dev.jdkmatrix/pool=bench:NoSchedule", "gpu");
    }

    /** The team's name for the machines its nights run on: read, kept as written; no key, no name. */
    @Test
    void aMatrixNamesItsRunnerClass() throws IOException {
        Path f = dir.resolve("named.yaml");
        Files.writeString(f, "runner-class: gh-ubuntu-24.04 (4 core)\n" + GOOD);
        Files.writeString(dir.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        assertThat(new MatrixParser(2).parse(f).runnerClass()).isEqualTo("gh-ubuntu-24.04 (4 core)");
        assertThat(new MatrixParser(2).parse(f).withRunnerClass("other").runnerClass()).as("the command line's wins").isEqualTo("other");
        Files.writeString(f, GOOD);
        assertThat(new MatrixParser(2).parse(f).runnerClass()).isNull();
    }

    /** A JDK named with no jdks: entry and no Dockerfile beside the matrix is built from jdkmatrix's own Dockerfile.jdkNN where the launcher names their folder. */
    @Test
    void aJdkWithoutADockerfileOfItsOwnIsBuiltFromJdkmatrixsOwn(@org.junit.jupiter.api.io.TempDir Path own) throws IOException {
        Path f = dir.resolve("team.yaml");
        Files.writeString(f, GOOD.replace("jdk: 21", "jdk: 25"));
        Files.writeString(own.resolve("Dockerfile.jdk25"), "FROM debian:trixie-slim\n");
        Files.writeString(own.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        Matrix m = new MatrixParser(2, own).parse(f);
        assertThat(m.jdks().get("25").source()).isEqualTo(new Jdk.Dockerfile(own.resolve("Dockerfile.jdk25")));
        Files.writeString(f, GOOD.replace("jdk: 21", "jdk: 23"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new MatrixParser(2, own).parse(f)).isInstanceOf(MatrixException.class)
                .hasMessageContaining("unknown jdk '23'").hasMessageContaining("nor among jdkmatrix's own (21, 25 in " + own + ")");
        Files.writeString(dir.resolve("Dockerfile.jdk25"), "FROM debian:trixie-slim\n# the team's own\n");
        Files.writeString(f, GOOD.replace("jdk: 21", "jdk: 25"));
        assertThat(new MatrixParser(2, own).parse(f).jdks().get("25").source()).as("a Dockerfile beside the matrix wins")
                .isEqualTo(new Jdk.Dockerfile(dir.resolve("Dockerfile.jdk25")));
    }
}
