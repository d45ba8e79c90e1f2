package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import dev.jdkmatrix.workloads.Descriptor;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * JDK behaviour changes that a chart whose JDKs lie on both sides of one shows, when some cell of it
 * is concerned: a small table of feature version, change and what each concerns (built-in
 * workloads by trait or executor, the user's benchmarks and jars by a pattern of their names), read
 * by {@link JdkNotes}. Add a row to mark another one.
 */
public final class JdkMarkers {

    /**
     * The cells a change concerns: built-in cells with one of {@code traits} or run by one of
     * {@code executors}; a jmh cell whose full benchmark name, or a jar cell whose label, the
     * {@code user} pattern finds.
     */
    public record Concern(Set<Descriptor.Trait> traits, Set<String> executors, Pattern user) {
        public Concern {
            traits = Set.copyOf(traits);
            executors = Set.copyOf(executors);
            Objects.requireNonNull(user, "user");
        }

        boolean concerns(CellSummary c) {
            if (c.builtin()) return executors.contains(c.executor()) || traits.stream().anyMatch(t -> CellText.has(c, t));
            return user.matcher(c.benchmark().isEmpty() ? c.workload() : c.benchmark()).find();
        }
    }

    /** From {@code feature} on, the JDK behaves as {@code change} says; {@code id} is its JEP or bug; {@code concern}: the cells it can show in. */
    public record Marker(int feature, String id, String change, Concern concern) {
        public Marker {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(change, "change");
            Objects.requireNonNull(concern, "concern");
        }

        String text() {
            return "JDK " + feature + " (" + id + "): " + change;
        }
    }

    static final List<Marker> ALL = List.of(
            // jdkmatrix limits CPUs by quota or cpuset, which JDK 17 and 21 both read; a pool sized by the CPUs, or a user's
            // parallel code, is what would see a change of availableProcessors()
            new Marker(19, "JDK-8281181", "CPU shares no longer set availableProcessors() in a container",
                    new Concern(Set.of(), Set.of("fixed:cpus"), Pattern.compile("(?i)parallel|forkjoin|availableprocessors"))),
            new Marker(21, "JEP 444", "virtual threads are final",
                    new Concern(Set.of(), Set.of("virtual"), Pattern.compile("(?i)virtual|vthread|loom|carrier"))),
            new Marker(24, "JEP 491", "a virtual thread blocked in synchronized no longer pins its carrier",
                    new Concern(Set.of(Descriptor.Trait.PINNING), Set.of(), Pattern.compile("(?i)pinn|synchroni[sz]|monitor|carrier"))));

    private JdkMarkers() {}

    /** The markers that the JDKs' feature versions cross (some JDK before it, some at or after it) and that concern one of the cells. */
    public static List<Marker> crossed(Collection<Integer> features, Collection<CellSummary> cells) {
        List<Integer> known = features.stream().filter(f -> f > 0 && f < Integer.MAX_VALUE).toList();
        if (known.isEmpty()) return List.of();
        int min = known.stream().mapToInt(Integer::intValue).min().orElseThrow();
        int max = known.stream().mapToInt(Integer::intValue).max().orElseThrow();
        return ALL.stream().filter(m -> min < m.feature() && m.feature() <= max && cells.stream().anyMatch(m.concern()::concerns)).toList();
    }
}
