package dev.jdkmatrix.export;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.ParamsText;
import java.util.ArrayList;
import java.util.List;

/** The axes the explorer picks cells by: a cell's key as one value per axis, "params" its params as one text. */
final class Axes {

    static final List<String> NAMES;

    static {
        List<String> names = new ArrayList<>(CellKey.AXIS_KEYS);
        names.add("params");
        NAMES = List.copyOf(names);
    }

    private Axes() {}

    static List<String> of(CellKey k) {
        List<String> v = new ArrayList<>();
        for (String axis : CellKey.AXIS_KEYS) v.add(k.valueOf(axis));
        v.add(ParamsText.format(k.params()));
        return v;
    }
}
