package dev.jdkmatrix.bench;

import static dev.jdkmatrix.bench.BenchReport.*;

import dev.jdkmatrix.results.Comparison;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Statistics;
import dev.jdkmatrix.results.format.RawCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The sections of docs/performance.md that hold the harness to the plain loop cell by cell: agreement, fidelity, repeatability, packing (BenchReport writes the page). */
final class BenchAgreement {

    private BenchAgreement() {}

    /** Per cell, the harness's median against the loop's, JFR on and off. */
    static void agreement(StringBuilder md, Inputs in) throws Exception {
        List<LoopRun> loop = in.loop();
        Map<String, List<RawRow>> cellsJfr = in.cellsJfr();
        Map<String, List<RawRow>> cells = in.cells();

        md.append("\n## Agreement\n\nPer cell, the median in-JVM wall time the harness stored against the one the loop's record printed, the loop running\n")
          .append("the same java command (goal: within 3 %). The interval is the 95 % bootstrap interval of the difference (as `compare` computes it):\n")
          .append("\"within 3 %\" when all of it lies within 3 %, **differs** when none of it does, \"undecided\" when this many runs with this spread cannot tell.\n\n");
        List<String> outsideJfr = new ArrayList<>(), outside = new ArrayList<>();
        for (boolean jfr : List.of(true, false)) {
            md.append(jfr ? "JFR on (last column: what JFR does to the workload's own time, the loop with JFR against the bare loop):\n\n" : "\nJFR off:\n\n");
            md.append("| cell | harness median | loop median | harness against loop [95 % CI] | verdict |").append(jfr ? " JFR's effect [95 % CI] |\n" : "\n")
              .append("|---|---|---|---|---|").append(jfr ? "---|\n" : "\n");
            for (String cell : cells.keySet()) {
                List<Double> hw = walls((jfr ? cellsJfr : cells).getOrDefault(cell, List.of())), lw = loopWalls(loop, jfr ? "loop-jfr" : "loop", cell);
                if (hw.isEmpty() || lw.isEmpty()) {
                    md.append("| `").append(cell).append("` | ").append(hw.size()).append(" runs | ").append(lw.size()).append(" runs | no runs to compare | |").append(jfr ? " |\n" : "\n");
                    (jfr ? outsideJfr : outside).add(cell);
                    continue;
                }
                Comparison.Row r = Comparison.row(cell, arr(lw), arr(hw), 0.03);
                if (!(Math.abs(r.change()) <= 0.03)) (jfr ? outsideJfr : outside).add(cell);
                md.append("| `").append(cell).append("` | ").append(f1(r.newMedian())).append(" ms (").append(r.newN()).append(") | ")
                  .append(f1(r.baselineMedian())).append(" ms (").append(r.baselineN()).append(") | ").append(change(r)).append(" | ").append(verdict(r, 0.03)).append(" |");
                if (jfr) {
                    List<Double> bare = loopWalls(loop, "loop", cell);
                    md.append(" ").append(bare.isEmpty() ? "no bare runs" : change(Comparison.row(cell, arr(bare), arr(lw), 0.03))).append(" |");
                }
                md.append("\n");
            }
        }
        md.append("\nMedians within 3 % (the goal): JFR on, ").append(outsideJfr.isEmpty() ? "every cell." : (cells.size() - outsideJfr.size()) + " of " + cells.size() + "; outside: " + cells(outsideJfr) + ".")
          .append("\nJFR off, ").append(outside.isEmpty() ? "every cell." : (cells.size() - outside.size()) + " of " + cells.size() + "; outside: " + cells(outside) + ".")
          .append("\n\n");

    }

    /** The fixed:N sleep cells against their theory, here and in the reference run. */
    static void fidelity(StringBuilder md, Inputs in) throws Exception {
        Map<String, List<RawRow>> cellsJfr = in.cellsJfr();
        Map<String, List<RawRow>> cells = in.cells();
        md.append("## Fidelity\n\n`fixed:N` sleep cells against the theory of ceil(tasks / N) waves x wait (harness medians).\n\n");
        md.append("| cell | theory | JFR off | excess | JFR on | excess |\n|---|---|---|---|---|---|\n");
        for (Map.Entry<String, List<RawRow>> e : cells.entrySet()) {
            double theory = theory(e.getValue().get(0));
            if (Double.isNaN(theory)) continue;
            double off = median(e.getValue(), r -> r.figure(dev.jdkmatrix.results.RunFigure.WALL_MS)), on = median(cellsJfr.getOrDefault(e.getKey(), List.of()), r -> r.figure(dev.jdkmatrix.results.RunFigure.WALL_MS));
            md.append("| `").append(e.getKey()).append("` | ").append(f0(theory)).append(" ms | ").append(f1(off)).append(" ms | ").append(excess(off, theory))
              .append(" | ").append(f1(on)).append(" ms | ").append(excess(on, theory)).append(" |\n");
        }
        Path reference = Path.of("results/reference/raw.csv");
        if (Files.exists(reference)) {
            Map<String, List<RawRow>> ref = byCell(RawCsv.read(reference).stream()
                    .filter(r -> r.measured() && r.ok() && !Double.isNaN(theory(r))).toList());
            md.append("\nAt more CPU limits (").append(String.join(", ", ref.values().stream().map(rs -> rs.get(0).key().cpus().text()).distinct().sorted().toList()))
              .append("), from the reference run committed in results/reference (docs/reference-run.md; measured runs only, JFR off):\n\n")
              .append("| cell | runs | theory | median | excess |\n|---|---|---|---|---|\n");
            for (Map.Entry<String, List<RawRow>> e : ref.entrySet()) {
                double theory = theory(e.getValue().get(0)), med = median(e.getValue(), r -> r.figure(dev.jdkmatrix.results.RunFigure.WALL_MS));
                md.append("| `").append(e.getKey()).append("` | ").append(e.getValue().size()).append(" | ").append(f0(theory)).append(" ms | ")
                  .append(f1(med)).append(" ms | ").append(excess(med, theory)).append(" |\n");
            }
        }
        md.append("\nThe excess is the cold JVM: the tasks' threads start, classes load and the JIT compiles while the first waves run, on the cell's CPUs.\n");

    }

    /** Each cell's CV in the harness and the loop, small and at full size. */
    static void repeatability(StringBuilder md, Inputs in) throws Exception {
        List<RawRow> harness = in.harness();
        List<RawRow> repeat = in.repeat();
        List<LoopRun> loop = in.loop();
        List<Block> blockList = in.blockList();
        Map<String, List<RawRow>> cellsJfr = in.cellsJfr();
        Map<String, List<RawRow>> cells = in.cells();
        md.append("\n## Repeatability\n\nCoefficient of variation of the in-JVM wall time per cell over its ").append(harness.size() / cells.size())
          .append(" repetitions (goal: at most 3 % for sleep cells, 5 % for CPU cells at 1 CPU). The loops' CV, from the same java commands\n")
          .append("on the same machine in the same hour, shows how much of the spread the machine and the cold JVM make without the harness.\n\n");
        md.append("| cell | goal | harness, JFR off | loop, JFR off | harness, JFR on | loop, JFR on |\n|---|---|---|---|---|---|\n");
        List<String> noisy = new ArrayList<>();
        for (String cell : cells.keySet()) {
            double goal = cells.get(cell).get(0).key().workload().startsWith("cpu") ? 0.05 : 0.03;
            Statistics hn = stats(walls(cells.get(cell))), hj = stats(walls(cellsJfr.getOrDefault(cell, List.of())));
            Statistics ln = stats(loopWalls(loop, "loop", cell)), lj = stats(loopWalls(loop, "loop-jfr", cell));
            if (hn == null || hj == null || hn.cv() > goal || hj.cv() > goal) noisy.add(cell);
            md.append("| `").append(cell).append("` | ").append(f0(goal * 100)).append(" %");
            java.util.Arrays.asList(hn, ln, hj, lj).forEach(s -> md.append(" | ").append(s == null ? "no runs"
                    : (s.cv() > goal ? "**" + f1(s.cv() * 100) + " %**" : f1(s.cv() * 100) + " %") + " (n " + s.n() + ")"));
            md.append(" |\n");
        }
        md.append("\n").append(noisy.isEmpty() ? "Every cell meets its goal in the harness." : noisy.size() + " of " + cells.size()
                + " cells miss their goal in the harness (bold: above the goal): " + cells(noisy) + ".").append("\n\n");
        Map<String, List<RawRow>> repeatCells = byCell(repeat);
        Block repeatBlock = blockList.stream().filter(bl -> bl.method().equals("repeat")).findFirst().orElseThrow();
        Block loopRepeat = blockList.stream().filter(bl -> bl.method().equals("loop-repeat")).findFirst().orElseThrow();
        md.append("### At full size\n\nThe cells above last 0.1–0.5 s, so the cold JVM (class loading, JIT, thread start) is most of each run. The cells of\n")
          .append("`harness/matrices/repeat.yaml` last 2–3 s at 1 CPU; the harness ran them ").append(repeat.size() / repeatCells.size())
          .append(" times each, interleaved, JFR off, in ").append(f1(repeatBlock.wallMs() / 1000)).append(" s with ").append(f1(repeatBlock.stealPct()))
          .append(" % of the host's CPU time stolen; then the bare loop ran the same cells' `java -jar` commands as many times\n")
          .append("(").append(f1(loopRepeat.wallMs() / 1000)).append(" s, ").append(f1(loopRepeat.stealPct()))
          .append(" % stolen). CV of the in-JVM wall time (goal as above), and the agreement of the two medians (goal: within 3 %):\n\n");
        md.append("| cell | goal | harness: runs, median (min–max) | harness CV | loop CV | harness against loop [95 % CI] | agreement |\n|---|---|---|---|---|---|---|\n");
        List<String> noisyFull = new ArrayList<>(), outsideFull = new ArrayList<>();
        for (Map.Entry<String, List<RawRow>> e : repeatCells.entrySet()) {
            double goal = e.getValue().get(0).key().workload().startsWith("cpu") ? 0.05 : 0.03;
            List<Double> hw = walls(e.getValue()), lw = loopWalls(loop, "loop-repeat", e.getKey());
            Statistics st = stats(hw), lt = stats(lw);
            if (st == null || st.cv() > goal) noisyFull.add(e.getKey());
            md.append("| `").append(e.getKey()).append("` | ").append(f0(goal * 100)).append(" % | ");
            if (st == null || lt == null) {
                md.append(st == null ? "no runs" : "").append(" | | | | ").append(lt == null ? "no loop runs" : "").append(" |\n");
                outsideFull.add(e.getKey());
                continue;
            }
            Comparison.Row r = Comparison.row(e.getKey(), arr(lw), arr(hw), 0.03);
            if (!verdict(r, 0.03).startsWith("within")) outsideFull.add(e.getKey());
            md.append(st.n()).append(", ").append(f1(st.median())).append(" ms (").append(f1(st.min())).append("–").append(f1(st.max())).append(") | ")
              .append(st.cv() > goal ? "**" + f1(st.cv() * 100) + " %**" : f1(st.cv() * 100) + " %").append(" | ")
              .append(lt.cv() > goal ? "**" + f1(lt.cv() * 100) + " %**" : f1(lt.cv() * 100) + " %").append(" (n ").append(lt.n()).append(") | ")
              .append(change(r)).append(" | ").append(verdict(r, 0.03)).append(" |\n");
        }
        md.append("\n").append(noisyFull.isEmpty() ? "Every cell at full size meets its repeatability goal in the harness." : noisyFull.size() + " of " + repeatCells.size()
                + " cells at full size miss their repeatability goal in the harness: " + cells(noisyFull) + ".")
          .append(outsideFull.isEmpty() ? " The harness and the loop agree within 3 % for every cell." : " Agreement within 3 % is not shown for " + outsideFull.size()
                + " of " + repeatCells.size() + ": " + cells(outsideFull) + ".").append("\n\n");

    }

    /** The image check's time per block, and packed against serial. */
    static void imagesAndPacking(StringBuilder md, Inputs in) throws Exception {
        int blocks = in.blocks();
        List<RawRow> packed = in.packed();
        List<RawRow> repeatPacked = in.repeatPacked();
        List<RunMetadata> metas = in.metas();
        Map<String, Double> blockTotal = in.blockTotal();
        Map<String, List<RawRow>> cells = in.cells();
        double h = in.blockTotal().get("harness");
        Map<String, List<RawRow>> repeatCells = byCell(in.repeat());
        md.append("## Image cache\n\nTime spent making sure both JDK images and their run images exist, per harness block (run.json `images_seconds`; goal: at most 2 s with nothing changed):\n\n");
        for (RunMetadata m : metas) {
            md.append("- ").append(m.runId()).append(": ").append(f2(m.imagesSeconds())).append(" s")
              .append(m.images().stream().anyMatch(RunMetadata.Image::built) ? " (an image was built)" : " (all cached)").append("\n");
        }
        md.append("\n## Packing\n\n`run --parallel force` runs every whole-CPU cell smaller than the host side by side on disjoint CPU sets\n")
          .append("(here: two 1-CPU cells at once on 2 CPUs). The packed blocks against the serial ones, JFR off in both (goals: wall ratio at most 0.6,\n")
          .append("per-cell medians within 3 %).\n\n");
        Map<String, ClassAgreement> byClass = new LinkedHashMap<>();
        md.append("### Small cells\n\nThe ").append(blocks).append(" packed blocks against the ").append(blocks).append(" serial blocks (harness, JFR off):\n\n");
        packing(md, cells, packed, h, blockTotal.get("packed"), byClass);
        md.append("\n### At full size\n\nThe cells of `harness/matrices/repeat.yaml` (2–3 s at 1 CPU, 10 repetitions), serial and then packed:\n\n");
        packing(md, repeatCells, repeatPacked, blockTotal.get("repeat"), blockTotal.get("repeat-packed"), byClass);
        md.append("\nPer workload class, both sizes: ");
        md.append(String.join("; ", byClass.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue().within + " of " + e.getValue().cells
                + " cells shown within 3 %, largest change " + f1(e.getValue().worst) + " %").toList())).append(".\n");
        List<String> notShown = byClass.entrySet().stream().filter(e -> e.getValue().within < e.getValue().cells).map(Map.Entry::getKey).toList();
        md.append(notShown.isEmpty() ? "Packed and serial are shown to agree within 3 % in every cell of every class.\n"
                : "Packing is not shown to leave every cell within 3 % for: " + String.join(", ", notShown)
                        + ". On this machine the two containers, dockerd and the harness share two vCPUs. So `run --parallel auto`\n"
                        + "does not pack these workload classes; it packs only those measured to agree (CpuSlots.PACKED_BY_AUTO,\n"
                        + "today only the test workload `fault`). `--parallel force` packs them anyway, for measuring.\n");
    }
}
