package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.model.MemoryLimit;
import dev.jdkmatrix.results.format.SummaryColumns;
import dev.jdkmatrix.stats.SteadyState;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A cell's summary as one typed value: what it refuses, how a score it lacks reads, and its text both ways. */
class CellSummaryTest {

    static final CellKey KEY = CellKey.of(CellKey.Kind.JMH, "suite", "org.sample.Bench.work", "avgt", new TreeMap<>(Map.of("size", "a;b=c\nd")), "", 1, "25",
            CpuLimit.parse("1"), CpuMode.CPUSET, MemoryLimit.parse("1g"), "-Xint");

    /** A summary with every part set: figures of each format, failures, a target, steady states, pinning, a profile, metrics. */
    static CellSummary everything() {
        Map<SummaryFigure, Double> figures = new EnumMap<>(SummaryFigure.class);
        for (SummaryFigure f : SummaryFigure.values()) figures.put(f, f.format().stored(1234.56789 + f.ordinal()));
        figures.put(SummaryFigure.CI_LEVEL, SummaryFigure.CI_LEVEL.format().stored(0.96875));
        Map<SteadyState.Kind, Integer> steady = Map.of(SteadyState.Kind.WARMUP, 2, SteadyState.Kind.FLAT, 3, SteadyState.Kind.NONE, 1);
        return new CellSummary(KEY, new CellSummary.Jvm("25.0.1+8", "Eclipse Adoptium|Debian", "OpenJDK 64-Bit Server VM"), 6, 2, 1,
                new TreeMap<>(Map.of("timeout", 1, "oom", 1)), true, "us/op", false, figures, CellSummary.Target.NO, new TreeMap<>(steady),
                new CellSummary.Pinning("java.lang.Object.wait", "MONITOR"), new CellSummary.Profile("cpu", "profiles/x.collapsed.gz"),
                new TreeMap<>(Map.of("gc.alloc.rate.norm", 8017.0, "gc.count", 3.0)), new TreeMap<>(Map.of("gc.alloc.rate.norm", "B/op", "gc.count", "counts")));
    }

    @Test
    void aSummaryWrittenAsTextReadsBackTheSame() {
        CellSummary s = everything();
        Map<String, String> row = SummaryColumns.row(s);
        assertThat(row).containsEntry("failures", "oom=1;timeout=1").containsEntry("target_reached", "no").containsEntry("n_steady", "5")
                .containsEntry("steady_states", "flat=3;none=1;warmup=2").containsEntry("score_better", "lower").containsEntry("ci_level", "0.9688")
                .containsEntry("metric_gc.count", "3").containsEntry("metric_units", "gc.alloc.rate.norm=B/op;gc.count=counts")
                .containsEntry("param_size", "a;b=c\nd").containsEntry("noisy", "true");
        assertThat(Columns.SUMMARY).allMatch(row::containsKey);
        assertThat(SummaryColumns.read(row)).isEqualTo(s);
    }

    @Test
    void aSummaryWithoutAScoreOfItsOwnReadsItsWallTimeForItAndWritesNoScore() {
        Map<SummaryFigure, Double> figures = new EnumMap<>(SummaryFigure.class);
        figures.put(SummaryFigure.WALL_MS_MEDIAN, 100.0);
        figures.put(SummaryFigure.WALL_MS_CV, 0.02);
        CellSummary wallOnly = new CellSummary(KEY, new CellSummary.Jvm("", "", ""), 3, 0, 0, new TreeMap<>(), false, "", false, figures,
                CellSummary.Target.NONE, new TreeMap<>(), new CellSummary.Pinning("", ""), CellSummary.Profile.NONE, new TreeMap<>(), new TreeMap<>());
        assertThat(wallOnly.scored()).isFalse();
        assertThat(wallOnly.score()).isEqualTo(100.0);
        assertThat(wallOnly.scoreCv()).isEqualTo(0.02);
        assertThat(wallOnly.scoreUnit()).isEqualTo("ms");
        assertThat(wallOnly.figure(SummaryFigure.SCORE_CV_PCT)).as("no stand-in").isNaN();
        assertThat(SummaryColumns.row(wallOnly)).containsEntry("score_median", "").containsEntry("score_unit", "").containsEntry("score_better", "");
        assertThat(everything().score()).as("a score of its own").isEqualTo(everything().figures().get(SummaryFigure.SCORE_MEDIAN));
    }

    @Test
    void aCellWithNoOkRunWritesNoNoisyMarkAndNegativeCountsAreRefused() {
        CellSummary none = Summarizer.summarize(List.of(Rows.of("c").status("oom").build())).get(0);
        assertThat(none.n()).isZero();
        assertThat(none.measured()).isFalse();
        assertThat(SummaryColumns.row(none)).containsEntry("noisy", "").containsEntry("failures", "oom=1").containsEntry("wall_ms_median", "");
        assertThat(SummaryColumns.read(SummaryColumns.row(none))).isEqualTo(none);
        assertThatThrownBy(() -> new CellSummary(KEY, new CellSummary.Jvm("", "", ""), -1, 0, 0, new TreeMap<>(), false, "", false, Map.of(),
                CellSummary.Target.NONE, new TreeMap<>(), new CellSummary.Pinning("", ""), CellSummary.Profile.NONE, new TreeMap<>(), new TreeMap<>()))
                .hasMessageContaining(KEY.id()).hasMessageContaining("never negative");
    }
}
