package dev.jdkmatrix.run;

import dev.jdkmatrix.results.format.SummaryColumns;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.matrix.Repetitions;
import dev.jdkmatrix.results.RawRow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the runner decides between runs: another adaptive round or not, a noisy run again or not. */
class RunDecisionsTest {

    static final Repetitions ADAPTIVE = new Repetitions(6, 10, 0.03);

    static RawRow row(String status, double wallMs, double stealPct) {
        return dev.jdkmatrix.results.Rows.of("c").status(status).wall(wallMs).with("host_steal_pct", Double.toString(stealPct)).build();
    }

    static List<RawRow> rows(double... wallMs) {
        List<RawRow> out = new ArrayList<>();
        for (double w : wallMs) out.add(row("ok", w, 0));
        return out;
    }

    @Test
    void aCalmCellHasEnoughAndANoisyOneGetsAnotherRound() {
        // six runs within 1 %: the interval of the median reaches 1 % at most
        assertThat(RunDecisions.enough(rows(1000, 1005, 1010, 995, 1002, 1001), ADAPTIVE)).isEqualTo("within the target");
        // five such runs are not enough: their interval is 93.75 %, and the minimum is 6
        assertThat(RunDecisions.enough(rows(1000, 1005, 1010, 995, 1002), ADAPTIVE)).isNull();
        // one run 40 % off: the interval (min..max at n = 6) reaches past 3 %
        assertThat(RunDecisions.enough(rows(1000, 1005, 1400, 995, 1002, 1001), ADAPTIVE)).isNull();
        // at the maximum it stops whatever the interval
        assertThat(RunDecisions.enough(rows(1000, 1400, 700, 1300, 800, 1200, 900, 1100, 600, 1500), ADAPTIVE)).contains("maximum");
        // a failed run stops it: more runs of a failing cell help nobody
        List<RawRow> failing = rows(1000, 1400, 700, 1300);
        failing.add(row("oom", Double.NaN, 0));
        assertThat(RunDecisions.enough(failing, ADAPTIVE)).contains("oom");
        // noisy runs neither count nor stop it
        List<RawRow> noisy = rows(1000, 1400, 700, 1300, 800, 1100);
        noisy.add(row("noisy", 1000, 30));
        assertThat(RunDecisions.enough(noisy, ADAPTIVE)).isNull();
    }

    @Test
    void aRunOverMaxStealIsNoisyUntilItsLastAttempt() {
        PlannedRun measure = new PlannedRun(1, dev.jdkmatrix.output.ReadingsTest.jar(new dev.jdkmatrix.matrix.WorkloadKind.Jar.Result(java.util.regex.Pattern.compile("x(\\d)"), "ms", false)),
                PlannedRun.Phase.MEASURE, 1);
        PlannedRun warmup = new PlannedRun(1, measure.cell(), PlannedRun.Phase.WARMUP, 1);
        assertThat(RunDecisions.stealTooHigh(row("ok", 1000, 23.4), measure, 0.10, 1)).isEqualTo("host CPU steal 23.4 % passed max-steal 10%; made again as attempt 2");
        assertThat(RunDecisions.stealTooHigh(row("ok", 1000, 23.4), measure, 0.10, MatrixRunner.MAX_ATTEMPTS)).isNull();
        assertThat(RunDecisions.stealTooHigh(row("ok", 1000, 9.9), measure, 0.10, 1)).isNull();
        assertThat(RunDecisions.stealTooHigh(row("ok", 1000, 23.4), measure, Double.NaN, 1)).isNull();
        assertThat(RunDecisions.stealTooHigh(row("ok", 1000, 23.4), warmup, 0.10, 1)).isNull();
        assertThat(RunDecisions.stealTooHigh(row("oom", 1000, 23.4), measure, 0.10, 1)).isNull();
        // unknown steal (a remote engine) is never noisy
        assertThat(RunDecisions.stealTooHigh(row("ok", 1000, Double.NaN), measure, 0.10, 1)).isNull();
    }

    @Test
    void theSummaryCountsNoisyRunsApartAndSaysWhetherTheTargetWasReached() {
        List<RawRow> r = rows(1000, 1005, 1010, 995, 1002);
        r.add(row("noisy", 3000, 40));
        var s = dev.jdkmatrix.results.Summarizer.summarize(r, 0.03).get(0);
        assertThat(SummaryColumns.column(s, "n")).isEqualTo("5");
        assertThat(SummaryColumns.column(s, "n_failed")).isEqualTo("0");
        assertThat(SummaryColumns.column(s, "n_noisy")).isEqualTo("1");
        assertThat(SummaryColumns.column(s, "wall_ms_max")).isEqualTo("1010.000");
        assertThat(SummaryColumns.column(s, "target_reached")).isEqualTo("yes");
        assertThat(SummaryColumns.column(dev.jdkmatrix.results.Summarizer.summarize(rows(1000, 1400, 1002), 0.03).get(0), "target_reached")).isEqualTo("no");
        assertThat(SummaryColumns.column(dev.jdkmatrix.results.Summarizer.summarize(r).get(0), "target_reached")).isEmpty();
    }
}
