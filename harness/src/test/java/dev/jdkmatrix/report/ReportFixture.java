package dev.jdkmatrix.report;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Rows;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A results folder written the way 'run' writes one, with made-up but shaped numbers: sleep cells
 * over two task counts and two CPU limits (virtual faster than a pool), pinning cells whose JDK 21
 * synchronized runs are 20x slower with pinned events, one cell with a timed-out run, and a
 * cell whose JVM arguments hold HTML metacharacters.
 */
final class ReportFixture {

    static final String HOSTILE_JVM_ARG = "-Dtag=<img src=x onerror=alert(1)>&\"'";

    private ReportFixture() {}

    static Path write(Path dir, String runId, String startedAt) throws IOException {
        Files.createDirectories(dir);
        List<RawRow> rows = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(42);
        int[] seq = {0};
        for (String jdk : List.of("21", "25")) {
            for (String cpus : List.of("1", "2")) {
                for (int tasks : List.of(1000, 10000)) {
                    for (String executor : List.of("fixed:200", "virtual")) {
                        double wall = executor.equals("virtual") ? 120 + tasks / 100.0 : Math.ceil(tasks / 200.0) * 100;
                        cell(rows, seq, rnd, runId, "sleep", "wait-ms=100", executor, tasks, jdk, cpus, "", wall, 0, false);
                    }
                }
            }
            for (String lock : List.of("synchronized", "reentrant")) {
                boolean pins = jdk.equals("21") && lock.equals("synchronized");
                cell(rows, seq, rnd, runId, "pinning", "hold-ms=50;lock=" + lock, "virtual", 200, jdk, "1", "", pins ? 10_000 : 110, pins ? 200 : 0, false);
            }
        }
        cell(rows, seq, rnd, runId, "sleep", "wait-ms=100", "virtual", 1000, "25", "1", HOSTILE_JVM_ARG, 130, 0, true);
        try (RawCsv csv = RawCsv.append(dir.resolve("raw.csv"), java.util.List.of())) {
            for (RawRow r : rows) csv.write(r);
        }
        dev.jdkmatrix.results.format.SummaryCsv.write(dir.resolve("summary.csv"), dev.jdkmatrix.results.Summarizer.summarize(rows));
        RunJson.write(dir.resolve("run.json"), new RunMetadata(1, runId, "matrix.yaml", "fixture", "0".repeat(64), "abcdef1234567890", false, startedAt,
                startedAt.replace("T10:", "T11:"), new RunMetadata.Host("host<1>", "Test CPU", 2, 24L << 30, "Linux", "6.1", "25.0.3"),
                new RunMetadata.Engine("20.10.24", "1.41", "Debian", "6.1", 2, 24L << 30, "1", "cgroupfs"),
                List.of(new RunMetadata.Image("21", "jdkmatrix/jdk-21:abc", "sha256:1", false, 0), new RunMetadata.Image("25", "jdkmatrix/jdk-25:def", "sha256:2", false, 0)),
                Map.of("21", List.of("21.0.12+7"), "25", List.of("25.0.3+9")), new RunMetadata.Plan(21, 84, 3, 1, "interleaved", 100, "1/1", 0.1),
                Map.of("ok", rows.size() - 1, "timeout", 1), new RunMetadata.Overhead(rows.size(), 430, 500, 700), 0.1, List.of()));
        return dir;
    }

    private static void cell(List<RawRow> rows, int[] seq, SplittableRandom rnd, String runId, String workload, String params, String executor, int tasks,
                             String jdk, String cpus, String jvmArgs, double wall, int pinned, boolean oneTimeout) {
        String id = workload + "(" + params + ") " + executor + " tasks=" + tasks + " jdk=" + jdk + " cpus=" + cpus + " mem=1g"
                + (jvmArgs.isEmpty() ? "" : " jvm=[" + jvmArgs + "]");
        for (int rep = 0; rep <= 3; rep++) {
            Rows.Builder v = Rows.empty();
            v.with("run_id", runId);
            v.with("seq", Integer.toString(++seq[0]));
            v.with("cell", id);
            v.with("phase", rep == 0 ? "warmup" : "measure");
            v.with("rep", Integer.toString(Math.max(rep, 1)));
            v.with("workload", workload);
            v.with("params", params);
            v.with("executor", executor);
            v.with("tasks", Integer.toString(tasks));
            v.with("jdk", jdk);
            v.with("cpus", cpus);
            v.with("memory", "1g");
            v.with("jvm_args", jvmArgs);
            boolean timedOut = oneTimeout && rep == 2;
            v.with("status", timedOut ? "timeout" : "ok");
            if (timedOut) {
                v.with("status_detail", "killed after the timeout of 2m; output in logs/00099.log");
            } else {
                v.with("wall_ms", String.format(Locale.ROOT, "%.3f", wall * (1 + 0.04 * rnd.nextDouble())));
                v.with("java_runtime_version", jdk.equals("21") ? "21.0.12+7" : "25.0.3+9");
                v.with("heap_peak_bytes", Long.toString((20L + tasks / 100) << 20));
                v.with("rss_peak_bytes", Long.toString((60L + tasks / 50) << 20));
                v.with("cgroup_peak_bytes", Long.toString((70L + tasks / 50) << 20));
                // the CFS quota throttles a sleep cell's JVM (JIT, GC) a little, more at 1 CPU
                if (workload.equals("sleep")) {
                    v.with("cpu_mode", "quota");
                    v.with("cpu_periods", "10");
                    v.with("cpu_throttled_periods", cpus.equals("1") ? "4" : "1");
                    v.with("cpu_throttled_ms", cpus.equals("1") ? "180.000" : "30.000");
                }
                if (workload.equals("pinning")) {
                    v.with("pinned_events", Integer.toString(pinned));
                    v.with("pinned_total_ms", Integer.toString(pinned * 50));
                }
            }
            rows.add(v.build());
        }
    }
}
