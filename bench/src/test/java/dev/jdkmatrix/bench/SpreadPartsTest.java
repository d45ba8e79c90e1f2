package dev.jdkmatrix.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SpreadPartsTest {

    /** Rounds of two sides: each round's machine moment ({@code shared}) on both, each run's own ({@code own}) on one. */
    static double[][] rounds(int n, double shared, double own, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] sides = new double[2][n];
        for (int i = 0; i < n; i++) {
            double moment = shared * gaussian(r);
            sides[0][i] = moment + own * gaussian(r);
            sides[1][i] = moment + own * gaussian(r);
        }
        return sides;
    }

    static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Test
    void aMachineThatMovesBothSidesOfARoundIsSharedAndLeavesTheRatioAlone() {
        double[][] s = rounds(400, 0.10, 0.01, 7);
        SpreadParts.Parts p = SpreadParts.of(s[0], s[1], 0);
        assertThat(p.shared()).as("the machine's moment, 10 %").isBetween(0.05, 0.20);
        assertThat(p.jvm()).as("each run's own, 1 %").isLessThan(0.03);
        assertThat(p.run()).isGreaterThanOrEqualTo(p.shared());
        assertThat(p.ratioSe()).as("pairing takes the shared part out of the ratio").isLessThan(p.shared() / 10);
        assertThat(p.rounds()).isEqualTo(400);
    }

    @Test
    void runsThatEachSettleApartAreTheirOwnAndStayInTheRatio() {
        double[][] s = rounds(400, 0, 0.10, 11);
        SpreadParts.Parts p = SpreadParts.of(s[0], s[1], 0);
        assertThat(p.jvm()).as("each run's own, 10 %").isBetween(0.05, 0.20);
        assertThat(p.shared()).as("nothing shared").isLessThan(0.03);
        // the ratio's standard error: sqrt(2) * 10 % over sqrt(400) = 0.7 %; a 1 % one takes about half the rounds
        assertThat(p.ratioSe()).isBetween(0.0035, 0.014);
        assertThat(p.roundsForTarget()).isBetween(100.0, 400.0);
    }

    @Test
    void whatARunsIterationsExplainIsNotCountedAsTheJvmsOwn() {
        double[][] s = rounds(400, 0, 0.05, 13);
        SpreadParts.Parts none = SpreadParts.of(s[0], s[1], 0);
        SpreadParts.Parts all = SpreadParts.of(s[0], s[1], 0.2);
        assertThat(none.jvm()).isBetween(0.025, 0.10);
        assertThat(all.jvm()).as("iterations that vary by more than the runs leave nothing to the JVM").isZero();
        assertThat(all.within()).isEqualTo(0.2);
        assertThat(SpreadParts.of(s[0], s[1], Double.NaN).jvm()).as("a run without JMH's error: all its own spread is the JVM's").isEqualTo(none.jvm(), within(1e-12));
    }

    static dev.jdkmatrix.results.RawRow run(String cell, int rep, double score, String status) {
        return new dev.jdkmatrix.results.RawRow(java.util.Map.of("cell", cell, "rep", Integer.toString(rep), "phase", "measure", "status", status,
                "kind", "jmh", "score", Double.toString(score), "score_error", Double.toString(score * 0.01), "jmh_iterations", "5", "jmh_forks", "1"));
    }

    @Test
    void aNightsBenchmarksArePairedByTheirSidesAndRounds() {
        java.util.List<dev.jdkmatrix.results.RawRow> rows = new java.util.ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            double machine = 1 + 0.2 * (rep % 3); // the machine's moment, on both sides of a round
            rows.add(run("base-b:Bench.x jdk=25", rep, 10 * machine, "ok"));
            rows.add(run("head-b:Bench.x jdk=25", rep, 10.5 * machine, rep == 6 ? "error" : "ok"));
            rows.add(run("base-c:Bench.y jdk=25", rep, 1 + rep, "ok"));
        }
        java.util.Map<String, SpreadParts.Parts> night = SpreadParts.night(rows);
        assertThat(night).as("a benchmark without its head side is left out").containsOnlyKeys("b:Bench.x jdk=25");
        SpreadParts.Parts p = night.get("b:Bench.x jdk=25");
        assertThat(p.rounds()).as("the rounds both sides ran ok").isEqualTo(5);
        assertThat(p.jvm()).as("a head always 5 % above its base in the same round: nothing of its own").isLessThan(1e-9);
        assertThat(p.ratioSe()).isLessThan(1e-9);
        assertThat(p.shared()).isGreaterThan(0.1);
        // JMH's 99.9 % half-width of 1 % over 5 iterations: t(0.9995, 4) = 8.61
        assertThat(p.within()).isCloseTo(0.01 / 8.61, within(1e-4));
    }

    @Test
    void aRoundHasBothSidesAndASpreadItsRounds() {
        assertThatThrownBy(() -> SpreadParts.of(new double[] {1, 2, 3}, new double[] {1, 2}, 0)).hasMessageContaining("both sides");
        assertThatThrownBy(() -> SpreadParts.of(new double[] {1}, new double[] {1}, 0)).hasMessageContaining("2 rounds or more");
        assertThatThrownBy(() -> new SpreadParts.Parts(0.1, Double.NaN, 0, 0, 0, 5)).hasMessageContaining("finite");
    }
}
