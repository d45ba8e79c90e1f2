package dev.jdkmatrix.workloads;

import java.util.List;

/**
 * The built-in workloads: one {@link Descriptor} each, in the order the table of docs/workloads.md lists them.
 * Adding a workload is its record in {@link Workload} (with its {@code DESCRIPTOR}) and a line here.
 */
public final class Workloads {

    private Workloads() {}

    public static final List<Descriptor> ALL = List.of(
            Workload.Sleep.DESCRIPTOR,
            Workload.CpuPrimes.DESCRIPTOR,
            Workload.CpuLoop.DESCRIPTOR,
            Workload.CpuHash.DESCRIPTOR,
            Workload.Pinning.DESCRIPTOR,
            Workload.SemaphoreLimit.DESCRIPTOR,
            Workload.ThreadLocalClient.DESCRIPTOR,
            Workload.Mixed.DESCRIPTOR,
            Workload.Footprint.DESCRIPTOR,
            Workload.HttpFanout.DESCRIPTOR,
            Workload.Fault.DESCRIPTOR);

    /** Names of the workloads, as used on the command line and in matrix.yaml. */
    public static final List<String> NAMES = ALL.stream().map(Descriptor::name).toList();

    /** The descriptor of a workload, or an error naming the valid ones. */
    public static Descriptor get(String name) {
        for (Descriptor d : ALL) if (d.name().equals(name)) return d;
        throw new IllegalArgumentException("unknown workload '" + name + "'; valid workloads: " + String.join(", ", NAMES));
    }

    public static boolean exists(String name) {
        return NAMES.contains(name);
    }
}
