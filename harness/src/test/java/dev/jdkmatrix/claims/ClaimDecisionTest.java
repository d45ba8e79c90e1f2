package dev.jdkmatrix.claims;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Summarizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A claim is held or failed only from 95 % intervals, and its failure over k values under Holm's correction. */
class ClaimDecisionTest {

    @TempDir
    Path dir;

    Claims claims(String yaml) throws IOException {
        Path f = dir.resolve("claims.yaml");
        Files.writeString(f, yaml);
        return Claims.read(f);
    }

    static final String RATIO = """
            claims:
              - id: virtual-10x
                claim: virtual at least 10x faster than a pool of 200
                ratio: { numerator: { workload: sleep, executor: "fixed:200" }, denominator: { executor: virtual } }
                at-least: 10
            """;

    @Test
    void noClaimHoldsOrFailsFromTwoToFiveRunsAndSixDecide() throws IOException {
        Claims c = claims(RATIO);
        for (int runs = 2; runs <= 6; runs++) {
            for (double virtual : new double[] {250, 800}) { // 20x: holds; 6.2x: fails
                List<RawRow> raw = new ArrayList<>();
                ClaimsTest.cell(raw, "sleep", "wait-ms=100", "fixed:200", "25", "1", 5000, "", runs);
                ClaimsTest.cell(raw, "sleep", "wait-ms=100", "virtual", "25", "1", virtual, "", runs);
                for (boolean paired : new boolean[] {true, false}) {
                    Verdicts.ClaimResult r = paired ? Verdicts.claims(c, Summarizer.summarize(raw), raw).get(0)
                            : Verdicts.claims(c, Summarizer.summarize(raw), raw, List.of()).get(0);
                    String what = runs + " runs, " + virtual + " ms, paired " + paired + ": " + r.evidence();
                    if (runs < 6) {
                        double level = 1 - Math.pow(2, 1 - runs); // [min, max] of a median, and of the Walsh averages
                        assertThat(r.verdict()).as(what).isEqualTo(Verdicts.Verdict.UNDECIDED);
                        assertThat(r.evidence()).as(what).contains("from too few runs for the 95 % a call needs",
                                String.format(java.util.Locale.ROOT, "a %.1f %% interval", level * 100).replace(".0 %", " %"));
                        assertThat(r.values().get(0).level()).as(what).isLessThan(0.95);
                    } else {
                        assertThat(r.verdict()).as(what).isEqualTo(virtual == 250 ? Verdicts.Verdict.HOLDS : Verdicts.Verdict.FAILS);
                    }
                }
            }
        }
    }

    static final String AT_MOST = """
            claims:
              - id: under-100
                claim: every cell's median under 100 ms
                wall: { workload: sleep }
                at-most: 100
            """;

    /** A median of 10 runs: {@code below} of them at 90 ms and the rest at 110 ms (+ a little, all distinct). */
    static Verdicts.Value median(String label, int below) {
        double[] v = new double[10];
        for (int i = 0; i < 10; i++) v[i] = (i < below ? 90 : 110) + i * 0.01;
        Spread s = new Spread.Median(v);
        return Verdicts.Value.of(label, dev.jdkmatrix.results.Statistics.of(v).median(), false, s);
    }

    @Test
    void holmsStepDownFailsWhatAHandComputationFails() throws IOException {
        Claims.Claim c = claims(AT_MOST).claims().get(0);
        // By hand, for a median of 10 runs: [x(1), x(10)] covers it with 1 - 2/1024 = 0.99805, [x(2), x(9)] with
        // 1 - 2 * 11/1024 = 0.97852, [x(3), x(8)] with 0.89063.
        // A: all 10 runs over 100 ms; B: 9 over, 1 under; C: all under.
        // Holm, m = 3: level 1 - 0.05/3 = 0.98333 -> [x(1), x(10)]: A's lies wholly over 100 (fails), B's does not.
        // m = 2: level 0.975 -> [x(2), x(9)]: B's from 110.01 ms, wholly over (fails). m = 1: C holds. Two fail.
        List<Verdicts.Value> three = List.of(median("A", 0), median("B", 1), median("C", 10));
        assertThat(Verdicts.holmFailing(c, three)).extracting(Verdicts.Value::label).containsExactly("A", "B");
        // Bonferroni (every value at 0.98333) would fail A alone: the step-down is what fails B
        assertThat(three.stream().filter(v -> {
            double[] i = v.spread().at(1 - 0.05 / 3);
            return i[2] >= 1 - 0.05 / 3 && c.failsThroughout(i[0], i[1]);
        })).extracting(Verdicts.Value::label).containsExactly("A");
        // B with two that hold: m = 3 asks 0.98333 of B, whose [x(1), x(10)] reaches under 100: nothing fails,
        // though B alone at 95 % ([x(2), x(9)]) lies wholly over 100: undecided, and the evidence says why
        List<Verdicts.Value> one = List.of(median("B", 1), median("C", 10), median("D", 10));
        assertThat(Verdicts.holmFailing(c, one)).isEmpty();
        assertThat(c.failsThroughout(one.get(0).low(), one.get(0).high())).isTrue();
        // B alone fails
        assertThat(Verdicts.holmFailing(c, List.of(median("B", 1)))).hasSize(1);

        // the same through the claim's verdict, from a results folder's rows
        List<RawRow> raw = new ArrayList<>();
        double[][] cells = {{110, 111, 112, 113, 114, 115, 116, 117, 118, 89}, {80, 81, 82, 83, 84, 85, 86, 87, 88, 89}, {80, 81, 82, 83, 84, 85, 86, 87, 88, 89}};
        for (int cell = 0; cell < cells.length; cell++) {
            for (int rep = 1; rep <= 10; rep++) {
                raw.add(dev.jdkmatrix.results.Rows.measured("sleep", "wait-ms=" + cell, "virtual", "25", "1", rep, cells[cell][rep - 1], "ok"));
            }
        }
        Verdicts.ClaimResult r = Verdicts.claims(claims(AT_MOST), Summarizer.summarize(raw), raw, List.of()).get(0);
        assertThat(r.verdict()).as(r.evidence()).isEqualTo(Verdicts.Verdict.UNDECIDED);
        assertThat(r.evidence()).contains("1 outside <= 100", "at 95 % but not at the 98.3 % Holm's correction asks of the first of 3 values");
    }

    @Test
    void holmHoldsTheFalseFailuresOfEightValuesUnderFivePercentWhereEachAloneDoesNot() throws IOException {
        Claims.Claim c = claims(AT_MOST).claims().get(0);
        // eight cells whose true median is the bound itself (the claim holds, just): 10 runs each, symmetric noise
        Random random = new Random(20261125);
        int tries = 4000;
        int holm = 0;
        int uncorrected = 0;
        for (int t = 0; t < tries; t++) {
            List<Verdicts.Value> values = new ArrayList<>();
            for (int k = 0; k < 8; k++) {
                double[] v = new double[10];
                for (int i = 0; i < v.length; i++) v[i] = 100 * Math.exp(0.05 * random.nextGaussian());
                values.add(Verdicts.Value.of("cell " + k, dev.jdkmatrix.results.Statistics.of(v).median(), false, new Spread.Median(v)));
            }
            if (!Verdicts.holmFailing(c, values).isEmpty()) holm++;
            if (values.stream().anyMatch(v -> c.failsThroughout(v.low(), v.high()))) uncorrected++;
        }
        // by hand: each value alone fails when 9 or 10 of its runs lie over 100, 11/1024; one of 8: 1 - (1 - 11/1024)^8 = 8.3 %
        assertThat(uncorrected / (double) tries).isBetween(0.06, 0.11);
        // Holm's first step needs all 10 over (1/1024 each): about 0.8 %; it promises at most 5 % in all
        assertThat(holm / (double) tries).isLessThan(0.025);
    }
}
