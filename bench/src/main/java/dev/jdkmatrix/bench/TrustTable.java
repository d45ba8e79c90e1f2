// Writes the table of docs/trust.md (make bench-cpu-modes): on a run of examples/trust.yaml, how far
// the 95 % interval of b / a reaches from the ratio, median over the pairs of cells that differ along
// one axis, paired by round against the two medians taken independently (bootstrap), by the axis,
// the CPU limit and the CPU mode. Run by its make target with the harness jar on the class path.
package dev.jdkmatrix.bench;

import static dev.jdkmatrix.bench.BenchStats.median;
import static dev.jdkmatrix.bench.BenchStats.pct;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.nio.file.Path;
import java.util.List;

public class TrustTable {

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        RunMetadata meta = RunJson.read(dir.resolve("run.json"));
        List<RawRow> raw = RawCsv.read(RawCsv.in(dir).orElseThrow(() -> new IllegalArgumentException(dir + " has no raw.csv (nor raw.csv.gz)")));
        List<Comparisons.Row> one = Comparisons.of(raw, meta).stream().filter(c -> !c.compared().contains("; ") && c.ratio() != null).toList();
        StringBuilder b = new StringBuilder("| pairs that differ in | at | pairs | paired by round | two medians (bootstrap) |\n|---|---|---|---|---|\n");
        for (String axis : List.of("executor", "jdk", "cpus")) {
            for (String cpus : axis.equals("cpus") ? List.of("") : List.of("1", "2")) {
                for (String mode : List.of("quota", "cpuset")) {
                    List<Comparisons.Row> of = one.stream().filter(c -> c.compared().startsWith(axis + " ")
                            && (cpus.isEmpty() || c.cellA().contains(" cpus=" + cpus + " "))
                            && c.cellA().contains("cpu-mode=cpuset") == mode.equals("cpuset")).toList();
                    if (of.isEmpty()) continue;
                    String what = switch (axis) {
                        case "executor" -> "the executor";
                        case "jdk" -> "the JDK";
                        default -> "the CPU limit (1 against 2)";
                    };
                    String at = (cpus.isEmpty() ? "" : cpus + (cpus.equals("1") ? " CPU, " : " CPUs, ")) + (mode.equals("cpuset") ? "pinned" : "quota");
                    b.append("| ").append(what).append(" | ").append(at).append(" | ").append(of.size()).append(" | ±")
                            .append(pct(median(of.stream().mapToDouble(c -> c.ratio().reach()).toArray()))).append(" | ±")
                            .append(pct(median(of.stream().mapToDouble(Comparisons.Row::unpairedReach).toArray()))).append(" |\n");
                }
            }
        }
        System.out.print(b);
    }

}
