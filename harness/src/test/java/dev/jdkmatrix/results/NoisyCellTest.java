package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.model.MemoryLimit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A cell noisy from round to round is named after a run with what its own runs say would quiet it; a quiet one is not. */
class NoisyCellTest {

    static CellKey jmh(CpuMode mode) {
        return CellKey.of(CellKey.Kind.JMH, "bench", "org.example.Bench.parse", "avgt", new TreeMap<>(), "", 0, "25", CpuLimit.parse("1"), mode,
                MemoryLimit.parse("1g"), "");
    }

    /** Runs of {@code key} with these scores (us/op), each with JMH's error {@code error} of its score and {@code throttled} ms. */
    static List<RawRow> runs(CellKey key, double[] scores, double error, double throttled) {
        List<RawRow> out = new ArrayList<>();
        for (int i = 0; i < scores.length; i++) {
            out.add(Rows.of(key).run("r", i + 1).rep(i + 1).with("kind", "jmh").with("score", String.format(Locale.ROOT, "%.4f", scores[i]))
                    .with("score_error", String.format(Locale.ROOT, "%.4f", scores[i] * error)).with("score_unit", "us/op").with("score_better", "lower")
                    .with("jmh_iterations", "5").with("jmh_forks", "1").with("jmh_measurement_time", "500 ms").with("cpu_throttled_ms", String.format(Locale.ROOT, "%.1f", throttled))
                    .build());
        }
        return out;
    }

    @Test
    void aThrottledQuotaCellIsToldOfCpusetAndRunsThatSettleApartOfMoreRounds() {
        List<RawRow> rows = runs(jmh(CpuMode.QUOTA), new double[] {100, 112, 95, 120, 101, 90}, 0.01, 40);
        List<NoisyCell> noisy = NoisyCell.of(rows);
        assertThat(noisy).singleElement().satisfies(n -> {
            assertThat(n.spread()).isBetween(0.08, 0.15);
            assertThat(n.text()).contains("from round to round over 6 runs", "throttled by its CPU quota in 6 of 6 runs: cpu-mode: cpuset",
                    "JMH's own error ±1.0 %, a standard error of 0.1 % for a run's figure", "the runs do not", "more rounds or forks (-f)",
                    "they ran 5 iterations of 500 ms");
        });
    }

    @Test
    void iterationsThatVaryWithinARunAskForLongerOrMoreOfThem() {
        List<RawRow> rows = runs(jmh(CpuMode.CPUSET), new double[] {100, 112, 95, 120, 101, 90}, 0.80, 0);
        assertThat(NoisyCell.of(rows)).singleElement().satisfies(n -> {
            assertThat(n.text()).contains("its iterations vary within a run (JMH's own error ±80.0 %, a standard error of 9.3 % for a run's figure): "
                    + "longer iterations (-r) or more of them (-i)")
                    .doesNotContain("throttled");
        });
    }

    @Test
    void aQuietCellAndOneOfTwoRunsAreNotNamed() {
        List<RawRow> rows = new ArrayList<>(runs(jmh(CpuMode.CPUSET), new double[] {100, 101, 99, 100.5, 100.2, 99.7}, 0.01, 0));
        rows.addAll(runs(jmh(CpuMode.QUOTA), new double[] {100, 200}, 0.01, 10));
        assertThat(NoisyCell.of(rows)).isEmpty();
    }

    @Test
    void theAnswerEndsWithTheNoisiestCellsFirst() {
        List<RawRow> rows = new ArrayList<>(runs(jmh(CpuMode.CPUSET), new double[] {100, 112, 95, 120, 101, 90}, 0.01, 0));
        CellKey other = CellKey.of(CellKey.Kind.JMH, "bench", "org.example.Bench.format", "avgt", new TreeMap<>(), "", 0, "25", CpuLimit.parse("1"),
                CpuMode.CPUSET, MemoryLimit.parse("1g"), "");
        rows.addAll(runs(other, new double[] {100, 150, 80, 170, 95, 60}, 0.01, 0));
        List<String> lines = dev.jdkmatrix.results.format.AnswerText.noisy(NoisyCell.of(rows), 3);
        assertThat(lines.get(0)).isEqualTo("  noisy: 2 of 3 cells spread more than 5 % from round to round (each comparison of them resolves less for it):");
        assertThat(lines.get(1)).contains("Bench.format");
        assertThat(lines.get(2)).contains("Bench.parse");
    }
}
