package dev.jdkmatrix.engine;

import dev.jdkmatrix.matrix.Cell;
import java.util.List;

/** Test access to the container's command of a cell. */
public final class ContainerRunnerCommands {

    private ContainerRunnerCommands() {}

    public static List<String> of(Cell cell) {
        return Commands.command(cell);
    }
}
