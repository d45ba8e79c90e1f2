package dev.jdkmatrix.run;

import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.results.RawRow;
import java.util.List;

/** What the command line shows while a matrix runs. Called from the running threads, one call at a time for the runs. */
public interface RunListener {
    default void message(String line) {}

    default void runStarted(PlannedRun run, int done, int total) {}

    default void runEnded(PlannedRun run, RawRow row, int done, int total) {}

    /** The rows stored before this session started (a resume): an ETA may learn from them. */
    default void stored(List<RawRow> rows) {}
}
