package dev.jdkmatrix.results;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.stats.SteadyState;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One cell's summary as typed values: the one summary the report, the claims, the explorer and
 * summary.csv read. {@link Summarizer} makes it from the cell's raw rows; {@code SummaryCsv} writes
 * it as text and reads it back, the only place its numbers become text. Its figures
 * ({@link SummaryFigure}, a NaN where not measured) are kept as summary.csv keeps them (each
 * rounded by its {@link SummaryFigure#format}), so a summary read back from its file equals the one
 * that was written.
 *
 * @param key the cell
 * @param jvm what the cell's ok runs reported of their JVM
 * @param n measured runs that ended ok: the runs in the statistics
 * @param nFailed measured runs that did not end ok (noisy ones left out)
 * @param nNoisy runs left out as noisy (the host's steal over max-steal) and made again
 * @param failures the failed runs by status ({@code oom} to 2)
 * @param noisy whether the score's CV passed the noisy mark ({@link Summarizer#NOISY_CV})
 * @param unit the score's unit as stored, empty for a summary without a score of its own
 * @param higherIsBetter whether a higher score is better (throughput), else lower (time)
 * @param figures the numbers, by figure; a figure not measured is absent
 * @param target whether the interval met the repetitions' target
 * @param steadyStates of the ok runs whose iterations were classified, how many fell in each class
 * @param pinning the most frequent frame and reason of the runs' pinned virtual threads, empty where none
 * @param profile the cell's profile run's event and stacks' file, empty where it was not profiled
 * @param metrics the medians of the metrics the ok runs reported, by name
 * @param metricUnits the units of {@code metrics}, by name
 */
public record CellSummary(CellKey key, Jvm jvm, int n, int nFailed, int nNoisy, SortedMap<String, Integer> failures, boolean noisy, String unit,
                          boolean higherIsBetter, Map<SummaryFigure, Double> figures, Target target, SortedMap<SteadyState.Kind, Integer> steadyStates,
                          Pinning pinning, Profile profile, SortedMap<String, Double> metrics, SortedMap<String, String> metricUnits) {

    /** The classes of steady state in the order summary.csv lists them: by their names. */
    public static final Comparator<SteadyState.Kind> STEADY_ORDER = Comparator.comparing(SteadyState.Kind::text);

    public CellSummary {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(jvm, "jvm");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(pinning, "pinning");
        Objects.requireNonNull(profile, "profile");
        if (n < 0 || nFailed < 0 || nNoisy < 0) throw new IllegalArgumentException("cell " + key.id() + ": run counts are never negative, got n " + n + ", failed " + nFailed + ", noisy " + nNoisy);
        failures = Collections.unmodifiableSortedMap(new TreeMap<>(failures));
        EnumMap<SummaryFigure, Double> kept = new EnumMap<>(SummaryFigure.class);
        figures.forEach((f, v) -> {
            if (!Double.isNaN(v)) kept.put(f, v);
        });
        figures = Collections.unmodifiableMap(kept);
        TreeMap<SteadyState.Kind, Integer> steady = new TreeMap<>(STEADY_ORDER);
        steady.putAll(steadyStates);
        steadyStates = Collections.unmodifiableSortedMap(steady);
        metrics = Collections.unmodifiableSortedMap(new TreeMap<>(metrics));
        metricUnits = Collections.unmodifiableSortedMap(new TreeMap<>(metricUnits));
    }

    /** The JDK builds, vendors and VMs the cell's ok runs reported, each {@code |}-joined where they differ. */
    public record Jvm(String runtimeVersion, String vendor, String vmName) {
        public Jvm {
            Objects.requireNonNull(runtimeVersion, "runtimeVersion");
            Objects.requireNonNull(vendor, "vendor");
            Objects.requireNonNull(vmName, "vmName");
        }
    }

    /** The most frequent top frame and reason of the runs' pinned virtual threads, empty where none pinned. */
    public record Pinning(String topFrame, String reason) {
        public Pinning {
            Objects.requireNonNull(topFrame, "topFrame");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** The cell's profile run: its event and its stacks' file under profiles/; both empty for a cell not profiled. */
    public record Profile(String event, String file) {
        public static final Profile NONE = new Profile("", "");

        public Profile {
            Objects.requireNonNull(event, "event");
            Objects.requireNonNull(file, "file");
        }
    }

    /** Whether the interval met the repetitions' target: {@code yes}, {@code no}, or no target (empty). */
    public enum Target {
        NONE(""), YES("yes"), NO("no");

        private final String text;

        Target(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        /** The value of its text, NONE for one it does not know. */
        public static Target of(String text) {
            for (Target t : values()) if (t.text.equals(text)) return t;
            return NONE;
        }
    }

    /** A figure of the summary, NaN where it has none; a score statistic of a summary without a score is its wall time's. */
    public double figure(SummaryFigure f) {
        Double v = figures.get(f);
        if (v != null) return v;
        return scored() ? Double.NaN : f.wallStandIn().map(this::figure).orElse(Double.NaN);
    }

    /** Whether the cell has a score of its own (runs after the workload kinds); else its wall time stands for it. */
    public boolean scored() {
        return figures.containsKey(SummaryFigure.SCORE_MEDIAN);
    }

    /** The score's unit: ms for a summary without one. */
    public String scoreUnit() {
        return unit.isEmpty() ? "ms" : unit;
    }

    /** The failed runs by status as summary.csv writes them: {@code oom=2;timeout=1}. */
    public String failuresText() {
        StringBuilder b = new StringBuilder();
        failures.forEach((status, count) -> b.append(b.isEmpty() ? "" : ";").append(status).append('=').append(count));
        return b.toString();
    }

    /** Of the ok runs whose iterations were classified, how many reached a steady state (flat or warm-up). */
    public int steady() {
        return steadyStates.getOrDefault(SteadyState.Kind.FLAT, 0) + steadyStates.getOrDefault(SteadyState.Kind.WARMUP, 0);
    }

    /** The JDK builds the cell's ok runs reported. */
    public String build() {
        return jvm.runtimeVersion();
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

    /** The share of its CFS periods in which the cell's median run was throttled; NaN without figures or periods. */
    public double throttledShare() {
        return periods() > 0 ? throttledPeriods() / periods() : Double.NaN;
    }

    /** Whether it has a median: at least one ok run. */
    public boolean measured() {
        return n > 0 && Double.isFinite(median());
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

    /** Pinned to its CPUs (cpu-mode cpuset) rather than limited by a CFS quota. */
    public boolean pinned() {
        return cpuMode() == CpuMode.CPUSET;
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

    /** A cell of the project's workloads (executor, tasks), as opposed to a jmh or jar cell of the user's. */
    public boolean builtin() {
        return key.builtin();
    }
}
