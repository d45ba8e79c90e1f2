package dev.jdkmatrix.results;

import java.util.LinkedHashMap;
import java.util.Map;

/** Raw rows for the tests: one measured run of a built-in cell, as raw.csv holds it. */
public final class Rows {

    private Rows() {}

    /** A measured run of {@code workload(params) executor tasks=100 jdk=J cpus=C mem=1g}, round {@code rep}, with its wall time (none for an oom). */
    public static RawRow measured(String workload, String params, String executor, String jdk, String cpus, int rep, double wall, String status) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("run_id", "t");
        v.put("seq", Integer.toString(rep));
        v.put("cell", workload + "(" + params + ") " + executor + " tasks=100 jdk=" + jdk + " cpus=" + cpus + " mem=1g");
        v.put("phase", "measure");
        v.put("rep", Integer.toString(rep));
        v.put("status", status);
        v.put("workload", workload);
        v.put("params", params);
        v.put("executor", executor);
        v.put("tasks", "100");
        v.put("jdk", jdk);
        v.put("cpus", cpus);
        v.put("memory", "1g");
        if (!status.equals("oom")) v.put("wall_ms", Summarizer.ms(wall));
        return new RawRow(v);
    }
}
