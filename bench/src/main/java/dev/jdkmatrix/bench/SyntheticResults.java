package dev.jdkmatrix.bench;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.SummaryCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Writes a synthetic results folder for the report benchmark: 5 workload shapes x 5 executors x
 * 2 JDKs x 2 CPU limits x 5 task counts = 500 cells, REPS measured runs each plus a warm-up, with
 * shaped, seeded numbers; or, with {@code jmh}, a JMH run of 3,000 cells: 100 benchmarks (20
 * classes of 5) x 3 modes (thrpt, avgt, sample) x 5 JDKs x 2 CPU limits, with -prof gc's metrics.
 * Run with the harness jar on the class path:
 *   java -cp harness/target/jdkmatrix.jar:bench/target/jdkmatrix-bench.jar dev.jdkmatrix.bench.SyntheticResults DIR [REPS] [jmh]
 */
public class SyntheticResults {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Files.createDirectories(dir);
        if (args.length > 2 && args[2].equals("jmh")) {
            jmh(dir, reps);
            return;
        }
        List<RawRow> rows = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(7);
        String[][] shapes = {{"sleep", "wait-ms=100"}, {"sleep", "wait-ms=50"}, {"cpu-primes", "limit=1000000"}, {"cpu-loop", "iterations=200000"},
                {"cpu-hash", "iterations=1000000"}};
        int seq = 0;
        for (String[] shape : shapes) {
            for (String executor : List.of("fixed:cpus", "fixed:200", "virtual", "cached", "thread-per-task")) {
                for (String jdk : List.of("21", "25")) {
                    for (String cpus : List.of("1", "2")) {
                        for (int tasks : List.of(100, 500, 1000, 5000, 10000)) {
                            double base = shape[0].equals("sleep") ? (executor.startsWith("fixed") ? Math.ceil(tasks / 200.0) * 100 : 150 + tasks / 50.0)
                                    : tasks * 2.0 / Double.parseDouble(cpus);
                            String cell = shape[0] + "(" + shape[1] + ") " + executor + " tasks=" + tasks + " jdk=" + jdk + " cpus=" + cpus + " mem=1g";
                            for (int rep = 0; rep <= reps; rep++) {
                                Map<String, String> v = new LinkedHashMap<>();
                                v.put("run_id", "synthetic");
                                v.put("seq", Integer.toString(++seq));
                                v.put("cell", cell);
                                v.put("phase", rep == 0 ? "warmup" : "measure");
                                v.put("rep", Integer.toString(Math.max(1, rep)));
                                v.put("status", "ok");
                                v.put("workload", shape[0]);
                                v.put("params", shape[1]);
                                v.put("executor", executor);
                                v.put("tasks", Integer.toString(tasks));
                                v.put("jdk", jdk);
                                v.put("cpus", cpus);
                                v.put("memory", "1g");
                                v.put("wall_ms", String.format(Locale.ROOT, "%.3f", base * (1 + 0.08 * rnd.nextDouble())));
                                v.put("java_runtime_version", jdk + ".0.0+1");
                                v.put("heap_peak_bytes", Long.toString((30L + tasks / 100) << 20));
                                v.put("rss_peak_bytes", Long.toString((80L + tasks / 40) << 20));
                                v.put("cgroup_peak_bytes", Long.toString((90L + tasks / 40) << 20));
                                rows.add(new RawRow(v));
                            }
                        }
                    }
                }
            }
        }
        try (RawCsv csv = RawCsv.append(dir.resolve("raw.csv"), RawCsv.paramColumns(rows))) {
            for (RawRow r : rows) csv.write(r);
        }
        SummaryCsv.write(dir.resolve("summary.csv"), Summarizer.summarize(rows));
        System.out.println(rows.size() + " runs of " + Summarizer.summarize(rows).size() + " cells in " + dir);
    }

    /** The JMH run: each benchmark a base time per op, each JDK a little faster or slower for some classes, each run a few % apart. */
    static void jmh(Path dir, int reps) throws Exception {
        List<RawRow> rows = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(11);
        int seq = 0;
        List<String> jdks = List.of("17", "21", "25", "26", "27");
        for (int k = 0; k < 20; k++) {
            String cls = "org.example.bench.Suite" + (char) ('A' + k) + "Bench";
            for (int m = 0; m < 5; m++) {
                String benchmark = cls + ".method" + m;
                double usPerOp = Math.pow(10, -1 + (k * 5 + m) % 7) * (1 + rnd.nextDouble());
                for (String mode : List.of("thrpt", "avgt", "sample")) {
                    for (int j = 0; j < jdks.size(); j++) {
                        double jdkFactor = 1 + (k % 3 == 0 ? -0.05 * j : k % 3 == 1 ? 0.03 * j : 0);
                        for (String cpus : List.of("1", "2")) {
                            String cell = "suite:" + benchmark + "[" + mode + "] jdk=" + jdks.get(j) + " cpus=" + cpus + " mem=1g";
                            for (int rep = 0; rep <= reps; rep++) {
                                double us = usPerOp * jdkFactor * (1 + 0.04 * rnd.nextDouble());
                                Map<String, String> v = new LinkedHashMap<>();
                                v.put("run_id", "synthetic-jmh");
                                v.put("seq", Integer.toString(++seq));
                                v.put("cell", cell);
                                v.put("phase", rep == 0 ? "warmup" : "measure");
                                v.put("rep", Integer.toString(Math.max(1, rep)));
                                v.put("status", "ok");
                                v.put("workload", "suite");
                                v.put("jdk", jdks.get(j));
                                v.put("cpus", cpus);
                                v.put("memory", "1g");
                                v.put("kind", "jmh");
                                v.put("benchmark", benchmark);
                                v.put("jmh_mode", mode);
                                v.put("wall_ms", String.format(Locale.ROOT, "%.3f", 3800 + 200 * rnd.nextDouble()));
                                v.put("score", Double.toString(mode.equals("thrpt") ? 1 / us : us));
                                v.put("score_unit", mode.equals("thrpt") ? "ops/us" : "us/op");
                                v.put("score_better", mode.equals("thrpt") ? "higher" : "lower");
                                v.put("metrics", "gc.alloc.rate.norm=" + (long) (usPerOp * 100 + 16) + ";gc.count=" + (1 + rnd.nextInt(20)));
                                v.put("metric_units", "gc.alloc.rate.norm=B/op;gc.count=counts");
                                v.put("java_runtime_version", jdks.get(j) + ".0.0+1");
                                rows.add(new RawRow(v));
                            }
                        }
                    }
                }
            }
        }
        try (RawCsv csv = RawCsv.append(dir.resolve("raw.csv"), RawCsv.paramColumns(rows))) {
            for (RawRow r : rows) csv.write(r);
        }
        SummaryCsv.write(dir.resolve("summary.csv"), Summarizer.summarize(rows));
        // a run.json as 'run' writes one, so that 'make publish' takes the folder as a night
        dev.jdkmatrix.results.format.RunJson.write(dir.resolve("run.json"), new dev.jdkmatrix.results.RunMetadata(1, "synthetic-jmh", "synthetic.yaml", "synthetic-jmh",
                "0".repeat(64), "synthetic", false, "2026-11-25T01:00:00Z", "2026-11-25T05:00:00Z",
                new dev.jdkmatrix.results.RunMetadata.Host("synthetic", "none", 2, 24L << 30, "Linux", "6.1", "25"),
                new dev.jdkmatrix.results.RunMetadata.Engine("20.10.24", "1.41", "Debian", "6.1", 2, 24L << 30, "1", "cgroupfs"),
                jdks.stream().map(j -> new dev.jdkmatrix.results.RunMetadata.Image(j, "jdkmatrix/jdk-" + j + ":synthetic", "sha256:" + j, false, 0)).toList(),
                jdks.stream().collect(java.util.stream.Collectors.toMap(j -> j, j -> List.of(j + ".0.0+1"))),
                new dev.jdkmatrix.results.RunMetadata.Plan(3000, rows.size(), reps, 1, "interleaved", 14400, "1/1", 0.1),
                Map.of("ok", rows.size()), new dev.jdkmatrix.results.RunMetadata.Overhead(rows.size(), 430, 500, 700), 0.1, List.of()));
        dev.jdkmatrix.results.format.ComparisonsCsv.write(dir.resolve("comparisons.csv"),
                dev.jdkmatrix.results.Comparisons.of(rows, dev.jdkmatrix.results.format.RunJson.read(dir.resolve("run.json"))), 0.1);
        System.out.println(rows.size() + " runs of " + Summarizer.summarize(rows).size() + " cells in " + dir);
    }
}
