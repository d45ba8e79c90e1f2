package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Comparisons inside a run: groups from the rows, pairs by round, dropped rounds, verdicts. */
class ComparisonsTest {

    /** A measured run of sleep on a JDK and executor, round {@code rep}, with a status. */
    static RawRow run(String jdk, String executor, int rep, double wall, String status) {
        return Rows.measured("sleep", "wait-ms=10", executor, jdk, "1", rep, wall, status);
    }

    @Test
    void cellsThatDifferAlongTheComparedAxesArePairedByRound() {
        List<RawRow> rows = new ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            double machine = 1000 + 100 * (rep % 3);
            rows.add(run("25", "fixed:10", rep, machine * 1.02, "ok"));
            rows.add(run("21", "fixed:10", rep, machine, "ok"));
            rows.add(run("21", "virtual", rep, machine * 0.5, rep == 2 ? "oom" : "ok"));
        }
        // round 4 of JDK 25's pool was noisy (host steal) and made again: its second attempt counts
        rows.add(rows.indexOf(rows.stream().filter(r -> r.column("jdk").equals("25") && r.column("rep").equals("4")).findFirst().orElseThrow()),
                withStatus(run("25", "fixed:10", 4, 5000, "ok"), "noisy"));
        List<Comparisons.Row> c = Comparisons.of(rows, List.of("jdk", "executor"), "blocked", 0.10, Double.NaN);
        // one group of three cells: three pairs, a = 21 pool (JDK 21 before 25, fixed before virtual)
        assertThat(c).hasSize(3).allMatch(r -> r.group() == 1 && r.paired() && r.pairing().equals("blocked"));
        Comparisons.Row jdk = c.stream().filter(r -> r.compared().equals("jdk 21 -> 25")).findFirst().orElseThrow();
        assertThat(jdk.cellA()).contains("jdk=21").contains("fixed:10");
        assertThat(jdk.pairs()).isEqualTo(6);
        assertThat(jdk.dropped()).isZero();
        assertThat(jdk.ratio().ratio()).isCloseTo(1.02, within(1e-6));
        assertThat(jdk.verdict()).isEqualTo(Comparisons.Verdict.SLOWER); // a time 2 % up, every round
        Comparisons.Row exec = c.stream().filter(r -> r.compared().equals("executor fixed:10 -> virtual")).findFirst().orElseThrow();
        assertThat(exec.pairs()).isEqualTo(5);
        assertThat(exec.dropped()).isEqualTo(1); // round 2's virtual run ended oom
        assertThat(exec.ratio().ratio()).isCloseTo(0.5, within(1e-6));
        // half the time in every round, but 5 pairs give a 93.75 % interval: no verdict below 95 %
        assertThat(exec.verdict()).isEqualTo(Comparisons.Verdict.UNDECIDED);
        assertThat(exec.note()).isEqualTo("5 pairs: a 93.8 % interval, below the 95 % a verdict needs (6 pairs reach it)");
        assertThat(jdk.note()).isEmpty();
        // the diagonal pair differs in both
        assertThat(c).extracting(Comparisons.Row::compared).contains("jdk 21 -> 25; executor virtual -> fixed:10");
    }

    @Test
    void inAutoOrderAPairIsADuetsWhereItsRunsStartedTogetherElseBlocked() {
        List<RawRow> rows = new ArrayList<>();
        int seq = 1;
        for (int rep = 1; rep <= 6; rep++) {
            // the pool's pair started together (each names the other's seq), the virtual threads' pair back to back
            rows.add(Rows.from(run("21", "fixed:10", rep, 1000, "ok")).run("t", seq).with("duet_with", Integer.toString(seq + 1)).build());
            rows.add(Rows.from(run("25", "fixed:10", rep, 1010, "ok")).run("t", seq + 1).with("duet_with", Integer.toString(seq)).build());
            rows.add(Rows.from(run("21", "virtual", rep, 500, "ok")).run("t", seq + 2).build());
            rows.add(Rows.from(run("25", "virtual", rep, 505, "ok")).run("t", seq + 3).build());
            seq += 4;
        }
        List<Comparisons.Row> c = Comparisons.of(rows, List.of("jdk"), "auto", 0.10, Double.NaN);
        assertThat(c).hasSize(2).allMatch(Comparisons.Row::paired);
        assertThat(c).filteredOn(r -> r.cellA().contains("fixed:10")).singleElement().extracting(Comparisons.Row::pairing).isEqualTo("duet");
        assertThat(c).filteredOn(r -> r.cellA().contains("virtual")).singleElement().extracting(Comparisons.Row::pairing).isEqualTo("blocked");
        // in duet order every pair says duet, as the plan made it
        assertThat(Comparisons.of(rows, List.of("jdk"), "duet", 0.10, Double.NaN)).extracting(Comparisons.Row::pairing).containsOnly("duet");
    }

    @Test
    void theVerdictReadsTheIntervalInTheFiguresDirection() {
        assertThat(Comparisons.verdict(1.01, 1.03, false, 0.10, 0.005)).isEqualTo(Comparisons.Verdict.SLOWER);
        assertThat(Comparisons.verdict(1.01, 1.03, true, 0.10, 0.005)).isEqualTo(Comparisons.Verdict.FASTER);
        assertThat(Comparisons.verdict(0.97, 0.99, false, 0.10, 0.005)).isEqualTo(Comparisons.Verdict.FASTER);
        assertThat(Comparisons.verdict(0.95, 1.04, false, 0.10, 0.005)).isEqualTo(Comparisons.Verdict.SAME);
        assertThat(Comparisons.verdict(0.85, 1.04, false, 0.10, 0.005)).isEqualTo(Comparisons.Verdict.UNDECIDED);
        // clear of 1 but not of the min-difference: a real 0.2 % is no difference anyone asked about, and within the threshold it is the same
        assertThat(Comparisons.verdict(0.996, 0.999, false, 0.10, 0.005)).isEqualTo(Comparisons.Verdict.SAME);
        assertThat(Comparisons.verdict(0.996, 0.999, false, 0.10, 0)).isEqualTo(Comparisons.Verdict.FASTER);
        assertThat(Comparisons.verdict(1.002, 1.12, false, 0.10, 0.005)).isEqualTo(Comparisons.Verdict.UNDECIDED);
        assertThat(Comparisons.verdict(Double.NaN, Double.NaN, false, 0.10, 0.005)).isEqualTo(Comparisons.Verdict.UNDECIDED);
    }

    @Test
    void aSequentialPlanIsComparedUnpairedAndAnOldRunAlongJdkAndExecutor() {
        List<RawRow> rows = new ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            rows.add(run("21", "fixed:10", rep, 1000 + rep, "ok"));
            rows.add(run("25", "fixed:10", rep, 800 + rep, "ok"));
        }
        Comparisons.Row seq = Comparisons.of(rows, null, "sequential", 0.10, Double.NaN).get(0);
        assertThat(seq.paired()).isFalse();
        assertThat(seq.pairing()).isEqualTo("none");
        assertThat(seq.verdict()).isEqualTo(seq.unpairedVerdict()).isEqualTo(Comparisons.Verdict.FASTER);
        assertThat(seq.figure().ratio()).isCloseTo(803.5 / 1003.5, within(1e-9));
        // no run.json: along jdk and executor where they vary, rounds paired as an interleaved plan's
        Comparisons.Row old = Comparisons.of(rows, (RunMetadata) null).get(0);
        assertThat(old.paired()).isTrue();
        assertThat(old.compared()).isEqualTo("jdk 21 -> 25");
    }

    /** Two modes of one JMH benchmark are two cells that differ in more than the JDK: only a mode's own JDKs are compared. */
    @Test
    void aBenchmarksModesAreNeverComparedWithEachOther() {
        List<RawRow> rows = new ArrayList<>();
        for (String mode : List.of("avgt", "thrpt")) {
            for (String jdk : List.of("21", "25")) {
                for (int rep = 1; rep <= 5; rep++) {
                    Rows.Builder v = Rows.from(run(jdk, "", rep, 1000 + rep, "ok"));
                    v.with("cell", "bench [" + mode + "] jdk=" + jdk);
                    v.with("kind", "jmh");
                    v.with("benchmark", "org.example.Bench.run");
                    v.with("jmh_mode", mode);
                    v.with("score", Double.toString(mode.equals("avgt") ? 10 + rep : 0.1 + rep / 100.0));
                    rows.add(v.build());
                }
            }
        }
        List<Comparisons.Row> all = Comparisons.of(rows, (RunMetadata) null);
        assertThat(all).hasSize(2).allMatch(r -> r.compared().equals("jdk 21 -> 25"))
                .allMatch(r -> r.cellA().substring(0, 12).equals(r.cellB().substring(0, 12)));
        // a built-in workload's own param called mode (threadlocal's) is a param as any other: cells of two modes are not one group
        List<RawRow> threadlocal = new ArrayList<>();
        for (String mode : List.of("carrier", "pool")) {
            for (String jdk : List.of("21", "25")) {
                for (int rep = 1; rep <= 5; rep++) threadlocal.add(Rows.measured("threadlocal", "mode=" + mode, "virtual", jdk, "2", rep, 100 + rep, "ok"));
            }
        }
        assertThat(Comparisons.of(threadlocal, (RunMetadata) null)).hasSize(2)
                .allMatch(r -> r.cellA().contains("mode=carrier") == r.cellB().contains("mode=carrier"));
    }

    @Test
    void noVerdictFromTwoToFivePairsHoweverClearTheirInterval() {
        for (int n = 2; n <= 7; n++) {
            double[] a = new double[n];
            double[] b = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = 1000 + 10 * i;
                b[i] = a[i] * (1.5 + 0.001 * i); // 50 % slower in every round
            }
            Comparisons.Decision d = Comparisons.pairedDecision(PairedRatio.of(a, b), false, 0.10, 0.005);
            assertThat(d.verdict()).as("%d pairs", n).isEqualTo(n < 6 ? Comparisons.Verdict.UNDECIDED : Comparisons.Verdict.SLOWER);
            assertThat(d.note()).as("%d pairs", n).isEqualTo(n < 6 ? n + " pairs: a " + String.format(java.util.Locale.ROOT, "%.1f", 100 * (1 - Math.pow(2, 1 - n)))
                    + " % interval, below the 95 % a verdict needs (6 pairs reach it)" : "");
            Comparisons.Decision u = Comparisons.unpairedDecision(n, n, 1.4, 1.6, false, 0.10, 0.005);
            assertThat(u.verdict()).as("%d runs a cell", n).isEqualTo(n < 6 ? Comparisons.Verdict.UNDECIDED : Comparisons.Verdict.SLOWER);
        }
        assertThat(Comparisons.pairedDecision(null, false, 0.10, 0.005).note()).contains("no round");
    }

    @Test
    void benjaminiHochbergAgainstAHandComputation() {
        // p sorted: 0.001 0.008 0.039 0.041 0.042 0.06 0.074 0.205 (m = 8); q(k) = min over j >= k of p(j) * 8 / j
        double[] p = {0.039, 0.001, 0.074, 0.041, 0.008, 0.205, 0.042, 0.06, Double.NaN};
        double[] q = Multiplicity.benjaminiHochberg(p);
        // 0.205*8/8 = 0.205; 0.074*8/7 = 0.08457; 0.06*8/6 = 0.08; 0.042*8/5 = 0.0672; 0.041*8/4 = 0.082 -> 0.0672; 0.039*8/3 = 0.104 -> 0.0672;
        // 0.008*8/2 = 0.032; 0.001*8/1 = 0.008
        double[] expected = {0.0672, 0.008, 0.084571428571, 0.0672, 0.032, 0.205, 0.0672, 0.08, Double.NaN};
        for (int i = 0; i < p.length; i++) assertThat(q[i]).as("q of p = %s", p[i]).isCloseTo(expected[i], within(1e-9));
    }

    @Test
    void valuesOrderDefaultsFirstThenByNumberThenByName() {
        assertThat(Comparisons.compareValues("", "-Dnoop=1")).isNegative();
        assertThat(Comparisons.compareValues("quota", "cpuset")).isNegative();
        assertThat(Comparisons.compareValues("21", "25")).isNegative();
        assertThat(Comparisons.compareValues("9", "17")).isNegative();
        assertThat(Comparisons.compareValues("25", "temurin-25")).isNegative();
        assertThat(Comparisons.compareValues("fixed:cpus", "virtual")).isNegative();
    }

    static RawRow withStatus(RawRow r, String status) {
        Rows.Builder v = Rows.from(r);
        v.with("status", status);
        return v.build();
    }
}
