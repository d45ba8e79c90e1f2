package dev.jdkmatrix.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.opencsv.CSVReader;
import dev.jdkmatrix.results.format.Markdown;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** changes.csv, figures.csv, the exports and the Markdown: every value as given, hostile ones included; each figure's direction its own. */
class HistoryFilesTest {

    private static History stepped(Path site) throws IOException {
        SplittableNights.write(site, 20, i -> i >= 10 ? SiteFixture.Night.steady(0.01).level25(900).jar("c".repeat(64)) : SiteFixture.Night.steady(0.01));
        return History.of(Nights.read(site), ChangeFinder.Options.DEFAULT, Watch.DEFAULT_TARGET);
    }

    @Test
    void changesCsvNamesTheFigureAsRawAndComparisonsCsvDoAndTheNightByItsRunId(@TempDir Path site) throws Exception {
        History h = stepped(site);
        Path csv = site.resolve("changes.csv");
        HistoryCsv.writeChanges(csv, h);
        List<String[]> rows = read(csv);
        assertThat(rows.get(0)).containsExactly(HistoryCsv.CHANGES.toArray(String[]::new));
        assertThat(rows).hasSize(1 + h.changes().size()).hasSizeGreaterThanOrEqualTo(3);
        String[] pair = rows.stream().filter(r -> r[1].equals("comparison")).findFirst().orElseThrow();
        assertThat(pair[3]).isEqualTo(SiteFixture.CELL_21);
        assertThat(pair[4]).isEqualTo(SiteFixture.CELL_25);
        assertThat(pair[col("run_id")]).isEqualTo("nightly-010");
        assertThat(pair[col("run_id_before")]).isEqualTo("nightly-009");
        assertThat(pair[col("direction")]).isEqualTo("regression");
        assertThat(pair[col("what_changed")]).isEqualTo("jar workloads.jar sha256 aaaaaaaaaaaa -> cccccccccccc");
        assertThat(Double.parseDouble(pair[col("change_pct")])).isBetween(8.0, 17.0);
        Path figures = site.resolve("figures.csv");
        HistoryCsv.writeFigures(figures, h);
        assertThat(read(figures)).hasSize(4).allSatisfy(r -> assertThat(r).hasSize(HistoryCsv.FIGURES.size()));
    }

    private static int col(String name) {
        return HistoryCsv.CHANGES.indexOf(name);
    }

    private static List<String[]> read(Path csv) throws Exception {
        try (Reader in = Files.newBufferedReader(csv); CSVReader r = new CSVReader(in)) {
            return r.readAll();
        }
    }

    @Test
    void eachNightExportsForBencherAndGithubActionBenchmarkInItsFiguresOwnDirection(@TempDir Path site) throws IOException {
        History h = stepped(site);
        Night n = h.nights().get(h.nights().size() - 1);
        BencherJson.write(n, site.resolve(n.folder()));
        BenchmarkActionJson.write(n, site.resolve(n.folder()));
        ObjectMapper json = new ObjectMapper();
        JsonNode bmf = json.readTree(site.resolve(n.folder()).resolve(BencherJson.FILE).toFile());
        JsonNode cell = bmf.get(SiteFixture.CELL_25).get("ms, lower is better");
        assertThat(cell.get("value").asDouble()).isBetween(850.0, 950.0);
        assertThat(cell.get("lower_value").asDouble()).isLessThanOrEqualTo(cell.get("value").asDouble());
        assertThat(cell.get("upper_value").asDouble()).isGreaterThanOrEqualTo(cell.get("value").asDouble());
        assertThat(bmf.get(SiteFixture.CELL_25 + " / " + SiteFixture.CELL_21).get("ratio b/a, lower is better").get("value").asDouble()).isBetween(0.85, 0.95);
        JsonNode smaller = json.readTree(site.resolve(n.folder()).resolve(BenchmarkActionJson.SMALLER).toFile());
        assertThat(smaller).hasSize(3);
        assertThat(smaller.get(0).fieldNames()).toIterable().containsExactly("name", "unit", "value", "range", "extra");
        assertThat(json.readTree(site.resolve(n.folder()).resolve(BenchmarkActionJson.BIGGER).toFile())).isEmpty();
    }

    @Test
    void aThroughputGoesToTheBiggerIsBetterFile(@TempDir Path dir) throws IOException {
        Measured ops = new Measured(1200, 1100, 1300, 0.95, 6, "ops/s", true, "", java.util.Set.of("25"), 0.01);
        Night n = new Night("n", SiteFixture.meta("n", SiteFixture.FIRST, SiteFixture.Night.steady(0.01)), SiteFixture.FIRST,
                java.util.Map.of(new FigureKey.Cell("bench:Foo.bar[thrpt] jdk=25"), ops));
        BencherJson.EXPORT.write(n, dir);
        BenchmarkActionJson.EXPORT.write(n, dir);
        JsonNode bigger = new ObjectMapper().readTree(dir.resolve(BenchmarkActionJson.BIGGER).toFile());
        assertThat(bigger).singleElement().satisfies(e -> {
            assertThat(e.get("unit").asText()).isEqualTo("ops/s");
            assertThat(e.get("value").asDouble()).isEqualTo(1200);
        });
        assertThat(new ObjectMapper().readTree(dir.resolve(BencherJson.FILE).toFile()).get("bench:Foo.bar[thrpt] jdk=25").fieldNames().next()).isEqualTo("ops/s, higher is better");
    }

    @Test
    void markdownKeepsHostileNamesLiteral() {
        String hostile = "x(a=`b`|<script>alert(1)</script>) jdk=25";
        String code = Markdown.code(hostile);
        assertThat(code).isEqualTo("``x(a=`b`\\|<script>alert(1)</script>) jdk=25``");
        assertThat(Markdown.code("`tick`")).isEqualTo("`` `tick` ``");
        assertThat(Markdown.text("**<img src=x onerror=alert(1)>** | [a](b)")).doesNotContain("<img").doesNotContain("**").contains("\\|").contains("\\[a\\]");
        assertThat(Markdown.code("line1\nline2")).isEqualTo("`line1 line2`");
        assertThat(Markdown.text("# not a heading")).isEqualTo("\\# not a heading");
        assertThat(Markdown.text("1. not a list, a -> b")).isEqualTo("1\\. not a list, a -&gt; b");
    }
}
