package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/** A suite's verdict: the geometric mean over its benchmarks with an interval over rounds and benchmarks, checked where the answer is known. */
class SuiteVerdictTest {

    /** A benchmark measured in {@code n} rounds whose log ratios are its true log effect plus normal noise of {@code sigma}: its estimate and 95 % t interval. */
    static SuiteVerdict.Member measured(String name, double trueLog, double sigma, int n, SplittableRandom random) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = trueLog + sigma * random.nextGaussian();
        double mean = java.util.Arrays.stream(d).average().orElseThrow();
        double ss = 0;
        for (double v : d) ss += (v - mean) * (v - mean);
        double half = TDistribution.of(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(ss / (n - 1) / n);
        Answer.Cost c = new Answer.Cost(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half));
        RatioInterval f = new RatioInterval(c.cost(), c.low(), c.high(), 0.95);
        Comparisons.Verdict v = Comparisons.verdict(c.low(), c.high(), false, 0.10, 0.005);
        return new SuiteVerdict.Member(name, name + " a", name + " b", c, v, SuiteVerdict.logSe(f, n));
    }

    @Test
    void aSuiteWhoseBenchmarksAreAllTenPercentFasterIsFoundFaster() {
        SplittableRandom random = new SplittableRandom(1);
        List<SuiteVerdict.Member> members = new ArrayList<>();
        for (int k = 0; k < 10; k++) members.add(measured("b" + k, Math.log(0.9), 0.02, 8, random));
        SuiteVerdict s = SuiteVerdict.of("jdk 21 -> 25", "", members, 0.10, 0.005);
        assertThat(s.verdict()).isEqualTo(Comparisons.Verdict.FASTER);
        assertThat(s.cost().low()).isLessThan(0.9).isGreaterThan(0.85);
        assertThat(s.cost().high()).isGreaterThan(0.9).isLessThan(0.95);
        assertThat(s.words()).startsWith("across 10 benchmarks, JDK 25 is 10.").contains("% faster than JDK 21 [").contains("(geometric mean); 10 faster");
    }

    @Test
    void aSuiteHalfTenPercentFasterAndHalfTenPercentSlowerIsAboutOneWithAWideInterval() {
        SplittableRandom random = new SplittableRandom(2);
        List<SuiteVerdict.Member> members = new ArrayList<>();
        for (int k = 0; k < 10; k++) members.add(measured("b" + k, Math.log(k % 2 == 0 ? 0.9 : 1.1), 0.02, 8, random));
        SuiteVerdict s = SuiteVerdict.of("jdk 21 -> 25", "", members, 0.10, 0.005);
        assertThat(s.cost().cost()).isBetween(0.97, 1.03);
        assertThat(s.cost().high() / s.cost().low()).isGreaterThan(1.08); // the benchmarks disagree: ±4 % at least, where each alone is known to ±1.5 %
        assertThat(s.verdict()).isNotIn(Comparisons.Verdict.FASTER, Comparisons.Verdict.SLOWER);
        assertThat(s.count(Comparisons.Verdict.FASTER)).isEqualTo(5);
        assertThat(s.count(Comparisons.Verdict.SLOWER)).isEqualTo(5);
        assertThat(s.movers(3)).hasSize(3);
    }

    @Test
    void benchmarksThatAgreeByChanceDoNotMakeASuiteSurerThanItsRounds() {
        // three benchmarks each known to ±15 % whose estimates happen to lie within 0.1 % of one another
        List<SuiteVerdict.Member> members = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            double c = 0.95 * (1 + 0.001 * k);
            members.add(new SuiteVerdict.Member("b" + k, "a", "b", new Answer.Cost(c, c / 1.15, c * 1.15), Comparisons.Verdict.UNDECIDED,
                    SuiteVerdict.logSe(new RatioInterval(c, c / 1.15, c * 1.15, 0.95), 8)));
        }
        SuiteVerdict s = SuiteVerdict.of("jdk 21 -> 25", "", members, 0.10, 0.005);
        assertThat(s.cost().high() / s.cost().low()).isGreaterThan(1.15); // floored at the rounds' own noise, not the 0.2 % the three estimates span
        assertThat(s.verdict()).isEqualTo(Comparisons.Verdict.UNDECIDED);
    }

    /**
     * The interval's coverage, simulated with a known answer: suites of K benchmarks whose true log
     * effects are drawn around mu (spread tau), each measured in 6 or 10 rounds of noise sigma;
     * the share of suites whose interval holds exp(mu). 95 % nominal; wide margins (the floor makes
     * it conservative where the rounds' noise dominates).
     */
    @Test
    void theIntervalHoldsTheTrueGeometricMeanAboutNineteenTimesInTwenty() {
        double[][] settings = {{3, 0.05, 0.02}, {8, 0.05, 0.02}, {8, 0.0, 0.05}, {20, 0.10, 0.03}, {5, 0.02, 0.10}};
        SplittableRandom random = new SplittableRandom(7);
        for (double[] set : settings) {
            int k = (int) set[0];
            double tau = set[1];
            double sigma = set[2];
            double mu = Math.log(0.93);
            int trials = 1500;
            int held = 0;
            for (int t = 0; t < trials; t++) {
                List<SuiteVerdict.Member> members = new ArrayList<>();
                for (int i = 0; i < k; i++) members.add(measured("b" + i, mu + tau * random.nextGaussian(), sigma, i % 2 == 0 ? 6 : 10, random));
                Answer.Cost c = SuiteVerdict.geometricMean(members);
                if (c.low() <= Math.exp(mu) && Math.exp(mu) <= c.high()) held++;
            }
            double coverage = held / (double) trials;
            assertThat(coverage).as("coverage at K=%d tau=%.2f sigma=%.2f", k, tau, sigma).isBetween(0.91, 0.995);
        }
    }

    @Test
    void aRunsSuitesAreWhatItComparesAtEachSettingThatVaries() {
        List<RawRow> rows = new ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            for (String w : List.of("a", "b", "c")) {
                for (String cpus : List.of("1", "2")) {
                    double base = 1000 * (1 + 0.01 * (rep % 3)) * (w.charAt(0) - 'a' + 1);
                    rows.add(Rows.measured(w, "n=1", "fixed:4", "21", cpus, rep, base, "ok"));
                    rows.add(Rows.measured(w, "n=1", "fixed:4", "25", cpus, rep, base * (cpus.equals("1") ? 0.8 : 1.0), "ok"));
                }
            }
        }
        List<Comparisons.Row> c = Comparisons.of(rows, List.of("jdk"), "blocked", 0.10, Double.NaN);
        List<SuiteVerdict> suites = SuiteVerdict.of(rows, c, 0.10, 0.005);
        assertThat(suites).extracting(SuiteVerdict::setting).containsExactly("cpus 1", "cpus 2");
        assertThat(suites).allMatch(s -> s.compared().equals("jdk 21 -> 25") && s.benchmarks() == 3);
        assertThat(suites.get(0).verdict()).isEqualTo(Comparisons.Verdict.FASTER);
        assertThat(suites.get(0).words()).startsWith("at cpus 1, across 3 benchmarks, JDK 25 is 20.0 % faster than JDK 21");
        assertThat(suites.get(1).verdict()).isEqualTo(Comparisons.Verdict.SAME);
        assertThat(suites.get(1).members()).extracting(SuiteVerdict.Member::benchmark).containsExactly("a(n=1)", "b(n=1)", "c(n=1)");
    }

    @Test
    void aHeadAgainstItsBaseIsOneSuiteWhicheverSideSortsFirst() {
        List<RawRow> rows = new ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            for (String w : List.of("x", "y")) {
                double base = 1000 * (1 + 0.01 * (rep % 3));
                rows.add(Rows.measured("base-" + w, "n=1", "fixed:4", "25", "1", rep, base, "ok"));
                rows.add(Rows.measured("head-" + w, "n=1", "fixed:4", "25", "1", rep, base * 1.10, "ok"));
            }
        }
        List<Comparisons.Row> c = Comparisons.of(rows, List.of("workload"), "blocked", 0.10, Double.NaN);
        List<SuiteVerdict> suites = SuiteVerdict.of(rows, c, 0.10, 0.005);
        assertThat(suites).hasSize(1); // base-x against head-y is no pair of the suite
        assertThat(suites.get(0).benchmarks()).isEqualTo(2);
        assertThat(suites.get(0).verdict()).isEqualTo(Comparisons.Verdict.SLOWER);
        assertThat(suites.get(0).words()).startsWith("across 2 benchmarks, head is 10.0 % slower than base");
        assertThat(suites.get(0).members()).extracting(SuiteVerdict.Member::benchmark).containsExactlyInAnyOrder("x(n=1)", "y(n=1)");
    }
}
