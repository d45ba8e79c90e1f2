package dev.jdkmatrix.matrix;

import dev.jdkmatrix.ExitException;
import java.nio.file.Path;

/** A matrix file that cannot be used: names the file, the line and column, what is wrong and the fix. */
public final class MatrixException extends ExitException {

    private final Path file;
    private final int line;
    private final int column;

    /** {@code line} and {@code column} count from 1; 0 when the problem is the whole file. */
    public MatrixException(Path file, int line, int column, String problem, String fix) {
        super(BAD_INPUT, format(file, line, column, problem, fix));
        this.file = file;
        this.line = line;
        this.column = column;
    }

    private static String format(Path file, int line, int column, String problem, String fix) {
        String where = line > 0 ? file + ":" + line + ":" + column : file.toString();
        return where + ": " + problem + (fix == null || fix.isBlank() ? "" : "\n  fix: " + fix);
    }

    public Path file() {
        return file;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
