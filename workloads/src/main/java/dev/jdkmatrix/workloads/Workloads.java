package dev.jdkmatrix.workloads;

import java.util.List;

/**
 * The built-in workloads: one {@link Descriptor} each, in the order the table of docs/workloads.md lists them.
 * Adding a workload is its record in {@link Workload} (with its {@code DESCRIPTOR}) and a line here.
 */
public final class Workloads {

    private Workloads() {}

    public static final List<Descriptor> ALL = List.of(
            Sleep.DESCRIPTOR,
            CpuPrimes.DESCRIPTOR,
            CpuLoop.DESCRIPTOR,
            CpuHash.DESCRIPTOR,
            Pinning.DESCRIPTOR,
            SemaphoreLimit.DESCRIPTOR,
            ThreadLocalClient.DESCRIPTOR,
            Mixed.DESCRIPTOR,
            Footprint.DESCRIPTOR,
            HttpFanout.DESCRIPTOR,
            Fault.DESCRIPTOR);

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
