package dev.jdkmatrix.matrix;

import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.MemoryLimit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ValuesTest {

    @Test
    void cpuLimits() {
        assertThat(CpuLimit.parse("0.5").nanoCpus()).isEqualTo(500_000_000L);
        assertThat(CpuLimit.parse("2.00").text()).isEqualTo("2");
        assertThat(CpuLimit.parse("0.5").visibleProcessors()).isEqualTo(1);
        assertThat(CpuLimit.parse("1.5").visibleProcessors()).isEqualTo(2);
        assertThatThrownBy(() -> CpuLimit.parse("0")).hasMessageContaining("above 0");
        assertThatThrownBy(() -> CpuLimit.parse("0.125")).hasMessageContaining("2 decimals");
    }

    @Test
    void memoryLimits() {
        assertThat(MemoryLimit.parse("1g").bytes()).isEqualTo(1L << 30);
        assertThat(MemoryLimit.parse("1024m")).isEqualTo(MemoryLimit.parse("1g"));
        assertThat(MemoryLimit.parse("1.5g").text()).isEqualTo("1536m");
        assertThat(MemoryLimit.parse("512MiB").text()).isEqualTo("512m");
        assertThatThrownBy(() -> MemoryLimit.parse("63m")).hasMessageContaining("64m");
    }

    @Test
    void durations() {
        assertThat(Durations.parse("90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.parse("3")).isEqualTo(Duration.ofSeconds(3));
        assertThat(Durations.text(Duration.ofSeconds(3725))).isEqualTo("1h02m");
        assertThat(Durations.text(Duration.ofMillis(12_345))).isEqualTo("12.3s");
    }

    @Test
    void estimateFollowsTheWaveTheory() {
        Cell pool = new Cell("sleep", new java.util.TreeMap<>(java.util.Map.of("wait-ms", "100")), "fixed:200", 10_000, "25",
                CpuLimit.parse("1"), MemoryLimit.parse("1g"), java.util.List.of(), Duration.ofMinutes(2));
        assertThat(Estimate.workMillis(pool)).isBetween(5000.0, 5100.0);
        Cell pinned = new Cell("pinning", new java.util.TreeMap<>(java.util.Map.of("lock", "synchronized", "hold-ms", "50")), "virtual", 200, "21",
                CpuLimit.parse("2"), MemoryLimit.parse("1g"), java.util.List.of(), Duration.ofMinutes(2));
        assertThat(Estimate.workMillis(pinned)).isBetween(5000.0, 5100.0);
    }
}
