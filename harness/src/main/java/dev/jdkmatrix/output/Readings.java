package dev.jdkmatrix.output;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.WorkloadKind;
import dev.jdkmatrix.model.JmhIteration;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.Summarizer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Matcher;

/**
 * How a run's result is read, by the cell's kind: the columns of raw.csv it fills, and whether the
 * run counts. Pure: the container's output and the files copied out of it come in as text.
 */
public final class Readings {

    private Readings() {}

    /** What a run's output says. */
    public sealed interface Reading {
        /** The result's columns; {@code invalid} says why the run does not count, or is null when it does. */
        record Found(Map<String, String> columns, String invalid) implements Reading {}

        /** No usable result, and why. */
        record Problem(String detail) implements Reading {}

        /** No result, and the exception the program reported: the run is an error, its cause the detail. */
        record Threw(String detail) implements Reading {}
    }

    /**
     * Reads a run's result.
     *
     * @param jmhJson the JSON a JMH run wrote, or null when it wrote none
     */
    public static Reading read(Cell cell, ContainerResult res, String jmhJson) {
        return read(cell, res, jmhJson, null);
    }

    /**
     * Reads a run's result, a JMH run's printed iterations already parsed ({@code iterations}; null:
     * parsed here where they are needed, for a run stopped at its steady state).
     */
    public static Reading read(Cell cell, ContainerResult res, String jmhJson, List<JmhIteration> iterations) {
        double containerMs = Double.isFinite(res.runMs()) ? res.runMs() : res.waitMs();
        return switch (cell.kind()) {
            case WorkloadKind.Builtin b -> record(res.stdout());
            case WorkloadKind.Jar j -> {
                if (!ResultLine.records(res.stdout()).isEmpty()) yield record(res.stdout());
                if (j.result() == null) yield new Reading.Found(figure(Summarizer.ms(containerMs), "ms", false, containerMs), null);
                Matcher m = j.result().regex().matcher(res.stdout());
                String last = null;
                while (m.find()) last = m.group(1);
                if (last == null) {
                    String threw = firstException(res.stdout() + "\n" + res.stderr());
                    if (threw != null) yield new Reading.Threw("the jar threw " + threw + "; the result regex '" + j.result().regex().pattern() + "' matched nothing");
                    yield new Reading.Problem("the result regex '" + j.result().regex().pattern() + "' matched nothing in the output; its last lines: "
                            + res.tail(3).replace("\n", " | "));
                }
                try {
                    Double.parseDouble(last.strip());
                } catch (NumberFormatException e) {
                    yield new Reading.Problem("the result regex '" + j.result().regex().pattern() + "' read '" + last + "', which is not a number");
                }
                yield new Reading.Found(figure(last.strip(), j.result().unit(), j.result().higherIsBetter(), containerMs), null);
            }
            case WorkloadKind.Jmh j -> {
                String threw = firstException(res.stdout() + "\n" + res.stderr());
                if (res.stopped() && (jmhJson == null || jmhJson.isBlank())) {
                    yield stoppedJmh(j, res, iterations != null ? iterations : JmhIterations.parse(res.stdout()), containerMs, threw);
                }
                if (jmhJson == null || jmhJson.isBlank()) {
                    if (threw != null) yield new Reading.Threw("the benchmark threw " + threw);
                    yield new Reading.Problem("JMH wrote no JSON result (did the benchmark throw?); its last lines: " + res.tail(3).replace("\n", " | "));
                }
                JmhResult r;
                try {
                    r = JmhResult.parse(jmhJson);
                } catch (IllegalArgumentException e) {
                    if (threw != null) yield new Reading.Threw("the benchmark threw " + threw + " (" + e.getMessage() + ")");
                    yield new Reading.Problem(e.getMessage() + "; its last lines: " + res.tail(3).replace("\n", " | "));
                }
                if (!r.benchmark().equals(j.benchmark())) {
                    yield new Reading.Problem("JMH ran " + r.benchmark() + ", not the cell's " + j.benchmark());
                }
                yield new Reading.Found(jmhColumns(r, containerMs), null);
            }
        };
    }

    private static final java.util.regex.Pattern THROWABLE = java.util.regex.Pattern.compile(
            "^(?:Exception in thread \"[^\"]*\" )?((?:[a-zA-Z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error|Throwable)\\b(?::.*)?)$");

    /**
     * The first exception a program's output reports, as its root cause, where that was thrown and
     * the first frames of the user's code, joined by {@code " | "} ({@link Traces}): JMH's {@code <failure>} block (the exception a benchmark threw in its fork), else
     * the first line that names a Throwable ({@code java.lang.UnsupportedClassVersionError: ...},
     * {@code Exception in thread "main" ...}). Null when there is none. JMH's warnings (a
     * {@code sun.misc.Unsafe} WARNING among them) are no exception.
     */
    static String firstException(String output) {
        List<String> lines = output.lines().toList();
        int from = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().endsWith("<failure>")) { // on a line of its own, or after "# Warmup Iteration   1: "
                from = i + 1;
                break;
            }
        }
        for (int pass = 0; pass < 2; pass++) {
            for (int i = pass == 0 ? from : 0; i < lines.size(); i++) {
                java.util.regex.Matcher m = THROWABLE.matcher(lines.get(i).strip());
                if (!m.matches()) continue;
                String text = Traces.describe(Traces.chain(m.group(1).strip(), lines, i));
                return text.length() > 500 ? text.substring(0, 500) + "..." : text;
            }
            if (from == 0) break;
        }
        return null;
    }

    /** A {@code JDKMATRIX-RESULT} record: its fields, its wall time as the score, and whether its own check passed. */
    public static Reading record(String stdout) {
        return switch (ResultLine.parse(stdout)) {
            case ResultLine.Parsed.Problem p -> new Reading.Problem(p.detail());
            case ResultLine.Parsed.Found f -> {
                Map<String, String> v = new LinkedHashMap<>();
                for (String c : Columns.RAW_RECORD) v.put(c, f.fields().getOrDefault(c, ""));
                v.put("metrics", f.fields().getOrDefault("metrics", ""));
                v.put("score", f.fields().getOrDefault("wall_ms", ""));
                v.put("score_unit", "ms");
                v.put("score_better", "lower");
                String check = f.fields().getOrDefault("check", "");
                String invalid = !"true".equals(f.fields().get("supported")) ? "the workload cannot run this cell: " + check
                        : !"ok".equals(check) ? "the workload's own check failed: " + check : null;
                yield new Reading.Found(v, invalid);
            }
        };
    }

    /** A jar's figure: a value with its unit and direction; its wall_ms is the JVM's, from start to exit. */
    private static Map<String, String> figure(String value, String unit, boolean higher, double containerMs) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("wall_ms", Summarizer.ms(containerMs));
        v.put("check", "ok");
        v.put("score", value);
        v.put("score_unit", unit);
        v.put("score_better", higher ? "higher" : "lower");
        return v;
    }

    /**
     * A JMH run the harness stopped once its iterations were steady (warmup: until-steady): no JSON,
     * so its columns come from the iterations it printed (its unit, its mode's direction, how many it
     * ran, the secondary metrics' means over them); its score is left to the session, which scores it
     * on its steady part.
     */
    private static Reading stoppedJmh(WorkloadKind.Jmh j, ContainerResult res, List<JmhIteration> its, double containerMs, String threw) {
        if (its.isEmpty()) {
            if (threw != null) return new Reading.Threw("the benchmark threw " + threw);
            return new Reading.Problem("stopped at a steady state, and it printed no iteration; its last lines: " + res.tail(3).replace("\n", " | "));
        }
        return new Reading.Found(jmhColumns(JmhResult.stopped(j.benchmark(), j.mode(), its), containerMs), null);
    }

    private static Map<String, String> jmhColumns(JmhResult r, double containerMs) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("wall_ms", Summarizer.ms(containerMs));
        v.put("check", "ok");
        v.put("java_version", r.jdkVersion());
        v.put("java_runtime_version", r.vmVersion());
        v.put("score", r.score());
        v.put("score_error", r.scoreError());
        v.put("score_unit", r.scoreUnit());
        v.put("score_better", r.higherIsBetter() ? "higher" : "lower");
        v.put("jmh_mode", r.mode());
        v.put("jmh_forks", Integer.toString(r.forks()));
        v.put("jmh_iterations", Integer.toString(r.iterations()));
        v.put("jmh_warmup_iterations", Integer.toString(r.warmupIterations()));
        if (r.settings().known()) {
            v.put("jmh_threads", Integer.toString(r.settings().threads()));
            v.put("jmh_warmup_time", r.settings().warmupTime());
            v.put("jmh_warmup_batch_size", Integer.toString(r.settings().warmupBatchSize()));
            v.put("jmh_measurement_time", r.settings().measurementTime());
            v.put("jmh_batch_size", Integer.toString(r.settings().measurementBatchSize()));
        }
        StringJoiner metrics = new StringJoiner(";");
        StringJoiner units = new StringJoiner(";");
        r.secondary().forEach((k, val) -> metrics.add(k + "=" + val));
        r.secondaryUnits().forEach((k, u) -> units.add(k + "=" + u));
        v.put("metrics", metrics.toString());
        v.put("metric_units", units.toString());
        return v;
    }

    /**
     * The last progress line a built-in workload printed ({@code JDKMATRIX-PROGRESS k=v;...}, after
     * 1 s and then at doubling intervals) as its {@code k=v;...} text, or null when there is none:
     * how far a run got that was killed before its record.
     */
    public static String lastProgress(String stdout) {
        int at = stdout.lastIndexOf(dev.jdkmatrix.workloads.ResultRecord.PROGRESS_MARKER);
        if (at < 0 || (at > 0 && stdout.charAt(at - 1) != '\n')) return null;
        int end = stdout.indexOf('\n', at);
        String line = stdout.substring(at + dev.jdkmatrix.workloads.ResultRecord.PROGRESS_MARKER.length(), end < 0 ? stdout.length() : end).strip();
        return line.matches("[a-z0-9_]+=[0-9.-]+(;[a-z0-9_]+=[0-9.-]+)*") ? line : null;
    }

    private static final java.util.regex.Pattern SECTION = java.util.regex.Pattern.compile(
            "(?m)^" + java.util.regex.Pattern.quote(dev.jdkmatrix.workloads.ResultRecord.SECTION_MARKER) + "from_ms=(\\d{1,15});to_ms=(\\d{1,15})\\s*$");

    /**
     * The measured section a built-in workload said it ran ({@code JDKMATRIX-SECTION from_ms=E;to_ms=E},
     * wall-clock milliseconds since the epoch) as {from, to}, or null when it printed none (killed
     * before the section ended, or a workload of an older jar).
     */
    public static long[] section(String stdout) {
        java.util.regex.Matcher m = SECTION.matcher(stdout);
        long[] last = null;
        while (m.find()) last = new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
        return last != null && last[1] >= last[0] ? last : null;
    }
}
