package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.SummaryFigure;
import dev.jdkmatrix.results.SummaryRow;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One cell's summary as typed values, built once from a summary row: its params as a map (from
 * the {@code param_NAME} columns), its CPU limit as a number beside its text, its figures as
 * numbers ({@link #figure}, every {@link SummaryFigure} the row has; the score's statistics of a
 * row written before the workload kinds are its wall time's), and the wall times of its measured
 * ok runs (every run a dot of the distribution chart). A figure not measured is NaN. A new summary figure reaches the charts
 * through {@link #figure} with no change here.
 */
public record CellStat(
        CellKey key,
        String build,
        int n,
        int nFailed,
        String failures,
        boolean noisy,
        List<Double> walls,
        String scoreUnit,
        boolean higherIsBetter,
        Map<SummaryFigure, Double> figures,
        SortedMap<String, Double> metrics,
        SortedMap<String, String> metricUnits) {

    public CellStat {
        Objects.requireNonNull(key, "key");
        walls = List.copyOf(walls);
        figures = java.util.Collections.unmodifiableMap(figures.isEmpty() ? new EnumMap<>(SummaryFigure.class) : new EnumMap<>(figures));
        metrics = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(metrics));
        metricUnits = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(metricUnits));
    }

    public static CellStat of(SummaryRow s, List<RawRow> runs) {
        List<Double> walls = runs.stream().filter(r -> r.measured() && r.ok()).map(r -> r.figure(RunFigure.WALL_MS)).filter(Double::isFinite).toList();
        Map<SummaryFigure, Double> figures = new EnumMap<>(SummaryFigure.class);
        for (SummaryFigure f : SummaryFigure.values()) figures.put(f, s.figure(f));
        // a row written before the workload kinds: its wall time is its score
        figures.put(SummaryFigure.SCORE_MEDIAN, s.score(SummaryRow.Stat.MEDIAN));
        figures.put(SummaryFigure.SCORE_MIN, s.score(SummaryRow.Stat.MIN));
        figures.put(SummaryFigure.SCORE_MAX, s.score(SummaryRow.Stat.MAX));
        figures.put(SummaryFigure.SCORE_CI_LOW, s.score(SummaryRow.Stat.CI_LOW));
        figures.put(SummaryFigure.SCORE_CI_HIGH, s.score(SummaryRow.Stat.CI_HIGH));
        figures.put(SummaryFigure.SCORE_CV, s.scoreCv());
        return new CellStat(s.key(), s.javaRuntimeVersion(), s.n(), s.nFailed(), s.failures(), s.noisy(), walls, s.scoreUnit(), s.higherIsBetter(),
                figures, s.metrics(), s.metricUnits());
    }

    /** A figure of the cell's summary, NaN where it has none. */
    public double figure(SummaryFigure f) {
        return figures.getOrDefault(f, Double.NaN);
    }

    /** The median wall time (ms). */
    public double median() {
        return figure(SummaryFigure.WALL_MS_MEDIAN);
    }

    /** The two ends of the median wall time's interval, and its level. */
    public double ciLow() {
        return figure(SummaryFigure.WALL_MS_CI_LOW);
    }

    public double ciHigh() {
        return figure(SummaryFigure.WALL_MS_CI_HIGH);
    }

    public double ciLevel() {
        return figure(SummaryFigure.CI_LEVEL);
    }

    /** The wall time's coefficient of variation (a fraction). */
    public double cv() {
        return figure(SummaryFigure.WALL_MS_CV);
    }

    /** The median score, in its unit and direction. */
    public double score() {
        return figure(SummaryFigure.SCORE_MEDIAN);
    }

    public double scoreCiLow() {
        return figure(SummaryFigure.SCORE_CI_LOW);
    }

    public double scoreCiHigh() {
        return figure(SummaryFigure.SCORE_CI_HIGH);
    }

    /** The score's coefficient of variation (a fraction). */
    public double scoreCv() {
        return figure(SummaryFigure.SCORE_CV);
    }

    /** JMH's own error of the score, the median over the runs. */
    public double scoreError() {
        return figure(SummaryFigure.SCORE_ERROR_MEDIAN);
    }

    /** The CFS accounting's medians: time throttled (ms), periods throttled, periods run. */
    public double throttledMs() {
        return figure(SummaryFigure.CPU_THROTTLED_MS_MEDIAN);
    }

    public double throttledPeriods() {
        return figure(SummaryFigure.CPU_THROTTLED_PERIODS_MEDIAN);
    }

    public double periods() {
        return figure(SummaryFigure.CPU_PERIODS_MEDIAN);
    }

    /** The cell's id. */
    public String cell() {
        return key.id();
    }

    public String workload() {
        return key.workload();
    }

    public SortedMap<String, String> params() {
        return key.params();
    }

    public String executor() {
        return key.executor();
    }

    public int tasks() {
        return key.tasks();
    }

    public String jdk() {
        return key.jdk();
    }

    public CpuLimit cpus() {
        return key.cpus();
    }

    public CpuMode cpuMode() {
        return key.cpuMode();
    }

    /** The memory limit as the matrix writes it: {@code 1g}. */
    public String memory() {
        return key.memory().text();
    }

    public String jvmArgs() {
        return key.jvmArgs();
    }

    /** builtin, jmh or jar. */
    public String kind() {
        return key.kind().text();
    }

    /** A JMH cell's benchmark, full name; empty for other kinds. */
    public String benchmark() {
        return key.benchmark();
    }

    /** A JMH cell's mode (thrpt, avgt, sample, ss); empty for other kinds. */
    public String jmhMode() {
        return key.jmhMode();
    }

    public boolean measured() {
        return n > 0 && Double.isFinite(median());
    }

    /** A cell of the project's workloads (executor, tasks), as opposed to a jmh or jar cell of the user's. */
    public boolean builtin() {
        return key.builtin();
    }

    /** A built-in workload whose descriptor has the trait. */
    boolean has(dev.jdkmatrix.workloads.Descriptor.Trait trait) {
        return builtin() && dev.jdkmatrix.workloads.Workloads.exists(workload()) && dev.jdkmatrix.workloads.Workloads.get(workload()).traits().contains(trait);
    }

    /** The benchmark without its package ({@code Bench.method}, {@code Outer.Nested.method}), or the workload's label. */
    String scoreSubject() {
        String benchmark = benchmark();
        if (benchmark.isEmpty()) return workload();
        String pkg = packageOf(benchmark);
        // a class whose name starts in lower case reads as part of the package: keep the class and method then
        if (pkg.length() >= benchmarkClass().length()) pkg = packageOf(benchmarkClass());
        return workload() + ": " + (pkg.isEmpty() ? benchmark : benchmark.substring(pkg.length() + 1));
    }

    /**
     * The benchmark's class with its package and outer classes ({@code org.openjdk.jmh.samples.JMHSample_35_Profilers.Atomic});
     * empty for cells of other kinds.
     */
    String benchmarkClass() {
        int method = benchmark().lastIndexOf('.');
        return method < 0 ? "" : benchmark().substring(0, method);
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
        return switch (jmhMode()) {
            case "thrpt" -> "throughput";
            case "avgt" -> "average time";
            case "sample" -> "sampling time";
            case "ss" -> "single shot";
            default -> jmhMode();
        };
    }

    /** The interval of the median score over the runs, its two ends as measured. */
    IntervalMarks.Interval scoreInterval() {
        return new IntervalMarks.Interval(scoreCiLow(), scoreCiHigh());
    }

    /** Pinned to its CPUs (cpu-mode cpuset) rather than limited by a CFS quota. */
    public boolean pinned() {
        return cpuMode() == CpuMode.CPUSET;
    }

    /** {@code 1 CPU}, {@code 2 CPUs}, {@code 1 CPU pinned}. */
    String cpuText() {
        return cpu().text();
    }

    /** The CPU limit and how it is enforced, as one value: what a chart's CPU categories are. */
    Cpu cpu() {
        return new Cpu(cpus(), cpuMode());
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
    String cpuTag() {
        return cpus().text() + "cpu" + (pinned() ? "-pinned" : "");
    }

    /** The share of its CFS periods in which the cell's median run was throttled; NaN without figures or periods. */
    public double throttledShare() {
        return periods() > 0 ? throttledPeriods() / periods() : Double.NaN;
    }

    /** The params as the CSV files write them: {@code k=v;k=v}, by key. */
    String paramsText() {
        return params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(java.util.stream.Collectors.joining(";"));
    }

    /** The workload with its params: {@code sleep(wait-ms=100)}. */
    String shape() {
        return params().isEmpty() ? workload() : workload() + "(" + paramsText() + ")";
    }

    /** A param's value, or empty. */
    String param(String key) {
        return params().getOrDefault(key, "");
    }

    /** The params without one key, as text, for grouping and naming cells that differ only in it. */
    String paramsWithout(String key) {
        return params().entrySet().stream().filter(e -> !e.getKey().equals(key)).map(e -> e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining(";"));
    }

    /** The confidence interval of the median wall time, its two ends as measured. */
    IntervalMarks.Interval interval() {
        return new IntervalMarks.Interval(ciLow(), ciHigh());
    }
}
