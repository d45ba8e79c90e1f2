package dev.jdkmatrix.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Cell;
import org.junit.jupiter.api.Test;

/** A failed run's detail names the root cause of what the program threw, and where in the user's code. */
class TracesTest {

    /** JMH's output for a benchmark whose class could not read its data file in its static initializer (a warm-up iteration's failure). */
    static final String NO_DATA_FILE = """
            # Benchmark: com.acme.json.ParseBench.parse
            # Fork: 1 of 1
            # Warmup Iteration   1: <failure>

            java.lang.ExceptionInInitializerError
            	at com.acme.json.jmh_generated.ParseBench_parse_jmhTest._jmh_tryInit_f_parsebench0_G(ParseBench_parse_jmhTest.java:438)
            	at com.acme.json.jmh_generated.ParseBench_parse_jmhTest.parse_Throughput(ParseBench_parse_jmhTest.java:71)
            	at java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:103)
            	at java.base/java.lang.reflect.Method.invoke(Method.java:580)
            	at org.openjdk.jmh.runner.BenchmarkHandler$BenchmarkTask.call(BenchmarkHandler.java:527)
            	at java.base/java.lang.Thread.run(Thread.java:1583)
            Caused by: java.lang.RuntimeException: cannot read the documents
            	at com.acme.json.Documents.load(Documents.java:22)
            	at com.acme.json.ParseBench.<clinit>(ParseBench.java:15)
            	... 6 more
            Caused by: java.io.FileNotFoundException: data/twitter.json (No such file or directory)
            	at java.base/java.io.FileInputStream.open0(Native Method)
            	at java.base/java.io.FileInputStream.open(FileInputStream.java:213)
            	at java.base/java.io.FileInputStream.<init>(FileInputStream.java:152)
            	at com.acme.json.Documents.read(Documents.java:30)
            	at com.acme.json.Documents.load(Documents.java:20)
            	... 8 more
            	Suppressed: java.lang.IllegalStateException: close failed
            		at com.acme.json.Documents.close(Documents.java:40)
            		... 9 more
            	Caused by: java.lang.AssertionError: inside the suppressed one
            		... 10 more

            # Run complete. Total time: 00:00:02
            """;

    @Test
    void aJmhRunThatThrewSaysTheRootCauseWhereItWasThrownAndTheUsersFrames() {
        Cell cell = ReadingsTest.jmh("com.acme.json.ParseBench.parse");
        ContainerResult res = ReadingsTest.out(NO_DATA_FILE);
        Outcome o = Outcome.classify(cell, res, Readings.read(cell, res, null), "logs/00001.log");
        assertThat(o.status()).isEqualTo("error");
        assertThat(o.detail()).isEqualTo("the benchmark threw java.io.FileNotFoundException: data/twitter.json (No such file or directory)"
                + " | at java.base/java.io.FileInputStream.open0(Native Method) | at com.acme.json.Documents.read(Documents.java:30)"
                + " | at com.acme.json.Documents.load(Documents.java:20) | the root cause of java.lang.ExceptionInInitializerError; output in logs/00001.log");
    }

    @Test
    void aJarThatThrewFromMainSaysItsRootCauseAndTheCallerInItsCodeWhenTheCauseHasNone() {
        String stderr = """
                Exception in thread "main" java.lang.IllegalStateException: no configuration
                	at app//com.acme.App.configure(App.java:12)
                	at app//com.acme.App.main(App.java:5)
                Caused by: java.nio.file.NoSuchFileException: /tmp/app.yaml
                	at java.base/sun.nio.fs.UnixException.translateToIOException(UnixException.java:92)
                	at java.base/sun.nio.fs.UnixException.rethrowAsIOException(UnixException.java:106)
                	at java.base/sun.nio.fs.UnixFileSystemProvider.newByteChannel(UnixFileSystemProvider.java:262)
                	at java.base/java.nio.file.Files.newByteChannel(Files.java:380)
                	... 2 more
                """;
        ContainerResult res = new ContainerResult("id", "name", 1, false, false, "", stderr, "", 1, 1, 1234, 1, 300);
        Outcome o = Outcome.classify(ReadingsTest.jar(null), res, Readings.read(ReadingsTest.jar(null), res, null), "logs/00002.log");
        assertThat(o.detail()).isEqualTo("exit code 1: java.nio.file.NoSuchFileException: /tmp/app.yaml"
                + " | at java.base/sun.nio.fs.UnixException.translateToIOException(UnixException.java:92)"
                + " | at app//com.acme.App.configure(App.java:12) | at app//com.acme.App.main(App.java:5)"
                + " | the root cause of java.lang.IllegalStateException; output in logs/00002.log");
    }

    @Test
    void withoutTheUsersCodeOrACauseTheFirstFramesStay() {
        String out = "java.lang.OutOfMemoryError: Java heap space\n\tat java.base/java.util.Arrays.copyOf(Arrays.java:3541)\n"
                + "\tat java.base/java.util.ArrayList.grow(ArrayList.java:237)\n\tat java.base/java.util.ArrayList.add(ArrayList.java:486)\n"
                + "\tat java.base/java.util.ArrayList.add(ArrayList.java:499)\n\nafter the trace\n";
        assertThat(Readings.firstException(out)).isEqualTo("java.lang.OutOfMemoryError: Java heap space | at java.base/java.util.Arrays.copyOf(Arrays.java:3541)"
                + " | at java.base/java.util.ArrayList.grow(ArrayList.java:237) | at java.base/java.util.ArrayList.add(ArrayList.java:486)");
        assertThat(Traces.user("at org.openjdk.jmh.samples.JMHSample_01.wellHelloThere(JMHSample_01.java:10)")).isTrue();
        assertThat(Traces.user("at org.openjdk.jmh.runner.BenchmarkHandler.call(BenchmarkHandler.java:1)")).isFalse();
        assertThat(Traces.user("at app//com.acme.json.jmh_generated.X_jmhTest.run(X.java:1)")).isFalse();
    }
}
