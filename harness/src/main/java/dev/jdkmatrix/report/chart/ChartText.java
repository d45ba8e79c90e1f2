package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartStyle.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The words and numbers of the charts: axis titles with the builds, limits and n behind a chart,
 * CPU and JDK texts, units, captions' figures, and the grouping of cells that every kind uses.
 */
public final class ChartText {

    private ChartText() {}

    static final String VIRTUAL = "virtual";
    /** Cells by CPU limit, and at one limit the quota before the pinned twin: the order of the CPU categories. */
    static final Comparator<CellSummary> BY_CPU_LIMIT = Comparator.comparing(CellSummary::cpus).thenComparing(CellSummary::cpuMode);

    /** The CPU limits of these cells, by limit and at one limit the quota before the pinned twin: {@code 1 CPU}, {@code 1 CPU pinned}, {@code 2 CPUs}. */
    static List<String> cpuTexts(List<CellSummary> g) {
        return g.stream().sorted(BY_CPU_LIMIT).map(CellText::cpuText).distinct().toList();
    }

    /** {@code 1 CPU, memory 1g}, or for cells under several CPU limits {@code 1 CPU/2 CPUs, memory 1g}. */
    static String limitsText(List<CellSummary> g) {
        return String.join("/", cpuTexts(g)) + ", memory " + String.join("/", distinct(g, CellSummary::memory));
    }

    /** Three significant digits, plain: enough for a caption, whatever the unit's scale. */
    public static String threeDigits(double v) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** The caption, after the workload with all its params where the chart's title names it by the varying ones only. */
    static String named(CellSummary c, org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, String caption) {
        return chart.getTitle().contains(CellText.shape(c)) ? caption : CellText.shape(c) + ": " + caption;
    }

    static <K> List<List<CellSummary>> groups(List<CellSummary> cells, Function<CellSummary, K> key) {
        Map<K, List<CellSummary>> m = new LinkedHashMap<>();
        for (CellSummary c : cells) m.computeIfAbsent(key.apply(c), k -> new ArrayList<>()).add(c);
        return List.copyOf(m.values());
    }

    static List<Object> key(Object... parts) {
        return List.of(parts);
    }

    static List<String> distinct(List<CellSummary> g, Function<CellSummary, String> f) {
        return new ArrayList<>(new LinkedHashSet<>(g.stream().map(f).toList()));
    }

    /** JDK names in numeric order where they are numbers. */
    static List<String> jdks(List<CellSummary> g) {
        Set<String> s = new TreeSet<>(Comparator.comparingInt(ChartText::jdkOrder).thenComparing(Comparator.naturalOrder()));
        g.forEach(c -> s.add(c.jdk()));
        return List.copyOf(s);
    }

    private static final java.util.regex.Pattern LEADING_DIGITS = java.util.regex.Pattern.compile("^(\\d+)");

    /** The feature release a JDK name starts with (21 for "21", "21-graal"), or a large number. */
    public static int jdkOrder(String jdk) {
        java.util.regex.Matcher m = LEADING_DIGITS.matcher(jdk);
        return m.find() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
    }

    /**
     * An x-axis title: what the axis shows, the JDK builds, limits and n behind the chart, and a
     * tail (the error bars) when not empty. Where that does not fit the chart, the builds are
     * written short ({@link #env}).
     */
    static String axis(String lead, List<CellSummary> g, String tail) {
        String full = join(lead, env(g, false), tail);
        return fitted(full, AXIS_TITLE_FONT, WIDTH).getSize() == AXIS_TITLE_FONT.getSize() ? full : join(lead, env(g, true), tail);
    }

    static String join(String lead, String env, String tail) {
        return lead + "  |  " + env + (tail.isEmpty() ? "" : "  |  " + tail);
    }

    /**
     * The JDK builds, limits and n behind a chart, for its axis title. Short: each build by its
     * version up to the vendor's suffix (25.0.3+9), after the JDK's name when the name is not just
     * the version's feature number (temurin-25 25.0.3+9).
     */
    static String env(List<CellSummary> g, boolean compact) {
        List<String> builds = new ArrayList<>();
        for (String jdk : jdks(g)) {
            List<String> of = g.stream().filter(c -> c.jdk().equals(jdk)).map(CellSummary::build).filter(b -> !b.isEmpty()).distinct().toList();
            if (of.isEmpty()) {
                builds.add("JDK " + jdk);
            } else if (!compact) {
                builds.add(String.join("/", of));
            } else {
                String versions = of.stream().map(b -> b.replaceAll("-.*", "")).distinct().collect(Collectors.joining("/"));
                builds.add(versions.startsWith(jdk + ".") || versions.equals(jdk) ? versions : jdk + " " + versions);
            }
        }
        String cpus = g.stream().map(c -> c.cpus().text()).distinct().map(ChartText::cpuText).collect(Collectors.joining("/"));
        String mem = g.stream().map(CellSummary::memory).distinct().collect(Collectors.joining("/"));
        int nMin = g.stream().mapToInt(CellSummary::n).min().orElse(0);
        int nMax = g.stream().mapToInt(CellSummary::n).max().orElse(0);
        return String.join(", ", builds) + " | " + cpus + " | " + mem + " | n=" + (nMin == nMax ? nMin : nMin + "-" + nMax);
    }

    /** What a chart's intervals are: the confidence interval of each median, drawn from its low to its high end. */
    static String ciText(List<CellSummary> g) {
        double level = g.stream().mapToDouble(CellSummary::ciLevel).filter(Double::isFinite).min().orElse(Double.NaN);
        return Double.isFinite(level) && level > 0 ? "CI of the median, low to high (>= " + pct(level) + ")" : "none (n too small for a CI)";
    }

    static String limits(CellSummary c) {
        return CellText.cpuText(c) + ", memory " + c.memory();
    }

    static String cpuText(String cpus) {
        return CellText.cpuText(cpus);
    }

    static String nText(CellSummary a, CellSummary b) {
        return a.n() == b.n() ? ", n=" + a.n() : ", n=" + a.n() + "/" + b.n();
    }

    static String ms(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f ms", v) : String.format(Locale.ROOT, "%,.1f ms", v);
    }

    static String times(double v) {
        return v >= 10 ? String.format(Locale.ROOT, "%,.0fx", v) : String.format(Locale.ROOT, "%.1fx", v);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f%%", v * 100);
    }

    static Double mib(double bytes) {
        return Double.isFinite(bytes) ? bytes / (1 << 20) : null;
    }

    static String mibText(double bytes) {
        return String.format(Locale.ROOT, "%,.0f MiB", bytes / (1 << 20));
    }

    static String num(Object o) {
        if (o instanceof Double d) return d == Math.rint(d) ? Long.toString(d.longValue()) : d.toString();
        return String.valueOf(o);
    }
}
