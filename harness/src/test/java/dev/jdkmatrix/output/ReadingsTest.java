package dev.jdkmatrix.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.JmhJar;
import dev.jdkmatrix.matrix.WorkloadKind;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.MemoryLimit;
import dev.jdkmatrix.workloads.ResultRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** How each kind's result is read from a run's output. */
public class ReadingsTest {

    public static final WorkloadKind.UserJar JAR = new WorkloadKind.UserJar(Path.of("app.jar"), "ab".repeat(32));

    public static Cell jar(WorkloadKind.Jar.Result result) {
        return new Cell(new WorkloadKind.Jar(JAR, "", List.of(), result), "my-app", new TreeMap<>(Map.of("size", "10")), "", 0, "25",
                CpuLimit.parse("1"), dev.jdkmatrix.model.CpuMode.QUOTA, MemoryLimit.parse("512m"), List.of(), Duration.ofMinutes(1), false);
    }

    public static Cell jmh(String benchmark) {
        JmhJar.Benchmark b = new JmhJar.Benchmark(benchmark, "avgt", Map.of(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
                OptionalLong.empty(), OptionalLong.empty());
        return new Cell(new WorkloadKind.Jmh(JAR, b, List.of(), List.of()), "my-bench", new TreeMap<>(), "", 0, "25",
                CpuLimit.parse("1"), dev.jdkmatrix.model.CpuMode.QUOTA, MemoryLimit.parse("512m"), List.of(), Duration.ofMinutes(1), false);
    }

    /** A JMH cell warmed up until steady, as {@code warmup: until-steady} with its bounds makes it. */
    public static Cell untilSteady(String benchmark, int max, int steady) {
        JmhJar.Benchmark b = new JmhJar.Benchmark(benchmark, "avgt", Map.of(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
                OptionalLong.empty(), OptionalLong.empty());
        return new Cell(new WorkloadKind.Jmh(JAR, b, List.of(), List.of(), dev.jdkmatrix.matrix.WorkloadFiles.NONE, WorkloadKind.Jmh.Score.STEADY,
                new WorkloadKind.Jmh.Warmup.UntilSteady(max, steady)), "my-bench", new TreeMap<>(), "", 0, "25",
                CpuLimit.parse("1"), dev.jdkmatrix.model.CpuMode.QUOTA, MemoryLimit.parse("512m"), List.of(), Duration.ofMinutes(1), false);
    }

    /** A run the harness stopped (warmup: until-steady): killed, exit 137, no JMH JSON. */
    static ContainerResult stopped(String stdout) {
        return new ContainerResult("id", "name", 137, false, false, stdout, "", "", 1, 1, 1234, 1, 1500.5, null, "", true);
    }

    @Test
    void aRunStoppedAtItsSteadyStateIsReadFromItsIterationsAndIsOk() {
        String log = "# Fork: 1 of 1\nIteration   1: 9.316 us/op\n                 ·gc.alloc.rate.norm: 8016.000 B/op\nIteration   2: 8.165 us/op\n"
                + "                 ·gc.alloc.rate.norm: 8000.000 B/op\nIteration   3: ";
        Cell cell = untilSteady("my.Bench.m", 30, 2);
        Readings.Reading r = Readings.read(cell, stopped(log), null);
        assertThat(r).isInstanceOfSatisfying(Readings.Reading.Found.class, f -> {
            assertThat(f.invalid()).isNull();
            assertThat(f.columns()).containsEntry("score_unit", "us/op").containsEntry("score_better", "lower").containsEntry("jmh_iterations", "2")
                    .containsEntry("jmh_forks", "1").containsEntry("metrics", "gc.alloc.rate.norm=8008.000").containsEntry("score", "")
                    .containsEntry("jmh_warmup_iterations", "0").doesNotContainKey("jmh_threads"); // JMH wrote no settings
        });
        assertThat(Outcome.classify(cell, stopped(log), r, "logs/00001.log")).as("exit 137 is the harness's kill").isInstanceOf(Outcome.Ok.class);
        Readings.Reading none = Readings.read(cell, stopped("# Fork: 1 of 1\n"), null);
        assertThat(none).isInstanceOfSatisfying(Readings.Reading.Problem.class, p -> assertThat(p.detail()).contains("printed no iteration"));
        ContainerResult killed = new ContainerResult("id", "name", 137, false, false, log, "", "", 1, 1, 1234, 1, 1500.5);
        assertThat(Outcome.classify(cell, killed, Readings.read(cell, killed, null), "logs/00001.log"))
                .as("killed, not by the harness: an error").isInstanceOf(Outcome.Error.class);
    }

    public static ContainerResult out(String stdout) {
        return new ContainerResult("id", "name", 0, false, false, stdout, "", "", 1, 1, 1234, 1, 1500.5);
    }

    @Test
    void aJarWithoutResultIsTimedFromStartToExit() {
        Readings.Reading r = Readings.read(jar(null), out("hello\n"), null);
        assertThat(r).isInstanceOfSatisfying(Readings.Reading.Found.class, f -> {
            assertThat(f.invalid()).isNull();
            assertThat(f.columns()).containsEntry("score", "1500.500").containsEntry("score_unit", "ms").containsEntry("score_better", "lower")
                    .containsEntry("wall_ms", "1500.500");
        });
    }

    @Test
    void aJarResultRegexReadsTheLastMatchWithItsUnitAndDirection() {
        WorkloadKind.Jar.Result result = new WorkloadKind.Jar.Result(Pattern.compile("rate (\\d+(?:\\.\\d+)?) ops/s"), "ops/s", true);
        Readings.Reading r = Readings.read(jar(result), out("warm-up rate 10 ops/s\nrate 42.5 ops/s\n"), null);
        assertThat(r).isInstanceOfSatisfying(Readings.Reading.Found.class, f ->
                assertThat(f.columns()).containsEntry("score", "42.5").containsEntry("score_unit", "ops/s").containsEntry("score_better", "higher"));
    }

    @Test
    void aJarResultRegexThatMatchesNothingIsAProblemWithTheLastLines() {
        WorkloadKind.Jar.Result result = new WorkloadKind.Jar.Result(Pattern.compile("took (\\d+) ms"), "ms", false);
        Readings.Reading r = Readings.read(jar(result), out("line one\nsomething else happened\n"), null);
        assertThat(r).isInstanceOfSatisfying(Readings.Reading.Problem.class, p ->
                assertThat(p.detail()).contains("matched nothing", "took (\\d+) ms", "something else happened"));
        assertThat(Outcome.classify(jar(result), out(""), r, "logs/00001.log").status()).isEqualTo("invalid");
    }

    @Test
    void aJarThatPrintsARecordIsReadAsABuiltInRun() {
        String line = new ResultRecord().put("wall_ms", 12.5).put("check", "ok").put("supported", true).line();
        Readings.Reading r = Readings.read(jar(null), out("log\n" + line + "\n"), null);
        assertThat(r).isInstanceOfSatisfying(Readings.Reading.Found.class, f -> {
            assertThat(f.invalid()).isNull();
            assertThat(f.columns()).containsEntry("score", "12.500").containsEntry("wall_ms", "12.500");
        });
    }

    @Test
    void aJmhRunIsReadFromItsJson() throws Exception {
        Cell c = jmh("dev.jdkmatrix.examples.jmh.StringJoinBench.stringJoin");
        Readings.Reading r = Readings.read(c, out("# JMH version: 1.37\n"), JmhResultTest.fixture("avgt-gc.json"));
        assertThat(r).isInstanceOfSatisfying(Readings.Reading.Found.class, f -> {
            assertThat(f.columns()).containsEntry("score_unit", "us/op").containsEntry("score_better", "lower").containsEntry("jmh_mode", "avgt")
                    .containsEntry("jmh_forks", "1").containsEntry("jmh_iterations", "2").containsEntry("java_version", "25.0.3");
            assertThat(f.columns().get("metrics")).contains("gc.alloc.rate.norm=");
            assertThat(f.columns().get("metric_units")).contains("gc.alloc.rate.norm=B/op");
        });
    }

    @Test
    void aJmhRunWithoutJsonOrForAnotherBenchmarkIsAProblem() throws Exception {
        assertThat(Readings.read(jmh("x.Y.z"), out("<failure>\njava.lang.IllegalStateException: boom\n"), null))
                .isInstanceOfSatisfying(Readings.Reading.Threw.class, p -> assertThat(p.detail()).isEqualTo("the benchmark threw java.lang.IllegalStateException: boom"));
        assertThat(Readings.read(jmh("x.Y.z"), out("# Run complete.\n"), null))
                .isInstanceOfSatisfying(Readings.Reading.Problem.class, p -> assertThat(p.detail()).contains("no JSON result", "Run complete"));
        assertThat(Readings.read(jmh("x.Y.z"), out(""), JmhResultTest.fixture("avgt.json")))
                .isInstanceOfSatisfying(Readings.Reading.Problem.class, p -> assertThat(p.detail()).contains("not the cell's x.Y.z"));
    }

    /** JMH's output for a benchmark that threw in its fork (JMHSample_33 on JDK 25), its warnings before and its summary after. */
    static final String THREW = """
            WARNING: A terminally deprecated method in sun.misc.Unsafe has been called
            WARNING: sun.misc.Unsafe::objectFieldOffset has been called by org.openjdk.jmh.util.Utils
            # Benchmark: org.openjdk.jmh.samples.JMHSample_33_SecurityManager.testWithSM
            # Fork: 1 of 1
            <failure>

            java.lang.UnsupportedOperationException: Setting a Security Manager is not supported
            	at java.base/java.lang.System.setSecurityManager(System.java:286)
            	at org.openjdk.jmh.samples.JMHSample_33_SecurityManager$SecurityManagerInstalled.setup(JMHSample_33_SecurityManager.java:82)
            	at org.openjdk.jmh.samples.jmh_generated.JMHSample_33_SecurityManager_testWithSM_jmhTest._jmh_tryInit_f_securitymanagerinstalled1_G(X.java:438)
            	at org.openjdk.jmh.samples.jmh_generated.JMHSample_33_SecurityManager_testWithSM_jmhTest.testWithSM_AverageTime(X.java:160)

            # Run complete. Total time: 00:00:01
            WARNING: sun.misc.Unsafe::objectFieldOffset will be removed in a future release
            """;

    @Test
    void aBenchmarkThatThrowsIsAnErrorWhoseDetailIsItsExceptionNotJmhsLastLines() {
        Cell cell = jmh("org.openjdk.jmh.samples.JMHSample_33_SecurityManager.testWithSM");
        Readings.Reading r = Readings.read(cell, out(THREW), "[]");
        assertThat(r).isInstanceOf(Readings.Reading.Threw.class);
        Outcome o = Outcome.classify(cell, out(THREW), r, "logs/00001.log");
        assertThat(o.status()).isEqualTo("error");
        assertThat(o.detail()).startsWith("the benchmark threw java.lang.UnsupportedOperationException: Setting a Security Manager is not supported | at java.base/java.lang.System.setSecurityManager")
                .contains("SecurityManagerInstalled.setup").doesNotContain("WARNING").endsWith("; output in logs/00001.log");
        // no JSON at all, and the same output: the same cause
        assertThat(Readings.read(cell, out(THREW), null)).isInstanceOf(Readings.Reading.Threw.class);
        // warnings alone are no exception: JMH's last lines, as before
        assertThat(Readings.read(cell, out("WARNING: sun.misc.Unsafe::objectFieldOffset\n# Run complete.\n"), null)).isInstanceOf(Readings.Reading.Problem.class);
    }

    @Test
    void aJarTooNewForItsJdkIsAnErrorNamingUnsupportedClassVersionError() {
        String stderr = """
                Error: LinkageError occurred while loading main class dev.jdkmatrix.examples.jar.SortApp
                	java.lang.UnsupportedClassVersionError: dev/jdkmatrix/examples/jar/SortApp has been compiled by a more recent version of the Java Runtime (class file version 65.0), this version of the Java Runtime only recognizes class file versions up to 61.0
                """;
        ContainerResult res = new ContainerResult("id", "name", 1, false, false, "", stderr, "", 1, 1, 1234, 1, 300);
        Outcome o = Outcome.classify(jar(null), res, Readings.read(jar(null), res, null), "logs/00002.log");
        assertThat(o.status()).isEqualTo("error");
        assertThat(o.detail()).startsWith("exit code 1: java.lang.UnsupportedClassVersionError: dev/jdkmatrix/examples/jar/SortApp has been compiled");
        // JMH's launcher loads on JDK 17, the fork fails to load the benchmark and JMH ends with no result
        String jmh = "<failure>\n\njava.lang.UnsupportedClassVersionError: org/example/Bench has been compiled by a more recent version\n\tat java.base/java.lang.ClassLoader.defineClass1(Native Method)\n";
        Cell cell = jmh("org.example.Bench.run");
        Outcome j = Outcome.classify(cell, out(jmh), Readings.read(cell, out(jmh), "[]"), "logs/00003.log");
        assertThat(j.status()).isEqualTo("error");
        assertThat(j.detail()).contains("UnsupportedClassVersionError");
    }

    @Test
    void aRunKilledBeforeItsRecordSaysHowFarItGotFromItsLastProgressLine() {
        String stdout = "JDKMATRIX-PROGRESS elapsed_ms=1000;submitted=20000;threads_started=9000\nsome log\n"
                + "JDKMATRIX-PROGRESS elapsed_ms=3001;submitted=20000;threads_started=15123\nJDKMATRIX-PROGRESS elapsed_ms=70";
        assertThat(Readings.lastProgress(stdout)).isEqualTo("elapsed_ms=70");
        assertThat(Readings.lastProgress(stdout.substring(0, stdout.lastIndexOf("JDKMATRIX")))).isEqualTo("elapsed_ms=3001;submitted=20000;threads_started=15123");
        assertThat(Readings.lastProgress("no progress here\n")).isNull();
        assertThat(Readings.lastProgress("JDKMATRIX-PROGRESS elapsed_ms=")).as("a line cut by the kill").isNull();
        ContainerResult killed = new ContainerResult("id", "name", 137, true, false, stdout.substring(0, stdout.lastIndexOf("JDKMATRIX")), "", "", 1, 1, 1234, 1, 1500.5);
        Outcome o = Outcome.classify(jar(null), killed, Readings.read(jar(null), killed, null), "00001.log");
        assertThat(o.status()).isEqualTo("oom");
        assertThat(o.detail()).contains("memory limit of 512m", "last progress: elapsed_ms=3001;submitted=20000;threads_started=15123", "00001.log");
    }
}
