package dev.jdkmatrix.engine;

/**
 * Where, when and until when the engine runs a run, as the session asks: pinned to {@code cpuset}
 * (Docker's {@code --cpuset-cpus} form; null: not pinned, and a cluster picks a pod's CPUs itself);
 * in a duet, at the moment its partners start ({@code together}; null: alone); and stopped once
 * its output says it has what it needs ({@code stop}, read line by line as the run prints them;
 * null: it runs to its end). An engine that cannot read a run's output as it comes (Kubernetes,
 * which reads a pod's log at its end) lets the run end on its own.
 */
public record RunSlot(String cpuset, StartTogether.Member together, StopWhen stop) {

    public RunSlot {
        if (cpuset != null) CpuSetText.parse(cpuset); // refuses what Docker would
    }

    public RunSlot(String cpuset, StartTogether.Member together) {
        this(cpuset, together, null);
    }

    /** A run alone, on {@code cpuset} (null: not pinned). */
    public static RunSlot alone(String cpuset) {
        return new RunSlot(cpuset, null, null);
    }

    /** This slot, the run stopped once {@code stop} says its output is enough (null: never). */
    public RunSlot stoppedWhen(StopWhen stop) {
        return new RunSlot(cpuset, together, stop);
    }

    /** Whether a run has printed what it needs: asked with each line of its standard output as it comes; the engine stops the run at the first yes. */
    @FunctionalInterface
    public interface StopWhen {
        boolean enough(String stdoutLine);
    }
}
