package dev.jdkmatrix.output;

import dev.jdkmatrix.model.JmhIteration;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.format.IterationsCsv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every iteration of a JMH run as JMH prints it on its standard output (its JSON keeps only the
 * measurement iterations, in {@code rawData}, and no warm-up): per fork ({@code # Fork: 1 of 2}),
 * each warm-up ({@code # Warmup Iteration   1: 14.367 us/op}) and measurement ({@code Iteration
 * 1: 8.884 us/op}) iteration with its score and unit, and the secondary metrics JMH prints under it
 * (indented {@code gc.alloc.rate.norm: 8016.000 B/op} lines of a profiler or {@code @AuxCounters};
 * a value JMH prints as {@code ≈ 0} is 0, one it prints as {@code ≈ 10⁻⁴} is left out; JMH prints
 * them under measured iterations only). In sample mode an iteration's score is the mean JMH prints
 * before its error ({@code 835.237 ±(99.9%) 199.451 us/op}; older JMH: {@code n = 1234, mean = 8 us/op, ...}).
 */
public final class JmhIterations {

    private JmhIterations() {}

    private static final Pattern FORK = Pattern.compile("^# Fork: (\\d+) of \\d+");
    private static final Pattern ITERATION = Pattern.compile("^(# Warmup )?Iteration\\s+(\\d+):\\s+(.*)$");
    private static final Pattern SAMPLE = Pattern.compile("n = \\d+, mean = ([-+0-9.eE]+) (\\S+?),");
    // "8.884 us/op", or in sample mode (JMH 1.37) "835.237 ±(99.9%) 199.451 us/op"
    private static final Pattern SCORE = Pattern.compile("^(≈ )?([-+0-9.eE]+|NaN)(?:\\s+±\\(\\S+\\)\\s+\\S+)?\\s+(\\S+)");
    private static final Pattern SECONDARY = Pattern.compile("^\\s{2,}([^:]+?):\\s+(≈ )?([-+0-9.eE]+|NaN)(\\S*)\\s*(.*)$");

    /** The iterations in a JMH run's standard output, in order; empty when it printed none (not JMH, or it failed first). */
    public static List<JmhIteration> parse(String stdout) {
        List<JmhIteration> out = new ArrayList<>();
        if (stdout == null) return out;
        int fork = 1;
        JmhIteration open = null;
        Map<String, Double> secondary = new LinkedHashMap<>();
        for (String line : stdout.split("\\R")) {
            if (open != null) {
                Matcher s = SECONDARY.matcher(line);
                if (s.matches()) {
                    if (s.group(4).isEmpty()) {
                        double v = number(s.group(3));
                        if (Double.isFinite(v)) secondary.put(JmhResult.metricName(s.group(1)), v);
                    }
                    continue; // "≈ 10⁻⁴": a power of ten JMH prints in superscript, left out
                }
                out.add(new JmhIteration(open.fork(), open.phase(), open.index(), open.score(), open.unit(), secondary));
                open = null;
                secondary = new LinkedHashMap<>();
            }
            Matcher f = FORK.matcher(line);
            if (f.find()) {
                fork = Integer.parseInt(f.group(1));
                continue;
            }
            Matcher it = ITERATION.matcher(line);
            if (!it.matches()) continue;
            double[] score = {Double.NaN};
            String unit = scoreOf(it.group(3), score);
            if (unit == null) continue;
            open = new JmhIteration(fork, it.group(1) != null ? JmhIteration.Phase.WARMUP : JmhIteration.Phase.MEASURE, Integer.parseInt(it.group(2)), score[0], unit, Map.of());
        }
        if (open != null) out.add(new JmhIteration(open.fork(), open.phase(), open.index(), open.score(), open.unit(), secondary));
        return out;
    }

    /** The unit of an iteration's score text, its score into {@code score[0]}; null when the text is no score. */
    private static String scoreOf(String text, double[] score) {
        Matcher m = SAMPLE.matcher(text);
        if (m.find()) {
            score[0] = number(m.group(1));
            return m.group(2);
        }
        m = SCORE.matcher(text);
        if (!m.find()) return null;
        score[0] = number(m.group(2));
        return m.group(3);
    }

    private static double number(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * The iterations in the logs of a results folder's JMH runs ({@code rows}: its raw.csv), in run order, for its
     * iterations.csv.gz ({@link IterationsCsv}); a run whose log is gone has none.
     */
    public static List<IterationsCsv.Stored> fromLogs(Path dir, List<RawRow> rows) throws IOException {
        List<IterationsCsv.Stored> out = new ArrayList<>();
        for (RawRow r : rows) {
            if (!"jmh".equals(r.kind())) continue;
            int attempt = Math.max(1, r.attempt());
            Path log = dir.resolve("logs").resolve(String.format(Locale.ROOT, "%05d", r.seq()) + (attempt > 1 ? "-a" + attempt : "") + ".log");
            if (!Files.isRegularFile(log)) continue;
            for (JmhIteration it : parse(Files.readString(log, StandardCharsets.UTF_8))) {
                out.add(new IterationsCsv.Stored(r.runId(), r.seq(), attempt, r.phase(), r.cell(), r.rep(), it));
            }
        }
        return out;
    }
}
