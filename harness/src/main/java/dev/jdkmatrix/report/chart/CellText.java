package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.results.CellSummary;
import java.util.stream.Collectors;

/**
 * How the charts name a cell ({@link CellSummary}): its benchmark without its package, its CPU limit
 * and mode in words, its params as text, the intervals a chart draws. The summary holds the values;
 * this is their wording on a chart.
 */
final class CellText {

    private CellText() {}

    /** A built-in workload whose descriptor has the trait. */
    static boolean has(CellSummary c, dev.jdkmatrix.workloads.Descriptor.Trait trait) {
        return c.builtin() && dev.jdkmatrix.workloads.Workloads.exists(c.workload()) && dev.jdkmatrix.workloads.Workloads.get(c.workload()).traits().contains(trait);
    }

    /** The benchmark without its package ({@code Bench.method}, {@code Outer.Nested.method}), or the workload's label. */
    static String scoreSubject(CellSummary c) {
        String benchmark = c.benchmark();
        if (benchmark.isEmpty()) return c.workload();
        String pkg = packageOf(benchmark);
        // a class whose name starts in lower case reads as part of the package: keep the class and method then
        if (pkg.length() >= benchmarkClass(c).length()) pkg = packageOf(benchmarkClass(c));
        return c.workload() + ": " + (pkg.isEmpty() ? benchmark : benchmark.substring(pkg.length() + 1));
    }

    /**
     * The benchmark's class with its package and outer classes ({@code org.openjdk.jmh.samples.JMHSample_35_Profilers.Atomic});
     * empty for cells of other kinds.
     */
    static String benchmarkClass(CellSummary c) {
        int method = c.benchmark().lastIndexOf('.');
        return method < 0 ? "" : c.benchmark().substring(0, method);
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

    /** JMH's mode in words, as its output names it: {@code thrpt} -> {@code throughput}; empty for other kinds. */
    static String modeText(CellSummary c) {
        return switch (c.jmhMode()) {
            case "thrpt" -> "throughput";
            case "avgt" -> "average time";
            case "sample" -> "sampling time";
            case "ss" -> "single shot";
            default -> c.jmhMode();
        };
    }

    /** The interval of the median score over the runs, its two ends as measured. */
    static IntervalMarks.Interval scoreInterval(CellSummary c) {
        return new IntervalMarks.Interval(c.scoreCiLow(), c.scoreCiHigh());
    }

    /** The confidence interval of the median wall time, its two ends as measured. */
    static IntervalMarks.Interval interval(CellSummary c) {
        return new IntervalMarks.Interval(c.ciLow(), c.ciHigh());
    }

    /** {@code 1 CPU}, {@code 2 CPUs}, {@code 1 CPU pinned}. */
    static String cpuText(CellSummary c) {
        return cpu(c).text();
    }

    /** The CPU limit and how it is enforced, as one value: what a chart's CPU categories are. */
    static Cpu cpu(CellSummary c) {
        return new Cpu(c.cpus(), c.cpuMode());
    }

    /** A CPU limit and its mode, read as {@code 1 CPU} or {@code 1 CPU pinned}. */
    record Cpu(CpuLimit limit, CpuMode mode) {
        String text() {
            return cpuText(limit.text()) + (mode == CpuMode.CPUSET ? " pinned" : "");
        }
    }

    /** A CPU limit as text: {@code 1 CPU}, {@code 2 CPUs}. */
    static String cpuText(String cpus) {
        return cpus + ("1".equals(cpus) ? " CPU" : " CPUs");
    }

    /** For figure names: {@code 1cpu}, {@code 1cpu-pinned}. */
    static String cpuTag(CellSummary c) {
        return c.cpus().text() + "cpu" + (c.pinned() ? "-pinned" : "");
    }

    /** The params as the CSV files write them: {@code k=v;k=v}, by key. */
    static String paramsText(CellSummary c) {
        return c.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";"));
    }

    /** The workload with its params: {@code sleep(wait-ms=100)}. */
    static String shape(CellSummary c) {
        return c.params().isEmpty() ? c.workload() : c.workload() + "(" + paramsText(c) + ")";
    }

    /** A param's value, or empty. */
    static String param(CellSummary c, String key) {
        return c.params().getOrDefault(key, "");
    }

    /** The params without one key, as text, for grouping and naming cells that differ only in it. */
    static String paramsWithout(CellSummary c, String key) {
        return c.params().entrySet().stream().filter(e -> !e.getKey().equals(key)).map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(";"));
    }
}
