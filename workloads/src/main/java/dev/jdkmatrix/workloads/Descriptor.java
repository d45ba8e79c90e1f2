package dev.jdkmatrix.workloads;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Everything the harness and the workloads jar know about one built-in workload, in one place:
 * its name, a one-line summary, how it checks that its work was done, its params (each with a default and a summary), whether its cells
 * record JFR by default, the sidecar it needs, whether {@code --parallel auto} may pack it, what
 * the charts show of it, its cost model for {@code plan}, and how it is built from its params.
 * The matrix parser, {@code plan}, packing, the sidecar, the charts and the workload
 * table read it; nothing else matches workload names (Renaissance's {@code Benchmark} with its
 * {@code @Parameter(name, defaultValue, summary)} is the model).
 */
public record Descriptor(
        String name,
        String summary,
        String check,
        List<Param> params,
        boolean jfrByDefault,
        Sidecar sidecar,
        boolean packable,
        Set<Trait> traits,
        Cost cost,
        Function<Params, Workload> factory) {

    /** A container the harness starts beside each run of the workload. */
    public enum Sidecar {
        NONE,
        /** {@link Upstream}, from the same run image, on a private network: the workload gets {@code --upstream URL}. */
        HTTP_UPSTREAM
    }

    /** What the report draws, or the harness does, specially for this workload. */
    public enum Trait {
        /** Charted per JDK and {@code lock} with JFR's pinned-event counts, and marked where JEP 491 changes it. */
        PINNING,
        /**
         * Measured to narrow its paired intervals when a pair's two runs start together, each on CPUs
         * of its own (make bench-duet, docs/duet.md): {@code order: auto} makes its groups duets.
         */
        DUET
    }

    /**
     * A param: its name as in matrix.yaml and on the command line, its default, a summary, and its
     * type: a whole number of at least {@code min} when {@code choices} is empty, else one of them.
     */
    public record Param(String name, String defaultValue, String summary, List<String> choices, long min) {
        public Param {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(defaultValue, "defaultValue");
            Objects.requireNonNull(summary, "summary");
            choices = List.copyOf(choices);
            if (!name.matches("[a-z][a-z0-9-]*")) throw new IllegalArgumentException("a param name is lower-case words joined by '-', got '" + name + "'");
        }

        public static Param whole(String name, long defaultValue, long min, String summary) {
            return new Param(name, Long.toString(defaultValue), summary, List.of(), min);
        }

        public static Param choice(String name, String defaultValue, List<String> choices, String summary) {
            return new Param(name, defaultValue, summary, choices, 0);
        }

        /** The param's type as the table of docs/workloads.md writes it. */
        public String typeText() {
            return choices.isEmpty() ? "whole number >= " + min : String.join(" \\| ", choices);
        }
    }

    /**
     * The shape of one run for the cost model: executor, tasks, the CPU quota and the processors
     * the JVM sees, the JDK's feature version (0 when unknown) and the params (defaults filled in).
     */
    public record Shape(ExecutorSpec executor, int tasks, double cpuQuota, int visibleCpus, int jdkFeature, Map<String, String> params) {
        public Shape {
            Objects.requireNonNull(executor, "executor");
            params = Map.copyOf(params);
        }

        /** Threads that run tasks at once: the pool's size, or one per task. */
        public int threads() {
            return switch (executor) {
                case ExecutorSpec.Fixed f -> f.size() == 0 ? visibleCpus : f.size();
                case ExecutorSpec.ForkJoin f -> f.parallelism() == 0 ? visibleCpus : f.parallelism();
                default -> tasks;
            };
        }

        /** Rounds of {@code parallel} tasks at once needed for all tasks. */
        public long waves(int parallel) {
            return (tasks + parallel - 1) / Math.max(1, parallel);
        }

        public double param(String key) {
            return Double.parseDouble(params.get(key));
        }

        /** Creating and scheduling a thread per task: {@link Cost#SPAWN_MS_PER_TASK} CPU-ms each. */
        public double spawnMillis() {
            return executor.threadPerTask() ? tasks * Cost.SPAWN_MS_PER_TASK / cpuQuota : 0;
        }

        /** CPU-bound work of {@code cpuMillisPerTask} per task, on min(quota, threads) CPUs. */
        public double cpuMillis(double cpuMillisPerTask) {
            return tasks * cpuMillisPerTask / Math.min(cpuQuota, threads());
        }
    }

    /**
     * How long a run's own work takes, in ms (container and JVM start are the harness's part):
     * from theory (waves of sleeps) or from per-task costs measured on this project's 2-CPU machine
     * (results/reference). For planning only; results never use it.
     */
    @FunctionalInterface
    public interface Cost {
        /** Creating and scheduling one task on a virtual thread, CPU-ms. */
        double SPAWN_MS_PER_TASK = 0.055;

        double millis(Shape shape);
    }

    public Descriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(sidecar, "sidecar");
        Objects.requireNonNull(cost, "cost");
        Objects.requireNonNull(factory, "factory");
        params = List.copyOf(params);
        traits = Set.copyOf(traits);
        Set<String> seen = new LinkedHashSet<>();
        for (Param p : params) {
            if (!seen.add(p.name())) throw new IllegalArgumentException("workload " + name + " declares param '" + p.name() + "' twice");
        }
    }

    /** The param names, in declaration order. */
    public List<String> paramNames() {
        return params.stream().map(Param::name).toList();
    }

    /** The defaults of every param. */
    public Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        for (Param p : params) d.put(p.name(), p.defaultValue());
        return d;
    }

    /** Builds the workload from {@code --param value} pairs; an unknown param or a bad value is an error. */
    public Workload create(Map<String, String> given) {
        Params p = new Params(this, given);
        Workload w = factory.apply(p);
        p.refuseUnused();
        return w;
    }

    /** The given params over the defaults, read by type; remembers which were read. */
    public static final class Params {
        private final Descriptor descriptor;
        private final Map<String, String> given;
        private final Set<String> read = new LinkedHashSet<>();

        Params(Descriptor descriptor, Map<String, String> given) {
            this.descriptor = descriptor;
            this.given = new LinkedHashMap<>(given);
        }

        private Param declared(String key) {
            for (Param p : descriptor.params()) if (p.name().equals(key)) return p;
            throw new IllegalStateException("workload " + descriptor.name() + " reads param '" + key + "' that it does not declare");
        }

        public long whole(String key) {
            Param p = declared(key);
            read.add(key);
            String raw = given.getOrDefault(key, p.defaultValue());
            long v;
            try {
                v = Long.parseLong(raw.replace("_", ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(descriptor.name() + ": --" + key + " must be a whole number, got '" + raw + "'");
            }
            if (v < p.min()) throw new IllegalArgumentException(descriptor.name() + ": --" + key + " must be >= " + p.min() + ", got " + v);
            return v;
        }

        public int wholeInt(String key) {
            long v = whole(key);
            if (v > Integer.MAX_VALUE) throw new IllegalArgumentException(descriptor.name() + ": --" + key + " must be at most " + Integer.MAX_VALUE + ", got " + v);
            return (int) v;
        }

        public String choice(String key) {
            Param p = declared(key);
            read.add(key);
            String raw = given.getOrDefault(key, p.defaultValue());
            if (!p.choices().contains(raw)) {
                throw new IllegalArgumentException(descriptor.name() + ": --" + key + " must be one of " + String.join(", ", p.choices()) + "; got '" + raw + "'");
            }
            return raw;
        }

        /** A value the harness passes that is not a param of the cell (the upstream's address): where, not what. */
        public String address(String key) {
            read.add(key);
            return given.getOrDefault(key, "");
        }

        void refuseUnused() {
            Set<String> unused = new LinkedHashSet<>(given.keySet());
            unused.removeAll(read);
            if (!unused.isEmpty()) {
                throw new IllegalArgumentException("workload '" + descriptor.name() + "' has no parameter(s) " + unused
                        + "; its parameters are " + descriptor.paramNames());
            }
        }
    }
}
