package dev.jdkmatrix.results;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.stats.SteadyState;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One run, as a row of raw.csv holds it. Read it through its typed accessors: the cell's
 * {@link #key}, the run's place ({@link #runId}, {@link #seq}, {@link #phase}, {@link #rep}), how
 * it ended ({@link #status}), its numbers ({@link #figure}) and what it names (builds, profile,
 * metrics). {@link #values} is the row as stored, for the CSV views ({@code results.format}),
 * where empty cells are absent and unknown columns are refused; the {@code param_NAME} columns
 * follow from the {@code params} column. {@link #column} reads a column a person named (a claim's
 * per-run value).
 */
public final class RawRow extends StoredRow<RunFigure> {

    public RawRow(Map<String, String> values) {
        super(kept(values), RunFigure.class, RunFigure::column);
        String steady = text("steady_state");
        if (!steady.isEmpty() && SteadyState.Kind.parse(steady).isEmpty()) {
            throw new IllegalArgumentException("run " + cell() + " #" + text("rep") + ": steady_state '" + steady + "' is no steady-state class"
                    + "\n  fix: write flat, warmup, slowdown or none, or leave it empty (not classified)");
        }
    }

    /** The columns of a raw.csv row, each checked to be one, empty cells left out. */
    private static Map<String, String> kept(Map<String, String> values) {
        for (String k : values.keySet()) {
            if (!Columns.isRaw(k) && !Columns.isParam(k)) throw new IllegalArgumentException("'" + k + "' is not a raw.csv column; columns: " + Columns.RAW);
        }
        LinkedHashMap<String, String> kept = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (v != null && !v.isEmpty()) kept.put(k, v);
        });
        return kept;
    }

    /** A column by the name a person gave (a claim's per-run value), empty where the row has none; code reads the typed accessors. */
    public String column(String column) {
        return RowText.column(values(), column);
    }

    private String text(String column) {
        return values().getOrDefault(column, "");
    }

    /** The cell this run belongs to, as one typed value (its id is {@link #cell}). */
    public CellKey key() {
        return CellColumns.read(this::text);
    }

    /** The cell's id as stored: what groups a run with its cell. */
    public String cell() {
        return text("cell");
    }

    /** The param names of this run's cell. */
    public java.util.Set<String> paramNames() {
        return Params.parse(text("params")).keySet();
    }

    public String runId() {
        return text("run_id");
    }

    /** The run's place in its session's plan; 0 where not stored. */
    public int seq() {
        return whole("seq");
    }

    /** The sequence numbers of the runs this one was started together with ({@code order: duet}); empty for a run made alone. */
    public java.util.Set<Integer> duetWith() {
        java.util.Set<Integer> out = new java.util.TreeSet<>();
        for (String s : text("duet_with").split(" ")) {
            if (!s.isEmpty()) out.add(Integer.parseInt(s));
        }
        return out;
    }

    /** {@code warmup}, {@code measure} or {@code profile}. */
    public String phase() {
        return text("phase");
    }

    /** The round (repetition) of the run; 0 where not stored. */
    public int rep() {
        return whole("rep");
    }

    /** How the run ended: ok, error, timeout, oom, invalid, noisy, skipped, lost. */
    public String status() {
        return text("status");
    }

    /** Why it did not end ok, or what the harness noted of it. */
    public String statusDetail() {
        return text("status_detail");
    }

    /**
     * The run's figure: {@code score} with its unit and direction; for a row stored before the
     * workload kinds (no score), its wall_ms in ms, lower is better.
     */
    public double score() {
        if (text("score").isEmpty() && !text("kind").isEmpty() && !"builtin".equals(text("kind"))) return Double.NaN;
        return text("score").isEmpty() ? number("wall_ms") : number("score");
    }

    /** The figure's unit: ms for a row stored before the workload kinds (its figure is wall_ms). */
    public String scoreUnit() {
        return text("score_unit").isEmpty() ? "ms" : text("score_unit");
    }

    /** Whether a higher score is better (throughput), else lower (time, and rows before the kinds). */
    public boolean higherIsBetter() {
        return "higher".equals(text("score_better"));
    }

    /** The run's workload kind as stored (builtin, jmh, jar; empty in rows written before the kinds). */
    public String kind() {
        return text("kind");
    }

    /** Which attempt of its run this row is (1 unless a noisy run was made again; 1 in rows written before attempts). */
    public int attempt() {
        double n = number("attempt");
        return Double.isFinite(n) && n >= 1 ? (int) n : 1;
    }

    /** A JMH run's steady-state class (flat, warmup, slowdown, none: stats.SteadyState), empty where its iterations were not classified. */
    public Optional<SteadyState.Kind> steadyState() {
        return SteadyState.Kind.parse(text("steady_state"));
    }

    /** The iteration of its fork (warm-up counted first) where a JMH run's steady state begins; 0 where it has none or was not classified. */
    public int steadyFrom() {
        double n = number("steady_from");
        return Double.isFinite(n) ? (int) n : 0;
    }

    /** The warm-up iterations JMH ran before it measured (a fork's), 0 where the run is no JMH run. */
    public int jmhWarmupIterations() {
        double n = number("jmh_warmup_iterations");
        return Double.isFinite(n) ? (int) n : 0;
    }

    /** The JDK's build as the JVM reported it ({@code java.runtime.version}), empty where it did not start. */
    /** A JMH run's measurement time per iteration as its JSON says it ({@code 500 ms}, {@code 1 s}, {@code single-shot}); empty for other kinds. */
    public String jmhMeasurementTime() {
        return text("jmh_measurement_time");
    }

    public String javaRuntimeVersion() {
        return text("java_runtime_version");
    }

    public String javaVendor() {
        return text("java_vendor");
    }

    public String javaVmName() {
        return text("java_vm_name");
    }

    /** A profile run's async-profiler event; empty on every other run. */
    public String profileEvent() {
        return text("profile_event");
    }

    /** A profile run's stacks' file under profiles/, empty where none was kept. */
    public String profileFile() {
        return text("profile_file");
    }

    /** The pinned-event text columns of the run's JFR recording: its top frame, reason and blocking operation. */
    public String pinnedTopFrame() {
        return text("pinned_top_frame");
    }

    public String pinnedReason() {
        return text("pinned_reason");
    }

    /** What the workload measured besides time and memory, by name ({@code metrics}: "k=v;k=v"), each a number. */
    public SortedMap<String, Double> metrics() {
        SortedMap<String, Double> out = new TreeMap<>();
        Params.parse(text("metrics")).forEach((k, v) -> {
            try {
                double x = Double.parseDouble(v);
                out.put(k, Double.isFinite(x) ? x : Double.NaN); // no file of ours writes an infinity: as unreadable as text
            } catch (NumberFormatException e) {
                out.put(k, Double.NaN);
            }
        });
        return out;
    }

    /** The units of {@link #metrics}, by name. */
    public SortedMap<String, String> metricUnits() {
        return Params.parse(text("metric_units"));
    }

    /** The same run with another status and detail (a run stored as noisy, made again). */
    public RawRow withStatus(String status, String detail) {
        Map<String, String> v = new LinkedHashMap<>(values());
        v.put("status", status);
        v.put("status_detail", detail);
        return new RawRow(v);
    }

    /** The run's identity across an interrupted and a resumed harness, equal to {@code PlannedRun.key()} of the run that made it. */
    public String runKey() {
        return cell() + "#" + phase() + text("rep");
    }

    public boolean measured() {
        return "measure".equals(phase());
    }

    /** The cell's one profile run. */
    public boolean profiled() {
        return "profile".equals(phase());
    }

    /** Stored as noisy: the host's CPU steal passed max-steal during it, and it was made again. */
    public boolean noisy() {
        return "noisy".equals(status());
    }

    public boolean ok() {
        return "ok".equals(status());
    }

    private int whole(String column) {
        return RowText.whole(text(column));
    }

    private double number(String column) {
        return RowText.number(text(column));
    }
}
