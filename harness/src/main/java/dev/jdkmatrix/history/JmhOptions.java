package dev.jdkmatrix.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * How JMH measured a night's cell, as its runs' JSON said it (raw.csv's {@code jmh_*} columns): forks, warm-up and
 * measurement iterations and their times, threads and batch sizes. A bisect of a regression the history confirmed
 * measures each commit with these ({@link #words()}, {@code --jmh-args}), so that its steps measure as the nights did.
 *
 * @param warmupTime a time as JMH writes it ({@code 500 ms}, {@code 1 s}), or "" where JMH gave none (single-shot)
 */
public record JmhOptions(int forks, int warmupIterations, int iterations, String warmupTime, String measurementTime, int threads, int warmupBatch, int batch) {

    /** The raw columns these are read from and kept in. */
    static final List<String> COLUMNS = List.of("jmh_forks", "jmh_warmup_iterations", "jmh_iterations", "jmh_warmup_time", "jmh_measurement_time",
            "jmh_threads", "jmh_warmup_batch_size", "jmh_batch_size");

    public JmhOptions {
        if (forks < 0 || warmupIterations < 0 || iterations < 1 || threads < 1 || warmupBatch < 1 || batch < 1) {
            throw new IllegalArgumentException("JMH's forks and warm-up iterations are 0 or more, its iterations, threads and batch sizes 1 or more; got forks "
                    + forks + ", warm-up iterations " + warmupIterations + ", iterations " + iterations + ", threads " + threads + ", batches " + warmupBatch + "/" + batch);
        }
        warmupTime = time(warmupTime);
        measurementTime = time(measurementTime);
    }

    /** JMH's command-line options for these ({@code -f 1 -wi 3 -i 5 -w 500ms -r 500ms}); threads and batch sizes only where not 1. */
    public List<String> words() {
        List<String> w = new ArrayList<>(List.of("-f", Integer.toString(forks), "-wi", Integer.toString(warmupIterations), "-i", Integer.toString(iterations)));
        if (!warmupTime.isEmpty()) w.addAll(List.of("-w", warmupTime));
        if (!measurementTime.isEmpty()) w.addAll(List.of("-r", measurementTime));
        if (threads != 1) w.addAll(List.of("-t", Integer.toString(threads)));
        if (warmupBatch != 1) w.addAll(List.of("-wbs", Integer.toString(warmupBatch)));
        if (batch != 1) w.addAll(List.of("-bs", Integer.toString(batch)));
        return List.copyOf(w);
    }

    /**
     * Read from a run's columns ({@code column} gives "" for a column it lacks); empty where the run is no JMH run or was
     * written before JMH's settings were kept.
     */
    public static Optional<JmhOptions> read(Function<String, String> column) {
        try {
            String forks = column.apply("jmh_forks");
            String iterations = column.apply("jmh_iterations");
            if (forks == null || forks.isBlank() || iterations == null || iterations.isBlank()) return Optional.empty();
            return Optional.of(new JmhOptions(whole(column, "jmh_forks", 1), whole(column, "jmh_warmup_iterations", 0), whole(column, "jmh_iterations", 1),
                    text(column, "jmh_warmup_time"), text(column, "jmh_measurement_time"), whole(column, "jmh_threads", 1),
                    whole(column, "jmh_warmup_batch_size", 1), whole(column, "jmh_batch_size", 1)));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // a row that does not say them plainly: the bisect's own defaults then
        }
    }

    /** Kept as the raw columns say them (a night's kept figures, {@link NightFigures}). */
    void write(Map<String, String> columns) {
        columns.put("jmh_forks", Integer.toString(forks));
        columns.put("jmh_warmup_iterations", Integer.toString(warmupIterations));
        columns.put("jmh_iterations", Integer.toString(iterations));
        columns.put("jmh_warmup_time", warmupTime);
        columns.put("jmh_measurement_time", measurementTime);
        columns.put("jmh_threads", Integer.toString(threads));
        columns.put("jmh_warmup_batch_size", Integer.toString(warmupBatch));
        columns.put("jmh_batch_size", Integer.toString(batch));
    }

    /** {@code 500 ms} as JMH's command line takes it: {@code 500ms}; "" for none or a time JMH gave in another form (single-shot). */
    private static String time(String t) {
        if (t == null) return "";
        String s = t.strip().replace(" ", "");
        return s.matches("[0-9]+(ns|us|ms|s|min|hr|day)") ? s : "";
    }

    private static int whole(Function<String, String> column, String name, int otherwise) {
        String v = text(column, name);
        return v.isEmpty() ? otherwise : (int) Double.parseDouble(v);
    }

    private static String text(Function<String, String> column, String name) {
        String v = column.apply(name);
        return v == null ? "" : v.strip();
    }
}
