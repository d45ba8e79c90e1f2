package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.cli.Main;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {

    @TempDir
    Path tmp;

    static List<RawRow> rows(Map<String, double[]> walls) {
        List<RawRow> out = new ArrayList<>();
        walls.forEach((cell, xs) -> {
            for (int i = 0; i < xs.length; i++) {
                Rows.Builder v = Rows.empty();
                v.with("cell", cell);
                v.with("phase", "measure");
                v.with("rep", Integer.toString(i + 1));
                v.with("status", "ok");
                v.with("wall_ms", Double.toString(xs[i]));
                out.add(v.build());
            }
        });
        return out;
    }

    static final Map<String, double[]> BASE = new LinkedHashMap<>(Map.of(
            "regressed", new double[] {100, 101, 99, 100, 102, 100.5},
            "improved", new double[] {200, 198, 202, 201, 199, 200},
            "steady", new double[] {50, 51, 49, 50, 50.5, 50},
            "noisy", new double[] {100, 160, 70, 130, 90, 110},
            "dropped", new double[] {10, 10, 10}));
    static final Map<String, double[]> NEW = new LinkedHashMap<>(Map.of(
            "regressed", new double[] {130, 131, 129, 132, 130, 131},
            "improved", new double[] {150, 149, 151, 152, 150, 151},
            "steady", new double[] {50.5, 51, 50, 49.5, 51, 50},
            "noisy", new double[] {150, 100, 200, 120, 170, 140},
            "added", new double[] {5, 5, 5}));

    /** Measured runs of a JMH throughput cell: a higher score is better. */
    static List<RawRow> throughput(String cell, double... scores) {
        List<RawRow> out = new ArrayList<>();
        for (int i = 0; i < scores.length; i++) {
            Rows.Builder v = Rows.empty();
            v.with("cell", cell);
            v.with("phase", "measure");
            v.with("rep", Integer.toString(i + 1));
            v.with("status", "ok");
            v.with("kind", "jmh");
            v.with("wall_ms", "9000");
            v.with("score", Double.toString(scores[i]));
            v.with("score_unit", "ops/s");
            v.with("score_better", "higher");
            out.add(v.build());
        }
        return out;
    }

    @Test
    void aThroughputThatGrowsIsFasterAndOneThatShrinksIsSlower() {
        Comparison.Row up = Comparison.compare(throughput("b", 1000, 1010, 990, 1005, 995, 1000), throughput("b", 1500, 1510, 1490, 1505, 1495, 1500), 0.10).get(0);
        assertThat(up.verdict()).isEqualTo(Comparison.Verdict.FASTER);
        assertThat(up.unit()).isEqualTo("ops/s");
        assertThat(up.higherIsBetter()).isTrue();
        Comparison.Row down = Comparison.compare(throughput("b", 1500, 1510, 1490, 1505, 1495, 1500), throughput("b", 1000, 1010, 990, 1005, 995, 1000), 0.10).get(0);
        assertThat(down.verdict()).isEqualTo(Comparison.Verdict.SLOWER);
        assertThat(dev.jdkmatrix.results.format.ComparisonReport.markdown(List.of(down), "a", "b", 0.10)).contains("1500 ops/s (6)", "**slower**")
                .startsWith("**Unpaired:** two separate runs are compared unpaired");
    }

    @Test
    void aRealRegressionIsSlowerANoisyCellIsNeverARegression() {
        Map<String, Comparison.Row> byCell = Comparison.compare(rows(BASE), rows(NEW), 0.10).stream()
                .collect(Collectors.toMap(Comparison.Row::cell, Function.identity()));
        assertThat(byCell.get("regressed").verdict()).isEqualTo(Comparison.Verdict.SLOWER);
        assertThat(byCell.get("regressed").change()).isBetween(0.29, 0.31);
        assertThat(byCell.get("regressed").ciLow()).isPositive();
        assertThat(byCell.get("improved").verdict()).isEqualTo(Comparison.Verdict.FASTER);
        assertThat(byCell.get("steady").verdict()).isEqualTo(Comparison.Verdict.UNCHANGED);
        assertThat(byCell.get("noisy").verdict()).isEqualTo(Comparison.Verdict.NOISY);
        assertThat(byCell.get("noisy").change()).isGreaterThan(0.10); // moved a lot, but its own spread is larger
        assertThat(byCell.get("added").verdict()).isEqualTo(Comparison.Verdict.ADDED);
        assertThat(byCell.get("dropped").verdict()).isEqualTo(Comparison.Verdict.REMOVED);
    }

    @Test
    void theSameDataGivesTheSameReport() {
        assertThat(Comparison.compare(rows(BASE), rows(NEW), 0.10)).isEqualTo(Comparison.compare(rows(BASE), rows(NEW), 0.10));
    }

    @Test
    void theCommandPrintsMarkdownWritesCsvAndFailsOnRegressionWhenAsked() throws IOException {
        Path base = Files.createDirectories(tmp.resolve("base"));
        Path now = Files.createDirectories(tmp.resolve("new"));
        try (RawCsv c = RawCsv.append(base.resolve("raw.csv"), java.util.List.of())) {
            rows(BASE).forEach(c::write);
        }
        try (RawCsv c = RawCsv.append(now.resolve("raw.csv"), java.util.List.of())) {
            rows(NEW).forEach(c::write);
        }
        StringWriter out = new StringWriter();
        int code = Main.execute(new String[] {"compare", base.toString(), now.toString(), "--csv", tmp.resolve("c.csv").toString()},
                new PrintWriter(out), new PrintWriter(new StringWriter()));
        assertThat(code).isZero();
        assertThat(out.toString()).contains("| `regressed` | 100.3 ms (6) | 130.5 ms (6) | +30.2 %", "**slower**", "Threshold 10.0 %", "1 noisy");
        assertThat(Files.readAllLines(tmp.resolve("c.csv"))).hasSize(1 + 6).first().asString().startsWith("cell,baseline_n,new_n");

        int failing = Main.execute(new String[] {"compare", base.toString(), now.toString(), "--fail-on-regression"},
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        assertThat(failing).isEqualTo(1);
        int wide = Main.execute(new String[] {"compare", base.toString(), now.toString(), "--fail-on-regression", "--threshold", "50%"},
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        assertThat(wide).as("at 50 %% the +30 %% cell is unchanged").isZero();
        int bad = Main.execute(new String[] {"compare", base.toString(), tmp.resolve("missing").toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        assertThat(bad).isEqualTo(2);
    }

    @Test
    void aChangeIsCalledOnlyWhenItsWholeIntervalClearsTheThreshold() {
        // +12 % at the median, but the runs overlap: the interval reaches below +10 %
        Comparison.Row r = Comparison.row("c", new double[] {100, 101, 99, 100, 102, 98, 100}, new double[] {112, 104, 118, 109, 113, 106, 112}, 0.10);
        assertThat(r.change()).isGreaterThan(0.10);
        assertThat(r.ciLow()).isLessThan(0.10);
        assertThat(r.verdict()).isEqualTo(Comparison.Verdict.UNDECIDED);
        assertThat(r.pValue()).isLessThan(0.01); // the runs differ; by how much is not settled
        // the same shift with tight runs clears it
        Comparison.Row clear = Comparison.row("c", new double[] {100, 101, 99, 98, 102, 97}, new double[] {120, 121, 119, 118, 122, 117}, 0.10);
        assertThat(clear.verdict()).isEqualTo(Comparison.Verdict.SLOWER);
        assertThat(clear.pValue()).isCloseTo(2.0 / 924, org.assertj.core.api.Assertions.within(1e-12));
        // within +-threshold throughout
        assertThat(Comparison.row("c", new double[] {100, 101, 99, 100, 102, 100}, new double[] {103, 104, 102, 103, 105, 103}, 0.10).verdict())
                .isEqualTo(Comparison.Verdict.UNCHANGED);
    }

    @Test
    void fewerThanSixRunsASideDecideNothingAndSayWhy() {
        // +20 % with runs that do not overlap at all: a bootstrap of 5 calls itself 95 %, each median's interval is 93.75 %
        Comparison.Row five = Comparison.row("c", new double[] {100, 101, 99, 98, 102}, new double[] {120, 121, 119, 118, 122}, 0.10);
        assertThat(five.verdict()).isEqualTo(Comparison.Verdict.UNDECIDED);
        assertThat(five.note()).isEqualTo("5 and 5 runs: a median's interval reaches 93.8 %, below the 95 % a verdict needs (6 runs a side reach it)");
        for (int n = 2; n <= 5; n++) {
            double[] a = java.util.stream.IntStream.range(0, n).mapToDouble(i -> 100 + i).toArray();
            double[] b = java.util.stream.IntStream.range(0, n).mapToDouble(i -> 200 + i).toArray();
            assertThat(Comparison.row("c", a, b, 0.10).verdict()).as("%d runs a side", n).isEqualTo(Comparison.Verdict.UNDECIDED);
        }
        assertThat(dev.jdkmatrix.results.format.ComparisonReport.markdown(List.of(five), "a", "b", 0.10)).contains("undecided (5 and 5 runs: a median");
    }

    @Test
    void aComparisonAcrossMachinesSaysSoInItsFirstLine() throws IOException {
        Path base = Files.createDirectories(tmp.resolve("base"));
        Path now = Files.createDirectories(tmp.resolve("new"));
        try (RawCsv c = RawCsv.append(base.resolve("raw.csv"), java.util.List.of())) {
            rows(BASE).forEach(c::write);
        }
        try (RawCsv c = RawCsv.append(now.resolve("raw.csv"), java.util.List.of())) {
            rows(NEW).forEach(c::write);
        }
        dev.jdkmatrix.results.format.RunJson.write(base.resolve("run.json"), meta("Intel Xeon", 2, "2026-01-01T00:00:00Z"));
        dev.jdkmatrix.results.format.RunJson.write(now.resolve("run.json"), meta("AMD EPYC", 4, "2026-01-02T00:00:00Z"));
        StringWriter out = new StringWriter();
        assertThat(Main.execute(new String[] {"compare", base.toString(), now.toString()}, new PrintWriter(out), new PrintWriter(new StringWriter()))).isZero();
        assertThat(out.toString().lines().findFirst().orElseThrow()).startsWith("**Across machines:**").contains("CPU Intel Xeon vs AMD EPYC", "CPUs 2 vs 4");
        assertThat(out.toString().lines().findFirst().orElseThrow()).contains("compared unpaired");
        // same machine: the report starts with what it compares, unpaired, then its heading
        dev.jdkmatrix.results.format.RunJson.write(now.resolve("run.json"), meta("Intel Xeon", 2, "2026-01-02T00:00:00Z"));
        StringWriter same = new StringWriter();
        Main.execute(new String[] {"compare", base.toString(), now.toString()}, new PrintWriter(same), new PrintWriter(new StringWriter()));
        assertThat(same.toString()).startsWith("**Unpaired:** two separate runs are compared unpaired").contains("\n\n## jdkmatrix:");
    }

    @Test
    void previousFindsTheNewestPublishedRunOfTheSameRunnerClassOnly() throws IOException {
        Path site = Files.createDirectories(tmp.resolve("site"));
        dev.jdkmatrix.results.format.RunJson.write(Files.createDirectories(site.resolve("night1")).resolve("run.json"), meta("Intel Xeon", 2, "2026-01-01T00:00:00Z"));
        dev.jdkmatrix.results.format.RunJson.write(Files.createDirectories(site.resolve("night2")).resolve("run.json"), meta("Intel Xeon", 2, "2026-01-02T00:00:00Z"));
        dev.jdkmatrix.results.format.RunJson.write(Files.createDirectories(site.resolve("other")).resolve("run.json"), meta("AMD EPYC", 4, "2026-01-03T00:00:00Z"));
        Path now = Files.createDirectories(tmp.resolve("night4"));
        dev.jdkmatrix.results.format.RunJson.write(now.resolve("run.json"), meta("Intel Xeon", 2, "2026-01-04T00:00:00Z"));
        StringWriter out = new StringWriter();
        assertThat(Main.execute(new String[] {"previous", site.toString(), now.toString()}, new PrintWriter(out), new PrintWriter(new StringWriter()))).isZero();
        assertThat(out.toString().strip()).isEqualTo(site.resolve("night2").toString());
        // a run on a machine the site has never seen: nothing to compare with, and it says why
        dev.jdkmatrix.results.format.RunJson.write(now.resolve("run.json"), meta("ARM Neoverse", 2, "2026-01-04T00:00:00Z"));
        StringWriter none = new StringWriter();
        StringWriter err = new StringWriter();
        assertThat(Main.execute(new String[] {"previous", site.toString(), now.toString()}, new PrintWriter(none), new PrintWriter(err))).isZero();
        assertThat(none.toString()).isEmpty();
        assertThat(err.toString()).contains("no run of this runner class", "3 of other machines");
    }

    static RunMetadata meta(String cpuModel, int cpus, String startedAt) {
        return new RunMetadata(1, "id-" + startedAt, "matrix.yaml", "m", "abc", "", false, startedAt, startedAt,
                new RunMetadata.Host("h", cpuModel, cpus, 1, "Linux", "6", "25"),
                new RunMetadata.Engine("20.10.24", "1.41", "Debian", "6", cpus, 1, "1", "cgroupfs"),
                List.of(), Map.of(), new RunMetadata.Plan(1, 2, 1, 1, "interleaved", 3.5, "1/1", 0.1), Map.of(), null, 0, List.of());
    }
}
