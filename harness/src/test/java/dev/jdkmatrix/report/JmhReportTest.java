package dev.jdkmatrix.report;

import dev.jdkmatrix.results.format.SummaryColumns;
import dev.jdkmatrix.results.CellSummary;
import dev.jdkmatrix.report.chart.Charts;
import dev.jdkmatrix.report.chart.Figure;
import dev.jdkmatrix.report.chart.RatioPlot;
import dev.jdkmatrix.report.chart.ScoreUnit;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Rows;
import dev.jdkmatrix.results.Summarizer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A JMH run as a JMH user reads it: a nested benchmark class measured in three modes of one unit
 * (avgt, sample, ss: us/op) with -prof gc, and a throughput near 1e-5 ops/us, on JDK 21 and 25.
 */
class JmhReportTest {

    static final String NESTED = "org.openjdk.jmh.samples.JMHSample_35_Profilers.Atomic.test";
    static final String SLOW = "org.openjdk.jmh.samples.JMHSample_26_BatchSize.slow";

    static List<RawRow> rows() {
        List<RawRow> rows = new ArrayList<>();
        int[] seq = {0};
        for (String jdk : List.of("21", "25")) {
            double faster = jdk.equals("25") ? 0.8 : 1;
            for (String mode : List.of("avgt", "sample", "ss")) {
                double score = (mode.equals("ss") ? 40 : 12) * faster;
                for (int rep = 1; rep <= 5; rep++) {
                    // the container's wall time is steady; the score is not (13 % CV on JDK 25's sample cell)
                    double spread = jdk.equals("25") && mode.equals("sample") ? 1 + 0.15 * ((rep % 3) - 1) : 1 + 0.002 * rep;
                    rows.add(row(++seq[0], NESTED, mode, "us/op", "lower", jdk, rep, score * spread, 3886 + rep,
                            "gc.alloc.rate.norm=" + (8016 + rep % 2) + ";gc.count=" + rep, "gc.alloc.rate.norm=B/op;gc.count=counts"));
                }
            }
            for (int rep = 1; rep <= 5; rep++) rows.add(row(++seq[0], SLOW, "thrpt", "ops/us", "higher", jdk, rep, 1.2e-5 / faster * (1 + 0.01 * rep), 5000, "", ""));
        }
        return rows;
    }

    static RawRow row(int seq, String benchmark, String mode, String unit, String better, String jdk, int rep, double score, double wall, String metrics, String units) {
        return dev.jdkmatrix.results.Rows.of("samples:" + benchmark + " [" + mode + "] jdk=" + jdk + " cpus=1 mem=1g").run("jmh", seq).rep(rep)
                .with("workload", "samples").with("jdk", jdk).with("cpus", "1").with("memory", "1g").with("kind", "jmh").with("benchmark", benchmark)
                .wall(wall).with("score", Double.toString(score)).with("score_unit", unit).with("score_better", better).with("jmh_mode", mode)
                .with("metrics", metrics).with("metric_units", units).with("java_runtime_version", jdk + ".0.1+1").build();
    }

    static List<Figure> scoreFigures() {
        List<RawRow> raw = rows();
        Charts charts = new Charts(Summarizer.summarize(raw), raw, List.of());
        return charts.all().stream().filter(f -> f.section() == Figure.Section.SCORE).toList();
    }

    @Test
    void aBenchmarkInThreeModesOfOneUnitHasAChartPerModeNamedByItsOuterClass() {
        List<Figure> score = scoreFigures();
        assertThat(score).hasSize(4);
        List<String> titles = score.stream().map(f -> f.chart().getTitle()).toList();
        assertThat(titles).filteredOn(t -> t.contains("JMHSample_35_Profilers.Atomic.test")).hasSize(3)
                .anyMatch(t -> t.contains("average time (avgt)")).anyMatch(t -> t.contains("sampling time (sample)")).anyMatch(t -> t.contains("single shot (ss)"));
        assertThat(titles).noneMatch(t -> t.contains(": Atomic.test"));
        assertThat(score).extracting(Figure::name).doesNotHaveDuplicates();
        assertThat(score).extracting(Figure::group).contains("samples: org.openjdk.jmh.samples.JMHSample_35_Profilers.Atomic",
                "samples: org.openjdk.jmh.samples.JMHSample_26_BatchSize");
    }

    /** A JMH-only run beside the project's claims.yaml (the write-ups' built-in cells): the gallery holds no section about claims it does not measure. */
    @Test
    void aJmhOnlyGalleryHasNoSectionsAboutClaimsItDoesNotMeasure(@org.junit.jupiter.api.io.TempDir java.nio.file.Path run) throws java.io.IOException {
        try (var csv = dev.jdkmatrix.results.format.RawCsv.append(run.resolve("raw.csv"), java.util.List.of())) {
            rows().forEach(csv::write);
        }
        java.nio.file.Path claims = java.nio.file.Path.of("..", "claims.yaml");
        Report.render(run, new Report.Options(false, false, claims));
        String page = java.nio.file.Files.readString(run.resolve("index.html"));
        assertThat(page).doesNotContain("id=\"writeups\"", "id=\"claims\"", "not measured");
        assertThat(page.indexOf("<h2")).as("the answer heads the page").isEqualTo(page.indexOf("<h2 id=\"answer\""));
        assertThat(page.indexOf("<h2", page.indexOf("<h2") + 1)).as("the results follow it").isEqualTo(page.indexOf("<h2 id=\"jdks\""));
        // a run that measures one of them keeps both sections
        java.nio.file.Path sleep = run.resolveSibling(run.getFileName() + "-sleep");
        java.nio.file.Files.createDirectories(sleep);
        try (var csv = dev.jdkmatrix.results.format.RawCsv.append(sleep.resolve("raw.csv"), java.util.List.of())) {
            for (int rep = 1; rep <= 6; rep++) {
                Rows.Builder v = Rows.from(Rows.measured("sleep", "wait-ms=100", "fixed:200", "25", "1", rep, 5100 + rep, "ok"));
                v.with("tasks", "10000"); // write-up 1's pool of 200 on 10,000 sleeps, which claims.yaml names
                v.with("cell", v.get("cell").replace("tasks=100 ", "tasks=10000 "));
                csv.write(v.build());
            }
        }
        Report.render(sleep, new Report.Options(false, false, claims));
        String withClaims = java.nio.file.Files.readString(sleep.resolve("index.html"));
        assertThat(withClaims).contains("id=\"writeups\"", "id=\"claims\"");
        assertThat(withClaims.indexOf("<h2")).as("the run's own results first, the write-ups after them").isEqualTo(withClaims.indexOf("<h2 id=\"wall\""));
        assertThat(withClaims.indexOf("id=\"writeups\"")).isGreaterThan(withClaims.indexOf("id=\"wall\""));
    }

    @Test
    void theJdkOverviewHeadsTheGalleryWithARowPerBenchmarkAndMode() {
        List<RawRow> raw = rows();
        List<Figure> all = new Charts(Summarizer.summarize(raw), raw, dev.jdkmatrix.results.Comparisons.of(raw, (dev.jdkmatrix.results.RunMetadata) null)).all();
        List<Figure> overview = all.stream().filter(f -> f.section() == Figure.Section.JDKS).toList();
        assertThat(overview).hasSize(1);
        // 5 rounds: every interval clears 1x, at 93.75 %, which decides nothing
        assertThat(overview.get(0).caption()).as("4 cells a JDK: three modes of one benchmark and a throughput, each its own row")
                .startsWith("JDK 25 against JDK 21, 4 cells: better in 0, worse in 0, the same in 0 (decided at 95 %), undecided in 4 (every one's interval below the 95 %").doesNotContain("most:");
    }

    @Test
    void theChartsOfOneBenchmarkClassShareOneUnitChosenOnce() {
        List<RawRow> raw = new ArrayList<>();
        int seq = 0;
        for (String jdk : List.of("21", "25")) {
            for (int rep = 1; rep <= 5; rep++) {
                // alone, the first would read best in ops/us (2.5) and the second in ops/ms (800); the other class in ops/s (800)
                raw.add(row(++seq, "pkg.Bench.fast", "thrpt", "ops/us", "higher", jdk, rep, 2.5 + 0.01 * rep, 3000, "", ""));
                raw.add(row(++seq, "pkg.Bench.slower", "thrpt", "ops/us", "higher", jdk, rep, 0.8 + 0.01 * rep, 3000, "", ""));
                raw.add(row(++seq, "pkg.Other.tiny", "thrpt", "ops/us", "higher", jdk, rep, 0.0008 + 0.00001 * rep, 3000, "", ""));
            }
        }
        List<Figure> score = new Charts(Summarizer.summarize(raw), raw, List.of()).all().stream().filter(f -> f.section() == Figure.Section.SCORE).toList();
        java.util.function.Function<String, String> unitOf = name -> ((org.knowm.xchart.CategoryChart) score.stream()
                .filter(f -> f.chart().getTitle().contains(name)).findFirst().orElseThrow().chart()).getYAxisTitle();
        assertThat(unitOf.apply("Bench.fast")).startsWith("score (ops/us, higher");
        assertThat(unitOf.apply("Bench.slower")).as("its sibling's unit, not its own ops/ms").startsWith("score (ops/us, higher");
        assertThat(unitOf.apply("Other.tiny")).as("another class chooses its own").startsWith("score (ops/s, stored in ops/us");
    }

    @Test
    void theJdkChartsAxisFitsRatiosNearOneAndWideOnesOnALogAxis() {
        double[] near = RatioPlot.axis(0.95, 1.12);
        assertThat(near[2]).as("linear").isZero();
        assertThat(near[0]).isBetween(0.9, 0.95);
        assertThat(near[1]).isBetween(1.12, 1.2);
        assertThat((1.05 - 1) / (near[1] - near[0])).as("a 5 % difference is a fifth of the axis or more, where 0.1x..10x made it 1 %").isGreaterThan(0.2);
        double[] above = RatioPlot.axis(1.3, 1.6);
        assertThat(above[0]).as("1x stays in view").isLessThan(1);
        double[] wide = RatioPlot.axis(0.05, 3);
        assertThat(wide[2]).as("log").isEqualTo(1);
        assertThat(wide[0]).as("fitted below 0.05x, not the decade 0.01x").isBetween(0.02, 0.05);
        assertThat(wide[1]).as("fitted above 3x, not 10x").isBetween(3.0, 5.0);
        List<Figure> jdks = new Charts(Summarizer.summarize(rows()), rows(), dev.jdkmatrix.results.Comparisons.of(rows(), (dev.jdkmatrix.results.RunMetadata) null)).all()
                .stream().filter(f -> f.section() == Figure.Section.JDKS).toList();
        var chart = (org.knowm.xchart.XYChart) jdks.get(0).chart();
        assertThat(chart.getStyler().isXAxisLogarithmic()).as("rows() differ by 1.25x at most").isFalse();
        assertThat(chart.getXAxisTitle()).startsWith("speedup of JDK 25 (right of 1x").doesNotContain("log scale");
    }

    @Test
    void aTinyThroughputIsShownInAUnitThatReadsAndTheCaptionSaysSo() {
        Figure slow = scoreFigures().stream().filter(f -> f.chart().getTitle().contains("slow")).findFirst().orElseThrow();
        var chart = (org.knowm.xchart.CategoryChart) slow.chart();
        assertThat(chart.getYAxisTitle()).startsWith("score (ops/s, stored in ops/us, higher is better");
        double shown = chart.getSeries("JDK 21").getYData()[0];
        assertThat(shown).as("1.2e-5 ops/us is about 12 ops/s").isBetween(11.0, 14.0);
        assertThat(slow.caption()).contains("ops/s").contains("(stored in ops/us)");
        assertThat(ScoreUnit.readable("ns/op", new double[] {48_000})).isEqualTo(new ScoreUnit("us/op", 1e-3, false));
        assertThat(ScoreUnit.readable("us/op", new double[] {12})).isEqualTo(new ScoreUnit("us/op", 1, false));
        assertThat(ScoreUnit.readable("B/op", new double[] {1e-6}).scientific()).isTrue();
    }

    @Test
    void theGcProfilersAllocationPerOpIsChartedPerBenchmarkAndModeByJdk() {
        List<RawRow> raw = rows();
        List<Figure> metrics = new Charts(Summarizer.summarize(raw), raw, List.of()).all().stream().filter(f -> f.section() == Figure.Section.METRICS).toList();
        assertThat(metrics).as("one for the nested benchmark, its three modes side by side; the throughput benchmark has no metrics").hasSize(1);
        assertThat(metrics.get(0).chart().getTitle()).contains("JMHSample_35_Profilers.Atomic.test").endsWith("gc.alloc.rate.norm by mode and CPU limit");
        var chart = (org.knowm.xchart.CategoryChart) metrics.get(0).chart();
        assertThat(chart.getYAxisTitle()).isEqualTo("gc.alloc.rate.norm (B/op)");
        assertThat(chart.getSeries("JDK 25").getXData()).extracting(Object::toString).containsExactly("avgt | 1 CPU", "sample | 1 CPU", "ss | 1 CPU");
        assertThat(chart.getSeries("JDK 25").getYData()[0]).isEqualTo(8017.0);
        assertThat(metrics.get(0).caption()).startsWith("avgt, 1 CPU - JDK 21: gc.alloc.rate.norm 8,017 B/op, gc.count 3 counts");
    }

    @Test
    void summaryHasTheModeAndEveryMetricsMedianAsColumns() {
        List<CellSummary> summary = Summarizer.summarize(rows());
        CellSummary avgt = summary.stream().filter(r -> SummaryColumns.column(r, "jmh_mode").equals("avgt") && SummaryColumns.column(r, "jdk").equals("21")).findFirst().orElseThrow();
        assertThat(SummaryColumns.column(avgt, "metric_gc.alloc.rate.norm")).isEqualTo("8017");
        assertThat(SummaryColumns.column(avgt, "metric_gc.count")).isEqualTo("3");
        assertThat(SummaryColumns.column(avgt, "metric_units")).isEqualTo("gc.alloc.rate.norm=B/op;gc.count=counts");
        CellSummary slow = summary.stream().filter(r -> SummaryColumns.column(r, "jmh_mode").equals("thrpt")).findFirst().orElseThrow();
        assertThat(SummaryColumns.column(slow, "metric_gc.count")).isEmpty();
    }

    @Test
    void theGalleryTableShowsTheScoreAndMarksNoisyByTheScoresCv() {
        List<RawRow> raw = rows();
        List<CellSummary> cells = new Charts(Summarizer.summarize(raw), raw, List.of()).cells();
        String table = Gallery.summaryTable(cells);
        String noisy = table.lines().filter(l -> l.contains("[sample] jdk=25")).findFirst().orElseThrow();
        assertThat(noisy).startsWith("<tr class=\"noisy\">").contains("<td>us/op, lower is better</td>").doesNotContain("3,88");
        assertThat(noisy).containsPattern("<td class=\"num\">1[0-9]\\.[0-9]% noisy</td>");
        String slow = table.lines().filter(l -> l.contains("slow [thrpt] jdk=21")).findFirst().orElseThrow();
        assertThat(slow).contains("0.0000121").contains("ops/us, higher is better");
    }
}
