package dev.jdkmatrix.results;

import java.util.Map;

/** How a stored row's text reads, for {@link RawRow} and summary.csv's view: a column, a param column exactly, a number. */
public final class RowText {

    private RowText() {}

    /** A column's text, or empty; a {@code param_NAME} column from the params column, which holds every value exactly (a line break included). */
    static String column(Map<String, String> values, String column) {
        if (Columns.isParam(column)) {
            String exact = Params.parse(values.get("params")).get(column.substring(Columns.PARAM_PREFIX.length()));
            if (exact != null) return exact;
        }
        return values.getOrDefault(column, "");
    }

    /** A text as a number, NaN when empty or not a number. */
    public static double number(String text) {
        if (text == null || text.isEmpty()) return Double.NaN;
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** A text as a whole number, 0 when it is none. */
    public static int whole(String text) {
        double v = number(text);
        return Double.isFinite(v) ? (int) v : 0;
    }
}
