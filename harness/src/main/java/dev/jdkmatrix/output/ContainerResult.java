package dev.jdkmatrix.output;

import java.util.Objects;

/**
 * What the harness saw of one container: how it ended, what it printed, and where the time
 * went (milliseconds on the harness's clock; {@code runMs} from Docker's own start/finish stamps),
 * and its cgroup's CFS accounting ({@code cpuStat}, null when the container printed none: killed,
 * or no cgroup visible), the node that ran it ({@code node}: a Kubernetes pod's; empty on Docker), and
 * whether the harness stopped it once its output had what the run needed ({@code stopped}: a JMH run
 * warmed up until steady; its exit code is the kill's, not the program's).
 */
public record ContainerResult(
        String containerId,
        String containerName,
        long exitCode,
        boolean oomKilled,
        boolean timedOut,
        String stdout,
        String stderr,
        String startedAt,
        double createMs,
        double startMs,
        double waitMs,
        double collectMs,
        double runMs,
        CpuStat cpuStat,
        String node,
        boolean stopped) {

    /** A result without CFS figures. */
    public ContainerResult(String containerId, String containerName, long exitCode, boolean oomKilled, boolean timedOut, String stdout, String stderr,
                           String startedAt, double createMs, double startMs, double waitMs, double collectMs, double runMs) {
        this(containerId, containerName, exitCode, oomKilled, timedOut, stdout, stderr, startedAt, createMs, startMs, waitMs, collectMs, runMs, null, "", false);
    }

    /** A result of a run that ended on its own (not {@link #stopped}). */
    public ContainerResult(String containerId, String containerName, long exitCode, boolean oomKilled, boolean timedOut, String stdout, String stderr,
                           String startedAt, double createMs, double startMs, double waitMs, double collectMs, double runMs, CpuStat cpuStat, String node) {
        this(containerId, containerName, exitCode, oomKilled, timedOut, stdout, stderr, startedAt, createMs, startMs, waitMs, collectMs, runMs, cpuStat, node, false);
    }

    public ContainerResult {
        Objects.requireNonNull(containerId, "containerId");
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
        if (node == null) node = "";
    }

    /** The last {@code n} lines of the combined output, for error details. */
    public String tail(int n) {
        String all = (stdout + (stderr.isEmpty() ? "" : "\n" + stderr)).strip();
        String[] lines = all.split("\n");
        int from = Math.max(0, lines.length - n);
        return String.join("\n", java.util.Arrays.copyOfRange(lines, from, lines.length));
    }
}
