package dev.jdkmatrix.matrix;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One share of a plan, {@code index} of {@code count} (from 1), for spreading a matrix over
 * several machines. Whole groups of cells ({@link Group}: the cells compared with each other) go
 * to shards, so a cell's repetitions, and both sides of every comparison, come from one host;
 * groups are dealt longest first to the shard with the least estimated work (deterministic, ties
 * by the first cell's id). A shard keeps the full plan's sequence numbers, so that shards merge
 * without clashes.
 */
public record Shard(int index, int count) {

    public static final Shard ALL = new Shard(1, 1);

    public Shard {
        if (count < 1) throw new IllegalArgumentException("a plan has at least 1 shard, got " + count);
        if (index < 1 || index > count) throw new IllegalArgumentException("shard " + index + " of " + count + " does not exist; K/N needs 1 <= K <= N");
    }

    public static Shard parse(String raw) {
        String[] p = raw.trim().split("/");
        try {
            if (p.length == 2) return new Shard(Integer.parseInt(p[0]), Integer.parseInt(p[1]));
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("'" + raw + "' is not a shard; write K/N, for example 2/4");
    }

    public String text() {
        return index + "/" + count;
    }

    /** The cells of this shard: whole groups of them. */
    public Set<String> cellIds(List<Group> groups, int runsPerCell) {
        List<Group> ordered = new ArrayList<>(groups);
        ordered.sort(Comparator.comparingDouble((Group g) -> -millis(g)).thenComparing(g -> g.cells().get(0).id()));
        double[] load = new double[count];
        Set<String> mine = new HashSet<>();
        for (Group g : ordered) {
            int target = 0;
            for (int s = 1; s < count; s++) if (load[s] < load[target]) target = s;
            load[target] += millis(g) * runsPerCell;
            if (target == index - 1) g.cells().forEach(c -> mine.add(c.id()));
        }
        return mine;
    }

    /** The estimated time of one run of each of the group's cells. */
    private static double millis(Group g) {
        return g.cells().stream().mapToDouble(Estimate::runMillis).sum();
    }

    /** The runs of the full plan that belong to this shard, in the plan's order. */
    public List<PlannedRun> select(Matrix matrix) {
        List<PlannedRun> all = matrix.plan();
        if (count == 1) return all;
        Set<String> mine = cellIds(matrix.groups(), matrix.warmup() + matrix.repetitions().max());
        return all.stream().filter(r -> mine.contains(r.cell().id())).toList();
    }

    /** This shard taking no run of {@code matrix}, refused (by run before it builds an image): the matrix's groups, and how many shards it can take. */
    public dev.jdkmatrix.ExitException empty(Matrix matrix) {
        int groups = matrix.groups().size();
        return new dev.jdkmatrix.ExitException(dev.jdkmatrix.ExitException.BAD_INPUT, "shard " + text() + " of " + matrix.file() + " has no runs: the matrix has "
                + matrix.cells().size() + " cells in " + groups + " groups, and a shard takes whole groups (the cells compared with each other)"
                + "\n  fix: use at most " + groups + " shards");
    }
}
