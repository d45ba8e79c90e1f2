package dev.jdkmatrix.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdkmatrix.history.ChangeFinder;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.Nights;
import dev.jdkmatrix.history.SiteFixture;
import dev.jdkmatrix.results.format.Exporter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The explorer's data scripts read back as the page reads them (base64 of gzip of JSON), and the registry of every format. */
class ExplorerDataTest {

    static final Pattern SCRIPT = Pattern.compile("^\\(self\\.jdkmatrixExplore = self\\.jdkmatrixExplore \\|\\| \\[\\]\\)\\.push\\(\\[\"(site|night|series:\\d+)\", \"([A-Za-z0-9+/=]+)\"\\]\\);\\n$");

    /** The JSON a data script hands the page. */
    static JsonNode read(Path script, String kind) throws IOException {
        Matcher m = SCRIPT.matcher(Files.readString(script));
        assertThat(m.matches()).as(script + " is one push of base64").isTrue();
        assertThat(m.group(1)).isEqualTo(kind);
        try (var in = new GZIPInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(m.group(2))))) {
            return new ObjectMapper().readTree(in);
        }
    }

    /** 16 nights, JDK 25 slower from night 10 on: the cell's series and the pair's hold every night, and the change where the history found it. */
    @Test
    void aSitesDataHoldsEveryNightsValueAndIntervalAndTheChangeAtItsNight(@TempDir Path site) throws IOException {
        String hostile = " jvm=[-Dx=</script><script>alert(1)</script>]";
        for (int i = 0; i < 16; i++) {
            SiteFixture.Night n = SiteFixture.Night.steady(0.01);
            SiteFixture.write(site, i, i >= 10 ? n.level25(1100) : n, 5, hostile);
        }
        History h = History.of(Nights.read(site), ChangeFinder.Options.DEFAULT, 0.05);
        ExplorerSite.write(h, site);
        JsonNode d = read(site.resolve(ExplorerSite.FILE), "site");
        assertThat(d.get("nights").get("f")).hasSize(16);
        assertThat(d.get("nights").get("gallery").get(0).asInt()).as("no gallery rendered").isZero();
        JsonNode cells = d.get("cells");
        int c25 = -1;
        for (int i = 0; i < cells.get("id").size(); i++) if (cells.get("id").get(i).asText().equals(SiteFixture.CELL_25 + hostile)) c25 = i;
        assertThat(c25).as("the JDK 25 cell, its id as stored").isNotNegative();
        List<String> axes = new ObjectMapper().convertValue(d.get("axes"), List.class);
        assertThat(cells.get("ax").get(c25).get(axes.indexOf("jdk")).asText()).isEqualTo("25");
        assertThat(cells.get("ax").get(c25).get(axes.indexOf("jvm-args")).asText()).isEqualTo("-Dx=</script><script>alert(1)</script>");
        JsonNode cell25 = null;
        JsonNode pair = null;
        int chunk = d.get("chunk").asInt();
        for (int i = 0; i < d.get("series").size(); i++) {
            JsonNode s = d.get("series").get(i);
            // a series' nights are in its chunk, at its place among the chunk's series
            JsonNode nights = read(site.resolve("explore/series-" + s.get("k").asInt() + ".js"), "series:" + s.get("k").asInt()).get("series").get(i % chunk);
            assertThat(nights.get("n")).as("as many nights as the index says").hasSize(s.get("len").asInt());
            if (s.get("a").asInt() == c25 && s.get("b").asInt() == -1) cell25 = nights;
            if (s.get("b").asInt() == c25 || (s.get("b").asInt() >= 0 && s.get("a").asInt() == c25)) pair = ((com.fasterxml.jackson.databind.node.ObjectNode) nights.deepCopy()).setAll((com.fasterxml.jackson.databind.node.ObjectNode) s);
        }
        assertThat(cell25).isNotNull();
        assertThat(cell25.get("n")).hasSize(16);
        for (int i = 0; i < 16; i++) {
            assertThat(cell25.get("lo").get(i).asDouble()).isLessThanOrEqualTo(cell25.get("v").get(i).asDouble());
            assertThat(cell25.get("hi").get(i).asDouble()).isGreaterThanOrEqualTo(cell25.get("v").get(i).asDouble());
        }
        assertThat(cell25.get("v").get(15).asDouble() / cell25.get("v").get(0).asDouble()).as("the step the fixture made").isBetween(1.1, 1.4);
        assertThat(cell25.get("ch")).as("one change").hasSize(1);
        JsonNode change = cell25.get("ch").get(0);
        assertThat(d.get("nights").get("f").get(change.get(0).asInt()).asText()).as("first night after it").isEqualTo(nightFolder(site, 10));
        assertThat(change.get(2).asDouble()).as("its size").isBetween(1.1, 1.4);
        assertThat(change.get(5).asText()).isEqualTo("confirmed");
        assertThat(change.get(7).asInt()).as("a regression: a time went up").isEqualTo(1);
        assertThat(pair).isNotNull();
        assertThat(pair.get("u").asText()).isEqualTo("x");
        assertThat(pair.get("cmp").asText()).contains("21", "25");
        assertThat(pair.get("ch")).hasSize(1);
    }

    @Test
    void everyFormatIsRegisteredOnceWithFilesOfItsOwn() {
        Set<String> names = new HashSet<>();
        Set<String> files = new HashSet<>();
        for (Exporter<?> e : Exporters.all()) {
            assertThat(names.add(e.name())).as("format name " + e.name() + " registered once").isTrue();
            for (String f : e.files()) assertThat(files.add(f)).as("file " + f + " written by one format").isTrue();
            assertThat(e.describe()).isNotBlank();
        }
        assertThat(names).contains("summary.csv", "comparisons.csv", "run.json", "iterations.csv.gz", "bencher", "github-action-benchmark",
                "changes.csv", "figures.csv.gz", "explorer night", "explorer site");
    }

    @Test
    void thePageAndUplotAreCopiedWithUplotsLicenseAndRemovedWithoutTheNightsData(@TempDir Path dir) throws IOException {
        long bytes = ExplorerPage.write(dir);
        for (String f : ExplorerPage.FILES) assertThat(dir.resolve(f)).isRegularFile();
        assertThat(bytes).isBetween(40_000L, 400_000L);
        assertThat(Files.readString(dir.resolve("explore/uPlot-LICENSE"))).contains("MIT", "Leon Sorokin");
        assertThat(Files.readString(dir.resolve(ExplorerPage.PAGE))).contains("explore/uPlot.iife.min.js", "explore/site.js", ExplorerNight.FILE)
                .doesNotContain("http://", "https://");
        Files.writeString(dir.resolve(ExplorerNight.FILE), "x");
        ExplorerPage.remove(dir);
        assertThat(dir.resolve(ExplorerPage.ASSETS)).doesNotExist();
        assertThat(dir.resolve(ExplorerPage.PAGE)).doesNotExist();
        assertThat(dir.resolve(ExplorerNight.FILE)).as("the night's data stays").isRegularFile();
    }

    private static String nightFolder(Path site, int i) throws IOException {
        try (var dirs = Files.list(site)) {
            return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).filter(n -> !n.equals("explore")).sorted().toList().get(i);
        }
    }
}
