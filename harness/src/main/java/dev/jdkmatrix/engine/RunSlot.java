package dev.jdkmatrix.engine;

/**
 * Where and when the engine starts a run, as the session asks: pinned to {@code cpuset} (Docker's
 * {@code --cpuset-cpus} form; null: not pinned, and a cluster picks a pod's CPUs itself), and, in a
 * duet, at the moment its partners start ({@code together}; null: alone).
 */
public record RunSlot(String cpuset, StartTogether.Member together) {

    public RunSlot {
        if (cpuset != null) CpuSetText.parse(cpuset); // refuses what Docker would
    }

    /** A run alone, on {@code cpuset} (null: not pinned). */
    public static RunSlot alone(String cpuset) {
        return new RunSlot(cpuset, null);
    }
}
