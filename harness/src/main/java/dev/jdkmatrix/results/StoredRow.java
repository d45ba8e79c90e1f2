package dev.jdkmatrix.results;

import java.util.EnumMap;
import java.util.Map;

/**
 * A row as its file stores it, for {@link RawRow}: its text by column
 * as written (what the CSV views write back, and what equality compares), and its figures ({@code F},
 * one constant per column that holds a number), read from that text once.
 */
public abstract sealed class StoredRow<F extends Enum<F>> permits RawRow {

    private final Map<String, String> values;
    private final Map<F, Double> figures;

    StoredRow(Map<String, String> values, Class<F> figure, java.util.function.Function<F, String> column) {
        this.values = java.util.Collections.unmodifiableMap(values);
        this.figures = new EnumMap<>(figure);
        for (F f : figure.getEnumConstants()) {
            double n = RowText.number(values.get(column.apply(f)));
            if (!Double.isNaN(n)) figures.put(f, n);
        }
    }

    /** The row as stored: for the CSV views. */
    public Map<String, String> values() {
        return values;
    }

    /** A number of the row, NaN where it has none. */
    public double figure(F figure) {
        return figures.getOrDefault(figure, Double.NaN);
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && ((StoredRow<?>) o).values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + values;
    }
}
