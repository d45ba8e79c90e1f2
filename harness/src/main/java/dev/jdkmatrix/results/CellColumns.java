package dev.jdkmatrix.results;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.model.MemoryLimit;
import java.util.Map;
import java.util.function.Function;

/**
 * A cell's key as the columns of raw.csv and summary.csv hold it: {@code cell} (its id),
 * {@code kind}, {@code workload}, {@code benchmark}, {@code jmh_mode}, {@code params},
 * {@code executor}, {@code tasks}, {@code jdk}, {@code cpus}, {@code cpu_mode}, {@code memory},
 * {@code jvm_args}. Read back with the defaults of rows written before a column existed (kind
 * builtin, cpu-mode quota); a value that is no CPU count or memory size is refused naming its column.
 */
public final class CellColumns {

    private CellColumns() {}

    /** The key of a row whose columns {@code column} gives (empty for an empty cell). */
    public static CellKey read(Function<String, String> column) {
        String id = column.apply("cell");
        try {
            String tasks = column.apply("tasks");
            return new CellKey(id, CellKey.Kind.parse(column.apply("kind")), column.apply("workload"), column.apply("benchmark"),
                    column.apply("jmh_mode"), Params.parse(column.apply("params")), column.apply("executor"),
                    tasks.isEmpty() ? 0 : Integer.parseInt(tasks), column.apply("jdk"), CpuLimit.parse(required(column, "cpus")),
                    CpuMode.parseOrDefault(column.apply("cpu_mode")),
                    MemoryLimit.parse(required(column, "memory")), column.apply("jvm_args"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("cell '" + id + "': " + e.getMessage()
                    + " (its columns are the harness's; a file edited by hand or cut short has to be restored from the run)", e);
        }
    }

    private static String required(Function<String, String> column, String name) {
        String v = column.apply(name);
        if (v.isEmpty()) throw new IllegalArgumentException("its " + name + " column is empty");
        return v;
    }

    /** Writes a key into a row's columns, as {@link #read} reads them ({@code kind} only where the file has it). */
    public static void write(CellKey key, Map<String, String> columns) {
        columns.put("cell", key.id());
        columns.put("workload", key.workload());
        columns.put("params", key.paramsText());
        columns.put("executor", key.executor());
        columns.put("tasks", Integer.toString(key.tasks()));
        columns.put("jdk", key.jdk());
        columns.put("cpus", key.cpus().text());
        columns.put("memory", key.memory().text());
        columns.put("jvm_args", key.jvmArgs());
        columns.put("kind", key.kind().text());
        columns.put("benchmark", key.benchmark());
        columns.put("cpu_mode", key.cpuMode().text());
        columns.put("jmh_mode", key.jmhMode());
    }
}
