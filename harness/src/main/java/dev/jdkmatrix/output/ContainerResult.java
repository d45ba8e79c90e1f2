package dev.jdkmatrix.output;

import java.util.Objects;

/**
 * What the harness saw of one container: how it ended, what it printed, and where the time
 * went (milliseconds on the harness's clock; {@code runMs} from Docker's own start/finish stamps),
 * and its cgroup's CFS accounting ({@code cpuStat}, null when the container printed none: killed,
 * or no cgroup visible), and the node that ran it ({@code node}: a Kubernetes pod's; empty on Docker).
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
        String node) {

    /** A result without CFS figures. */
    public ContainerResult(String containerId, String containerName, long exitCode, boolean oomKilled, boolean timedOut, String stdout, String stderr,
                           String startedAt, double createMs, double startMs, double waitMs, double collectMs, double runMs) {
        this(containerId, containerName, exitCode, oomKilled, timedOut, stdout, stderr, startedAt, createMs, startMs, waitMs, collectMs, runMs, null, "");
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
