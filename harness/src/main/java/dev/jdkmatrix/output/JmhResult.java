package dev.jdkmatrix.output;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdkmatrix.model.JmhIteration;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The one result of a JMH run's {@code -rf json} file (JMH's {@code JSONResultFormat}): the
 * primary metric's score, error and unit, the mode, forks and iterations, the VM that ran the
 * forks, the params, and the secondary metrics (profilers, {@code @AuxCounters}) with their units.
 * A secondary metric's name loses the {@code ·} that JMH before 1.37 put in front of profiler
 * metrics, so {@code ·gc.alloc.rate.norm} and {@code gc.alloc.rate.norm} are one name. In sample
 * mode every percentile JMH wrote in {@code scorePercentiles} is a secondary metric ({@code p0.00}
 * to {@code p1.00}, {@code p0.99999} and {@code p0.999999} included, which JMH's own secondary
 * metrics leave out). The run's settings as JMH applied them: threads, warm-up and measurement
 * time ({@code 200 ms}, {@code single-shot}) and batch sizes.
 */
public record JmhResult(String benchmark, String mode, String score, String scoreError, String scoreUnit, int forks, int iterations,
                        int warmupIterations, String jdkVersion, String vmName, String vmVersion, Map<String, String> params,
                        Map<String, String> secondary, Map<String, String> secondaryUnits, Settings settings) {

    /** The run's settings as JMH's JSON gives them (times as JMH writes them: {@code 10 s}, {@code single-shot}). */
    public record Settings(int threads, String warmupTime, int warmupBatchSize, String measurementTime, int measurementBatchSize) {
        /** No settings known: a run stopped before JMH wrote its JSON (JMH runs 1 thread or more). */
        public static final Settings NONE = new Settings(0, "", 0, "", 0);

        public Settings {
            warmupTime = warmupTime == null ? "" : warmupTime;
            measurementTime = measurementTime == null ? "" : measurementTime;
        }

        /** Whether JMH said them. */
        public boolean known() {
            return threads > 0;
        }
    }

    /**
     * A run the harness stopped once its iterations were steady (warmup: until-steady), which wrote
     * no JSON, as its printed iterations {@code its} tell it: one fork of as many iterations, no
     * warm-up, the last one's unit, the secondary metrics' means over them; no score (the session
     * scores its steady part), no VM and no settings.
     */
    public static JmhResult stopped(String benchmark, String mode, List<JmhIteration> its) {
        Map<String, double[]> sums = new TreeMap<>();
        for (JmhIteration it : its) it.secondary().forEach((k, x) -> {
            double[] s = sums.computeIfAbsent(k, u -> new double[2]);
            s[0] += x;
            s[1]++;
        });
        Map<String, String> means = new TreeMap<>();
        sums.forEach((k, s) -> means.put(k, dev.jdkmatrix.results.FigureFormat.MS.text(s[0] / s[1])));
        return new JmhResult(benchmark, mode, "", "", its.isEmpty() ? "" : its.get(its.size() - 1).unit(), 1, its.size(), 0, "", "", "",
                Map.of(), means, Map.of(), Settings.NONE);
    }

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    public JmhResult {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(score, "score");
        Objects.requireNonNull(settings, "settings");
        params = Map.copyOf(params);
        secondary = java.util.Collections.unmodifiableMap(new TreeMap<>(secondary));
        secondaryUnits = java.util.Collections.unmodifiableMap(new TreeMap<>(secondaryUnits));
    }

    /** Throughput is better higher; average, sample and single-shot time are better lower. */
    public boolean higherIsBetter() {
        return higherIsBetter(mode);
    }

    /** Whether a score of JMH mode {@code mode} (thrpt, avgt, sample, ss) is better higher: throughput only. */
    public static boolean higherIsBetter(String mode) {
        return mode.equals("thrpt");
    }

    /**
     * Parses a run's JSON, which holds exactly one benchmark result.
     *
     * @throws IllegalArgumentException with what is wrong when it holds none, several, or is not JMH's JSON
     */
    public static JmhResult parse(String json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("JMH's JSON is malformed: " + e.getMessage());
        }
        if (root == null || !root.isArray()) throw new IllegalArgumentException("JMH's JSON is not a list of results");
        if (root.isEmpty()) throw new IllegalArgumentException("JMH's JSON holds no result: the benchmark did not complete");
        if (root.size() > 1) throw new IllegalArgumentException("JMH's JSON holds " + root.size() + " results; a run is one benchmark, mode and param set");
        JsonNode r = root.get(0);
        JsonNode primary = r.path("primaryMetric");
        if (!primary.has("score")) throw new IllegalArgumentException("JMH's JSON has no primaryMetric.score");
        Map<String, String> params = new LinkedHashMap<>();
        r.path("params").properties().forEach(e -> params.put(e.getKey(), e.getValue().asText()));
        Map<String, String> secondary = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        r.path("secondaryMetrics").properties().forEach(e -> {
            String name = metricName(e.getKey());
            secondary.put(name, number(e.getValue().path("score")));
            units.put(name, e.getValue().path("scoreUnit").asText(""));
        });
        if (r.path("mode").asText("").equals("sample")) {
            // JMH's secondary metrics hold 8 of the 10 percentiles; scorePercentiles holds them all (keys in percent: "99.999")
            primary.path("scorePercentiles").properties().forEach(e -> {
                String name = percentileName(e.getKey());
                if (name != null && !secondary.containsKey(name)) {
                    secondary.put(name, number(e.getValue()));
                    units.put(name, primary.path("scoreUnit").asText(""));
                }
            });
        }
        Settings settings = new Settings(r.path("threads").asInt(0), r.path("warmupTime").asText(""), r.path("warmupBatchSize").asInt(0),
                r.path("measurementTime").asText(""), r.path("measurementBatchSize").asInt(0));
        return new JmhResult(r.path("benchmark").asText(""), r.path("mode").asText(""), number(primary.path("score")), number(primary.path("scoreError")),
                primary.path("scoreUnit").asText(""), r.path("forks").asInt(0), r.path("measurementIterations").asInt(0), r.path("warmupIterations").asInt(0),
                r.path("jdkVersion").asText(""), r.path("vmName").asText(""), r.path("vmVersion").asText(""), params, secondary, units, settings);
    }

    /**
     * A percentile's name as JMH names its derived results: a fraction with at least two decimals
     * ({@code 50.0} -> {@code p0.50}, {@code 99.999} -> {@code p0.99999}, {@code 100.0} -> {@code p1.00}); null when the key is no number.
     */
    static String percentileName(String percent) {
        java.math.BigDecimal p;
        try {
            p = new java.math.BigDecimal(percent).movePointLeft(2).stripTrailingZeros();
        } catch (NumberFormatException e) {
            return null;
        }
        if (p.scale() < 2) p = p.setScale(2);
        return "p" + p.toPlainString();
    }

    /** A secondary metric's name without the leading {@code ·} of JMH before 1.37 (and without characters that the metrics column uses). */
    static String metricName(String raw) {
        String s = raw.strip();
        while (s.startsWith("\u00b7") || s.startsWith(":")) s = s.substring(1);
        return s.replace(';', '_').replace('=', '_');
    }

    /** A number as JMH wrote it; "NaN" (JMH writes a string when it has no error estimate) becomes empty. */
    private static String number(JsonNode n) {
        if (n.isNumber()) return n.decimalValue().toPlainString();
        return "";
    }
}
