package dev.jdkmatrix.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JmhOptionsTest {

    private static Map<String, String> row(String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return m;
    }

    @Test
    void aRunsSettingsReadAsJmhsCommandLineTakesThem() {
        Map<String, String> r = row("jmh_forks", "2", "jmh_warmup_iterations", "3", "jmh_iterations", "5", "jmh_warmup_time", "200 ms", "jmh_measurement_time", "1 min",
                "jmh_threads", "1", "jmh_warmup_batch_size", "1", "jmh_batch_size", "4");
        JmhOptions o = JmhOptions.read(c -> r.getOrDefault(c, "")).orElseThrow();
        assertThat(o.words()).containsExactly("-f", "2", "-wi", "3", "-i", "5", "-w", "200ms", "-r", "1min", "-bs", "4");
        Map<String, String> kept = new HashMap<>();
        o.write(kept);
        assertThat(JmhOptions.read(c -> kept.getOrDefault(c, ""))).as("kept and read back").contains(o);
    }

    @Test
    void aSingleShotRunHasNoTimesAndARowOfAnotherKindNone() {
        Map<String, String> r = row("jmh_forks", "1", "jmh_warmup_iterations", "0", "jmh_iterations", "10", "jmh_warmup_time", "single-shot",
                "jmh_measurement_time", "single-shot", "jmh_threads", "1");
        assertThat(JmhOptions.read(c -> r.getOrDefault(c, "")).orElseThrow().words()).containsExactly("-f", "1", "-wi", "0", "-i", "10");
        assertThat(JmhOptions.read(c -> "")).as("a built-in workload's run").isEmpty();
        assertThat(JmhOptions.read(c -> c.equals("jmh_iterations") ? "many" : "1")).as("a row that does not say them plainly").isEmpty();
    }

    @Test
    void impossibleSettingsAreRefusedSayingWhich() {
        assertThatThrownBy(() -> new JmhOptions(1, 0, 0, "1 s", "1 s", 1, 1, 1)).hasMessageContaining("iterations 0");
        assertThat(new JmhOptions(0, 0, 1, "", "", 1, 1, 1).words()).as("no fork: JMH in its own JVM").containsExactly("-f", "0", "-wi", "0", "-i", "1");
    }
}
