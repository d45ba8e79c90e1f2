package dev.jdkmatrix.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * What one choice does across a suite: for each thing a run compares (JDK 21 against 25, an
 * executor against another, a night's or a pull request's head against its base) at each setting
 * that varies besides it (cpus, cpu-mode, memory, ...), the geometric mean over the suite's
 * benchmarks of b's cost over a's (a time as it is, a throughput inverted: {@link Answer.Cost}),
 * with a 95 % interval that counts both the rounds and the choice of benchmarks, the counts of
 * benchmarks faster, slower, the same and undecided, and the largest movers.
 *
 * <p>The interval is the t interval of the benchmarks' log cost ratios, a one-way random-effects
 * model with every benchmark weighted alike (the geometric mean's own weights): each benchmark's
 * log ratio is its true effect plus its rounds' noise, so their spread holds both, and the t
 * quantile with K - 1 degrees of freedom carries a spread estimated from K benchmarks. That spread
 * is floored at the benchmarks' own noise (the mean of their squared standard errors, read off
 * their intervals with the t quantile of their rounds), as the Hartung-Knapp interval of a meta-analysis floors its scale at one, so
 * that benchmarks that agree by chance do not make a suite surer than its rounds. One benchmark:
 * its own interval and verdict. docs/statistics.md gives the simulation that checks its coverage
 * ({@code SuiteVerdictTest}).
 */
public record SuiteVerdict(String compared, String setting, List<Member> members, Answer.Cost cost, Comparisons.Verdict verdict, double threshold) {

    /** What a head against its base compares (a night against its baseline, a pull request): {@link #compared} of those suites. */
    public static final String HEAD_BASE = "workload base -> head";

    /** The axes that set where a benchmark ran, as against which benchmark it is; one that varies in a run splits its suites. */
    static final List<String> SETTINGS = List.of("executor", "jdk", "cpus", "cpu-mode", "memory", "jvm-args");

    /** One benchmark of the suite: b's cost over a's ({@code cost}, null when it failed), its verdict in b's favour or not, and its log standard error. */
    public record Member(String benchmark, String cellA, String cellB, Answer.Cost cost, Comparisons.Verdict verdict, double logSe) {
        public Member {
            Objects.requireNonNull(benchmark, "benchmark");
            Objects.requireNonNull(verdict, "verdict");
        }
    }

    public SuiteVerdict {
        Objects.requireNonNull(compared, "compared");
        setting = setting == null ? "" : setting;
        members = List.copyOf(members);
        Objects.requireNonNull(verdict, "verdict");
    }

    /** The benchmarks with a figure (a failed one has none). */
    public int benchmarks() {
        return (int) members.stream().filter(m -> m.cost() != null).count();
    }

    /** How many of its benchmarks have this verdict. */
    public int count(Comparisons.Verdict v) {
        return (int) members.stream().filter(m -> m.verdict() == v).count();
    }

    /** The decided benchmarks that moved most, either way, at most {@code max}. */
    public List<Member> movers(int max) {
        return members.stream().filter(m -> m.cost() != null && (m.verdict() == Comparisons.Verdict.FASTER || m.verdict() == Comparisons.Verdict.SLOWER))
                .sorted(Comparator.comparingDouble((Member m) -> -Math.abs(Math.log(m.cost().cost())))).limit(max).toList();
    }

    /** The largest movers in words, "w3(n=1) 12.0 % slower [9.1 %, 15.0 %]; ...", at most {@code max}; "" where none was decided. */
    public String moversText(int max) {
        return String.join("; ", movers(max).stream().map(m -> m.benchmark() + " " + Answer.change(m.cost())).toList());
    }

    /** "across 12 benchmarks, JDK 25 is 4.1 % faster than JDK 21 [1.2 %, 7.0 %] (geometric mean): 5 faster, 1 slower, 4 the same within ±10 %, 2 undecided". */
    public String words() {
        String a = Answer.side(compared, false);
        String b = Answer.side(compared, true);
        StringBuilder s = new StringBuilder(setting.isEmpty() ? "" : "at " + setting + ", ");
        int k = benchmarks();
        s.append(k == 1 ? "one benchmark: " : "across " + k + " benchmarks, ");
        if (cost == null) return s.append("every benchmark failed").toString();
        String mean = k == 1 ? "" : " (geometric mean)";
        s.append(switch (verdict) {
            case FASTER, SLOWER -> Answer.sentence(b, a, cost) + mean;
            case SAME -> b + " is the same as " + a + " within " + Answer.within(threshold) + ": " + Answer.change(cost) + mean;
            default -> "undecided: " + Answer.sentence(b, a, cost) + mean;
        });
        if (k == 1) return s.toString();
        List<String> counts = new ArrayList<>();
        if (count(Comparisons.Verdict.FASTER) > 0) counts.add(count(Comparisons.Verdict.FASTER) + " faster");
        if (count(Comparisons.Verdict.SLOWER) > 0) counts.add(count(Comparisons.Verdict.SLOWER) + " slower");
        if (count(Comparisons.Verdict.SAME) > 0) counts.add(count(Comparisons.Verdict.SAME) + " the same within " + Answer.within(threshold));
        if (count(Comparisons.Verdict.UNDECIDED) > 0) counts.add(count(Comparisons.Verdict.UNDECIDED) + " undecided");
        if (count(Comparisons.Verdict.FAILED) > 0) counts.add(count(Comparisons.Verdict.FAILED) + " failed");
        return s.append("; ").append(String.join(", ", counts)).toString();
    }

    /** The suites of a run: its comparisons ({@link Comparisons#of}) grouped by what they compare and where, from its rows' axes. */
    public static List<SuiteVerdict> of(List<RawRow> rows, List<Comparisons.Row> comparisons, double threshold, double minDifference) {
        Map<String, SortedMap<String, String>> axesOf = new LinkedHashMap<>();
        for (RawRow r : rows) if (r.measured()) axesOf.putIfAbsent(r.cell(), r.key().axes());
        List<String> varying = new ArrayList<>();
        for (String axis : SETTINGS) {
            if (axesOf.values().stream().map(m -> m.getOrDefault(axis, "")).distinct().count() > 1) varying.add(axis);
        }
        boolean tasksVary = axesOf.values().stream().map(m -> m.getOrDefault("tasks", "")).distinct().count() > 1;
        Map<List<String>, List<Member>> suites = new LinkedHashMap<>();
        for (Comparisons.Row r : comparisons) {
            if (r.compared().isEmpty() || r.compared().contains("; ")) continue; // a diagonal pair (two axes at once) is no suite's
            SortedMap<String, String> a = axesOf.get(r.cellA());
            SortedMap<String, String> b = axesOf.get(r.cellB());
            if (a == null || b == null) continue;
            String axis = r.compared().substring(0, r.compared().indexOf(' '));
            Pair pair = axis.equals("workload") ? Pair.headBase(r, a, b) : new Pair(r.compared(), false, a);
            if (pair == null) continue;
            List<String> setting = new ArrayList<>();
            for (String v : varying) if (!v.equals(axis)) setting.add(v + " " + (pair.axes().getOrDefault(v, "").isEmpty() ? "none" : pair.axes().get(v)));
            String label = benchmark(pair.swapped() ? r.cellB() : r.cellA(), axis.equals("workload")) + (tasksVary ? " tasks=" + pair.axes().get("tasks") : "");
            suites.computeIfAbsent(List.of(pair.compared(), String.join(", ", setting)), k -> new ArrayList<>()).add(member(label, r, pair.swapped()));
        }
        List<SuiteVerdict> out = new ArrayList<>();
        suites.forEach((key, members) -> out.add(of(key.get(0), key.get(1), members, threshold, minDifference)));
        return out;
    }

    /** A suite from its members: their geometric mean with its interval, and its verdict. */
    public static SuiteVerdict of(String compared, String setting, List<Member> members, double threshold, double minDifference) {
        List<Member> valid = members.stream().filter(m -> m.cost() != null).toList();
        if (valid.isEmpty()) return new SuiteVerdict(compared, setting, members, null, Comparisons.Verdict.FAILED, threshold);
        if (valid.size() == 1) return new SuiteVerdict(compared, setting, members, valid.get(0).cost(), valid.get(0).verdict(), threshold);
        Answer.Cost mean = geometricMean(valid);
        return new SuiteVerdict(compared, setting, members, mean, Comparisons.verdict(mean.low(), mean.high(), false, threshold, minDifference), threshold);
    }

    /** The geometric mean of two or more benchmarks' cost ratios with its 95 % interval (the class's comment says how). */
    static Answer.Cost geometricMean(List<Member> valid) {
        int k = valid.size();
        double[] y = valid.stream().mapToDouble(m -> Math.log(m.cost().cost())).toArray();
        double mean = java.util.Arrays.stream(y).average().orElseThrow();
        double ss = 0;
        for (double v : y) ss += (v - mean) * (v - mean);
        double between = ss / (k - 1);
        double own = valid.stream().mapToDouble(Member::logSe).filter(Double::isFinite).map(se -> se * se).average().orElse(0);
        double se = Math.sqrt(Math.max(between, own) / k);
        double t = TDistribution.of(k - 1).inverseCumulativeProbability(0.975);
        return new Answer.Cost(Math.exp(mean), Math.exp(mean - t * se), Math.exp(mean + t * se));
    }

    /** What a pair compares, oriented: {@code swapped} where its cell a is the head of a head/base pair; {@code axes} those of its cells' shared setting. */
    private record Pair(String compared, boolean swapped, SortedMap<String, String> axes) {
        /** A pair of workloads is a suite's only as a head against its base (a night against its baseline, a pull request). */
        static Pair headBase(Comparisons.Row r, SortedMap<String, String> a, SortedMap<String, String> b) {
            String wa = a.getOrDefault("workload", "");
            String wb = b.getOrDefault("workload", "");
            String base = dev.jdkmatrix.model.PullRequestSide.BASE.prefix();
            String head = dev.jdkmatrix.model.PullRequestSide.HEAD.prefix();
            if (wa.startsWith(base) && wb.startsWith(head) && wa.substring(base.length()).equals(wb.substring(head.length()))) {
                return new Pair(HEAD_BASE, false, a);
            }
            if (wa.startsWith(head) && wb.startsWith(base) && wa.substring(head.length()).equals(wb.substring(base.length()))) {
                return new Pair(HEAD_BASE, true, b);
            }
            return null;
        }
    }

    /** A comparison as a member, b against a (a and b swapped where {@code swapped}). */
    private static Member member(String label, Comparisons.Row r, boolean swapped) {
        RatioInterval f = r.figure();
        Comparisons.Verdict v = r.verdict();
        if (v == Comparisons.Verdict.FAILED || !(f.ratio() > 0)) return new Member(label, r.cellA(), r.cellB(), null, Comparisons.Verdict.FAILED, Double.NaN);
        if (swapped) {
            f = f.inverse();
            v = v == Comparisons.Verdict.FASTER ? Comparisons.Verdict.SLOWER : v == Comparisons.Verdict.SLOWER ? Comparisons.Verdict.FASTER : v;
        }
        Answer.Cost c = Answer.Cost.of(f, r.higherIsBetter());
        return new Member(label, swapped ? r.cellB() : r.cellA(), swapped ? r.cellA() : r.cellB(), c, v, logSe(f, r.paired() ? r.pairs() : 0));
    }

    /**
     * The standard error of a ratio's log, read off its interval at its level (an interval of no stated level taken as 95 %) with
     * the t quantile of its {@code rounds} (the normal's where they are unknown, 0): a small sample's interval is wide by its t,
     * which is no more noise; NaN without an interval.
     */
    static double logSe(RatioInterval f, int rounds) {
        if (!(f.low() > 0 && Double.isFinite(f.high()) && f.high() > f.low())) return Double.NaN;
        double level = Double.isNaN(f.level()) ? 0.95 : f.level();
        if (!(level > 0 && level < 1)) return Double.NaN;
        double p = (1 + level) / 2;
        double q = rounds >= 2 ? TDistribution.of(rounds - 1).inverseCumulativeProbability(p) : NormalDistribution.of(0, 1).inverseCumulativeProbability(p);
        return (Math.log(f.high()) - Math.log(f.low())) / (2 * q);
    }

    /** A benchmark's name: its cell's first word (workload, benchmark and params), a head or base prefix taken off. */
    private static String benchmark(String cell, boolean headBase) {
        int space = cell.indexOf(' ');
        String name = space < 0 ? cell : cell.substring(0, space);
        return headBase ? dev.jdkmatrix.model.PullRequestSide.unprefixed(name) : name;
    }
}
