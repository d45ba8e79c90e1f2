package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import java.nio.file.Path;

/**
 * A results folder as every command takes it: a positional argument ({@code jdkmatrix report DIR}),
 * the older {@code --results DIR} kept as its alias. Given both, they must agree; given neither,
 * the command is refused with the form to write.
 */
final class FolderArg {

    private FolderArg() {}

    /** The folder {@code command} names by its argument or its --results option. */
    static Path of(Path positional, Path option, String command) {
        if (positional != null && option != null && !positional.toAbsolutePath().normalize().equals(option.toAbsolutePath().normalize())) {
            throw new ExitException(ExitException.BAD_INPUT, command + " names two results folders, " + positional + " and --results " + option
                    + "\n  fix: name one: jdkmatrix " + command + " DIR");
        }
        Path dir = positional != null ? positional : option;
        if (dir == null) {
            throw new ExitException(ExitException.BAD_INPUT, command + " needs a results folder\n  fix: jdkmatrix " + command + " DIR (a folder written by 'run' or 'merge')");
        }
        return dir;
    }
}
