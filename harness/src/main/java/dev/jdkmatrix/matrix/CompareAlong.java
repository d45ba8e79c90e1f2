package dev.jdkmatrix.matrix;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * The matrix's {@code compare-along:} key: the axes (or params) a user compares cells along, such
 * as {@code [jdk, executor]}. Cells equal in everything else form a {@link Group}, run back to
 * back in a blocked plan and compared pair by pair. Left out, it is {@code jdk} and
 * {@code executor}, each where the matrix gives it more than one value.
 */
final class CompareAlong {

    /** What a matrix compares along when it does not say. */
    static final List<String> DEFAULT = List.of("jdk", "executor");

    private CompareAlong() {}

    /** The axes named by {@code node} (a list, a single name, or null for the default), checked against the cells. */
    static List<String> resolve(MatrixYaml p, Node node, List<Cell> cells) {
        if (node == null) return DEFAULT.stream().filter(a -> values(cells, a).size() > 1).toList();
        if (node instanceof org.snakeyaml.engine.v2.nodes.MappingNode) {
            throw p.error(node, "compare-along is a list of axes or params, got a mapping", "write the axes your question compares along, such as compare-along: [jdk, executor]");
        }
        List<Node> items = node instanceof SequenceNode seq ? seq.getValue() : List.of(node);
        Set<String> known = new LinkedHashSet<>(dev.jdkmatrix.model.CellKey.AXIS_KEYS);
        cells.forEach(c -> known.addAll(c.params().keySet()));
        List<String> along = new ArrayList<>();
        for (Node item : items) {
            String axis = p.scalar(item, "compare-along");
            if (!known.contains(axis)) {
                throw p.error(item, "compare-along names '" + axis + "', which is no axis or param of this matrix's cells",
                        Suggest.fix(axis, known, "axes and params"));
            }
            if (along.contains(axis)) throw p.error(item, "compare-along names '" + axis + "' twice", "name each axis once");
            Set<String> v = values(cells, axis);
            if (v.size() < 2) {
                throw p.error(item, "compare-along names '" + axis + "', which has " + (v.isEmpty() ? "no value" : "one value (" + v.iterator().next() + ")")
                        + " in this matrix: there is nothing to compare along it", "give " + axis + " a second value, or leave it out of compare-along");
            }
            along.add(axis);
        }
        return List.copyOf(along);
    }

    /** The distinct values of an axis or param over the cells that have it. */
    private static Set<String> values(List<Cell> cells, String axis) {
        Set<String> v = new TreeSet<>();
        for (Cell c : cells) v.add(Objects.requireNonNullElse(c.valueOf(axis), "\u0000")); // a cell without the param
        v.remove("\u0000");
        return v;
    }
}
