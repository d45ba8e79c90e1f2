package dev.jdkmatrix.results;

import java.util.SortedMap;

/** The {@code params} column's text, {@code k=v;k=v}, as a map: any character of a key or value read back exactly ({@link dev.jdkmatrix.model.ParamsText}). */
public final class Params {

    private Params() {}

    public static SortedMap<String, String> parse(String text) {
        return dev.jdkmatrix.model.ParamsText.parse(text);
    }
}
