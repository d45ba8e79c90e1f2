package dev.jdkmatrix.matrix;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.Node;

/** A combination of the matrix's axes under construction ({@link Combinations}), before it is made a {@link Cell} ({@link Cells}). */
final class Combo {
    /** Each axis's and param's value, in expansion order. */
    final LinkedHashMap<String, AxisValue> values = new LinkedHashMap<>();
    /** The keys the combination had before include extended it (GitHub Actions: include never overwrites those). */
    final Set<String> original = new LinkedHashSet<>();
    AxisValue.JvmArgs jvmArgs;
    Duration timeout;
    Boolean jfr;
    /** What the cell's profile run samples; null is none. */
    Profile profile;
    Node origin;
    /** The kind of a jmh or jar cell (with its benchmark); null for a built-in one, whose kind follows from its name. */
    WorkloadKind kind;

    /** The value of axis {@code key} as its type, which the axis's reading made it ({@link AxisValue#of}). */
    <T extends AxisValue> T axis(String key, Class<T> type) {
        AxisValue v = values.get(key);
        if (!type.isInstance(v)) throw new IllegalStateException("axis '" + key + "' holds " + v + ", not a " + type.getSimpleName());
        return type.cast(v);
    }

    Combo copy() {
        Combo c = new Combo();
        c.values.putAll(values);
        c.original.addAll(original);
        c.jvmArgs = jvmArgs;
        c.timeout = timeout;
        c.jfr = jfr;
        c.profile = profile;
        c.origin = origin;
        c.kind = kind;
        return c;
    }
}
