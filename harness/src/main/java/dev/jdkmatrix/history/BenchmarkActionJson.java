package dev.jdkmatrix.history;

import dev.jdkmatrix.results.format.Exporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A night's figures as github-action-benchmark's custom JSON ({@code [{name, unit, value, range,
 * extra}]}), in two files because that action takes one direction per file:
 * {@code customSmallerIsBetter} for the figures where lower is better, {@code customBiggerIsBetter}
 * for the others; the direction is each figure's own.
 */
public final class BenchmarkActionJson {

    public static final String SMALLER = "benchmark-smaller-is-better.json";
    public static final String BIGGER = "benchmark-bigger-is-better.json";

    public static final Exporter<Night> EXPORT = Exporter.of("github-action-benchmark",
            "github-action-benchmark's custom JSON, one file per direction", List.of(SMALLER, BIGGER), BenchmarkActionJson::write);

    private BenchmarkActionJson() {}

    /** Writes the night's two files into {@code dir}. */
    public static void write(Night night, Path dir) throws IOException {
        List<Map<String, Object>> smaller = new ArrayList<>();
        List<Map<String, Object>> bigger = new ArrayList<>();
        for (Map.Entry<FigureKey, Measured> e : BencherJson.sorted(night)) {
            FigureKey k = e.getKey();
            Measured m = e.getValue();
            Map<String, Object> gab = new LinkedHashMap<>();
            gab.put("name", k.label());
            gab.put("unit", k instanceof FigureKey.Pair ? "x (b / a)" : m.unit());
            gab.put("value", m.value());
            gab.put("range", String.format(Locale.ROOT, "%.4g - %.4g", m.low(), m.high()));
            gab.put("extra", extra(night, k, m));
            (m.higherIsBetter() ? bigger : smaller).add(gab);
        }
        Files.createDirectories(dir);
        BencherJson.JSON.writeValue(dir.resolve(SMALLER).toFile(), smaller);
        BencherJson.JSON.writeValue(dir.resolve(BIGGER).toFile(), bigger);
    }

    private static String extra(Night night, FigureKey k, Measured m) {
        String what = k instanceof FigureKey.Pair ? m.n() + " pairs of runs" + (m.compared().isEmpty() ? "" : ", " + m.compared()) : m.n() + " runs";
        return String.format(Locale.ROOT, "%s; interval at %.1f %%; night %s (%s); runner %s", what, m.level() * 100, night.runId(), night.started(), night.runnerClass());
    }
}
