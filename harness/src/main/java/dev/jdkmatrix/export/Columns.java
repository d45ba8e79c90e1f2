package dev.jdkmatrix.export;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A table as the explorer's data holds it: one array per field, in the order the rows were added (smaller than an object per row). */
final class Columns {

    private final Map<String, List<Object>> fields = new LinkedHashMap<>();

    Columns add(String field, Object value) {
        fields.computeIfAbsent(field, f -> new ArrayList<>()).add(value);
        return this;
    }

    Map<String, List<Object>> map() {
        return fields;
    }
}
