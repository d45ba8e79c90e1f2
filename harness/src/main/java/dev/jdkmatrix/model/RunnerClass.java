package dev.jdkmatrix.model;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A runner class a team names for its machines ({@code run --runner-class}, the matrix's
 * {@code runner-class}, {@code merge} and {@code make publish}), as asv names a machine and Bencher
 * a testbed: the nights of one name are one series of each figure, whatever CPU models the runners
 * had (the history estimates each model's level); nights of different names are never compared.
 */
public record RunnerClass(String name) {

    /** Letters, digits, space and {@code - _ . : / + ( ) @ #}, 1 to 100 characters, starting with a letter or digit. */
    private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N} ._:/+()@#-]{0,99}");
    /** How a name is written, for the fixes. */
    public static final String FORM = "1 to 100 letters, digits, spaces or - _ . : / + ( ) @ #, starting with a letter or digit, e.g. gh-ubuntu-24.04-4core";

    public RunnerClass {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("runner class '" + name + "' is not a name a history can keep: write " + FORM);
        }
    }

    /** The name checked, or an error naming where it was written ({@code --runner-class}, {@code matrix.yaml's runner-class}) and the form to write. */
    public static String checked(String name, String where) {
        try {
            return new RunnerClass(name).name();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }
}
