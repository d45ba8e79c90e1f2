package dev.jdkmatrix.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What run.json says of a run's rows: status counts, JDK builds seen, and the harness's overhead. */
public record RunFigures(Map<String, Integer> statusCounts, Map<String, List<String>> jdkBuilds, RunMetadata.Overhead overhead) {

    public static RunFigures of(List<RawRow> rows) {
        Map<String, Integer> counts = new TreeMap<>();
        Map<String, List<String>> builds = new TreeMap<>();
        List<Double> overhead = new ArrayList<>();
        for (RawRow r : rows) {
            counts.merge(r.status(), 1, Integer::sum);
            String build = r.javaRuntimeVersion();
            if (!build.isEmpty()) {
                List<String> l = builds.computeIfAbsent(r.key().jdk(), k -> new ArrayList<>());
                if (!l.contains(build)) l.add(build);
            }
            double o = r.figure(RunFigure.HARNESS_OVERHEAD_MS);
            if (Double.isFinite(o)) overhead.add(o);
        }
        RunMetadata.Overhead oh = null;
        if (!overhead.isEmpty()) {
            double[] x = overhead.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            Statistics s = Statistics.of(x);
            oh = new RunMetadata.Overhead(x.length, round(s.median()), round(x[(int) Math.min(x.length - 1, Math.ceil(0.9 * x.length) - 1)]), round(s.max()));
        }
        return new RunFigures(counts, builds, oh);
    }

    public static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
