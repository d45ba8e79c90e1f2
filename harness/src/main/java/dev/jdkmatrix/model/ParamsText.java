package dev.jdkmatrix.model;

import java.util.Map;
import java.util.SortedMap;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * A cell's params as text, {@code k=v;k=v} sorted by key: in its id and the CSV files' params
 * column, written by the matrix's cells and read by the results (both stand on it, neither on the other). A key or value may hold any character: the five that would
 * break the text or its row ({@code %}, {@code ;}, {@code =}, a line feed, a carriage return)
 * are written as {@code %25}, {@code %3B}, {@code %3D}, {@code %0A}, {@code %0D}, and read back
 * exactly. A value without them reads as written (every file before this escaping, too).
 */
public final class ParamsText {

    private ParamsText() {}

    /** {@code k=v;k=v}, sorted by key, each key and value escaped. */
    public static String format(Map<String, String> params) {
        StringJoiner j = new StringJoiner(";");
        new TreeMap<>(params).forEach((k, v) -> j.add(escape(k) + "=" + escape(v)));
        return j.toString();
    }

    public static SortedMap<String, String> parse(String text) {
        SortedMap<String, String> out = new TreeMap<>();
        if (text == null || text.isEmpty()) return out;
        for (String kv : text.split(";")) {
            int eq = kv.indexOf('=');
            if (eq > 0) out.put(unescape(kv.substring(0, eq)), unescape(kv.substring(eq + 1)));
        }
        return out;
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '%' -> b.append("%25");
                case ';' -> b.append("%3B");
                case '=' -> b.append("%3D");
                case '\n' -> b.append("%0A");
                case '\r' -> b.append("%0D");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** The five escapes undone; any other {@code %} (a value written before escaping, such as {@code 10%}) kept as it is. */
    static String unescape(String s) {
        if (s.indexOf('%') < 0) return s;
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String code = c == '%' && i + 3 <= s.length() ? s.substring(i, i + 3) : "";
            char decoded = switch (code) {
                case "%25" -> '%';
                case "%3B" -> ';';
                case "%3D" -> '=';
                case "%0A" -> '\n';
                case "%0D" -> '\r';
                default -> 0;
            };
            if (decoded != 0) {
                b.append(decoded);
                i += 2;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
