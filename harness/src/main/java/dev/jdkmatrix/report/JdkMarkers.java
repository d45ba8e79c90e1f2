package dev.jdkmatrix.report;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * JDK behaviour changes that a chart whose JDKs lie on both sides of one should show, when its cells
 * can meet the change: a small table of feature version, change and scope, read by {@link Charts}.
 * Add a row to mark another one.
 */
final class JdkMarkers {

    /** The cells a change can show in. */
    enum Scope {
        /** Any JVM in a container. */
        EVERY,
        /** Cells that run virtual threads: the virtual executor, or a user's workload (it may). */
        VIRTUAL,
        /** Cells whose virtual threads block holding a monitor: a workload with the pinning trait, or a user's workload. */
        MONITORS
    }

    /** From {@code feature} on, the JDK behaves as {@code change} says; {@code id} is its JEP or bug; {@code scope}: where it shows. */
    record Marker(int feature, String id, String change, Scope scope) {
        Marker {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(change, "change");
            Objects.requireNonNull(scope, "scope");
        }

        String text() {
            return "JDK " + feature + " (" + id + "): " + change;
        }
    }

    static final List<Marker> ALL = List.of(
            new Marker(19, "JDK-8281181", "CPU shares no longer set availableProcessors() in a container", Scope.EVERY),
            new Marker(21, "JEP 444", "virtual threads are final", Scope.VIRTUAL),
            new Marker(24, "JEP 491", "a virtual thread blocked in synchronized no longer pins its carrier", Scope.MONITORS));

    private JdkMarkers() {}

    /** The markers in these scopes that the JDKs' feature versions cross: some JDK before it, some at or after it. */
    static List<Marker> crossed(Collection<Integer> features, Collection<Scope> scopes) {
        List<Integer> known = features.stream().filter(f -> f > 0 && f < Integer.MAX_VALUE).toList();
        if (known.isEmpty()) return List.of();
        int min = known.stream().mapToInt(Integer::intValue).min().orElseThrow();
        int max = known.stream().mapToInt(Integer::intValue).max().orElseThrow();
        return ALL.stream().filter(m -> scopes.contains(m.scope()) && min < m.feature() && m.feature() <= max).toList();
    }
}
