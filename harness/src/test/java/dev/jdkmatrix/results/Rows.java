package dev.jdkmatrix.results;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Raw rows for the tests, as raw.csv holds them: the one builder every test class makes its rows
 * with ({@link #of}), and {@link #measured}, a measured run of a built-in cell.
 */
public final class Rows {

    private Rows() {}

    /**
     * A row of {@code cell}: a measured run, round 1, ok, of a cell on JDK 21 with 1 CPU and 1g
     * (workload {@code w}); the test sets the columns it needs, every other column reads empty.
     */
    public static Builder of(String cell) {
        return new Builder(cell);
    }

    /** A builder of no column at all: the test sets every column itself. */
    public static Builder empty() {
        return new Builder(Map.of());
    }

    /** A builder holding a row's columns, to change some of them. */
    public static Builder from(RawRow row) {
        return from(row.values());
    }

    /** A builder holding these columns (as the harness made them for a run), to change some of them. */
    public static Builder from(Map<String, String> columns) {
        return new Builder(columns);
    }

    /** A row of the cell {@code key}, every column of its key filled as the harness writes them. */
    public static Builder of(dev.jdkmatrix.model.CellKey key) {
        return new Builder(key.id()).key(key);
    }

    /** A measured run of {@code workload(params) executor tasks=100 jdk=J cpus=C mem=1g}, round {@code rep}, with its wall time (none for an oom). */
    public static RawRow measured(String workload, String params, String executor, String jdk, String cpus, int rep, double wall, String status) {
        Builder b = of(workload + "(" + params + ") " + executor + " tasks=100 jdk=" + jdk + " cpus=" + cpus + " mem=1g").run("t", rep).rep(rep).status(status)
                .builtin(workload, params, executor, 100, jdk, cpus, "1g");
        if (!status.equals("oom")) b.wall(wall);
        return b.build();
    }

    /** Sets a row's columns one by one, in raw.csv's names; {@link #build} makes the row. */
    public static final class Builder {
        private final Map<String, String> v = new LinkedHashMap<>();

        private Builder(Map<String, String> columns) {
            v.putAll(columns);
        }

        private Builder(String cell) {
            v.put("cell", cell);
            v.put("workload", "w");
            v.put("jdk", "21");
            v.put("cpus", "1");
            v.put("memory", "1g");
            v.put("phase", "measure");
            v.put("rep", "1");
            v.put("status", "ok");
        }

        /** The run it belongs to and its sequence in the plan. */
        public Builder run(String runId, int seq) {
            v.put("run_id", runId);
            v.put("seq", Integer.toString(seq));
            return this;
        }

        public Builder phase(String phase) {
            v.put("phase", phase);
            return this;
        }

        public Builder rep(int rep) {
            v.put("rep", Integer.toString(rep));
            return this;
        }

        public Builder status(String status) {
            v.put("status", status);
            return this;
        }

        /** The run's wall time in milliseconds, as the harness writes it (three decimals). */
        public Builder wall(double ms) {
            v.put("wall_ms", Summarizer.ms(ms));
            return this;
        }

        /** A built-in cell's axes. */
        public Builder builtin(String workload, String params, String executor, int tasks, String jdk, String cpus, String memory) {
            v.put("workload", workload);
            v.put("params", params);
            v.put("executor", executor);
            v.put("tasks", Integer.toString(tasks));
            v.put("jdk", jdk);
            v.put("cpus", cpus);
            v.put("memory", memory);
            return this;
        }

        /** The columns of a cell's key, as the harness writes them. */
        public Builder key(dev.jdkmatrix.model.CellKey key) {
            CellColumns.write(key, v);
            return this;
        }

        /** Any other column. */
        public Builder with(String column, String value) {
            v.put(column, value);
            return this;
        }

        /** A column set so far, empty if none. */
        public String get(String column) {
            return v.getOrDefault(column, "");
        }

        public RawRow build() {
            return new RawRow(v);
        }
    }
}
