package dev.jdkmatrix.results.format;

import dev.jdkmatrix.results.CellColumns;
import dev.jdkmatrix.results.CellSummary;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.FigureFormat;
import dev.jdkmatrix.results.Params;
import dev.jdkmatrix.results.RowText;
import dev.jdkmatrix.results.SummaryFigure;
import dev.jdkmatrix.stats.SteadyState;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A cell's summary as summary.csv's columns hold it, both ways: {@link #row} writes a {@link CellSummary}
 * as text (each figure in its {@link SummaryFigure#format}; a figure not measured is empty), {@link #read}
 * reads it back. The one place a summary becomes text.
 */
public final class SummaryColumns {

    private SummaryColumns() {}

    /** The summary's columns and their text: the named ones ({@link Columns#SUMMARY}), one per param and one per metric. */
    public static Map<String, String> row(CellSummary s) {
        Map<String, String> v = new LinkedHashMap<>();
        CellColumns.write(s.key(), v);
        v.put("java_runtime_version", s.jvm().runtimeVersion());
        v.put("java_vendor", s.jvm().vendor());
        v.put("java_vm_name", s.jvm().vmName());
        v.put("n", Integer.toString(s.n()));
        v.put("n_failed", Integer.toString(s.nFailed()));
        v.put("n_noisy", Integer.toString(s.nNoisy()));
        v.put("failures", s.failuresText());
        v.put("noisy", s.n() > 0 ? Boolean.toString(s.noisy()) : "");
        for (SummaryFigure f : SummaryFigure.values()) v.put(f.column(), f.format().text(s.figures().getOrDefault(f, Double.NaN)));
        v.put("score_unit", s.scored() ? s.unit() : "");
        v.put("score_better", s.scored() ? s.higherIsBetter() ? "higher" : "lower" : "");
        v.put("pinned_top_frame", s.pinning().topFrame());
        v.put("pinned_reason", s.pinning().reason());
        v.put("target_reached", s.target().text());
        v.put("n_steady", s.steadyStates().isEmpty() ? "" : Integer.toString(s.steady()));
        v.put("steady_states", joined(s.steadyStates(), SteadyState.Kind::text));
        v.put("profile_event", s.profile().event());
        v.put("profile_file", s.profile().file());
        s.metrics().forEach((name, median) -> v.put(Columns.metric(name), FigureFormat.SIGNIFICANT.text(median)));
        v.put("metric_units", joined(s.metricUnits(), k -> k));
        s.key().params().forEach((name, value) -> v.put(Columns.param(name), value));
        return v;
    }

    /** One column of a summary as summary.csv writes it; empty where it has none. */
    public static String column(CellSummary s, String column) {
        return row(s).getOrDefault(column, "");
    }

    /** A summary from its columns' text as {@link #row} wrote them (or an older harness did: what it lacks is empty). */
    public static CellSummary read(Map<String, String> v) {
        java.util.function.Function<String, String> text = c -> v.getOrDefault(c, "");
        Map<SummaryFigure, Double> figures = new EnumMap<>(SummaryFigure.class);
        for (SummaryFigure f : SummaryFigure.values()) figures.put(f, RowText.number(text.apply(f.column())));
        SortedMap<String, Double> metrics = new TreeMap<>();
        v.forEach((column, value) -> {
            if (Columns.isMetric(column) && Double.isFinite(RowText.number(value))) metrics.put(column.substring(Columns.METRIC_PREFIX.length()), RowText.number(value));
        });
        SortedMap<SteadyState.Kind, Integer> steady = new TreeMap<>(CellSummary.STEADY_ORDER);
        counts(text.apply("steady_states")).forEach((k, n) -> SteadyState.Kind.parse(k).ifPresent(kind -> steady.put(kind, n)));
        return new CellSummary(CellColumns.read(text), new CellSummary.Jvm(text.apply("java_runtime_version"), text.apply("java_vendor"), text.apply("java_vm_name")),
                RowText.whole(text.apply("n")), RowText.whole(text.apply("n_failed")), RowText.whole(text.apply("n_noisy")), counts(text.apply("failures")), "true".equals(text.apply("noisy")),
                text.apply("score_unit"), "higher".equals(text.apply("score_better")), figures, CellSummary.Target.of(text.apply("target_reached")), steady,
                new CellSummary.Pinning(text.apply("pinned_top_frame"), text.apply("pinned_reason")),
                new CellSummary.Profile(text.apply("profile_event"), text.apply("profile_file")), metrics, Params.parse(text.apply("metric_units")));
    }

    /** {@code k=v;k=v} of a map, in its order. */
    private static <K, V> String joined(Map<K, V> map, java.util.function.Function<K, String> key) {
        StringBuilder b = new StringBuilder();
        map.forEach((k, n) -> b.append(b.isEmpty() ? "" : ";").append(key.apply(k)).append('=').append(n));
        return b.toString();
    }

    /** {@code oom=2;timeout=1} as counts by name; a part that is no count is left out. */
    private static SortedMap<String, Integer> counts(String text) {
        SortedMap<String, Integer> out = new TreeMap<>();
        if (text.isEmpty()) return out;
        for (String part : text.split(";")) {
            int eq = part.lastIndexOf('=');
            if (eq > 0 && Double.isFinite(RowText.number(part.substring(eq + 1)))) out.put(part.substring(0, eq), RowText.whole(part.substring(eq + 1)));
        }
        return out;
    }
}
