package dev.jdkmatrix.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.model.JmhIteration;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every iteration of a JMH run read from what it printed: real runs' logs as the harness stores them. */
class JmhIterationsTest {

    static String resource(String name) throws IOException {
        try (InputStream in = JmhIterationsTest.class.getResourceAsStream("/jmh/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aRealRunsLogGivesItsWarmupAndMeasuredIterationsInOrder() throws IOException {
        // a run of examples/jmh's StringJoinBench through the harness (-f 1 -wi 1 -i 3, 200 ms each), its log as stored
        List<JmhIteration> its = JmhIterations.parse(resource("stringjoin-run.log"));
        assertThat(its).extracting(JmhIteration::phase).containsExactly(JmhIteration.Phase.WARMUP, JmhIteration.Phase.MEASURE,
                JmhIteration.Phase.MEASURE, JmhIteration.Phase.MEASURE);
        assertThat(its).extracting(JmhIteration::score).containsExactly(14.367, 8.884, 6.801, 6.945);
        assertThat(its).extracting(JmhIteration::unit).containsOnly("us/op");
        assertThat(its).extracting(JmhIteration::fork).containsOnly(1);
        assertThat(its).extracting(JmhIteration::index).containsExactly(1, 1, 2, 3);
    }

    @Test
    void forksSampleModeAndSecondaryMetricsAreRead() throws IOException {
        // examples/jmh's StringJoinBench.plusInLoop run by JMH 1.37 itself: -f 2 -wi 2 -i 3 -bm sample -prof gc
        List<JmhIteration> its = JmhIterations.parse(resource("sample-gc-forks.log"));
        assertThat(its).extracting(JmhIteration::fork).containsExactly(1, 1, 1, 1, 1, 2, 2, 2, 2, 2);
        assertThat(its).extracting(JmhIteration::score).containsExactly(2306.334, 937.2, 835.237, 673.243, 672.484,
                1434.405, 891.356, 1013.832, 495.69, 1471.443);
        assertThat(its).extracting(JmhIteration::unit).containsOnly("us/op");
        assertThat(its.get(0).phase()).isEqualTo(JmhIteration.Phase.WARMUP);
        assertThat(its.get(0).secondary()).as("JMH prints no secondary metric under a warm-up iteration").isEmpty();
        assertThat(its.get(2).phase()).isEqualTo(JmhIteration.Phase.MEASURE);
        assertThat(its.get(2).secondary()).containsEntry("gc.alloc.rate.norm", 4443876.129).containsEntry("gc.count", 2.0).containsEntry("p0.50", 507.648);
    }

    @Test
    void aRunThatPrintedNoIterationHasNone() {
        assertThat(JmhIterations.parse("JDKMATRIX-RESULT {\"wall_ms\": 12}\n# Run progress: 0.00% complete\n")).isEmpty();
        assertThat(JmhIterations.parse(null)).isEmpty();
        assertThat(JmhIterations.parse("")).isEmpty();
    }
}
