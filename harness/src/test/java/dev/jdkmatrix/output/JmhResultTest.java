package dev.jdkmatrix.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * JMH 1.37's JSON, recorded from real runs of examples/jmh (throughput, average time, sample time,
 * single shot; with and without -prof gc; @AuxCounters), and one with the "·gc" names of older JMH.
 */
class JmhResultTest {

    static String fixture(String name) throws IOException {
        try (InputStream in = JmhResultTest.class.getResourceAsStream("/jmh/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void throughputIsBetterHigher() throws IOException {
        JmhResult r = JmhResult.parse(fixture("thrpt.json"));
        assertThat(r.benchmark()).isEqualTo("dev.jdkmatrix.examples.jmh.ParallelHashBench.sequentialHash");
        assertThat(r.mode()).isEqualTo("thrpt");
        assertThat(r.scoreUnit()).isEqualTo("ops/s");
        assertThat(Double.parseDouble(r.score())).isPositive();
        assertThat(r.higherIsBetter()).isTrue();
        assertThat(r.params()).containsEntry("n", "4000000");
        assertThat(r.forks()).isEqualTo(1);
        assertThat(r.iterations()).isEqualTo(2);
        assertThat(r.warmupIterations()).isEqualTo(1);
        assertThat(r.secondary()).isEmpty();
    }

    @Test
    void averageTimeIsBetterLowerAndAMissingErrorIsEmpty() throws IOException {
        JmhResult r = JmhResult.parse(fixture("avgt.json"));
        assertThat(r.mode()).isEqualTo("avgt");
        assertThat(r.scoreUnit()).isEqualTo("us/op");
        assertThat(r.higherIsBetter()).isFalse();
        assertThat(r.scoreError()).as("JMH writes \"NaN\" with 2 iterations").isEmpty();
        assertThat(r.jdkVersion()).isEqualTo("25.0.3");
        assertThat(r.vmVersion()).startsWith("25.0.3+");
    }

    @Test
    void sampleTimeAndSingleShotHaveAnError() throws IOException {
        JmhResult sample = JmhResult.parse(fixture("sample-gc.json"));
        assertThat(sample.mode()).isEqualTo("sample");
        assertThat(Double.parseDouble(sample.scoreError())).isPositive();
        JmhResult ss = JmhResult.parse(fixture("ss.json"));
        assertThat(ss.mode()).isEqualTo("ss");
        assertThat(ss.higherIsBetter()).isFalse();
        assertThat(Double.parseDouble(ss.scoreError())).isPositive();
    }

    @Test
    void sampleModeKeepsAllTenPercentilesAndEveryRunRecordsJmhsSettings() throws IOException {
        JmhResult sample = JmhResult.parse(fixture("sample-gc.json"));
        assertThat(sample.secondary()).containsKeys("p0.00", "p0.50", "p0.90", "p0.95", "p0.99", "p0.999", "p0.9999", "p0.99999", "p0.999999", "p1.00");
        assertThat(sample.secondary().get("p0.99999")).isEqualTo("4059.136");
        assertThat(sample.secondaryUnits()).containsEntry("p0.999999", sample.scoreUnit());
        assertThat(sample.settings()).isEqualTo(new JmhResult.Settings(1, "200 ms", 1, "200 ms", 1));
        JmhResult ss = JmhResult.parse(fixture("ss.json"));
        assertThat(ss.settings().measurementTime()).isEqualTo("single-shot");
        assertThat(ss.secondary()).doesNotContainKey("p0.99999");
        assertThat(JmhResult.percentileName("50.0")).isEqualTo("p0.50");
        assertThat(JmhResult.percentileName("100.0")).isEqualTo("p1.00");
        assertThat(JmhResult.percentileName("99.9999")).isEqualTo("p0.999999");
    }

    @Test
    void gcProfilerMetricsAreKeptWithTheirUnitsUnderOneNameInEveryJmhVersion() throws IOException {
        JmhResult now = JmhResult.parse(fixture("avgt-gc.json"));
        JmhResult old = JmhResult.parse(fixture("avgt-gc-old-names.json"));
        assertThat(now.secondary()).containsKeys("gc.alloc.rate", "gc.alloc.rate.norm", "gc.count", "gc.time");
        assertThat(now.secondaryUnits()).containsEntry("gc.alloc.rate.norm", "B/op").containsEntry("gc.alloc.rate", "MB/sec");
        assertThat(Double.parseDouble(now.secondary().get("gc.alloc.rate.norm"))).isPositive();
        assertThat(old.secondary()).isEqualTo(now.secondary());
        assertThat(old.secondaryUnits()).isEqualTo(now.secondaryUnits());
    }

    @Test
    void auxCountersAreSecondaryMetrics() throws IOException {
        JmhResult r = JmhResult.parse(fixture("view.json"));
        // run with -XX:ActiveProcessorCount=3 -Xmx200m and 2 iterations: JMH sums EVENTS counters over the iterations
        assertThat(Double.parseDouble(r.secondary().get("availableProcessors"))).isEqualTo(3.0 * r.iterations());
        assertThat(r.secondaryUnits()).containsEntry("availableProcessors", "#");
    }

    @Test
    void aFileWithoutExactlyOneResultIsRefusedWithWhy() {
        assertThatThrownBy(() -> JmhResult.parse("[]")).hasMessageContaining("holds no result");
        assertThatThrownBy(() -> JmhResult.parse("[{\"primaryMetric\":{\"score\":1}},{\"primaryMetric\":{\"score\":2}}]")).hasMessageContaining("holds 2 results");
        assertThatThrownBy(() -> JmhResult.parse("{\"a\":1}")).hasMessageContaining("not a list");
        assertThatThrownBy(() -> JmhResult.parse("[{")).hasMessageContaining("malformed");
        assertThatThrownBy(() -> JmhResult.parse("[{\"benchmark\":\"x\"}]")).hasMessageContaining("no primaryMetric.score");
    }
}
