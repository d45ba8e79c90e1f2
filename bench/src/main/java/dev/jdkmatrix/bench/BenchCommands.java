// Prints, for `make bench-harness`, each cell of a matrix as the plain loop runs it: the cell id,
// its JDK, CPU and memory limits, then the exact command the harness's container runs
// (Commands.command: the JFR options of a cell with jfr on included), tab-separated.
// Run by its make target with the harness jar on the class path, so the loop cannot drift
// from what the harness runs.
package dev.jdkmatrix.bench;

import dev.jdkmatrix.engine.Commands;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.MatrixParser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public class BenchCommands {
    public static void main(String[] args) {
        for (Cell c : new MatrixParser().parse(Path.of(args[0])).cells()) {
            List<String> fields = new ArrayList<>(List.of(c.id(), c.jdk(), c.cpus().text(), Long.toString(c.memory().bytes()), c.jfr() ? "jfr" : "-"));
            fields.addAll(Commands.command(c));
            if (fields.stream().anyMatch(f -> f.contains("\t") || f.contains("\n")))
                throw new IllegalArgumentException("cell " + c.id() + ": a tab or newline in its command; the loop reads tab-separated fields");
            System.out.println(String.join("\t", fields));
        }
    }
}
