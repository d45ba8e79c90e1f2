package dev.jdkmatrix.history;

import java.util.List;
import java.util.Objects;

/**
 * What a series of nights follows: one cell's figure (its median over the night's runs), or one
 * within-night comparison's paired ratio (b / a of two cells measured back to back in each round).
 * Cells are named as raw.csv's {@code cell} and comparisons.csv's {@code cell_a} and {@code cell_b}
 * spell them, so a change names exactly the rows it was computed from.
 */
public sealed interface FigureKey extends Comparable<FigureKey> {

    /** The cells the figure is made of: one, or a and b. */
    List<String> cells();

    /** {@code cell} or {@code comparison}, as changes.csv's {@code figure} column writes it. */
    String kind();

    /** How a person reads it: the cell, or {@code b / a}. */
    String label();

    @Override
    default int compareTo(FigureKey o) {
        int k = kind().compareTo(o.kind());
        return k != 0 ? k : String.join("\n", cells()).compareTo(String.join("\n", o.cells()));
    }

    /** One cell's figure across the nights. */
    record Cell(String cell) implements FigureKey {
        public Cell {
            Objects.requireNonNull(cell, "cell");
            if (cell.isBlank()) throw new IllegalArgumentException("a cell figure needs the cell's id, got a blank one");
        }

        @Override
        public List<String> cells() {
            return List.of(cell);
        }

        @Override
        public String kind() {
            return "cell";
        }

        @Override
        public String label() {
            return cell;
        }
    }

    /** The paired ratio b / a of two cells compared within each night. */
    record Pair(String cellA, String cellB) implements FigureKey {
        public Pair {
            Objects.requireNonNull(cellA, "cellA");
            Objects.requireNonNull(cellB, "cellB");
            if (cellA.equals(cellB)) throw new IllegalArgumentException("a comparison is of two different cells, got '" + cellA + "' twice");
        }

        @Override
        public List<String> cells() {
            return List.of(cellA, cellB);
        }

        @Override
        public String kind() {
            return "comparison";
        }

        @Override
        public String label() {
            return cellB + " / " + cellA;
        }
    }
}
