// Writes docs/performance.md from what `make bench-harness` stored: harness blocks (raw.csv,
// run.json) and plain docker-loop blocks (loop.csv). Run as a single-file program with the
// harness jar on the class path, so that it reads CSV and computes statistics as the harness does.
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.opencsv.CSVReaderHeaderAware;
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

public class BenchReport {

    record LoopRun(int block, String cell, double totalMs, double wallMs) {}

    static double median(List<Double> x) {
        return x.isEmpty() ? Double.NaN : Statistics.of(x.stream().mapToDouble(Double::doubleValue).toArray()).median();
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

    /** The cell key the loop and the harness share. */
    static String key(String workload, String params, String executor, String tasks, String jdk, String cpus, String memory) {
        return workload + "(" + params + ") " + executor + " tasks=" + tasks + " jdk=" + jdk + " cpus=" + cpus + " mem=" + memory;
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int blocks = Integer.parseInt(args[1]);
        ObjectMapper json = new ObjectMapper();

        List<RawRow> harness = new ArrayList<>();
        List<RawRow> packed = new ArrayList<>();
        List<RunMetadata> metas = new ArrayList<>();
        for (int b = 1; b <= blocks; b++) {
            harness.addAll(RawCsv.read(out.resolve("harness-" + b + "/raw.csv")));
            packed.addAll(RawCsv.read(out.resolve("packed-" + b + "/raw.csv")));
            metas.add(RunJson.read(out.resolve("harness-" + b + "/run.json")));
        }
        List<LoopRun> loop = new ArrayList<>();
        try (CSVReaderHeaderAware r = new CSVReaderHeaderAware(new FileReader(out.resolve("loop.csv").toFile()))) {
            Map<String, String> m;
            while ((m = r.readMap()) != null) {
                String rec = m.get("record");
                double wall = Double.NaN;
                if (rec.startsWith("JDKMATRIX-RESULT ")) wall = json.readTree(rec.substring(17)).get("wall_ms").asDouble();
                loop.add(new LoopRun(Integer.parseInt(m.get("block")), key(m.get("workload"), m.get("param"), m.get("executor"), m.get("tasks"),
                        m.get("jdk"), m.get("cpus"), m.get("memory")), Double.parseDouble(m.get("total_ms")), wall));
            }
        }
        Map<String, double[]> blockTimes = new LinkedHashMap<>();
        for (String line : Files.readAllLines(out.resolve("blocks.csv")).subList(1, Files.readAllLines(out.resolve("blocks.csv")).size())) {
            String[] p = line.split(",");
            blockTimes.merge(p[1], new double[] {Double.parseDouble(p[3]) - Double.parseDouble(p[2]), 1}, (a, c) -> new double[] {a[0] + c[0], a[1] + c[1]});
        }
        double harnessTotal = blockTimes.get("harness")[0];
        double loopTotal = blockTimes.get("loop")[0];
        long loopFailed = loop.stream().filter(l -> !Double.isFinite(l.wallMs())).count();
        long harnessFailed = harness.stream().filter(r -> !r.ok()).count();

        RunMetadata meta = metas.get(0);
        StringBuilder md = new StringBuilder();
        md.append("# Harness performance\n\n");
        md.append("Written by `make bench-harness` (harness/scripts/bench-harness.sh) on ")
          .append(meta.host().cpus()).append(" CPUs ").append(meta.host().cpuModel()).append(", Docker ")
          .append(meta.engine().serverVersion()).append(" (cgroup v").append(meta.engine().cgroupVersion()).append("), JDK builds ")
          .append(String.join(", ", meta.jdkBuilds().values().stream().flatMap(List::stream).toList())).append(", from ")
          .append(metas.get(0).startedAt()).append(" to ").append(metas.get(metas.size() - 1).endedAt()).append(".\n\n");
        md.append("The same ").append(harness.size() / blocks).append(" runs (8 small cells of `harness/matrices/bench.yaml` on JDK 21 and 25, ")
          .append("5 repetitions) were executed ").append(blocks).append(" times by each method, alternating: the harness\n")
          .append("(`java -jar harness/target/jdkmatrix.jar run --matrix harness/matrices/bench.yaml --out ...`) and a plain loop\n")
          .append("of `docker run --rm --cpus 1 --memory 512m --memory-swap 512m --network none IMAGE java -jar /opt/jdkmatrix/workloads.jar ...`\n")
          .append("(IMAGE: the same run image the harness used, the JDK image with the workloads jar inside).\n")
          .append("Failed runs: harness ").append(harnessFailed).append(", loop ").append(loopFailed).append(".\n\n");

        md.append("## Overhead\n\n");
        md.append("| | harness | plain loop | ratio |\n|---|---|---|---|\n");
        md.append("| total wall of all blocks (harness: JVM start, Docker connection and image check included) | ")
          .append(f1(harnessTotal / 1000)).append(" s | ").append(f1(loopTotal / 1000)).append(" s | **").append(f3(harnessTotal / loopTotal)).append("** |\n");
        double harnessPerRun = median(harness, r -> r.number("harness_overhead_ms") + r.number("jvm_uptime_ms"));
        double loopPerRun = median(loop.stream().map(LoopRun::totalMs).toList());
        md.append("| median time per run (harness: container create until the row is ready) | ").append(f0(harnessPerRun)).append(" ms | ")
          .append(f0(loopPerRun)).append(" ms | ").append(f3(harnessPerRun / loopPerRun)).append(" |\n\n");
        md.append("The goal is a ratio of at most 1.05. Every harness run collects the memory figures (heap, RSS, cgroup peak) and\n")
          .append("records JFR (`jfr: true` in bench.yaml: jdk.VirtualThreadPinned at threshold 0, written at exit, copied out\n")
          .append("through Docker's archive API (in \"collect\") and read with jdk.jfr.consumer (in \"store\")); the plain loop does neither.\n\n");

        md.append("Where the harness's time per run goes (medians over ").append(harness.size()).append(" runs, ms):\n\n");
        md.append("| create | start | JVM start | workload | rest of the container's life | collect (inspect, logs, JFR copy, remove) | store (log and JFR files) | harness's own (total − JVM uptime) |\n");
        md.append("|---|---|---|---|---|---|---|---|\n");
        md.append("| ").append(f1(median(harness, r -> r.number("create_ms")))).append(" | ").append(f1(median(harness, r -> r.number("start_ms"))))
          .append(" | ").append(f1(median(harness, r -> r.number("jvm_startup_ms")))).append(" | ").append(f1(median(harness, r -> r.number("wall_ms"))))
          .append(" | ").append(f1(median(harness, r -> r.number("wait_ms") - r.number("jvm_startup_ms") - r.number("wall_ms"))))
          .append(" | ").append(f1(median(harness, r -> r.number("collect_ms")))).append(" | ").append(f1(median(harness, r -> r.number("log_ms"))))
          .append(" | ").append(f1(median(harness, r -> r.number("harness_overhead_ms")))).append(" |\n\n");

        md.append("## Agreement\n\nPer cell, the median in-JVM wall time the harness stored against the one the plain loop's record printed (goal: within 3 %).\n\n");
        md.append("| cell | harness median | loop median | difference |\n|---|---|---|---|\n");
        Map<String, List<RawRow>> byCell = new LinkedHashMap<>();
        for (RawRow r : harness) byCell.computeIfAbsent(r.get("cell"), k -> new ArrayList<>()).add(r);
        List<String> outside = new ArrayList<>();
        for (Map.Entry<String, List<RawRow>> e : byCell.entrySet()) {
            double h = median(e.getValue(), r -> r.number("wall_ms"));
            double l = median(loop.stream().filter(x -> x.cell().equals(e.getKey())).map(LoopRun::wallMs).filter(Double::isFinite).toList());
            double d = (h - l) / l * 100;
            if (Math.abs(d) > 3) outside.add(e.getKey());
            md.append("| `").append(e.getKey()).append("` | ").append(f1(h)).append(" ms | ").append(f1(l)).append(" ms | ")
              .append(String.format(Locale.ROOT, "%+.1f %%", d)).append(" |\n");
        }
        md.append("\n").append(outside.isEmpty() ? "Every cell is within 3 %." : outside.size() + " cell(s) outside 3 %: " + outside.stream().map(c -> "`" + c + "`").toList() + ".").append("\n\n");

        md.append("## Fidelity\n\n`fixed:N` sleep cells against the theory of ceil(tasks / N) waves x wait (harness medians).\n\n");
        md.append("| cell | theory | measured | excess |\n|---|---|---|---|\n");
        for (Map.Entry<String, List<RawRow>> e : byCell.entrySet()) {
            RawRow first = e.getValue().get(0);
            if (!first.get("workload").equals("sleep") || !first.get("executor").startsWith("fixed:")) continue;
            int n = Integer.parseInt(first.get("executor").substring(6));
            int tasks = Integer.parseInt(first.get("tasks"));
            double wait = Double.parseDouble(first.get("params").replace("wait-ms=", ""));
            double theory = Math.ceil((double) tasks / n) * wait;
            double h = median(e.getValue(), r -> r.number("wall_ms"));
            md.append("| `").append(e.getKey()).append("` | ").append(f0(theory)).append(" ms | ").append(f1(h)).append(" ms | ")
              .append(String.format(Locale.ROOT, "%+.1f ms (%+.1f %%)", h - theory, (h - theory) / theory * 100)).append(" |\n");
        }

        md.append("\n## Repeatability\n\nCoefficient of variation of the harness's in-JVM wall time per cell over its ").append(harness.size() / byCell.size())
          .append(" repetitions (goal: at most 3 % for sleep cells, 5 % for CPU cells at 1 CPU).\n\n");
        md.append("| cell | n | median | CV | goal |\n|---|---|---|---|---|\n");
        List<String> noisy = new ArrayList<>();
        for (Map.Entry<String, List<RawRow>> e : byCell.entrySet()) {
            Statistics s = Statistics.of(e.getValue().stream().mapToDouble(r -> r.number("wall_ms")).toArray());
            double goal = e.getValue().get(0).get("workload").startsWith("cpu") ? 0.05 : 0.03;
            if (s.cv() > goal) noisy.add(e.getKey());
            md.append("| `").append(e.getKey()).append("` | ").append(s.n()).append(" | ").append(f1(s.median())).append(" ms | ")
              .append(f1(s.cv() * 100)).append(" % | ").append(s.cv() > goal ? "**above " + f0(goal * 100) + " %**" : "met").append(" |\n");
        }
        md.append("\n").append(noisy.isEmpty() ? "Every cell meets its goal." : noisy.size() + " of " + byCell.size() + " cells miss their goal: "
                + noisy.stream().map(c -> "`" + c + "`").toList() + ".").append("\n\n");

        md.append("## Image cache\n\nTime spent making sure both JDK images exist, per harness block (run.json `images_seconds`; goal: at most 2 s with nothing changed):\n\n");
        for (int b = 0; b < metas.size(); b++) {
            md.append("- block ").append(b + 1).append(": ").append(f2(metas.get(b).imagesSeconds())).append(" s")
              .append(metas.get(b).images().stream().anyMatch(RunMetadata.Image::built) ? " (an image was built)" : " (both cached)").append("\n");
        }
        md.append("\n## Packing\n\n`run --parallel force` runs every whole-CPU cell smaller than the host side by side on disjoint CPU sets\n")
          .append("(here: two 1-CPU cells at once on 2 CPUs). The same blocks, packed against serial (goals: wall ratio at most 0.6,\n")
          .append("per-cell medians within 3 %):\n\n");
        double packedTotal = blockTimes.get("packed")[0];
        md.append("- total wall: packed ").append(f1(packedTotal / 1000)).append(" s, serial ").append(f1(harnessTotal / 1000))
          .append(" s, ratio **").append(f3(packedTotal / harnessTotal)).append("**\n\n");
        md.append("| cell | serial median | packed median | difference |\n|---|---|---|---|\n");
        Map<String, Double> worstByWorkload = new LinkedHashMap<>();
        int slower = 0;
        for (Map.Entry<String, List<RawRow>> e : byCell.entrySet()) {
            double s = median(e.getValue(), r -> r.number("wall_ms"));
            double p = median(packed.stream().filter(r -> r.get("cell").equals(e.getKey())).toList(), r -> r.number("wall_ms"));
            double d = (p - s) / s * 100;
            worstByWorkload.merge(e.getValue().get(0).get("workload"), Math.abs(d), Math::max);
            if (d > 0) slower++;
            md.append("| `").append(e.getKey()).append("` | ").append(f1(s)).append(" ms | ").append(f1(p)).append(" ms | ")
              .append(String.format(Locale.ROOT, "%+.1f %%", d)).append(" |\n");
        }
        md.append("\nLargest difference per workload class: ");
        md.append(String.join(", ", worstByWorkload.entrySet().stream().map(e -> e.getKey() + " " + f1(e.getValue()) + " %").toList())).append(".\n");
        List<String> disagree = worstByWorkload.entrySet().stream().filter(e -> e.getValue() > 3).map(Map.Entry::getKey).toList();
        int cells = byCell.size();
        double signP = 0;
        for (int k = Math.max(slower, cells - slower); k <= cells; k++) signP += binomial(cells, k);
        signP = Math.min(1, 2 * signP / Math.pow(2, cells));
        md.append(slower).append(" of ").append(cells).append(" cells are slower packed (two-sided sign test: p = ").append(f3(signP))
          .append(" that packing makes no difference).\n");
        md.append(disagree.isEmpty() ? "Packed and serial agree for every class.\n"
                : "Packed and serial disagree by more than 3 % for: " + String.join(", ", disagree)
                        + ". On this machine the two containers, dockerd and the harness share two vCPUs. So `run --parallel auto`\n"
                        + "does not pack these workload classes; it packs only those measured to agree (CpuSlots.PACKED_BY_AUTO,\n"
                        + "today only the test workload `fault`). `--parallel force` packs them anyway, for measuring.\n");
        System.out.print(md);
    }
}
