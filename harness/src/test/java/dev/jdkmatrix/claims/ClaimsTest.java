package dev.jdkmatrix.claims;

import dev.jdkmatrix.results.CellSummary;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Rows;
import dev.jdkmatrix.results.Summarizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaimsTest {

    @TempDir
    Path dir;

    /** Runs a cell gets in these tests: the fewest whose intervals reach 95 %. */
    static final int RUNS = 6;

    /** RUNS measured runs of a cell, with the given wall times (+1 ms a round) and metrics. */
    static void cell(List<RawRow> rows, String workload, String params, String executor, String jdk, String cpus, double wall, String metrics) {
        cell(rows, workload, params, executor, jdk, cpus, wall, metrics, RUNS);
    }

    static void cell(List<RawRow> rows, String workload, String params, String executor, String jdk, String cpus, double wall, String metrics, int runs) {
        for (int rep = 1; rep <= runs; rep++) {
            Rows.Builder v = Rows.from(Rows.measured(workload, params, executor, jdk, cpus, rep, wall + rep, "ok"));
            v.with("seq", Integer.toString(rows.size() + 1));
            v.with("metrics", metrics);
            rows.add(v.build());
        }
    }

    static final String YAML = """
            figures:
              - { source: write-up 1, setting: "12 CPUs", what: "pool of 200", published: 5000,
                  wall: { workload: sleep, executor: "fixed:200", jdk: 25 } }
              - { source: write-up 9, what: "not run here", published: 1, wall: { workload: http-fanout } }
            claims:
              - id: virtual-10x
                source: write-up 1
                claim: virtual at least 10x faster than a pool of 200
                ratio: { numerator: { workload: sleep, executor: "fixed:200" }, denominator: { executor: virtual } }
                at-least: 10
              - id: semaphore-bound
                claim: never more than 20 holders
                per-run: { cells: { workload: semaphore, permits: 20 }, value: metrics.max_holders }
                at-most: 20
              - id: fanout
                claim: fan-out 10x
                ratio: { numerator: { workload: http-fanout, executor: "fixed:64" }, denominator: { executor: virtual } }
                at-least: 10
            """;

    Claims claims() throws IOException {
        Path f = dir.resolve("claims.yaml");
        Files.writeString(f, YAML);
        return Claims.read(f);
    }

    /** RUNS runs of a JMH cell of the user's, with the given score (+1 a round) in ops/s. */
    static void jmhCell(List<RawRow> rows, String benchmark, String size, String jdk, double score) {
        for (int rep = 1; rep <= RUNS; rep++) {
            Rows.Builder v = Rows.empty();
            v.with("run_id", "t");
            v.with("seq", Integer.toString(rows.size() + 1));
            v.with("cell", "my-bench:" + benchmark + "[thrpt](size=" + size + ") jdk=" + jdk + " cpus=1 mem=1g");
            v.with("phase", "measure");
            v.with("rep", Integer.toString(rep));
            v.with("status", "ok");
            v.with("workload", "my-bench");
            v.with("kind", "jmh");
            v.with("benchmark", "com.example." + benchmark);
            v.with("params", "size=" + size);
            v.with("jdk", jdk);
            v.with("cpus", "1");
            v.with("memory", "1g");
            v.with("wall_ms", "9000");
            v.with("score", Double.toString(score + rep));
            v.with("score_unit", "ops/s");
            v.with("score_better", "higher");
            rows.add(v.build());
        }
    }

    @Test
    void aClaimSelectsTheUsersCellsByKindBenchmarkAndParamAndReadsTheirScore() throws IOException {
        List<RawRow> raw = new ArrayList<>();
        jmhCell(raw, "Bench.parse", "10", "21", 1000);
        jmhCell(raw, "Bench.parse", "10", "25", 1500);
        jmhCell(raw, "Bench.parse", "1000", "25", 10);
        jmhCell(raw, "Bench.format", "10", "25", 99);
        Path f = dir.resolve("user-claims.yaml");
        Files.writeString(f, """
                claims:
                  - id: parse-faster-on-25
                    claim: parse does at least 1.3x the operations on JDK 25
                    ratio: { numerator: { kind: jmh, benchmark: com.example.Bench.parse, size: 10, jdk: 25 }, denominator: { jdk: 21 }, of: score_median }
                    at-least: 1.3
                  - id: parse-small-rate
                    claim: parse of 10 items runs above 900 ops/s
                    score: { kind: jmh, benchmark: com.example.Bench.parse, size: 10 }
                    at-least: 900
                """);
        List<Verdicts.ClaimResult> results = Verdicts.claims(Claims.read(f), dev.jdkmatrix.results.Summarizer.summarize(raw), raw);
        assertThat(results.get(0).verdict()).as(results.get(0).evidence()).isEqualTo(Verdicts.Verdict.HOLDS);
        assertThat(results.get(0).values()).singleElement().satisfies(v -> assertThat(v.value()).isCloseTo(1503.5 / 1003.5, org.assertj.core.data.Offset.offset(1e-6)));
        assertThat(results.get(1).values()).hasSize(2).allSatisfy(v -> assertThat(v.value()).isGreaterThan(900));
        assertThat(results.get(1).verdict()).isEqualTo(Verdicts.Verdict.HOLDS);
    }

    @Test
    void aClaimHoldsFailsOrIsNotMeasuredWithTheNumbersBehindIt() throws IOException {
        List<RawRow> raw = new ArrayList<>();
        // JDK 25: 5,000 vs 250 ms (20x, holds); JDK 21: 5,000 vs 800 ms (6.2x, fails); 7 rounds, so that a
        // paired interval reaches the 97.5 % that Holm's correction asks of the first of 2 values
        cell(raw, "sleep", "wait-ms=100", "fixed:200", "25", "1", 5000, "", 7);
        cell(raw, "sleep", "wait-ms=100", "virtual", "25", "1", 250, "", 7);
        cell(raw, "sleep", "wait-ms=100", "fixed:200", "21", "1", 5000, "", 7);
        cell(raw, "sleep", "wait-ms=100", "virtual", "21", "1", 800, "", 7);
        cell(raw, "semaphore", "call-ms=50;permits=20", "virtual", "25", "1", 2500, "max_holders=20");
        List<CellSummary> summary = Summarizer.summarize(raw);
        List<Verdicts.ClaimResult> v = Verdicts.claims(claims(), summary, raw);

        assertThat(v).extracting(r -> r.claim().id()).containsExactly("virtual-10x", "semaphore-bound", "fanout");
        assertThat(v.get(0).verdict()).as(v.get(0).evidence()).isEqualTo(Verdicts.Verdict.FAILS);
        assertThat(v.get(0).values()).hasSize(2);
        assertThat(v.get(0).evidence()).contains("2 values", "6.2", "19.", "1 outside >= 10.0x (Holm's correction over 2 values: the first at a 97.5 % interval)", "JDK 21");
        assertThat(v.get(1).verdict()).isEqualTo(Verdicts.Verdict.HOLDS);
        assertThat(v.get(1).evidence()).contains("6 values: 20", "all <= 20");
        assertThat(v.get(2).verdict()).isEqualTo(Verdicts.Verdict.NOT_MEASURED);
        assertThat(v.get(2).evidence()).contains("http-fanout");

        // the semaphore breaking its bound fails the claim
        List<RawRow> broken = new ArrayList<>();
        cell(broken, "semaphore", "call-ms=50;permits=20", "virtual", "25", "1", 2500, "max_holders=21");
        assertThat(Verdicts.claims(claims(), Summarizer.summarize(broken), broken).get(1).verdict()).isEqualTo(Verdicts.Verdict.FAILS);
    }

    @Test
    void publishedFiguresStandBesideOursWithTheRatio() throws IOException {
        List<RawRow> raw = new ArrayList<>();
        cell(raw, "sleep", "wait-ms=100", "fixed:200", "25", "1", 5100, "");
        cell(raw, "sleep", "wait-ms=100", "fixed:200", "25", "2", 4900, "");
        List<Verdicts.FigureResult> f = Verdicts.figures(claims(), Summarizer.summarize(raw), raw);
        assertThat(f.get(0).values()).extracting(Verdicts.Value::label).containsExactly("1 CPU", "2 CPUs");
        assertThat(f.get(0).ratioText()).isEqualTo("0.98 to 1.02");
        assertThat(f.get(1).values()).isEmpty();
        assertThat(f.get(1).ratioText()).isEmpty();
    }

    @Test
    void aBadClaimsFileNamesTheEntryAndTheFix() throws IOException {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, "claims:\n  - { id: x, claim: y, wall: { workload: sleep } }\n");
        assertThatThrownBy(() -> Claims.read(f)).hasMessageContaining("claim 'x'").hasMessageContaining("at-least");
        Files.writeString(f, "claims:\n  - { id: x, claim: y, at-most: 1, wall: { workload: sleep }, ratio: { numerator: {workload: a}, denominator: {jdk: 1} } }\n");
        assertThatThrownBy(() -> Claims.read(f)).hasMessageContaining("exactly one measure");
        Files.writeString(f, "figures:\n  - { source: s, what: w, published: many, wall: { workload: sleep } }\n");
        assertThatThrownBy(() -> Claims.read(f)).hasMessageContaining("figures[1]").hasMessageContaining("'published' must be a number");
        Files.writeString(f, "claim:\n  - {}\n");
        assertThatThrownBy(() -> Claims.read(f)).hasMessageContaining("unknown key 'claim'");
        Files.writeString(f, "claims:\n  - { id: x, claim: y, at-most: 1, per-run: { cells: { workload: sleep }, value: status } }\n");
        assertThatThrownBy(() -> Claims.read(f)).hasMessageContaining("claim 'x'").hasMessageContaining("per-run value 'status' is no raw.csv column that holds a number")
                .hasMessageContaining("fix:");
        Files.writeString(f, "claims:\n  - { id: x, claim: y, at-most: 1, ratio: { numerator: { jdk: 25 }, denominator: { jdk: 21 }, of: jdk } }\n");
        assertThatThrownBy(() -> Claims.read(f)).hasMessageContaining("ratio of 'jdk' is not a summary.csv column that holds a number");
    }

    @Test
    void theProjectsClaimsFileReads() throws IOException {
        Claims c = Claims.read(Path.of("..", "claims.yaml"));
        assertThat(c.claims()).hasSizeGreaterThanOrEqualTo(10);
        assertThat(c.figures()).hasSizeGreaterThanOrEqualTo(15);
    }

    @Test
    void aBoundInsideTheIntervalIsUndecidedNotFailed() throws IOException {
        List<RawRow> raw = new ArrayList<>();
        cell(raw, "sleep", "wait-ms=100", "fixed:200", "25", "1", 5000, "");
        cell(raw, "sleep", "wait-ms=100", "virtual", "25", "1", 400, "");
        // the virtual cell's six runs: 401 to 601 ms; the ratio of the medians 10.0x, its interval 8.32x .. 12.5x across the bound of 10x
        List<RawRow> spread = new ArrayList<>(raw.subList(0, RUNS));
        double[] walls = {401, 440, 476, 520, 560, 601};
        for (int i = 0; i < RUNS; i++) {
            Rows.Builder v = Rows.from(raw.get(RUNS + i));
            v.with("wall_ms", Summarizer.ms(walls[i]));
            spread.add(v.build());
        }
        // unpaired: the ratio of the medians, from the numerator's interval over the denominator's
        Verdicts.ClaimResult r = Verdicts.claims(claims(), Summarizer.summarize(spread), spread, List.of()).get(0);
        assertThat(r.verdict()).as(r.evidence()).isEqualTo(Verdicts.Verdict.UNDECIDED);
        assertThat(r.evidence()).contains("1 with an interval reaching across >= 10.0x", "[8.32x .. 12.5x]").doesNotContain("paired");
        // paired by round (the default): six ratios 12.5 to 8.33, whose interval at n = 6 is their range: undecided too
        Verdicts.ClaimResult p = Verdicts.claims(claims(), Summarizer.summarize(spread), spread).get(0);
        assertThat(p.verdict()).as(p.evidence()).isEqualTo(Verdicts.Verdict.UNDECIDED);
        assertThat(p.evidence()).contains("[8.33x .. 12.5x]", "(paired by round)");
        // the same ratio with tight runs is decided
        assertThat(Verdicts.claims(claims(), Summarizer.summarize(raw), raw).get(0).verdict()).isEqualTo(Verdicts.Verdict.HOLDS);
        // and a claims run with an undecided claim and no failed one exits 0
        Path results = Files.createDirectories(dir.resolve("undecided"));
        try (var csv = dev.jdkmatrix.results.format.RawCsv.append(results.resolve("raw.csv"), List.of())) {
            spread.forEach(csv::write);
        }
        java.io.StringWriter out = new java.io.StringWriter();
        Path f = dir.resolve("only-ratio.yaml");
        Files.writeString(f, YAML.substring(YAML.indexOf("claims:"), YAML.indexOf("  - id: semaphore-bound")));
        int code = dev.jdkmatrix.cli.Main.execute(new String[] {"claims", "--results", results.toString(), "--claims", f.toString()},
                new java.io.PrintWriter(out), new java.io.PrintWriter(new java.io.StringWriter()));
        assertThat(code).as(out.toString()).isZero();
        assertThat(out.toString()).contains("**undecided**", "0 hold, 0 fail, 1 undecided, 0 not measured");
    }

    @Test
    void aRatioOfCellsRunInPairsIsReadFromThePairsAndDecidesWhereTheMediansCannot() throws IOException {
        // the machine's speed swings by 30 % from round to round, and each round's virtual run is 5 % slower than its pool run
        double[] machine = {1000, 1300, 800, 1200, 900, 1100, 1250, 850, 1150, 950};
        List<RawRow> raw = new ArrayList<>();
        for (int rep = 1; rep <= machine.length; rep++) {
            double jitter = 1 + 0.002 * ((rep * 7) % 5 - 2); // within +-0.4 %
            raw.add(run("fixed:cpus", rep, machine[rep - 1]));
            raw.add(run("virtual", rep, machine[rep - 1] * 1.05 * jitter));
        }
        Path f = dir.resolve("within.yaml");
        Files.writeString(f, """
                claims:
                  - id: virtual-within-10pct
                    claim: virtual within 10 % of a pool
                    ratio: { numerator: { workload: cpu-loop, executor: virtual }, denominator: { executor: "fixed:cpus" } }
                    at-least: 0.9
                    at-most: 1.1
                """);
        Claims c = Claims.read(f);
        List<CellSummary> summary = Summarizer.summarize(raw);
        Verdicts.ClaimResult paired = Verdicts.claims(c, summary, raw).get(0);
        assertThat(paired.verdict()).as(paired.evidence()).isEqualTo(Verdicts.Verdict.HOLDS);
        assertThat(paired.values()).singleElement().satisfies(v -> {
            assertThat(v.paired()).isTrue();
            assertThat(v.value()).isCloseTo(1.05, org.assertj.core.data.Offset.offset(0.005));
            assertThat(v.high() - v.low()).isLessThan(0.02);
        });
        assertThat(paired.evidence()).contains("(paired by round)");
        // the same runs read as two medians: the swing of the machine is in each, and the interval reaches across both bounds
        Verdicts.ClaimResult unpaired = Verdicts.claims(c, summary, raw, List.of()).get(0);
        assertThat(unpaired.verdict()).as(unpaired.evidence()).isEqualTo(Verdicts.Verdict.UNDECIDED);
        assertThat(unpaired.values().get(0).high() - unpaired.values().get(0).low()).isGreaterThan(10 * (paired.values().get(0).high() - paired.values().get(0).low()));
    }

    /** A measured run of a cpu-loop cell with the given executor, round and wall time. */
    static RawRow run(String executor, int rep, double wall) {
        return dev.jdkmatrix.results.Rows.measured("cpu-loop", "iterations=200000", executor, "25", "1", rep, wall, "ok");
    }
}
