package dev.jdkmatrix.results;

import java.util.List;
import java.util.Objects;

/**
 * What a night measured its suite against ({@code baseline:} of the matrix or of an entry):
 * {@code baseline} as the matrix names it ({@code ref v1.4.0}, {@code dir PATH}, {@code jar PATH}),
 * the {@code commit} a ref resolved to (empty otherwise), the {@code path} its side read its jars
 * from, its {@code status} ({@code built} tonight, {@code cached} from an earlier night's build,
 * {@code given} as a folder or jar, {@code failed}: no baseline tonight; {@code planned}: a plan's, not built yet), a {@code detail} (the
 * build's seconds, or why it failed and how to fix it), the {@code workloads} measured against it, and a ref's {@code build}
 * command (what a bisect of a regression against it builds each commit with; empty otherwise).
 */
public record RunBaseline(String baseline, String commit, String path, String status, String detail, List<String> workloads, String build) {
    /** How a baseline JDK of the matrix's ({@code baseline: { jdk: NAME }}) is written in {@link #baseline}: {@code jdk NAME}. */
    public static final String JDK = "jdk ";

    /** What a baseline's status may be. */
    public static final List<String> STATUSES = List.of("built", "cached", "given", "planned", "failed");

    public RunBaseline {
        Objects.requireNonNull(baseline, "baseline");
        commit = commit == null ? "" : commit;
        path = path == null ? "" : path;
        detail = detail == null ? "" : detail;
        workloads = workloads == null ? List.of() : List.copyOf(workloads);
        build = build == null ? "" : build;
        if (!STATUSES.contains(status)) throw new IllegalArgumentException("a baseline's status is one of " + STATUSES + ", got '" + status + "'");
    }

    /** A baseline with no build command of its own: a folder, a jar, a JDK, or a ref whose checkout holds its jar. */
    public RunBaseline(String baseline, String commit, String path, String status, String detail, List<String> workloads) {
        this(baseline, commit, path, status, detail, workloads, "");
    }

    /** Whether the night measured against it. */
    public boolean measured() {
        return !status.equals("failed");
    }
}
