package dev.jdkmatrix.matrix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Cells that differ only along the axes a matrix compares along ({@code compare-along}): the
 * cells whose runs a blocked plan makes back to back in every round, so that each pair of them
 * is compared run against run. {@code number} counts from 1 in the matrix's cell order;
 * {@code fixed} are the values the cells share (every axis and param but the compared ones).
 */
public record Group(int number, SortedMap<String, String> fixed, List<Cell> cells) {

    public Group {
        if (number < 1) throw new IllegalArgumentException("groups are numbered from 1, got " + number);
        fixed = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(fixed));
        cells = List.copyOf(cells);
        if (cells.isEmpty()) throw new IllegalArgumentException("group " + number + " has no cell");
    }

    /** A group of one cell has nothing to compare. */
    public boolean alone() {
        return cells.size() == 1;
    }

    /** The cells split into groups: equal in every axis and param but those of {@code along}, in the order of their first cell. */
    public static List<Group> of(List<Cell> cells, List<String> along) {
        Objects.requireNonNull(along, "along");
        Map<SortedMap<String, String>, List<Cell>> byKey = new LinkedHashMap<>();
        for (Cell c : cells) byKey.computeIfAbsent(key(c.axes(), along), k -> new ArrayList<>()).add(c);
        List<Group> groups = new ArrayList<>();
        byKey.forEach((k, members) -> groups.add(new Group(groups.size() + 1, k, members)));
        return List.copyOf(groups);
    }

    /** A cell's axes without those compared along: what the cells of its group share. */
    public static SortedMap<String, String> key(Map<String, String> axes, List<String> along) {
        SortedMap<String, String> k = new TreeMap<>(axes);
        along.forEach(k::remove);
        return k;
    }
}
