package dev.jdkmatrix.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A night's figures for the dashboards teams already run: Bencher Metric Format JSON
 * ({@code {benchmark: {measure: {value, lower_value, upper_value}}}}, one benchmark per cell and per
 * comparison) and github-action-benchmark's custom JSON ({@code [{name, unit, value, range, extra}]}),
 * in two files because that action takes one direction per file: {@code customSmallerIsBetter} for
 * the figures where lower is better, {@code customBiggerIsBetter} for the others. The direction is
 * each figure's own (a JMH throughput is bigger-is-better), never assumed.
 */
public final class Exports {

    public static final String BMF = "bencher.json";
    public static final String SMALLER = "benchmark-smaller-is-better.json";
    public static final String BIGGER = "benchmark-bigger-is-better.json";

    /** Compact: a night's files count in the site's bytes. */
    private static final ObjectMapper JSON = new ObjectMapper();

    private Exports() {}

    /** Writes the three files of one night into {@code dir}; returns how many figures they hold. */
    public static int write(Night night, Path dir) throws IOException {
        List<Map.Entry<FigureKey, Measured>> figures = new ArrayList<>(night.figures().entrySet());
        figures.sort(Map.Entry.comparingByKey());
        Map<String, Object> bmf = new LinkedHashMap<>();
        List<Map<String, Object>> smaller = new ArrayList<>();
        List<Map<String, Object>> bigger = new ArrayList<>();
        for (Map.Entry<FigureKey, Measured> e : figures) {
            FigureKey k = e.getKey();
            Measured m = e.getValue();
            Map<String, Object> metric = new LinkedHashMap<>();
            metric.put("value", m.value());
            if (Double.isFinite(m.low()) && Double.isFinite(m.high())) {
                metric.put("lower_value", m.low());
                metric.put("upper_value", m.high());
            }
            bmf.put(k.label(), Map.of(measure(k, m), metric));
            Map<String, Object> gab = new LinkedHashMap<>();
            gab.put("name", k.label());
            gab.put("unit", k instanceof FigureKey.Pair ? "x (b / a)" : m.unit());
            gab.put("value", m.value());
            gab.put("range", String.format(Locale.ROOT, "%.4g - %.4g", m.low(), m.high()));
            gab.put("extra", extra(night, k, m));
            (m.higherIsBetter() ? bigger : smaller).add(gab);
        }
        Files.createDirectories(dir);
        JSON.writeValue(dir.resolve(BMF).toFile(), bmf);
        JSON.writeValue(dir.resolve(SMALLER).toFile(), smaller);
        JSON.writeValue(dir.resolve(BIGGER).toFile(), bigger);
        return figures.size();
    }

    /** The measure's name (at most 64 characters, as Bencher allows): the unit and direction. */
    static String measure(FigureKey k, Measured m) {
        String name = (k instanceof FigureKey.Pair ? "ratio b/a" : m.unit()) + ", " + (m.higherIsBetter() ? "higher" : "lower") + " is better";
        return name.length() <= 64 ? name : name.substring(0, 64);
    }

    private static String extra(Night night, FigureKey k, Measured m) {
        String what = k instanceof FigureKey.Pair ? m.n() + " pairs of runs" + (m.compared().isEmpty() ? "" : ", " + m.compared()) : m.n() + " runs";
        return String.format(Locale.ROOT, "%s; interval at %.1f %%; night %s (%s); runner %s", what, m.level() * 100, night.runId(), night.started(), night.runnerClass());
    }
}
