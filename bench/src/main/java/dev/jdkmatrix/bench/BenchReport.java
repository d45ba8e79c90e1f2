// Writes docs/performance.md from what `make bench-harness` stored: harness blocks (raw.csv,
// run.json) with JFR on and off, packed blocks, and plain docker-loop blocks (loop.csv). Run by its make target
// with the harness jar on the class path, so that it reads CSV and computes
// statistics as the harness does.
package dev.jdkmatrix.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.opencsv.CSVReaderHeaderAware;
import dev.jdkmatrix.results.Comparison;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Statistics;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.FileReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

public class BenchReport {

    /** One run of the plain loop: its method (loop-jfr or loop), cell id, wall of its commands, in-JVM wall (NaN if it printed no record). */
    record LoopRun(int block, String method, String cell, double totalMs, double wallMs) {}

    /** One block of a round: its method, wall time, and the host's steal during it (percent of its CPU time). */
    record Block(int round, String method, double wallMs, double stealPct) {}

    /** Steal above this in either block of a round makes the round "stolen" (the harness flags cells noisy at the same level). */
    static final double STEAL_LIMIT = 10;

    static double median(List<Double> x) {
        return BenchStats.median(x);
    }

    static double median(List<RawRow> rows, ToDoubleFunction<RawRow> f) {
        return median(rows.stream().map(f::applyAsDouble).filter(Double::isFinite).toList());
    }

    static double binomial(int n, int k) {
        double c = 1;
        for (int i = 1; i <= k; i++) c = c * (n - k + i) / i;
        return c;
    }

    static String f0(double v) { return String.format(Locale.ROOT, "%,.0f", v); }
    static String f1(double v) { return String.format(Locale.ROOT, "%.1f", v); }
    static String f2(double v) { return String.format(Locale.ROOT, "%.2f", v); }
    static String f3(double v) { return String.format(Locale.ROOT, "%.3f", v); }

    static List<RawRow> rows(Path out, String method, int blocks) throws Exception {
        return rows(out, method, 1, blocks);
    }

    static List<RawRow> rows(Path out, String method, int from, int to) throws Exception {
        List<RawRow> all = new ArrayList<>();
        for (int b = from; b <= to; b++) all.addAll(RawCsv.read(out.resolve(method + "-" + b + "/raw.csv")));
        return all;
    }

    static Map<String, List<RawRow>> byCell(List<RawRow> rows) {
        Map<String, List<RawRow>> m = new LinkedHashMap<>();
        for (RawRow r : rows) m.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r);
        return m;
    }

    static List<Double> loopWalls(List<LoopRun> loop, String method, String cell) {
        return loop.stream().filter(x -> x.method().equals(method) && x.cell().equals(cell)).map(LoopRun::wallMs).filter(Double::isFinite).toList();
    }

    /** The statistics of some wall times, or null when there are none. */
    static Statistics stats(List<Double> x) {
        return x.isEmpty() ? null : Statistics.of(arr(x));
    }

    static double[] arr(List<Double> x) {
        return x.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static List<Double> walls(List<RawRow> rows) {
        return rows.stream().map(r -> r.figure(dev.jdkmatrix.results.RunFigure.WALL_MS)).filter(Double::isFinite).toList();
    }

    /** "+4.1 % [-2.0, +9.3]": the change of the median with its 95 % bootstrap interval (Comparison, as `compare` computes it). */
    static String change(Comparison.Row r) {
        return String.format(Locale.ROOT, "%+.1f %% [%+.1f, %+.1f]", r.change() * 100, r.ciLow() * 100, r.ciHigh() * 100);
    }

    /** Whether the interval shows the two within the goal, apart, or cannot tell at this n and spread. */
    static String verdict(Comparison.Row r, double goal) {
        if (r.ciLow() >= -goal && r.ciHigh() <= goal) return "within " + f0(goal * 100) + " %";
        if (r.ciLow() > goal || r.ciHigh() < -goal) return "**differs**";
        return "undecided";
    }

    /** Student's t, two-sided 95 %, for 1 to 30 degrees of freedom; 2.042 (30's) beyond, on the safe side. */
    static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
            2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    /** Geometric mean of per-round ratios given as logs, with a 95 % t-interval over the rounds. */
    static String roundRatio(List<Double> logs) {
        int n = logs.size();
        double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        if (n < 2) return "**" + f3(Math.exp(mean)) + "** (one round, no interval)";
        double var = logs.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (n - 1);
        double half = T975[Math.min(n - 1, T975.length) - 1] * Math.sqrt(var / n);
        return "**" + f3(Math.exp(mean)) + "** [" + f3(Math.exp(mean - half)) + ", " + f3(Math.exp(mean + half)) + "]";
    }

    /** ceil(tasks / N) x wait for a sleep cell on a pool of N, NaN for any other cell. */
    static double theory(RawRow r) {
        if (!r.key().workload().equals("sleep") || !r.key().executor().matches("fixed:[0-9]+")) return Double.NaN;
        for (String kv : r.column("params").split(";"))
            if (kv.startsWith("wait-ms="))
                return Math.ceil(Double.parseDouble(r.column("tasks")) / Integer.parseInt(r.key().executor().substring(6))) * Double.parseDouble(kv.substring(8));
        return Double.NaN;
    }

    static String excess(double measured, double theory) {
        return String.format(Locale.ROOT, "%+.1f ms (%+.1f %%)", measured - theory, (measured - theory) / theory * 100);
    }

    static String cells(List<String> ids) {
        return String.join(", ", ids.stream().map(c -> "`" + c + "`").toList());
    }

    /** Per workload class: the largest change packed against serial, and how many of its cells were shown within 3 % of how many. */
    static final class ClassAgreement {
        double worst;
        int within, cells;
    }

    /** Packed against serial: the wall ratio, per cell the medians with the bootstrap interval, a sign test; per workload class into {@code classes}. */
    static void packing(StringBuilder md, Map<String, List<RawRow>> serialCells, List<RawRow> packed, double serialWall, double packedWall,
                        Map<String, ClassAgreement> classes) {
        md.append("- total wall: packed ").append(f1(packedWall / 1000)).append(" s, serial ").append(f1(serialWall / 1000))
          .append(" s, ratio **").append(f3(packedWall / serialWall)).append("** (goal at most 0.6: ").append(packedWall / serialWall <= 0.6 ? "met" : "**not met**").append(")\n\n");
        md.append("| cell | serial median | packed median | packed against serial [95 % CI] | verdict |\n|---|---|---|---|---|\n");
        int slower = 0, n = 0;
        for (Map.Entry<String, List<RawRow>> e : serialCells.entrySet()) {
            List<Double> pw = walls(packed.stream().filter(r -> r.cell().equals(e.getKey())).toList());
            ClassAgreement c = classes.computeIfAbsent(e.getValue().get(0).key().workload(), k -> new ClassAgreement());
            c.cells++;
            if (pw.isEmpty()) {
                md.append("| `").append(e.getKey()).append("` | | no packed runs | | |\n");
                c.worst = Double.POSITIVE_INFINITY;
                continue;
            }
            Comparison.Row r = Comparison.row(e.getKey(), arr(walls(e.getValue())), arr(pw), 0.03);
            c.worst = Math.max(c.worst, Math.abs(r.change() * 100));
            if (verdict(r, 0.03).startsWith("within")) c.within++;
            n++;
            if (r.change() > 0) slower++;
            md.append("| `").append(e.getKey()).append("` | ").append(f1(r.baselineMedian())).append(" ms | ").append(f1(r.newMedian())).append(" ms | ")
              .append(change(r)).append(" | ").append(verdict(r, 0.03)).append(" |\n");
        }
        double signP = 0;
        for (int k = Math.max(slower, n - slower); k <= n; k++) signP += binomial(n, k);
        signP = Math.min(1, 2 * signP / Math.pow(2, n));
        md.append("\n").append(slower).append(" of ").append(n).append(" cells are slower packed (two-sided sign test: p = ").append(f3(signP))
          .append(" that packing makes no difference).\n");
    }

    /** The harness's own start: `plan` and a one-run `run`, as `java -jar`, with an AOT cache (JDK 25+), and through the launcher. */
    static void launch(StringBuilder md, Path out) throws Exception {
        List<String> lines = Files.readAllLines(out.resolve("launch.csv"));
        Map<String, Map<String, List<Double>>> wall = new LinkedHashMap<>();
        Map<String, List<Double>> outside = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] p = line.split(",");
            wall.computeIfAbsent(p[2], k -> new LinkedHashMap<>()).computeIfAbsent(p[1], k -> new ArrayList<>()).add(Double.parseDouble(p[3]));
            if (p[2].equals("run")) {
                Path raw = out.resolve("launch-" + p[1] + "-" + p[0] + "/raw.csv");
                double inside = Files.exists(raw) ? RawCsv.read(raw).stream().mapToDouble(r -> r.figure(dev.jdkmatrix.results.RunFigure.HARNESS_OVERHEAD_MS) + r.figure(dev.jdkmatrix.results.RunFigure.JVM_UPTIME_MS)).sum() : Double.NaN;
                outside.computeIfAbsent(p[1], k -> new ArrayList<>()).add(Double.parseDouble(p[3]) - inside);
            }
        }
        Map<String, String> names = new LinkedHashMap<>();
        names.put("java-jar", "`java -jar` (the JDK's default class-data archive only)");
        names.put("aot", "`java -XX:AOTCache=...` (JDK 25+: an AOT cache of the harness's classes, linked, with method profiles)");
        names.put("launcher", "`harness/scripts/jdkmatrix.sh` (a class-data archive of the harness's classes, `-XX:+AutoCreateSharedArchive`)");
        names.keySet().retainAll(wall.get("plan").keySet());
        md.append("\n### Harness start\n\nEach round timed two commands ").append(names.size() == 3 ? "three" : "two").append(" ways, the caches made before the first round: `plan` of a\n")
          .append("one-cell matrix (no Docker), and `run` of one short run (Docker connection, image check, the run, raw.csv and run.json);\n")
          .append("for `run`, \"outside the run\" is the command's wall time minus the run's own (container create until its row is ready).\n")
          .append("Medians over the rounds, ms (min–max):\n\n");
        md.append("| started as | plan | run | run, outside the run |\n|---|---|---|---|\n");
        for (Map.Entry<String, String> e : names.entrySet()) {
            md.append("| ").append(e.getValue());
            for (List<Double> x : java.util.Arrays.asList(wall.get("plan").get(e.getKey()), wall.get("run").get(e.getKey()), outside.get(e.getKey()))) {
                List<Double> ok = x.stream().filter(Double::isFinite).toList();
                md.append(" | ").append(f0(median(ok))).append(" (").append(f0(ok.stream().min(Double::compare).orElse(Double.NaN))).append("–")
                  .append(f0(ok.stream().max(Double::compare).orElse(Double.NaN))).append(")");
            }
            md.append(" |\n");
        }
        double jar = median(outside.get("java-jar")), launcher = median(outside.get("launcher"));
        md.append("\nOutside the run, the launcher's class-data archive saves ").append(f0(jar - launcher)).append(" ms of `java -jar`'s ").append(f0(jar)).append(" ms");
        if (outside.containsKey("aot")) {
            double aot = median(outside.get("aot"));
            md.append(", the AOT cache ").append(f0(jar - aot)).append(" ms (").append(aot < launcher ? f0(launcher - aot) + " ms more" : f0(aot - launcher) + " ms less")
              .append(" than the archive)");
        }
        md.append(". What is left is the work itself, warm or not: connecting to Docker\n")
          .append("through Testcontainers (its strategy probe, docker-java, Jackson, a TLS context), the image check and the files.\n");
    }

    /** A run's own time as the harness measured it: container create until its row is ready. */
    static final ToDoubleFunction<RawRow> perRun = r -> r.figure(dev.jdkmatrix.results.RunFigure.HARNESS_OVERHEAD_MS) + r.figure(dev.jdkmatrix.results.RunFigure.JVM_UPTIME_MS);

    public static void main(String[] args) throws Exception {
        Inputs in = Inputs.read(Path.of(args[0]), Integer.parseInt(args[1]));
        StringBuilder md = new StringBuilder();
        header(md, in);
        overhead(md, in);
        timePerRun(md, in);
        BenchAgreement.agreement(md, in);
        BenchAgreement.fidelity(md, in);
        BenchAgreement.repeatability(md, in);
        BenchAgreement.imagesAndPacking(md, in);
        md.append(cpuModes(Path.of("docs/cpu-modes.md")));
        System.out.print(md);
    }

    /** What make bench-harness stored, read once: the harness blocks' rows and run.json, the loop's runs, the blocks' times. */
    record Inputs(Path out, int blocks, List<RawRow> harnessJfr, List<RawRow> harness, List<RawRow> packed, List<RawRow> repeat, List<RawRow> repeatPacked, List<RunMetadata> metas, List<LoopRun> loop, Map<String, Double> blockTotal, List<Block> blockList, long recordings, long loopJfrRuns, Map<String, List<RawRow>> cellsJfr, Map<String, List<RawRow>> cells, int perBlock) {

        static Inputs read(Path out, int blocks) throws Exception {
            ObjectMapper json = new ObjectMapper();

            List<RawRow> harnessJfr = rows(out, "harness-jfr", blocks);
            List<RawRow> harness = rows(out, "harness", blocks);
            List<RawRow> packed = rows(out, "packed", blocks);
            List<RawRow> repeat = rows(out, "repeat", 1), repeatPacked = rows(out, "repeat-packed", 1);
            List<RunMetadata> metas = new ArrayList<>();
            for (String method : List.of("harness-jfr", "harness"))
                for (int b = 1; b <= blocks; b++) metas.add(RunJson.read(out.resolve(method + "-" + b + "/run.json")));
            List<LoopRun> loop = new ArrayList<>();
            try (CSVReaderHeaderAware r = new CSVReaderHeaderAware(new FileReader(out.resolve("loop.csv").toFile()))) {
                Map<String, String> m;
                while ((m = r.readMap()) != null) {
                    String rec = m.get("record");
                    double wall = Double.NaN;
                    if (rec.startsWith("JDKMATRIX-RESULT ")) wall = json.readTree(rec.substring(17)).get("wall_ms").asDouble();
                    loop.add(new LoopRun(Integer.parseInt(m.get("block")), m.get("method"), m.get("cell"), Double.parseDouble(m.get("total_ms")), wall));
                }
            }
            Map<String, Double> blockTotal = new LinkedHashMap<>();
            List<Block> blockList = new ArrayList<>();
            List<String> blockLines = Files.readAllLines(out.resolve("blocks.csv"));
            for (String line : blockLines.subList(1, blockLines.size())) {
                String[] p = line.split(",");
                Block bl = new Block(Integer.parseInt(p[0]), p[1], Double.parseDouble(p[3]) - Double.parseDouble(p[2]), Double.parseDouble(p[4]));
                blockList.add(bl);
                blockTotal.merge(bl.method(), bl.wallMs(), Double::sum);
            }
            long recordings;
            try (Stream<Path> s = Files.list(out.resolve("loop-jfr"))) {
                recordings = s.filter(p -> p.toString().endsWith(".jfr")).count();
            }
            long loopJfrRuns = loop.stream().filter(l -> l.method().equals("loop-jfr")).count();
            Map<String, List<RawRow>> cellsJfr = byCell(harnessJfr);
            Map<String, List<RawRow>> cells = byCell(harness);
            int perBlock = harness.size() / blocks;

            return new Inputs(out, blocks, harnessJfr, harness, packed, repeat, repeatPacked, metas, loop, blockTotal, blockList, recordings, loopJfrRuns, cellsJfr, cells, perBlock);
        }
    }

    /** The page's title, where and when it was measured, and the five methods. */
    static void header(StringBuilder md, Inputs in) throws Exception {
        int blocks = in.blocks();
        List<RawRow> harnessJfr = in.harnessJfr();
        List<RawRow> harness = in.harness();
        List<RawRow> packed = in.packed();
        List<RawRow> repeat = in.repeat();
        List<RawRow> repeatPacked = in.repeatPacked();
        List<RunMetadata> metas = in.metas();
        List<LoopRun> loop = in.loop();
        long recordings = in.recordings();
        long loopJfrRuns = in.loopJfrRuns();
        Map<String, List<RawRow>> cells = in.cells();
        int perBlock = in.perBlock();
        RunMetadata meta = metas.get(0);
        md.append("# Harness performance\n\n");
        md.append("Written by `BLOCKS=").append(blocks).append(" make bench-harness` (harness/scripts/bench-harness.sh) on ")
          .append(meta.host().cpus()).append(" CPUs ").append(meta.host().cpuModel()).append(", Docker ")
          .append(meta.engine().serverVersion()).append(" (cgroup v").append(meta.engine().cgroupVersion()).append("), JDK builds ")
          .append(String.join(", ", meta.jdkBuilds().values().stream().flatMap(List::stream).sorted().toList())).append(", from ")
          .append(metas.stream().map(RunMetadata::startedAt).min(Comparable::compareTo).orElseThrow()).append(" to ")
          .append(metas.stream().map(RunMetadata::endedAt).max(Comparable::compareTo).orElseThrow()).append(" (packed blocks after each round), with the harness at commit ")
          .append(meta.gitCommit() == null || meta.gitCommit().isEmpty() ? "unknown" : meta.gitCommit().substring(0, Math.min(7, meta.gitCommit().length())))
          .append(meta.gitDirty() ? " (with uncommitted changes)" : "")
          .append(": the commands and files quoted below are that harness's, and a later one may run others (make bench-harness measures it again).\n\n");
        md.append("The same ").append(perBlock).append(" runs (").append(cells.size()).append(" small cells of `harness/matrices/bench.yaml`, ")
          .append(perBlock / cells.size()).append(" repetitions) were executed in ").append(blocks)
          .append(" rounds, harness and loop alternating which goes first. Five methods:\n\n")
          .append("- **harness, JFR on**: `java -jar harness/target/jdkmatrix.jar run --matrix harness/matrices/bench.yaml --out ...`;\n")
          .append("  bench.yaml says `jfr: true`, so every run records jdk.VirtualThreadPinned at threshold 0, copies the recording out through\n")
          .append("  Docker's archive API and reads it with jdk.jfr.consumer, besides the memory figures (heap, RSS, cgroup peak) every run collects.\n")
          .append("- **loop, JFR on**: per run `docker run --name N --cpus 1 --memory 512m --memory-swap 512m --network none IMAGE CMD`,\n")
          .append("  `docker cp N:/out/run.jfr ...`, `docker rm N`, where CMD is the harness's own command for the cell\n")
          .append("  (`Commands.command`, printed by bench/src/main/java/dev/jdkmatrix/bench/BenchCommands.java: `java -Xlog:jfr+startup=error -XX:StartFlightRecording=... -jar /opt/jdkmatrix/workloads.jar ...`)\n")
          .append("  and IMAGE the run image the harness used (the JDK image with the workloads jar); ").append(recordings).append(" of ").append(loopJfrRuns)
          .append(" recordings copied out.\n")
          .append("- **harness, JFR off**: the same with a copy of bench.yaml that says `jfr: false`.\n")
          .append("- **loop, JFR off** (the bare loop): per run `docker run --rm --cpus 1 --memory 512m --memory-swap 512m --network none IMAGE java -jar /opt/jdkmatrix/workloads.jar ...`.\n")
          .append("- **packed**: the harness, JFR off, with `--parallel force` (see Packing).\n\n")
          .append("After the rounds, the cells of `harness/matrices/repeat.yaml` (2–3 s each at 1 CPU) ran three ways, once each: the harness,\n")
          .append("the bare loop, the harness packed (Repeatability and Packing, \"At full size\").\n\n");
        md.append("Failed runs: harness ").append(Stream.of(harnessJfr, harness, packed, repeat, repeatPacked).flatMap(List::stream).filter(r -> !r.ok()).count())
          .append(", loop ").append(loop.stream().filter(l -> !Double.isFinite(l.wallMs())).count()).append(".\n\n");

    }

    /** The harness's total and per-run time against the plain loop, per round, and what JFR costs. */
    static void overhead(StringBuilder md, Inputs in) throws Exception {
        int blocks = in.blocks();
        List<RawRow> harnessJfr = in.harnessJfr();
        List<RawRow> harness = in.harness();
        List<LoopRun> loop = in.loop();
        Map<String, Double> blockTotal = in.blockTotal();
        List<Block> blockList = in.blockList();
        md.append("## Overhead\n\n");
        double hJfr = blockTotal.get("harness-jfr"), lJfr = blockTotal.get("loop-jfr"), h = blockTotal.get("harness"), l = blockTotal.get("loop");
        md.append("Total wall time of all blocks (the harness's JVM start, Docker connection and image check included), and the median time per run\n")
          .append("(harness: container create until the row is ready; loop: the run's docker commands). Goal: ratio at most 1.05.\n\n");
        md.append("| same java command in both | harness | plain loop | ratio | goal |\n|---|---|---|---|---|\n");
        md.append("| JFR on: total wall | ").append(f1(hJfr / 1000)).append(" s | ").append(f1(lJfr / 1000)).append(" s | **").append(f3(hJfr / lJfr))
          .append("** | ").append(hJfr / lJfr <= 1.05 ? "met" : "**not met**").append(" |\n");
        double hJfrRun = median(harnessJfr, perRun), lJfrRun = median(loop.stream().filter(x -> x.method().equals("loop-jfr")).map(LoopRun::totalMs).toList());
        md.append("| JFR on: median per run | ").append(f0(hJfrRun)).append(" ms | ").append(f0(lJfrRun)).append(" ms | ").append(f3(hJfrRun / lJfrRun)).append(" | |\n");
        md.append("| JFR off: total wall | ").append(f1(h / 1000)).append(" s | ").append(f1(l / 1000)).append(" s | **").append(f3(h / l))
          .append("** | ").append(h / l <= 1.05 ? "met" : "**not met**").append(" |\n");
        double hRun = median(harness, perRun), lRun = median(loop.stream().filter(x -> x.method().equals("loop")).map(LoopRun::totalMs).toList());
        md.append("| JFR off: median per run | ").append(f0(hRun)).append(" ms | ").append(f0(lRun)).append(" ms | ").append(f3(hRun / lRun)).append(" | |\n\n");
        md.append("Per round (wall time in s, the host's steal during the block in parentheses; a round is *stolen* when either of the\n")
          .append("two blocks compared lost more than ").append(f0(STEAL_LIMIT)).append(" % of the host's CPU time to other guests of the hypervisor):\n\n");
        md.append("| round | harness, JFR on | loop, JFR on | ratio | harness, JFR off | loop, JFR off | ratio | packed |\n|---|---|---|---|---|---|---|---|\n");
        double[] calm = new double[4];
        int calmJfr = 0, calmOff = 0;
        List<Double> logJfr = new ArrayList<>(), logOff = new ArrayList<>();
        for (int b = 1; b <= blocks; b++) {
            Map<String, Block> m = new LinkedHashMap<>();
            for (Block bl : blockList) if (bl.round() == b) m.put(bl.method(), bl);
            md.append("| ").append(b);
            for (String[] pair : List.of(new String[] {"harness-jfr", "loop-jfr"}, new String[] {"harness", "loop"})) {
                Block hb = m.get(pair[0]), lb = m.get(pair[1]);
                boolean stolen = hb.stealPct() > STEAL_LIMIT || lb.stealPct() > STEAL_LIMIT;
                md.append(" | ").append(f1(hb.wallMs() / 1000)).append(" (").append(f1(hb.stealPct())).append(" %) | ")
                  .append(f1(lb.wallMs() / 1000)).append(" (").append(f1(lb.stealPct())).append(" %) | ").append(f3(hb.wallMs() / lb.wallMs()))
                  .append(stolen ? " stolen" : "");
                (pair[0].equals("harness") ? logOff : logJfr).add(Math.log(hb.wallMs() / lb.wallMs()));
                if (!stolen) {
                    int i = pair[0].equals("harness") ? 2 : 0;
                    calm[i] += hb.wallMs();
                    calm[i + 1] += lb.wallMs();
                    if (i == 0) calmJfr++; else calmOff++;
                }
            }
            Block pb = m.get("packed");
            md.append(" | ").append(f1(pb.wallMs() / 1000)).append(" (").append(f1(pb.stealPct())).append(" %) |\n");
        }
        md.append("\nOver the rounds not stolen: JFR on ").append(calmJfr == 0 ? "none" : "**" + f3(calm[0] / calm[1]) + "** (" + calmJfr + " of " + blocks + " rounds)")
          .append(", JFR off ").append(calmOff == 0 ? "none" : "**" + f3(calm[2] / calm[3]) + "** (" + calmOff + " of " + blocks + " rounds)").append(".\n");
        md.append("Taking each round as a pair (its harness block against its loop block), the geometric mean of the ").append(blocks)
          .append(" rounds' ratios with its 95 % t-interval: JFR on ").append(roundRatio(logJfr)).append(", JFR off ").append(roundRatio(logOff))
          .append(". An interval that holds 1.05 cannot tell the goal met from missed.\n\n");
        md.append("What JFR itself costs, whoever starts the JVM: the loop with JFR on against the bare loop, ").append(f1(lJfr / 1000)).append(" s against ")
          .append(f1(l / 1000)).append(" s (").append(f3(lJfr / l)).append("x); the harness with JFR on against the bare loop, ").append(f3(hJfr / l))
          .append("x. The harness's JVM start with JFR has a median of ").append(f0(median(harnessJfr, r -> r.figure(dev.jdkmatrix.results.RunFigure.JVM_STARTUP_MS))))
          .append(" ms, without ").append(f0(median(harness, r -> r.figure(dev.jdkmatrix.results.RunFigure.JVM_STARTUP_MS))))
          .append(" ms: JFR's own start-up (loading and instrumenting its classes on one CPU), paid inside the measured container by any\n")
          .append("method that records. So the harness records JFR only where it is asked for: by default in the pinning workloads' cells.\n\n");

    }

    /** Where the harness's time per run goes, what it costs outside the runs, and its own start. */
    static void timePerRun(StringBuilder md, Inputs in) throws Exception {
        Path out = in.out();
        List<RawRow> harnessJfr = in.harnessJfr();
        List<RawRow> harness = in.harness();
        List<LoopRun> loop = in.loop();
        List<Block> blockList = in.blockList();
        int perBlock = in.perBlock();
        md.append("Where the harness's time per run goes (medians, ms):\n\n");
        md.append("| | runs | create | start | JVM start | workload | rest of the container's life | collect (inspect, logs, JFR copy, remove) | store (log and JFR files) | harness's own (total − JVM uptime) |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (Map.Entry<String, List<RawRow>> e : Map.of("JFR on", harnessJfr, "JFR off", harness).entrySet().stream()
                .sorted(Map.Entry.comparingByKey(java.util.Comparator.reverseOrder())).toList()) {
            List<RawRow> rs = e.getValue();
            md.append("| ").append(e.getKey()).append(" | ").append(rs.size()).append(" | ").append(f1(median(rs, r -> r.figure(dev.jdkmatrix.results.RunFigure.CREATE_MS))))
              .append(" | ").append(f1(median(rs, r -> r.figure(dev.jdkmatrix.results.RunFigure.START_MS)))).append(" | ").append(f1(median(rs, r -> r.figure(dev.jdkmatrix.results.RunFigure.JVM_STARTUP_MS))))
              .append(" | ").append(f1(median(rs, r -> r.figure(dev.jdkmatrix.results.RunFigure.WALL_MS))))
              .append(" | ").append(f1(median(rs, r -> r.figure(dev.jdkmatrix.results.RunFigure.WAIT_MS) - r.figure(dev.jdkmatrix.results.RunFigure.JVM_STARTUP_MS) - r.figure(dev.jdkmatrix.results.RunFigure.WALL_MS))))
              .append(" | ").append(f1(median(rs, r -> r.figure(dev.jdkmatrix.results.RunFigure.COLLECT_MS)))).append(" | ").append(f1(median(rs, r -> r.figure(dev.jdkmatrix.results.RunFigure.LOG_MS))))
              .append(" | ").append(f1(median(rs, r -> r.figure(dev.jdkmatrix.results.RunFigure.HARNESS_OVERHEAD_MS)))).append(" |\n");
        }

        Map<String, List<Double>> fixedCost = new LinkedHashMap<>();
        for (Block bl : blockList) {
            if (!List.of("harness", "harness-jfr", "loop", "loop-jfr").contains(bl.method())) continue;
            double inside = bl.method().startsWith("harness")
                    ? rows(out, bl.method(), bl.round(), bl.round()).stream().mapToDouble(perRun).sum()
                    : loop.stream().filter(x -> x.block() == bl.round() && x.method().equals(bl.method())).mapToDouble(LoopRun::totalMs).sum();
            fixedCost.computeIfAbsent(bl.method().startsWith("harness") ? "harness" : "loop", k -> new ArrayList<>()).add((bl.wallMs() - inside) / 1000);
        }
        md.append("\nOutside the runs, per block (block wall time minus the sum of its runs' times above): the harness ")
          .append(f2(median(fixedCost.get("harness")))).append(" s median (").append(f2(fixedCost.get("harness").stream().min(Double::compare).orElseThrow()))
          .append("–").append(f2(fixedCost.get("harness").stream().max(Double::compare).orElseThrow()))
          .append(" s: its JVM start, Docker connection, image check, plan, and writing raw.csv, summary.csv and run.json), the loop ")
          .append(f2(median(fixedCost.get("loop")))).append(" s (its shell). On blocks of ").append(perBlock)
          .append(" short runs that fixed cost is several percent of the total; over a longer matrix the total ratio tends to the per-run one.\n");
        launch(md, out);
    }


    /**
     * The summary of docs/cpu-modes.md (make bench-cpu-modes: the CPU-bound cells under a CFS quota
     * and pinned), so that this page states the CV of both modes; empty when that run was not made.
     */
    static String cpuModes(Path file) throws java.io.IOException {
        if (!Files.isRegularFile(file)) return "";
        String text = Files.readString(file);
        int from = text.indexOf("## Summary");
        int to = text.indexOf("## Per cell");
        if (from < 0 || to < 0) return "";
        String written = text.lines().filter(l -> l.startsWith("Written by")).findFirst().orElse("");
        return "\n## CPU limits: a CFS quota against pinned CPUs\n\n" + written + " Per cell: [cpu-modes.md](cpu-modes.md).\n\n"
                + text.substring(from + "## Summary".length(), to).strip() + "\n";
    }
}
