package dev.jdkmatrix.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A comparison in words, the same wherever a reader meets it (the terminal, the gallery, the
 * explorer, the job summary, comparisons.csv's {@code answer}): "JDK 25 is 6.4x faster than JDK 21
 * [2.6x, 13.5x]", "12.3 % slower [4.1 %, 20.9 %]". The words read a cost: the time an operation
 * takes (a time figure as it is, a throughput inverted), so "faster" and "slower" mean the same for
 * both; "12.3 % slower" is 12.3 % more time, "12.3 % faster" 12.3 % less, and a cost at or past
 * twice (half) the other's reads as a factor, "2.4x slower". The interval's ends are in the stated
 * direction: an end below 0 % is the other way. A verdict says its terms: "the same within ±10 %"
 * (the whole interval inside the run's compare-threshold), never a bare "same".
 */
public final class Answer {

    private Answer() {}

    /** A cost ratio (b's time over a's) with its interval: {@code cost} and its ends, each positive (NaN ends: no interval). */
    public record Cost(double cost, double low, double high) {
        public Cost {
            if (!(cost > 0)) throw new IllegalArgumentException("a cost ratio is above 0, got " + cost);
            if (low > high) throw new IllegalArgumentException("an interval's low end " + low + " is above its high end " + high);
        }

        /** b's cost over a's from a ratio of b's figure over a's, in the figure's direction (a throughput's ratio inverted). */
        public static Cost of(RatioInterval r, boolean higherIsBetter) {
            return higherIsBetter ? new Cost(1 / r.ratio(), 1 / r.high(), 1 / r.low()) : new Cost(r.ratio(), r.low(), r.high());
        }

        boolean hasInterval() {
            return Double.isFinite(low) && Double.isFinite(high) && low > 0;
        }
    }

    /** "12.3 % slower [4.1 %, 20.9 %]", "3.1 % faster [-2.0 %, 7.0 %]", "6.4x faster [2.6x, 13.5x]"; without an interval the figure alone. */
    public static String change(Cost c) {
        return figure(c) + interval(c);
    }

    /** "JDK 25 is 6.4x faster than JDK 21 [2.6x, 13.5x]": b against a, the interval after both are named. */
    public static String sentence(String b, String a, Cost c) {
        return b + " is " + figure(c) + " than " + a + interval(c);
    }

    /** "12.3 % slower", "6.4x faster": the cost ratio's figure in words. */
    static String figure(Cost c) {
        if (c.cost() <= 0.5) return factor(1 / c.cost()) + " faster";
        if (c.cost() >= 2) return factor(c.cost()) + " slower";
        return c.cost() >= 1 ? pct(c.cost() - 1) + " slower" : pct(1 - c.cost()) + " faster";
    }

    /**
     * " [4.1 %, 20.9 %]": its interval's ends in the figure's own terms (a percentage's end below 0 the
     * other way), or "" without one. An end those terms cannot say (a factor's end on the other side of
     * 1x; a percentage's end twice or more the other way, "-69386.1 %" faster, or 10x or more its own)
     * is said with its own direction, each end as a figure: "42.3 % faster [695x slower, 20000x faster]".
     */
    static String interval(Cost c) {
        if (!c.hasInterval()) return "";
        boolean asFactor = c.cost() <= 0.5 || c.cost() >= 2;
        boolean ownTerms = asFactor
                ? (c.cost() <= 0.5 ? c.high() <= 1 : c.low() >= 1) // a factor's ends on its own side of 1x
                // a percentage says an end up to twice the other way ("-50.0 %") and up to 10x its own way ("900.0 %", "90.0 %")
                : c.cost() >= 1 ? c.low() > 0.5 && c.high() < 10 : c.high() < 2 && c.low() > 0.1;
        if (ownTerms && asFactor) {
            return c.cost() <= 0.5 ? " [" + factor(1 / c.high()) + ", " + factor(1 / c.low()) + "]" : " [" + factor(c.low()) + ", " + factor(c.high()) + "]";
        }
        if (!ownTerms) {
            Cost low = new Cost(c.low(), Double.NaN, Double.NaN);
            Cost high = new Cost(c.high(), Double.NaN, Double.NaN);
            return c.cost() >= 1 ? " [" + figure(low) + ", " + figure(high) + "]" : " [" + figure(high) + ", " + figure(low) + "]";
        }
        return c.cost() >= 1 ? " [" + pct(c.low() - 1) + ", " + pct(c.high() - 1) + "]" : " [" + pct(1 - c.high()) + ", " + pct(1 - c.low()) + "]";
    }

    /**
     * One comparison of a run in a sentence, b against a: decided, "JDK 25 is 6.4x faster than JDK 21 [2.6x, 13.5x]";
     * the same, "JDK 25 is the same as JDK 21 within ±10 % (1.2 % faster [-3.0 %, 5.1 %])"; undecided, with what would decide it.
     */
    public static String of(Comparisons.Row r, double threshold) {
        String a = side(r.compared(), false);
        String b = side(r.compared(), true);
        if (r.verdict() == Comparisons.Verdict.FAILED) return "failed: " + r.note();
        RatioInterval f = r.figure();
        if (!(f.ratio() > 0)) return "no figure: " + r.note();
        Cost c = Cost.of(f, r.higherIsBetter());
        return switch (r.verdict()) {
            case FASTER, SLOWER -> sentence(b, a, c);
            case SAME -> b + " is the same as " + a + " within " + within(threshold) + " (" + change(c) + ")";
            default -> "undecided: " + sentence(b, a, c) + "; " + undecidedWhy(r);
        };
    }

    /** What an undecided comparison lacks: the rounds a verdict takes, or the difference its rounds could resolve. */
    static String undecidedWhy(Comparisons.Row r) {
        if (r.paired() && r.pairs() < Comparisons.DECISION_ROUNDS) {
            return r.pairs() + (r.pairs() == 1 ? " round" : " rounds") + " of the " + Comparisons.DECISION_ROUNDS + " a verdict takes";
        }
        double res = r.resolution().resolvable();
        if (!Double.isFinite(res)) return r.note().isEmpty() ? "its runs cannot tell" : r.note();
        int rounds = r.resolution().roundsForTarget();
        return "its rounds could resolve " + pct(res)
                + (res > Resolution.TARGET && rounds > 0 ? String.format(Locale.ROOT, "; about %,d rounds would resolve 5 %%", rounds) : "");
    }

    /**
     * The comparisons a reader's answer lists: those that differ along one compared axis (JDK 21 against 25, a pool against
     * virtual threads), not the diagonal pairs that differ along two at once (comparisons.csv keeps those); all of them where
     * every one is diagonal.
     */
    public static List<Comparisons.Row> alongOneAxis(List<Comparisons.Row> rows) {
        List<Comparisons.Row> one = rows.stream().filter(r -> !r.compared().contains("; ")).toList();
        return one.isEmpty() ? rows : one;
    }

    /** The decided comparisons (faster or slower), the largest change first, either way: what an answer lists. */
    public static List<Comparisons.Row> decidedLargestFirst(List<Comparisons.Row> rows) {
        return rows.stream().filter(r -> r.verdict() == Comparisons.Verdict.FASTER || r.verdict() == Comparisons.Verdict.SLOWER)
                .sorted(java.util.Comparator.comparingDouble((Comparisons.Row r) -> -Math.abs(Math.log(r.figure().ratio())))).toList();
    }

    /** A sentence's words with its first letter a capital, as a line starts. */
    public static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** "±10 %": a threshold in words. */
    public static String within(double threshold) {
        return "±" + trim(threshold * 100) + " %";
    }

    /**
     * A side of a comparison from its {@code compared} ({@code jdk 21 -> 25; executor fixed:200 -> virtual}): {@code b} the one
     * after the arrow: "JDK 25, executor virtual"; a pull request's or a night's own build, "head" against "base".
     */
    public static String side(String compared, boolean b) {
        List<String> parts = new ArrayList<>();
        for (String part : compared.split("; ")) {
            int space = part.indexOf(' ');
            int arrow = part.indexOf(" -> ");
            if (space < 0 || arrow < space) {
                parts.add(part);
                continue;
            }
            String axis = part.substring(0, space);
            String value = b ? part.substring(arrow + 4) : part.substring(space + 1, arrow);
            parts.add(switch (axis) {
                case "jdk" -> "JDK " + value;
                case "workload" -> value.startsWith("head-") ? "head" : value.startsWith("base-") ? "base" : value;
                default -> axis + " " + value;
            });
        }
        return String.join(", ", parts);
    }

    /**
     * Where a comparison was made, in its cells' own words: cell a's id without the values it is compared on
     * ({@code sortInts[avgt] cpus=1 mem=1g} of {@code sortInts[avgt] jdk=21 cpus=1 mem=1g} compared along jdk); a head or base
     * cell's name without its prefix.
     */
    public static String where(Comparisons.Row r) {
        String id = r.cellA();
        for (String part : r.compared().split("; ")) {
            int space = part.indexOf(' ');
            int arrow = part.indexOf(" -> ");
            if (space < 0 || arrow < space) continue;
            String axis = part.substring(0, space);
            String value = part.substring(space + 1, arrow);
            String token = switch (axis) {
                case "jdk" -> "jdk=" + value;
                case "cpus" -> "cpus=" + value;
                case "cpu-mode" -> "cpu-mode=" + value;
                case "memory" -> "mem=" + value;
                case "jvm-args" -> "jvm=[" + value + "]";
                case "executor" -> value;
                default -> null;
            };
            if (axis.equals("workload")) {
                id = dev.jdkmatrix.model.PullRequestSide.unprefixed(id);
            } else if (token != null) {
                id = (" " + id + " ").replace(" " + token + " ", " ").strip();
            }
        }
        return id;
    }

    /** A fraction as a percentage with one decimal: "12.3 %". */
    public static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", fraction * 100);
    }

    /** A factor: "6.4x" below 100, "240x" above. */
    static String factor(double x) {
        return x >= 100 ? String.format(Locale.ROOT, "%.0fx", x) : String.format(Locale.ROOT, "%.1fx", x);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
