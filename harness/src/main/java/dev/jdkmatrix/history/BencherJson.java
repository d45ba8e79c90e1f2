package dev.jdkmatrix.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdkmatrix.results.format.Exporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A night's figures as Bencher Metric Format JSON ({@code {benchmark: {measure: {value, lower_value,
 * upper_value}}}}): one benchmark per cell and per comparison, its measure named by its unit and its
 * own direction (a JMH throughput is higher-is-better), never assumed.
 */
public final class BencherJson {

    public static final String FILE = "bencher.json";

    public static final Exporter<Night> EXPORT = Exporter.of("bencher", "Bencher Metric Format: each cell's and each comparison's figure with its interval",
            List.of(FILE), BencherJson::write);

    /** Compact: a night's files count in the site's bytes. */
    static final ObjectMapper JSON = new ObjectMapper();

    private BencherJson() {}

    /** Writes the night's file into {@code dir}. */
    public static void write(Night night, Path dir) throws IOException {
        Map<String, Object> bmf = new LinkedHashMap<>();
        for (Map.Entry<FigureKey, Measured> e : sorted(night)) {
            Measured m = e.getValue();
            Map<String, Object> metric = new LinkedHashMap<>();
            metric.put("value", m.value());
            if (Double.isFinite(m.low()) && Double.isFinite(m.high())) {
                metric.put("lower_value", m.low());
                metric.put("upper_value", m.high());
            }
            bmf.put(e.getKey().label(), Map.of(measure(e.getKey(), m), metric));
        }
        Files.createDirectories(dir);
        JSON.writeValue(dir.resolve(FILE).toFile(), bmf);
    }

    /** The night's figures in their keys' order. */
    static List<Map.Entry<FigureKey, Measured>> sorted(Night night) {
        List<Map.Entry<FigureKey, Measured>> figures = new ArrayList<>(night.figures().entrySet());
        figures.sort(Map.Entry.comparingByKey());
        return figures;
    }

    /** The measure's name (at most 64 characters, as Bencher allows): the unit and direction. */
    static String measure(FigureKey k, Measured m) {
        String name = (k instanceof FigureKey.Pair ? "ratio b/a" : m.unit()) + ", " + (m.higherIsBetter() ? "higher" : "lower") + " is better";
        return name.length() <= 64 ? name : name.substring(0, 64);
    }
}
