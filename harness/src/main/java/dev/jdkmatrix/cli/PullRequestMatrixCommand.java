package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.matrix.PullRequestMatrix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** A pull request's matrix: each suite entry of the team's matrix twice, its base's build and its head's, compared along workload. */
@Command(name = "pr-matrix", mixinStandardHelpOptions = true,
        description = "Write a pull request's matrix beside MATRIX: each workload entry with a jar twice, base-NAME reading the jar and files "
                + "from the base's checkout (--base) and head-NAME from the head's, compared along workload, so that every benchmark's base "
                + "and head run back to back in each round; print its path. Then 'run' it and 'pr-verdict' its results.")
public final class PullRequestMatrixCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--matrix", required = true, paramLabel = "FILE", description = "the team's matrix, in the head's checkout")
    Path matrix;

    @Option(names = "--base", required = true, paramLabel = "DIR", description = "the base's checkout, its suite built (the same paths as the head's)")
    Path base;

    @Option(names = "--head", paramLabel = "DIR", description = "the head's checkout (default: the git repository the matrix is in, else its folder)")
    Path head;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write it, in the matrix's folder (default: NAME.pr.yaml beside the matrix)")
    Path out;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(matrix)) throw new ExitException(ExitException.BAD_INPUT, "no matrix " + matrix + "\n  fix: name the matrix file of your suite");
        if (!Files.isDirectory(base)) throw new ExitException(ExitException.BAD_INPUT, "no base checkout " + base + "\n  fix: check the base out (git worktree add DIR BASE_SHA) and build its suite there");
        Path dir = matrix.toAbsolutePath().getParent();
        Path headRoot = head != null ? head : headRoot(dir);
        String stem = matrix.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        Path target = out != null ? out : dir.resolve(stem + ".pr.yaml");
        if (!target.toAbsolutePath().getParent().equals(dir)) {
            throw new ExitException(ExitException.BAD_INPUT, "--out " + out + " is not in the matrix's folder " + dir
                    + "\n  fix: write it beside the matrix, where its relative paths (Dockerfiles) read as in the matrix");
        }
        try {
            Files.writeString(target, PullRequestMatrix.derive(Files.readString(matrix), dir, headRoot, base));
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, matrix + ": " + e.getMessage() + "\n  fix: a pull request check needs a matrix of your suite's jar");
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot write " + target + ": " + e.getMessage() + "\n  fix: a writable folder");
        }
        spec.commandLine().getOut().println(target);
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** The git repository's top the matrix's folder is in, else the folder. */
    private static Path headRoot(Path dir) {
        for (Path p = dir; p != null; p = p.getParent()) if (Files.exists(p.resolve(".git"))) return p;
        return dir;
    }
}
