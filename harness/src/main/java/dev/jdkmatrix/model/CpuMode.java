package dev.jdkmatrix.model;

import java.util.List;

/**
 * How a cell's CPU limit is enforced. {@link #QUOTA} is Docker's {@code --cpus}, the CFS quota
 * that Kubernetes CPU limits set: the container may run on every CPU of the host but only for
 * {@code cpus} x 100 ms of each 100 ms period, and is throttled for the rest of a period once it
 * has used its share. {@link #CPUSET} is {@code --cpuset-cpus}: the container runs on that many
 * CPUs of its own, with no quota, so it is never throttled; only a whole number of CPUs can be
 * pinned.
 */
public enum CpuMode {
    QUOTA, CPUSET;

    public static final List<String> TEXTS = List.of("quota", "cpuset");

    public String text() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The mode of a cell that names none (a matrix without cpu-mode, a row stored before the column): {@link #QUOTA}. */
    public static final CpuMode DEFAULT = QUOTA;

    /** A written mode, or {@link #DEFAULT} for empty text. */
    public static CpuMode parseOrDefault(String raw) {
        return raw.isBlank() ? DEFAULT : parse(raw);
    }

    public static CpuMode parse(String raw) {
        for (CpuMode m : values()) if (m.text().equals(raw.trim())) return m;
        throw new IllegalArgumentException("'" + raw + "' is not a CPU mode; write quota (--cpus, a CFS quota) or cpuset (--cpuset-cpus, pinned CPUs)");
    }
}
