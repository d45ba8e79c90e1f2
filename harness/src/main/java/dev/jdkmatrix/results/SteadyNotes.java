package dev.jdkmatrix.results;

import dev.jdkmatrix.stats.SteadyState;
import java.util.ArrayList;
import java.util.List;

/**
 * What a comparison's verdict should be read with when a side's JMH runs did not measure a steady
 * state (raw.csv's steady_state, steady_from): runs with no steady state (their score may still be
 * moving: no direction known), runs that JMH measured before their warm-up ended (their score
 * worse than their steady state's: the ratio leans towards the other side), and runs that slowed
 * down (their steady state worse than their best: a score measured before it leans towards them).
 * Empty when every classified run of both sides was measured at a steady state, or none was
 * classified (built-in and jar runs, runs of older versions).
 */
public final class SteadyNotes {

    private SteadyNotes() {}

    /** The note for b against a, from the two cells' measured rows (ok ones count). */
    public static String of(List<RawRow> a, List<RawRow> b) {
        List<String> parts = new ArrayList<>();
        side("a", "b", a, parts);
        side("b", "a", b, parts);
        return String.join("; ", parts);
    }

    private static void side(String name, String other, List<RawRow> rows, List<String> parts) {
        List<RawRow> ok = rows.stream().filter(r -> r.ok() && !r.noisy() && r.steadyState().isPresent()).toList();
        if (ok.isEmpty()) return;
        long none = ok.stream().filter(r -> r.steadyState().get() == SteadyState.Kind.NONE).count();
        long early = ok.stream().filter(r -> r.steadyState().get() == SteadyState.Kind.WARMUP && r.steadyFrom() > r.jmhWarmupIterations() + 1).count();
        long slowed = ok.stream().filter(r -> r.steadyState().get() == SteadyState.Kind.SLOWDOWN).count();
        int n = ok.size();
        if (none > 0) parts.add(name + ": " + none + " of " + n + " runs reached no steady state (their score may still have been moving)");
        if (early > 0) {
            parts.add(name + ": " + early + " of " + n + " runs were measured before their warm-up ended (their score worse than their steady state's: the ratio leans towards "
                    + other + ")");
        }
        if (slowed > 0) {
            parts.add(name + ": " + slowed + " of " + n + " runs slowed down (their steady state worse than their best: a score measured before it leans towards " + name + ")");
        }
    }
}
