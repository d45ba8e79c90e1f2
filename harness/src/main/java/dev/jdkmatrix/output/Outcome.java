package dev.jdkmatrix.output;

import dev.jdkmatrix.matrix.Cell;

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

    public static Outcome classify(Cell cell, ContainerResult res, Readings.Reading reading, String logName) {
        return classify(cell, res, reading, logName, Readings.lastProgress(res.stdout()));
    }

    /** How the run ended; {@code progress}: its last progress line ({@link Readings#lastProgress}), quoted when it did not end ok. */
    public static Outcome classify(Cell cell, ContainerResult res, Readings.Reading reading, String logName, String progress) {
        String last = res.tail(3).replace("\n", " | ");
        String got = progress == null ? "" : "; last progress: " + progress;
        if (res.timedOut()) {
            return new Timeout("killed after the timeout of " + dev.jdkmatrix.matrix.Durations.text(cell.timeout()) + got + "; output in " + logName);
        }
        if (res.oomKilled()) {
            return new Oom("killed by the kernel at the memory limit of " + cell.memory().text() + " (exit " + res.exitCode() + ")" + got + "; output in " + logName);
        }
        if (res.exitCode() != 0 && !res.stopped()) { // a run the harness stopped exits with the kill's code
            // the exception the program reported says more than its last lines (JMH's end with its own summary)
            String threw = reading instanceof Readings.Reading.Threw t ? t.detail() : cell.kind() instanceof dev.jdkmatrix.matrix.WorkloadKind.Builtin ? null
                    : Readings.firstException(res.stdout() + "\n" + res.stderr());
            return new Error("exit code " + res.exitCode() + ": " + (threw != null ? threw : abbreviate(last)) + got + "; output in " + logName);
        }
        return switch (reading) {
            case Readings.Reading.Threw t -> new Error(t.detail() + "; output in " + logName);
            case Readings.Reading.Problem p -> new Invalid(p.detail() + "; output in " + logName);
            case Readings.Reading.Found f -> f.invalid() == null ? new Ok() : new Invalid(f.invalid());
        };
    }

    private static String abbreviate(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }
}
