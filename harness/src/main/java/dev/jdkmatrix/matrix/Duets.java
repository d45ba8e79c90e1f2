package dev.jdkmatrix.matrix;

import dev.jdkmatrix.model.CpuMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a duet plan ({@code order: duet}) shares the CPUs: in each round, the runs of a group of
 * compared cells start at one moment, each on CPUs no other side has, so a burst of the machine
 * (steal, a neighbour, a frequency change) falls on both sides of a pair (Bulej et al., "Duet
 * Benchmarking", ICPE 2020). A group's runs of one round go together as far as the CPUs hold them
 * (a group of 3 one-CPU cells on 3 CPUs at once; on 2, a pair and then the third alone), in the
 * round's shuffled order; inside a set the sides take the CPUs in the group's cell order turned by
 * the round (round 1: the first cell the first CPUs; round 2: the second cell), so which side has
 * the faster or the noisier CPU alternates and cancels over the rounds. Pure: the session asks the
 * engine to start each set together ({@code engine.StartTogether}).
 */
public final class Duets {

    private Duets() {}

    /** Runs that start together, in the order the sides take the CPUs, and the CPUs of each (the host's indices). */
    public record Duet(List<PlannedRun> runs, List<List<Integer>> cpus) {
        public Duet {
            runs = List.copyOf(runs);
            cpus = cpus.stream().map(List::copyOf).toList();
            if (runs.isEmpty() || runs.size() != cpus.size()) throw new IllegalArgumentException("a duet has a CPU set per run, got " + runs.size() + " runs and " + cpus.size());
        }

        /** A set of one run (its partners stored already, or no room for them): it runs alone, pinned as any run alone. */
        public boolean alone() {
            return runs.size() == 1;
        }

        /** The CPU set of a run of this duet. */
        public List<Integer> cpusOf(PlannedRun run) {
            int i = runs.indexOf(run);
            if (i < 0) throw new IllegalArgumentException("run seq " + run.sequence() + " is not in this duet");
            return cpus.get(i);
        }
    }

    /**
     * Why {@code matrix} cannot run in duet order on a host of {@code hostCpus} CPUs (0: not known
     * here, so only what needs no host is checked), with the fix; null when it can. A cell compared
     * with another must be pinned ({@code cpu-mode: cpuset}: a quota lets a side run on its partner's
     * CPUs) to a whole number of CPUs, at most half the host's (so its partner has as many of its own).
     */
    public static String refusal(Matrix matrix, int hostCpus) {
        for (Group g : matrix.groups()) {
            if (g.alone()) continue;
            for (Cell c : g.cells()) {
                if (c.cpuMode() != CpuMode.CPUSET) {
                    return "cell '" + c.id() + "' limits its CPUs by a quota (cpu-mode quota), which lets it run on every CPU of the host, its partner's too: "
                            + "order duet needs each side on CPUs of its own\n  fix: set cpu-mode: cpuset for the cells compared, or use order: blocked";
                }
                if (hostCpus > 0 && 2 * c.cpus().value() > hostCpus) {
                    return "cell '" + c.id() + "' asks for " + c.cpus().text() + " CPU(s), and a duet gives each side CPUs of its own: two sides need "
                            + (int) (2 * c.cpus().value()) + ", and this host has " + hostCpus
                            + "\n  fix: give the compared cells at most " + hostCpus / 2 + " CPU(s) each, run on a larger host, or use order: blocked";
                }
            }
        }
        return null;
    }

    /**
     * The sets of a duet plan's runs over {@code cpus} (the session's CPUs, ascending): consecutive
     * runs of one group, phase and round, as many as the CPUs hold; a profile run, or a run of a
     * group of one, alone.
     */
    public static List<Duet> of(List<PlannedRun> plan, List<Group> groups, List<Integer> cpus) {
        return of(plan, groups, cpus, g -> true);
    }

    /**
     * The groups an order starts together on {@code cpus} (the session's): every compared group in
     * duet order; in auto order those whose every cell is a built-in workload measured to gain from
     * it (its descriptor's {@code DUET} trait, make bench-duet), pinned to a whole number of CPUs, at
     * most half of them; none in any other order.
     */
    public static java.util.function.Predicate<Group> chosen(Matrix matrix, List<Integer> cpus) {
        return switch (matrix.order()) {
            case DUET -> g -> true;
            case AUTO -> g -> g.cells().stream().allMatch(c -> c.kind() instanceof WorkloadKind.Builtin b
                    && b.descriptor().traits().contains(dev.jdkmatrix.workloads.Descriptor.Trait.DUET)
                    && c.cpuMode() == CpuMode.CPUSET && 2 * c.cpus().value() <= cpus.size());
            case BLOCKED, INTERLEAVED, SEQUENTIAL -> g -> false;
        };
    }

    /** {@link #of(List, List, List)} where only the groups {@code together} accepts start together; every run of the others is a set alone. */
    public static List<Duet> of(List<PlannedRun> plan, List<Group> groups, List<Integer> cpus, java.util.function.Predicate<Group> together) {
        Objects.requireNonNull(cpus, "cpus");
        if (cpus.isEmpty()) throw new IllegalArgumentException("a session has at least one CPU");
        Map<String, Group> groupOf = new HashMap<>();
        for (Group g : groups) if (together.test(g)) g.cells().forEach(c -> groupOf.put(c.id(), g));
        List<Duet> out = new ArrayList<>();
        List<PlannedRun> set = new ArrayList<>();
        int used = 0;
        for (PlannedRun run : plan) {
            int need = (int) Math.ceil(run.cell().cpus().value());
            boolean joins = !set.isEmpty() && sameRound(set.get(0), run, groupOf) && used + need <= cpus.size()
                    && run.phase() != PlannedRun.Phase.PROFILE;
            if (!joins && !set.isEmpty()) {
                out.add(placed(set, groupOf, cpus));
                set = new ArrayList<>();
                used = 0;
            }
            set.add(run);
            used += need;
        }
        if (!set.isEmpty()) out.add(placed(set, groupOf, cpus));
        return List.copyOf(out);
    }

    private static boolean sameRound(PlannedRun a, PlannedRun b, Map<String, Group> groupOf) {
        Group g = groupOf.get(a.cell().id());
        return g != null && !g.alone() && g == groupOf.get(b.cell().id()) && a.phase() == b.phase() && a.repetition() == b.repetition();
    }

    /** The set's runs in the group's cell order turned by the round, each given the next CPUs in turn. */
    private static Duet placed(List<PlannedRun> set, Map<String, Group> groupOf, List<Integer> cpus) {
        if (set.size() == 1) return new Duet(set, List.of(List.of()));
        List<Cell> order = groupOf.get(set.get(0).cell().id()).cells();
        List<PlannedRun> sides = new ArrayList<>(set);
        sides.sort(java.util.Comparator.comparingInt(r -> order.indexOf(r.cell())));
        java.util.Collections.rotate(sides, -((set.get(0).repetition() - 1) % sides.size()));
        List<List<Integer>> given = new ArrayList<>();
        int next = 0;
        for (PlannedRun r : sides) {
            int need = (int) Math.ceil(r.cell().cpus().value());
            given.add(cpus.subList(next, next + need));
            next += need;
        }
        return new Duet(sides, given);
    }

    /** How long a duet plan takes: each set as long as its longest run (the estimate {@link Estimate#runMillis} of each). */
    public static java.time.Duration estimate(List<Duet> duets) {
        double ms = 0;
        for (Duet d : duets) ms += d.runs().stream().mapToDouble(r -> Estimate.runMillis(r.cell())).max().orElse(0);
        return java.time.Duration.ofMillis(Math.round(ms));
    }

    /**
     * What {@code plan} says of a duet plan on {@code cpus}: how many runs start together and how
     * many alone, and how the first compared group's sides take the CPUs in its first two rounds.
     */
    public static String describe(Matrix matrix, List<Integer> cpus) {
        return describe(matrix, cpus, "CPU");
    }

    /**
     * {@link #describe(Matrix, List)} where the places the sides take are named {@code place} (a
     * Docker host's CPUs, a cluster's seats), their indices {@code cpus}.
     */
    public static String describe(Matrix matrix, List<Integer> cpus, String place) {
        java.util.function.Predicate<Group> together = chosen(matrix, cpus);
        List<Duet> duets = of(matrix.plan(), matrix.groups(), cpus, together);
        long sets = duets.stream().filter(d -> !d.alone()).count();
        long alone = duets.stream().filter(Duet::alone).count();
        StringBuilder b = new StringBuilder(matrix.order().text() + " on " + place + "s " + cpuText(cpus) + ": " + sets + " sets of runs started together, each run pinned to CPUs no other side has"
                + (alone == 0 ? "" : ", " + alone + " runs alone (a cell of no group, a profile run, a group's run the CPUs had no room for beside the others"
                + (matrix.order() == Matrix.Order.AUTO ? ", or a group not measured to gain from a duet, back to back as in blocked order" : "") + ")"));
        if (matrix.order() == Matrix.Order.AUTO) {
            List<Group> compared = matrix.groups().stream().filter(g -> !g.alone()).toList();
            b.append("; ").append(compared.stream().filter(together).count()).append(" of ").append(compared.size()).append(" compared groups as duets");
        }
        List<Duet> shown = duets.stream().filter(d -> !d.alone() && d.runs().get(0).phase() == PlannedRun.Phase.MEASURE).toList();
        if (!shown.isEmpty()) {
            Map<String, Group> groupOf = new HashMap<>();
            matrix.groups().forEach(g -> g.cells().forEach(c -> groupOf.put(c.id(), g)));
            Group first = groupOf.get(shown.get(0).runs().get(0).cell().id());
            b.append("; e.g. group ").append(first.number());
            shown.stream().filter(d -> groupOf.get(d.runs().get(0).cell().id()) == first).limit(2).forEach(d -> {
                b.append(", round ").append(d.runs().get(0).repetition()).append(":");
                for (int i = 0; i < d.runs().size(); i++) {
                    Cell c = d.runs().get(i).cell();
                    String side = matrix.compareAlong().stream().filter(a -> !c.axes().getOrDefault(a, "").isEmpty()).map(a -> a + " " + c.axes().get(a))
                            .reduce((x, y) -> x + " " + y).orElse(c.id());
                    b.append(i == 0 ? " " : " | ").append(side).append(" on ").append(place).append(" ").append(cpuText(d.cpus().get(i)));
                }
            });
        }
        return b.toString();
    }

    /** CPUs as Docker's --cpuset-cpus writes them: 0,1. */
    static String cpuText(List<Integer> cpus) {
        return String.join(",", cpus.stream().map(String::valueOf).toList());
    }
}
