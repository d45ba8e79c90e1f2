package dev.jdkmatrix.results;

import dev.jdkmatrix.results.CellSummary;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A measured figure is spelled in two places: its constant ({@link RunFigure}, {@link SummaryFigure})
 * and its column ({@link Columns}); the runner's writing, the summary's statistics, the rows'
 * reading and the charts' go through the constant.
 */
class FiguresTest {

    @Test
    void everyFigureIsAColumnOfItsFileAndEverySummaryOfARunFigureReadsItsColumn() {
        for (RunFigure f : RunFigure.values()) assertThat(Columns.RAW).as(f.name()).contains(f.column());
        for (SummaryFigure f : SummaryFigure.values()) {
            assertThat(Columns.SUMMARY).as(f.name()).contains(f.column());
            f.of().ifPresent(of -> assertThat(f.column()).isEqualTo(of.column() + "_" + f.over().name().toLowerCase(java.util.Locale.ROOT)));
        }
    }

    @Test
    void aMeasuredFigureIsWrittenInItsFormatAndAnUnmeasuredOneEmpty() {
        Map<String, String> v = RunFigure.columns(new java.util.EnumMap<>(Map.of(
                RunFigure.CREATE_MS, 14.6544, RunFigure.CPU_PERIODS, 8.0, RunFigure.HOST_STEAL_PCT, 2.46, RunFigure.SCORE, 3467630.49, RunFigure.JIT_MS, Double.NaN)));
        assertThat(v).containsEntry("create_ms", "14.654").containsEntry("cpu_periods", "8").containsEntry("host_steal_pct", "2.5")
                .containsEntry("score", "3467630").containsEntry("jit_ms", "");
        RawRow row = Rows.of("c").with("create_ms", v.get("create_ms")).with("jit_ms", v.get("jit_ms")).build();
        assertThat(row.figure(RunFigure.CREATE_MS)).isEqualTo(14.654);
        assertThat(row.figure(RunFigure.JIT_MS)).isNaN();
    }

    /** Every summary figure made of a run figure is computed from the runs by its statistic, with no line of its own in the summarizer. */
    @Test
    void eachSummaryOfARunFigureIsItsStatisticOverTheOkRuns() {
        List<RawRow> runs = new java.util.ArrayList<>();
        double[] steal = {1.0, 9.0, 3.0};
        for (int i = 0; i < 3; i++) {
            Rows.Builder b = Rows.of("c").rep(i + 1).wall(100 + i);
            for (RunFigure f : RunFigure.values()) {
                if (f != RunFigure.WALL_MS && f != RunFigure.ATTEMPT) b.with(f.column(), f.format().text(f == RunFigure.HOST_STEAL_PCT ? steal[i] : 10 * (i + 1)));
            }
            runs.add(b.build());
        }
        runs.add(Rows.of("c").rep(4).status("error").with("gc_pauses", "9999").build());
        CellSummary s = Summarizer.summarize(runs).get(0);
        for (SummaryFigure f : SummaryFigure.values()) {
            if (f.of().isEmpty()) continue;
            double expected = f.of().get() == RunFigure.HOST_STEAL_PCT ? (f.over() == SummaryFigure.Over.MAX ? 9.0 : 3.0) : 20.0;
            assertThat(s.figure(f)).as(f.column()).isEqualTo(expected);
        }
    }
}
