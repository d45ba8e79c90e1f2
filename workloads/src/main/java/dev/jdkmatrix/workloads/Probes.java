package dev.jdkmatrix.workloads;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the JVM can see of itself and of its container. Every probe degrades to -1, never throws. */
final class Probes {

    private Probes() {}

    static long heapUsed() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    static long maxHeap() {
        return Runtime.getRuntime().maxMemory();
    }

    static void resetHeapPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) pool.resetPeakUsage();
        }
    }

    /** Sum of the heap pools' peaks since the last reset (an upper bound of the peak heap). */
    static long heapPeak() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) sum += pool.getPeakUsage().getUsed();
        }
        return sum;
    }

    static long gcCount() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) n += Math.max(0, gc.getCollectionCount());
        return n;
    }

    static long gcMillis() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) n += Math.max(0, gc.getCollectionTime());
        return n;
    }

    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** Peak resident set size of this process (VmHWM), in bytes. */
    static long rssPeakBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    String kb = line.substring(6).trim().split("\\s+")[0];
                    return Long.parseLong(kb) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or no procfs
        }
        return -1;
    }

    /**
     * Peak memory of the whole container, from its cgroup: memory.peak (cgroup v2, kernel 5.19+)
     * or memory.max_usage_in_bytes (cgroup v1). Includes page cache, as the OOM killer counts it.
     */
    static long cgroupPeakBytes() {
        String v = firstReadable("/sys/fs/cgroup/memory.peak", "/sys/fs/cgroup/memory/memory.max_usage_in_bytes");
        return v == null ? -1 : parseOr(v, -1);
    }

    /** The container's memory limit as the cgroup states it, or -1 when unlimited or unknown. */
    static long cgroupLimitBytes() {
        String v = firstReadable("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes");
        if (v == null || v.equals("max")) return -1;
        long limit = parseOr(v, -1);
        return limit >= (1L << 60) ? -1 : limit; // cgroup v1 writes "unlimited" as a huge number
    }

    /** The trimmed content of the first of these files that can be read (cgroup v2 first, then v1), or null. */
    private static String firstReadable(String... files) {
        for (String f : files) {
            try {
                Path p = Path.of(f);
                if (Files.isReadable(p)) return Files.readString(p).trim();
            } catch (IOException | RuntimeException e) {
                // try the next layout
            }
        }
        return null;
    }

    private static long parseOr(String s, long dflt) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    static long uptimeMillis() {
        return ManagementFactory.getRuntimeMXBean().getUptime();
    }
}
