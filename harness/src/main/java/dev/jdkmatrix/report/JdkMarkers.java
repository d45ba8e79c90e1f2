package dev.jdkmatrix.report;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * JDK behaviour changes that a chart whose JDKs lie on both sides of one should show: a small table
 * of feature version and change, read by {@link Charts}. Add a row to mark another one.
 */
final class JdkMarkers {

    /** From {@code feature} on, the JDK behaves as {@code change} says; {@code id} is its JEP or bug. */
    record Marker(int feature, String id, String change) {
        Marker {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(change, "change");
        }

        String text() {
            return "JDK " + feature + " (" + id + "): " + change;
        }
    }

    static final List<Marker> ALL = List.of(
            new Marker(19, "JDK-8281181", "CPU shares no longer set availableProcessors() in a container"),
            new Marker(21, "JEP 444", "virtual threads are final"),
            new Marker(24, "JEP 491", "a virtual thread blocked in synchronized no longer pins its carrier"));

    private JdkMarkers() {}

    /** The markers that the JDKs' feature versions cross: some JDK before it, some at or after it. */
    static List<Marker> crossed(Collection<Integer> features) {
        List<Integer> known = features.stream().filter(f -> f > 0 && f < Integer.MAX_VALUE).toList();
        if (known.isEmpty()) return List.of();
        int min = known.stream().mapToInt(Integer::intValue).min().orElseThrow();
        int max = known.stream().mapToInt(Integer::intValue).max().orElseThrow();
        return ALL.stream().filter(m -> min < m.feature() && m.feature() <= max).toList();
    }
}
