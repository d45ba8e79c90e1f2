package dev.jdkmatrix.results;

import dev.jdkmatrix.results.format.SummaryColumns;
import dev.jdkmatrix.results.CellSummary;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.format.ComparisonsCsv;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import dev.jdkmatrix.results.format.SummaryCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * raw.csv, summary.csv and comparisons.csv are a public format, sealed by golden files. Surefire runs this
 * under de_DE, whose decimal separator is a comma: the files must not change with the locale.
 */
class CsvFormatTest {

    @TempDir
    Path dir;

    static String golden(String name, String actual) throws IOException {
        return dev.jdkmatrix.Golden.text(name, actual);
    }

    /** Raw rows of two cells: one with three ok runs and a warm-up, one with an ok, a timeout and an oom. */
    static List<RawRow> fixture() {
        List<RawRow> rows = new ArrayList<>();
        double[] walls = {5116.25, 5120.5, 5099.75};
        rows.add(row(1, "a", "warmup", 1, "ok", 6000.0));
        for (int i = 0; i < 3; i++) rows.add(row(2 + i, "a", "measure", i + 1, "ok", walls[i]));
        rows.add(row(5, "b \"quoted\", with comma", "measure", 1, "ok", 378.125));
        rows.add(row(6, "b \"quoted\", with comma", "measure", 2, "timeout", Double.NaN));
        rows.add(row(7, "b \"quoted\", with comma", "measure", 3, "oom", Double.NaN));
        return rows;
    }

    static RawRow row(int seq, String cell, String phase, int rep, String status, double wall) {
        Rows.Builder b = Rows.of(cell).run("fixture", seq).phase(phase).rep(rep).status(status).with("status_detail", status.equals("ok") ? "" : "killed\nfor a reason")
                .builtin("sleep", "wait-ms=100", "fixed:200", 10000, "25", "0.5", "1g").with("java_runtime_version", "25.0.3+9");
        if (Double.isFinite(wall)) {
            b.wall(wall).with("cpu_ms", Summarizer.ms(wall / 10)).with("heap_before_bytes", "1000").with("heap_after_bytes", Long.toString(1000 + 10L * seq))
                    .with("peak_threads", "210").with("harness_overhead_ms", "700.500").with("pinned_events", Integer.toString(seq * 10))
                    .with("pinned_total_ms", Summarizer.ms(seq * 50.5)).with("pinned_max_ms", "50.100")
                    .with("pinned_top_frame", seq == 3 ? "Other.frame:7" : "Workload$Pinning.lambda$task$0:161");
        }
        return b.build();
    }

    @Test
    void theLocaleUnderTestWritesDecimalsWithAComma() {
        assertThat(String.format(Locale.getDefault(), "%.1f", 1.5)).isEqualTo("1,5");
    }

    @Test
    void rawCsvHeaderIsGolden() throws IOException {
        Path f = dir.resolve("raw.csv");
        try (RawCsv csv = RawCsv.append(f, java.util.List.of())) {
            // header only
        }
        assertThat(Files.readString(f)).isEqualTo(golden("raw-header.csv", Files.readString(f)));
    }

    @Test
    void rawRowsRoundTripAndSurviveATruncatedLastLine() throws IOException {
        Path f = dir.resolve("raw.csv");
        try (RawCsv csv = RawCsv.append(f, java.util.List.of())) {
            for (RawRow r : fixture()) csv.write(r);
        }
        try (RawCsv csv = RawCsv.append(f, java.util.List.of())) {
            csv.write(row(8, "a", "measure", 4, "ok", 5000));
        }
        assertThat(RawCsv.read(f)).hasSize(8).first().isEqualTo(fixture().get(0));
        assertThat(RawCsv.read(f).get(5).column("status_detail")).isEqualTo("killed | for a reason");
        assertThat(Files.readAllLines(f)).hasSize(1 + 8);
        // A crash mid-write leaves a partial line: reading skips it, appending cuts it first.
        Files.writeString(f, "fixture,9,a,measure", java.nio.file.StandardOpenOption.APPEND);
        assertThat(RawCsv.read(f)).hasSize(8);
        try (RawCsv csv = RawCsv.append(f, java.util.List.of())) {
            csv.write(row(9, "a", "measure", 5, "ok", 5001));
        }
        assertThat(RawCsv.read(f)).hasSize(9).last().extracting(r -> r.column("wall_ms")).isEqualTo("5001.000");
        assertThat(Files.readAllLines(f)).hasSize(1 + 9);
    }

    @Test
    void aPublishedNightsGzippedRawCsvReadsAsTheSameRows() throws IOException {
        Path plain = dir.resolve("plain");
        Path published = dir.resolve("published");
        Files.createDirectories(plain);
        Files.createDirectories(published);
        try (RawCsv csv = RawCsv.append(plain.resolve("raw.csv"), java.util.List.of())) {
            for (RawRow r : fixture()) csv.write(r);
        }
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(published.resolve("raw.csv.gz")))) {
            Files.copy(plain.resolve("raw.csv"), out);
        }
        assertThat(RawCsv.in(plain)).contains(plain.resolve("raw.csv"));
        assertThat(RawCsv.in(published)).contains(published.resolve("raw.csv.gz"));
        assertThat(RawCsv.in(dir.resolve("nothing"))).isEmpty();
        assertThat(RawCsv.read(published.resolve("raw.csv.gz"))).hasSize(fixture().size()).isEqualTo(RawCsv.read(plain.resolve("raw.csv")));
    }

    @Test
    void summaryIsGolden() throws IOException {
        Path f = dir.resolve("summary.csv");
        SummaryCsv.write(f, Summarizer.summarize(fixture()));
        assertThat(Files.readString(f)).isEqualTo(golden("summary-fixture.csv", Files.readString(f)));
    }

    @Test
    void comparisonsAreGolden() throws IOException {
        // two JDKs of a pool and virtual threads, 6 blocked rounds; round 2 of JDK 21's virtual cell ended oom
        List<RawRow> rows = new ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            double machine = 1000 + 37.5 * (rep % 4);
            rows.add(ComparisonsTest.run("21", "fixed:10", rep, machine, "ok"));
            rows.add(ComparisonsTest.run("25", "fixed:10", rep, machine * (0.9 + 0.001 * rep), "ok"));
            rows.add(ComparisonsTest.run("21", "virtual", rep, machine * 1.05, rep == 2 ? "oom" : "ok"));
        }
        Path f = dir.resolve("comparisons.csv");
        ComparisonsCsv.write(f, Comparisons.of(rows, List.of("jdk", "executor"), "blocked", 0.10, 0.03), 0.10);
        assertThat(Files.readString(f)).isEqualTo(golden("comparisons-fixture.csv", Files.readString(f)));
        assertThat(Files.readString(f).lines().findFirst().orElseThrow()).isEqualTo(String.join(",", Columns.COMPARISONS));
    }

    @Test
    void suitesCsvHasItsColumnsAndARowPerSuiteWithItsAnswer(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        List<RawRow> rows = new java.util.ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            for (String w : List.of("a", "b")) {
                rows.add(Rows.measured(w, "n=\"1\", x", "fixed:10", "21", "1", rep, 1000, "ok"));
                rows.add(Rows.measured(w, "n=\"1\", x", "fixed:10", "25", "1", rep, 900, "ok"));
            }
        }
        List<Comparisons.Row> c = Comparisons.of(rows, List.of("jdk"), "blocked", 0.10, Double.NaN);
        Path f = dir.resolve("suites.csv");
        dev.jdkmatrix.results.format.SuitesCsv.write(f, SuiteVerdict.of(rows, c, 0.10, 0.005));
        List<String[]> read = new com.opencsv.CSVReader(Files.newBufferedReader(f)).readAll();
        assertThat(read.get(0)).containsExactly(Columns.SUITES.toArray(String[]::new));
        assertThat(read).hasSize(2);
        assertThat(read.get(1)[0]).isEqualTo("jdk 21 -> 25");
        assertThat(read.get(1)[2]).isEqualTo("2");
        assertThat(read.get(1)[13]).startsWith("across 2 benchmarks, JDK 25 is 10.0 % faster than JDK 21");
    }

    @Test
    void summaryRowsFollowTheMatrixsCellOrderWhateverOrderTheyRanIn() {
        List<RawRow> rows = fixture();
        assertThat(Summarizer.summarize(rows)).extracting(r -> SummaryColumns.column(r, "cell")).containsExactly("a", "b \"quoted\", with comma");
        assertThat(Summarizer.summarize(rows, Double.NaN, List.of("b \"quoted\", with comma", "a"))).extracting(r -> SummaryColumns.column(r, "cell"))
                .containsExactly("b \"quoted\", with comma", "a");
        assertThat(Summarizer.summarize(rows, Double.NaN, List.of())).extracting(r -> SummaryColumns.column(r, "cell")).containsExactly("a", "b \"quoted\", with comma");
    }

    @Test
    void summaryCountsFailuresAndLeavesThemOutOfTheStatistics() {
        List<CellSummary> rows = Summarizer.summarize(fixture());
        assertThat(rows).hasSize(2);
        CellSummary a = rows.get(0);
        assertThat(SummaryColumns.column(a, "n")).isEqualTo("3");
        assertThat(SummaryColumns.column(a, "wall_ms_median")).isEqualTo("5116.250");
        assertThat(SummaryColumns.column(a, "wall_ms_max")).isEqualTo("5120.500"); // the 6000 ms warm-up is not in it
        CellSummary b = rows.get(1);
        assertThat(SummaryColumns.column(b, "n")).isEqualTo("1");
        assertThat(SummaryColumns.column(b, "n_failed")).isEqualTo("2");
        assertThat(SummaryColumns.column(b, "failures")).isEqualTo("oom=1;timeout=1");
        assertThat(SummaryColumns.column(b, "wall_ms_median")).isEqualTo("378.125");
    }

    @Test
    void runJsonRoundTrips() throws IOException {
        RunMetadata m = new RunMetadata(1, "id", "matrix.yaml", "m", "abc", "", false, "2026-01-01T00:00:00Z", null,
                new RunMetadata.Host("h", "cpu", 2, 1, "Linux", "6", "25"), null,
                List.of(new RunMetadata.Image("21", "jdkmatrix/jdk-21:x", "sha256:1", true, 1.5)),
                Map.of("21", List.of("21.0.12")), new RunMetadata.Plan(1, 2, 1, 1, "interleaved", 3.5, "1/1", 0.1),
                Map.of("ok", 2), new RunMetadata.Overhead(2, 1.5, 2.0, 2.0), 0.25, List.of());
        Path f = dir.resolve("run.json");
        RunJson.write(f, m);
        assertThat(Files.readString(f)).contains("\"run_id\" : \"id\"", "\"build_seconds\" : 1.5");
        assertThat(RunJson.read(f)).isEqualTo(m);
        // The reference run's run.json (an older field set) still reads.
        assertThat(RunJson.read(Path.of(System.getProperty("user.dir")).getParent().resolve("results/reference/run.json")).runId()).isEqualTo("reference");
    }
}
