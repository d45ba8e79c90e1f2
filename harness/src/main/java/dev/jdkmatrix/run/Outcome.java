package dev.jdkmatrix.run;

/** How a run ended: the status column of raw.csv, with its detail. */
public sealed interface Outcome {

    /** The workload printed one record and its own check passed. */
    record Ok() implements Outcome {}

    /** Non-zero exit or a JVM crash. */
    record Error(String detail) implements Outcome {}

    /** Killed by the harness at the cell's timeout. */
    record Timeout(String detail) implements Outcome {}

    /** Killed by the kernel for exceeding the container's memory limit. */
    record Oom(String detail) implements Outcome {}

    /** Exited 0, but the record is missing, malformed, duplicated, or says the work did not check out. */
    record Invalid(String detail) implements Outcome {}

    default String status() {
        return switch (this) {
            case Ok o -> "ok";
            case Error e -> "error";
            case Timeout t -> "timeout";
            case Oom o -> "oom";
            case Invalid i -> "invalid";
        };
    }

    default String detail() {
        return switch (this) {
            case Ok o -> "";
            case Error e -> e.detail();
            case Timeout t -> t.detail();
            case Oom o -> o.detail();
            case Invalid i -> i.detail();
        };
    }
}
