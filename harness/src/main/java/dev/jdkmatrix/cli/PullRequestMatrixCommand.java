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
                + "and head run back to back in each round; print its path. Then 'run' it and 'pr-verdict' its results. With --threshold, fixed "
                + "repetitions become adaptive: more rounds for each benchmark whose head / base ratio is not yet known to within half the "
                + "threshold, up to --max-rounds. A pull request check reads the base's matrix (in --base), so that the pull request cannot "
                + "change what measures it; it seals the base's built suite (--digest-base) before the head's build runs and checks the seal "
                + "(--expect-base-digest) before writing the matrix.")
public final class PullRequestMatrixCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--matrix", required = true, paramLabel = "FILE", description = "the team's matrix: in the base's checkout (what a pull request "
            + "check reads, so that a pull request cannot change it; then --head is needed) or in the head's")
    Path matrix;

    @Option(names = "--base", required = true, paramLabel = "DIR", description = "the base's checkout, its suite built (the same paths as the head's)")
    Path base;

    @Option(names = "--head", paramLabel = "DIR", description = "the head's checkout (default, for a matrix in the head's checkout: the git repository "
            + "it is in, else its folder)")
    Path head;

    @Option(names = "--print-build", description = "print the command that builds the suite as the matrix names it (baseline: { build: CMD }), "
            + "or nothing where it names none, and write no matrix")
    boolean printBuild;

    @Option(names = "--digest-base", description = "print the seal of the base's built suite (one SHA-256 over each jar and file the base's side "
            + "reads), and write no matrix: taken after the base's build, before the head's")
    boolean digestBase;

    @Option(names = "--expect-base-digest", paramLabel = "HEX", description = "refuse (exit 2) unless the base's built suite still has this seal "
            + "(--digest-base's): the head's build, which runs after the base's, did not change it")
    String expectBaseDigest;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write it, in the matrix's folder (default: NAME.pr.yaml beside the matrix)")
    Path out;

    @Option(names = "--threshold", paramLabel = "STEP", description = "the check's threshold (5%% or 0.05): rounds are added until every "
            + "benchmark's head / base ratio is known to within half of it (default: none, the matrix's repetitions as written)")
    String threshold;

    @Option(names = "--max-rounds", paramLabel = "N", description = "with --threshold: at most N rounds (default 0: three times the matrix's repetitions)", defaultValue = "0")
    int maxRounds;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(matrix)) throw new ExitException(ExitException.BAD_INPUT, "no matrix " + matrix + "\n  fix: name the matrix file of your suite");
        if (!Files.isDirectory(base)) throw new ExitException(ExitException.BAD_INPUT, "no base checkout " + base + "\n  fix: check the base out (git worktree add DIR BASE_SHA) and build its suite there");
        Path dir = matrix.toAbsolutePath().normalize().getParent();
        if (head == null && dir.startsWith(base.toAbsolutePath().normalize())) {
            throw new ExitException(ExitException.BAD_INPUT, "--matrix " + matrix + " is in the base's checkout " + base + ", and no --head names the head's"
                    + "\n  fix: give the head's checkout too (--head DIR)");
        }
        Path headRoot = head != null ? head : headRoot(dir);
        String yaml = read(matrix);
        try {
            if (printBuild) return printed(PullRequestMatrix.buildCommand(yaml));
            java.util.List<Path> baseFiles = PullRequestMatrix.baseFiles(yaml, dir, headRoot, base);
            if (digestBase) return printed(BaseSeal.of(baseFiles).digest());
            if (expectBaseDigest != null) sealed(BaseSeal.of(baseFiles));
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, matrix + ": " + e.getMessage() + "\n  fix: a pull request check needs a matrix of your suite's jar");
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read the base's built suite in " + base + ": " + e.getMessage() + "\n  fix: build the base's suite there first");
        }
        String stem = matrix.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        Path target = out != null ? out : dir.resolve(stem + ".pr.yaml");
        if (!target.toAbsolutePath().normalize().getParent().equals(dir)) {
            throw new ExitException(ExitException.BAD_INPUT, "--out " + out + " is not in the matrix's folder " + dir
                    + "\n  fix: write it beside the matrix, where its relative paths (Dockerfiles) read as in the matrix");
        }
        PullRequestMatrix.Rounds rounds = rounds();
        try {
            Files.writeString(target, PullRequestMatrix.derive(yaml, dir, headRoot, base, rounds));
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, matrix + ": " + e.getMessage() + "\n  fix: a pull request check needs a matrix of your suite's jar");
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot write " + target + ": " + e.getMessage() + "\n  fix: a writable folder");
        }
        spec.commandLine().getOut().println(target);
        spec.commandLine().getOut().flush();
        return 0;
    }

    private static String read(Path matrix) {
        try {
            return Files.readString(matrix);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read " + matrix + ": " + e.getMessage() + "\n  fix: name a readable matrix file");
        }
    }

    private int printed(String line) {
        if (!line.isEmpty()) spec.commandLine().getOut().println(line);
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** Refuses a base whose built suite no longer has the seal it was given. */
    private void sealed(BaseSeal.Seal now) {
        if (now.digest().equals(expectBaseDigest.strip())) return;
        throw new ExitException(ExitException.BAD_INPUT, "the base's built suite in " + base + " changed after it was sealed (its seal was " + expectBaseDigest.strip()
                + ", now " + now.digest() + "): something that ran after the base's build, such as the head's build, wrote into the base's checkout. Its files now:\n  "
                + String.join("\n  ", now.files()) + "\n  fix: a pull request's build may write only its own checkout; the check measures nothing until it does");
    }

    /** How the rounds are spent, from --threshold and --max-rounds; null without a threshold. */
    private PullRequestMatrix.Rounds rounds() {
        if (threshold == null) {
            if (maxRounds != 0) throw new ExitException(ExitException.BAD_INPUT, "--max-rounds " + maxRounds + " without --threshold\n  fix: give the check's threshold too (--threshold 5%)");
            return null;
        }
        try {
            double t = dev.jdkmatrix.matrix.Durations.fraction(threshold);
            if (t >= 2) return null; // a regression of 200 % or more is seen in the matrix's own rounds
            return new PullRequestMatrix.Rounds(t, maxRounds);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, "pr-matrix --threshold " + threshold + " --max-rounds " + maxRounds + ": " + e.getMessage()
                    + "\n  fix: a threshold such as 5% or 0.05, and --max-rounds 0 (three times the matrix's repetitions) or 6 or more");
        }
    }

    /** The git repository's top the matrix's folder is in, else the folder. */
    private static Path headRoot(Path dir) {
        for (Path p = dir; p != null; p = p.getParent()) if (Files.exists(p.resolve(".git"))) return p;
        return dir;
    }
}
