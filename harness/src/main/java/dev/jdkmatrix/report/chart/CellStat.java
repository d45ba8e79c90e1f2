package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.SummaryRow;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One cell's summary as typed values, built once from a summary row's columns: its params as a
 * map (from the {@code param_NAME} columns), its CPU limit as a number beside its text, the
 * figures as numbers, and the wall times of its measured ok runs (for box plots). Numbers that
 * were not measured are NaN.
 */
public record CellStat(
        String cell,
        String workload,
        SortedMap<String, String> params,
        String executor,
        int tasks,
        String jdk,
        String cpus,
        String cpuMode,
        String memory,
        String jvmArgs,
        String build,
        int n,
        int nFailed,
        String failures,
        double median,
        double ciLow,
        double ciHigh,
        double ciLevel,
        double cv,
        boolean noisy,
        double heapPeak,
        double rssPeak,
        double cgroupPeak,
        double pinnedEvents,
        List<Double> walls,
        String kind,
        String benchmark,
        double score,
        double scoreCiLow,
        double scoreCiHigh,
        String scoreUnit,
        boolean higherIsBetter,
        double scoreError,
        double throttledMs,
        double throttledPeriods,
        double periods,
        double cpusValue,
        double scoreMin,
        double scoreMax,
        double scoreCv,
        String jmhMode,
        SortedMap<String, Double> metrics,
        SortedMap<String, String> metricUnits,
        double gcPauseMs,
        double gcPauseMaxMs,
        double safepointMs,
        double jitMs) {

    public CellStat {
        Objects.requireNonNull(cell, "cell");
        params = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(params));
        walls = List.copyOf(walls);
        jmhMode = jmhMode == null ? "" : jmhMode;
        metrics = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(metrics));
        metricUnits = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(metricUnits));
    }

    public static CellStat of(SummaryRow s, List<RawRow> runs) {
        List<Double> walls = runs.stream().filter(r -> r.measured() && r.ok()).map(r -> r.number("wall_ms")).filter(Double::isFinite).toList();
        SortedMap<String, String> params = new TreeMap<>();
        SortedMap<String, Double> metrics = new TreeMap<>();
        s.values().forEach((column, value) -> {
            if (Columns.isParam(column) && !value.isEmpty()) params.put(column.substring(Columns.PARAM_PREFIX.length()), value);
            if (Columns.isMetric(column) && Double.isFinite(num(value))) metrics.put(column.substring(Columns.METRIC_PREFIX.length()), num(value));
        });
        return new CellStat(s.get("cell"), s.get("workload"), params, s.get("executor"), (int) num(s.get("tasks")), s.get("jdk"),
                s.get("cpus"), s.get("cpu_mode").isEmpty() ? "quota" : s.get("cpu_mode"), s.get("memory"), s.get("jvm_args"), s.get("java_runtime_version"), (int) num(s.get("n")),
                (int) num(s.get("n_failed")), s.get("failures"), num(s.get("wall_ms_median")), num(s.get("wall_ms_ci_low")),
                num(s.get("wall_ms_ci_high")), num(s.get("ci_level")), num(s.get("wall_ms_cv")), "true".equals(s.get("noisy")),
                num(s.get("heap_peak_bytes_median")), num(s.get("rss_peak_bytes_median")), num(s.get("cgroup_peak_bytes_median")),
                num(s.get("pinned_events_median")), walls, s.kind(), s.get("benchmark"), num(s.score("median")), num(s.score("ci_low")),
                num(s.score("ci_high")), s.scoreUnit(), s.higherIsBetter(), num(s.get("score_error_median")),
                num(s.get("cpu_throttled_ms_median")), num(s.get("cpu_throttled_periods_median")), num(s.get("cpu_periods_median")), num(s.get("cpus")),
                num(s.score("min")), num(s.score("max")), num(s.get("score_cv").isEmpty() ? s.get("wall_ms_cv") : s.get("score_cv")), s.get("jmh_mode"),
                metrics, new TreeMap<>(dev.jdkmatrix.results.Params.parse(s.get("metric_units"))), num(s.get("gc_pause_ms_median")),
                num(s.get("gc_pause_max_ms_median")), num(s.get("safepoint_ms_median")), num(s.get("jit_ms_median")));
    }

    public boolean measured() {
        return n > 0 && Double.isFinite(median);
    }

    /** A cell of the project's workloads (executor, tasks), as opposed to a jmh or jar cell of the user's. */
    public boolean builtin() {
        return kind.equals("builtin");
    }

    /** A built-in workload whose descriptor has the trait. */
    boolean has(dev.jdkmatrix.workloads.Descriptor.Trait trait) {
        return builtin() && dev.jdkmatrix.workloads.Workloads.exists(workload) && dev.jdkmatrix.workloads.Workloads.get(workload).traits().contains(trait);
    }

    /** The benchmark without its package ({@code Bench.method}, {@code Outer.Nested.method}), or the workload's label. */
    String scoreSubject() {
        if (benchmark.isEmpty()) return workload;
        String pkg = packageOf(benchmark);
        // a class whose name starts in lower case reads as part of the package: keep the class and method then
        if (pkg.length() >= benchmarkClass().length()) pkg = packageOf(benchmarkClass());
        return workload + ": " + (pkg.isEmpty() ? benchmark : benchmark.substring(pkg.length() + 1));
    }

    /**
     * The benchmark's class with its package and outer classes ({@code org.openjdk.jmh.samples.JMHSample_35_Profilers.Atomic});
     * empty for cells of other kinds.
     */
    String benchmarkClass() {
        int method = benchmark.lastIndexOf('.');
        return method < 0 ? "" : benchmark.substring(0, method);
    }

    /** The package of a benchmark's full name: its leading names that start with a lower-case letter, up to the first class. */
    static String packageOf(String benchmark) {
        String[] parts = benchmark.split("\\.");
        StringBuilder p = new StringBuilder();
        for (int i = 0; i < parts.length - 1; i++) {
            if (parts[i].isEmpty() || !Character.isLowerCase(parts[i].charAt(0))) break;
            p.append(p.isEmpty() ? "" : ".").append(parts[i]);
        }
        return p.toString();
    }

    /** JMH's mode in words, as its output names it: {@code thrpt} -> {@code Throughput}; empty for other kinds. */
    String modeText() {
        return switch (jmhMode) {
            case "thrpt" -> "throughput";
            case "avgt" -> "average time";
            case "sample" -> "sampling time";
            case "ss" -> "single shot";
            default -> jmhMode;
        };
    }

    /** The interval of the median score over the runs, its two ends as measured. */
    IntervalMarks.Interval scoreInterval() {
        return new IntervalMarks.Interval(scoreCiLow, scoreCiHigh);
    }

    /** Pinned to its CPUs (cpu-mode cpuset) rather than limited by a CFS quota. */
    public boolean pinned() {
        return cpuMode.equals("cpuset");
    }

    /** {@code 1 CPU}, {@code 2 CPUs}, {@code 1 CPU pinned}. */
    String cpuText() {
        return cpuText(cpus) + (pinned() ? " pinned" : "");
    }

    /** A CPU limit as text: {@code 1 CPU}, {@code 2 CPUs}. */
    static String cpuText(String cpus) {
        return cpus + ("1".equals(cpus) ? " CPU" : " CPUs");
    }

    /** For figure names: {@code 1cpu}, {@code 1cpu-pinned}. */
    String cpuTag() {
        return cpus + "cpu" + (pinned() ? "-pinned" : "");
    }

    /** The share of its CFS periods in which the cell's median run was throttled; NaN without figures or periods. */
    public double throttledShare() {
        return periods > 0 ? throttledPeriods / periods : Double.NaN;
    }

    /** The params as the CSV files write them: {@code k=v;k=v}, by key. */
    String paramsText() {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(java.util.stream.Collectors.joining(";"));
    }

    /** The workload with its params: {@code sleep(wait-ms=100)}. */
    String shape() {
        return params.isEmpty() ? workload : workload + "(" + paramsText() + ")";
    }

    /** A param's value, or empty. */
    String param(String key) {
        return params.getOrDefault(key, "");
    }

    /** The params without one key, as text, for grouping and naming cells that differ only in it. */
    String paramsWithout(String key) {
        return params.entrySet().stream().filter(e -> !e.getKey().equals(key)).map(e -> e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining(";"));
    }

    /** The confidence interval of the median wall time, its two ends as measured. */
    IntervalMarks.Interval interval() {
        return new IntervalMarks.Interval(ciLow, ciHigh);
    }

    static double num(String s) {
        if (s == null || s.isEmpty()) return Double.NaN;
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
