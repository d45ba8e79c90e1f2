package dev.jdkmatrix.results;

import java.util.Map;
import java.util.TreeMap;

/** The {@code params} column's text, {@code k=v;k=v}, as a map: written by the harness, read by every consumer. */
public final class Params {

    private Params() {}

    public static Map<String, String> parse(String text) {
        Map<String, String> out = new TreeMap<>();
        if (text == null) return out;
        for (String kv : text.split(";")) {
            int eq = kv.indexOf('=');
            if (eq > 0) out.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return out;
    }
}
