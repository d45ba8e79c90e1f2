package dev.jdkmatrix.run;

import dev.jdkmatrix.engine.CpuSetText;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.WorkloadKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The session's CPUs (the host's, or the ones {@code --engine-cpus} gives it), handed out to runs
 * that go side by side: a run whose cell asks for a whole number of CPUs below the session's gets
 * that many CPUs that no other running container has (its {@code cpuset}); any other run (a
 * fraction of a CPU, or as many as the session has) takes every one and so runs alone. Blocks
 * until the CPUs are free; never gives one CPU to two runs.
 */
public final class CpuSlots {

    /** How runs may share the host. */
    public enum Packing {
        /** One run at a time. */
        OFF,
        /** Whole-CPU cells side by side, except workloads measured to disagree when packed. */
        AUTO,
        /** Whole-CPU cells side by side, every workload: for measuring what packing does. */
        FORCE
    }

    private final boolean[] used;
    /** The host's indices of this session's CPUs, ascending. */
    private final List<Integer> cpus;

    public CpuSlots(int hostCpus) {
        this(all(hostCpus));
    }

    /** Slots over these CPUs of the host (their indices, distinct). */
    public CpuSlots(List<Integer> cpus) {
        if (cpus.isEmpty()) throw new IllegalArgumentException("a session has at least one CPU");
        this.cpus = cpus.stream().sorted().distinct().toList();
        if (this.cpus.size() != cpus.size() || this.cpus.get(0) < 0) throw new IllegalArgumentException("CPUs are distinct indices from 0, got " + cpus);
        this.used = new boolean[this.cpus.size()];
    }

    /** CPUs 0 to {@code hostCpus - 1}. */
    public static List<Integer> all(int hostCpus) {
        if (hostCpus < 1) throw new IllegalArgumentException("a host has at least one CPU, got " + hostCpus);
        return java.util.stream.IntStream.range(0, hostCpus).boxed().toList();
    }

    /** How many CPUs this session has. */
    public int size() {
        return used.length;
    }

    /** Whether a cell can run beside others. */
    public static boolean packable(Cell cell, int hostCpus, Packing packing) {
        double cpus = cell.cpus().value();
        boolean fits = cpus == Math.rint(cpus) && cpus < hostCpus;
        return switch (packing) {
            case OFF -> false;
            case AUTO -> fits && packedByAuto(cell);
            case FORCE -> fits;
        };
    }

    /**
     * Whether {@link Packing#AUTO} packs a cell: only built-in workloads whose descriptor says
     * their packed and serial medians agree. On this project's 2-CPU machine none measured does
     * (`make bench-harness`, docs/performance.md: sleep cells up to +28 %, cpu-hash up to +48 %
     * when packed), so only the test workload 'fault' is; a new workload stays serial until
     * measured, and so do JMH and jar cells, whose behaviour packed nobody has measured.
     */
    static boolean packedByAuto(Cell cell) {
        return cell.kind() instanceof WorkloadKind.Builtin b && b.descriptor().packable();
    }

    /** CPUs a run of this cell takes from the host: its own when packable, else all of them. */
    public int demand(Cell cell, Packing packing) {
        return packable(cell, used.length, packing) ? (int) cell.cpus().value() : used.length;
    }

    /** Waits until {@code n} CPUs are free and takes them; returns their indices. */
    public synchronized List<Integer> acquire(int n) throws InterruptedException {
        if (n < 1 || n > used.length) throw new IllegalArgumentException("cannot take " + n + " of " + used.length + " CPUs");
        while (free() < n) wait();
        List<Integer> taken = new ArrayList<>();
        for (int i = 0; i < used.length && taken.size() < n; i++) {
            if (!used[i]) {
                used[i] = true;
                taken.add(this.cpus.get(i));
            }
        }
        return List.copyOf(taken);
    }

    public synchronized void release(List<Integer> cpus) {
        for (int cpu : cpus) {
            int i = this.cpus.indexOf(cpu);
            if (i < 0) throw new IllegalStateException("CPU " + cpu + " is not this session's");
            if (!used[i]) throw new IllegalStateException("CPU " + cpu + " released twice");
            used[i] = false;
        }
        notifyAll();
    }

    public synchronized int free() {
        int n = 0;
        for (boolean u : used) if (!u) n++;
        return n;
    }

    /**
     * The CPUs a {@code cpu-mode: cpuset} cell is pinned to when it runs alone: the last
     * {@code cpus} of the host's, so that CPU 0, where interrupts and the engine's and harness's
     * threads most often run, stays out of its way when the host has CPUs to spare (on a 2-CPU
     * host a 1-CPU cell gets CPU 1; a cell as large as the host gets every CPU). Nothing confines
     * the harness or the engine, so they may still run on those CPUs now and then.
     */
    public static List<Integer> pinned(Cell cell, int hostCpus) {
        return pinned(cell, all(hostCpus));
    }

    /** {@link #pinned(Cell, int)} among a session's CPUs ({@code --engine-cpus}): the last {@code cpus} of them. */
    public static List<Integer> pinned(Cell cell, List<Integer> sessionCpus) {
        int n = (int) cell.cpus().value();
        if (n < 1 || n > sessionCpus.size() || n != cell.cpus().value()) throw new IllegalArgumentException("cannot pin " + cell.cpus().text() + " of " + sessionCpus.size() + " CPUs");
        List<Integer> sorted = sessionCpus.stream().sorted().toList();
        return List.copyOf(sorted.subList(sorted.size() - n, sorted.size()));
    }

    /** CPUs as Docker's {@code --cpuset-cpus} writes them ({@link CpuSetText#parse}). */
    public static List<Integer> parse(String text) {
        return CpuSetText.parse(text);
    }

    /** CPUs in Docker's {@code --cpuset-cpus} form ({@link CpuSetText#format}). */
    public static String cpuset(List<Integer> cpus) {
        return CpuSetText.format(cpus);
    }
}
