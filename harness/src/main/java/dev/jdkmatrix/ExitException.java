package dev.jdkmatrix;

/**
 * The one exception a person reads: its message names what was wrong, where, and how to fix it,
 * and it carries the process exit code. Mapped to the exit in exactly one place, {@code cli.Main}.
 */
public class ExitException extends RuntimeException {

    /** Some runs failed (timeout, oom, error, invalid); everything else worked. */
    public static final int RUNS_FAILED = 1;
    /** Bad input: matrix, options, paths. Nothing was started. */
    public static final int BAD_INPUT = 2;
    /** The environment is missing something: Docker engine, image, workloads jar. */
    public static final int ENVIRONMENT = 3;
    /**
     * The Docker engine stopped answering in the middle of a run: the stored runs are intact, the
     * run in flight was not stored, the rest were not attempted; a resume finishes the run.
     */
    public static final int ENGINE_LOST = 4;
    /** Interrupted by a signal. */
    public static final int INTERRUPTED = 130;

    private final int exitCode;

    public ExitException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public ExitException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
