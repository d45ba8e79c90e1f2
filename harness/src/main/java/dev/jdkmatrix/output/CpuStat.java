package dev.jdkmatrix.output;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A container's CFS accounting from its cgroup's {@code cpu.stat}: the 100 ms periods in which
 * it had runnable threads, the periods at whose end it had used its quota and was throttled, and
 * the time its threads waited for that ({@code throttled_time} in ns under cgroup v1,
 * {@code throttled_usec} under v2). The container prints the file as its last act, after the
 * workload's JVM exited (see {@code Commands.CPU_STAT_SCRIPT}); the harness takes those
 * lines out of the run's stderr.
 */
public record CpuStat(long periods, long throttledPeriods, double throttledMs) {

    /** The prefix of each line the container prints of its cpu.stat. */
    public static final String MARKER = "JDKMATRIX-CPU-STAT ";

    public CpuStat {
        if (periods < 0 || throttledPeriods < 0 || throttledMs < 0 || throttledPeriods > periods) {
            throw new IllegalArgumentException("not a cpu.stat: periods " + periods + ", throttled " + throttledPeriods + ", " + throttledMs + " ms");
        }
    }

    /** Stderr without the cpu.stat lines, and what they said (null when the container printed none, or no CFS figures). */
    public record Split(String stderr, CpuStat stat) {}

    public static Split split(String stderr) {
        if (!stderr.contains(MARKER)) return new Split(stderr, null);
        Map<String, String> values = new LinkedHashMap<>();
        List<String> kept = new ArrayList<>();
        for (String line : stderr.split("\n", -1)) {
            if (line.startsWith(MARKER)) {
                String[] kv = line.substring(MARKER.length()).trim().split("\\s+");
                if (kv.length == 2) values.put(kv[0], kv[1]);
            } else {
                kept.add(line);
            }
        }
        return new Split(String.join("\n", kept), parse(values));
    }

    /** The figures of cpu.stat's keys (v1 or v2); null when periods or throttling are missing. */
    static CpuStat parse(Map<String, String> v) {
        try {
            if (!v.containsKey("nr_periods") || !v.containsKey("nr_throttled")) return null;
            double ms;
            if (v.containsKey("throttled_usec")) {
                ms = Long.parseLong(v.get("throttled_usec")) / 1e3;
            } else if (v.containsKey("throttled_time")) {
                ms = Long.parseLong(v.get("throttled_time")) / 1e6;
            } else {
                return null;
            }
            return new CpuStat(Long.parseLong(v.get("nr_periods")), Long.parseLong(v.get("nr_throttled")), ms);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The share of periods in which the container was throttled; NaN with no period. */
    public double throttledShare() {
        return periods == 0 ? Double.NaN : (double) throttledPeriods / periods;
    }
}
