package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jdkmatrix.history.SiteFixture;
import dev.jdkmatrix.run.ItSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The explorer page (export.ExplorerPage) in headless Chromium from file://, as a user opens a site
 * or a gallery from a folder: its data scripts decoded, a figure's nights drawn with its change, the
 * selection kept in the URL, a night's every comparison drawn, the data's text shown as text, and
 * nothing fetched from elsewhere. Saves screenshots under target/.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
class ExplorerBrowserIT {

    static final String HOSTILE = " jvm=[-Dx=<img src=x onerror=\"document.title='ran'\">]";

    @Test
    void aSitesExplorerDrawsAFiguresNightsWithItsChangeAndKeepsTheSelectionInItsUrl(@TempDir Path site) throws Exception {
        for (int i = 0; i < 16; i++) {
            SiteFixture.Night n = SiteFixture.Night.steady(0.01);
            SiteFixture.write(site, i, i >= 10 ? n.level25(1100) : n, 5, HOSTILE);
        }
        Path newest = site.resolve("nightly-015");
        Report.render(newest, new Report.Options(false, true, null)); // the newest night's gallery, and its explorer data
        Report.index(site, false, 0);
        try (GalleryBrowserIT.Browser browser = GalleryBrowserIT.Browser.start()) {
            JsonNode first = open(browser, site.resolve("explore.html").toUri() + "#a.figure=comparison");
            assertThat(first.get("title").asText()).as("nothing of the data ran").isEqualTo("jdkmatrix explorer");
            assertThat(first.get("view").asText()).isEqualTo("history");
            assertThat(first.get("points").asInt()).as("every night of the pair").isEqualTo(16);
            assertThat(first.get("drawn").asText()).startsWith("jdk 21 -> 25: ").contains(HOSTILE.strip());
            assertThat(first.get("list").asText()).as("the data's text shown as written").contains("<img src=x onerror=");
            assertThat(first.get("canvas").asInt()).as("the chart's canvas").isGreaterThan(300);
            assertThat(first.get("elsewhere").asInt()).as("resources fetched from elsewhere").isZero();
            Files.createDirectories(Path.of("target"));
            Files.write(Path.of("target", "explorer-history-screenshot.png"), browser.screenshot());
            // the newest night is shown first: its run, JDK builds and machine, and a link to its gallery
            assertThat(first.get("details").asText()).contains("nightly-015", "25: 25.0.5+8", "AMD EPYC");
            assertThat(browser.eval("[...document.querySelectorAll('#details a')].map(a => a.getAttribute('href')).join(' ')").asText())
                    .contains("nightly-015/index.html");
            // the mouse over a night's point: its run id shows; a click on the night the change begins pins it with the change
            JsonNode p5 = json(browser, "jdkmatrixExplorer.pointAt(5)");
            mouse(browser, "mouseMoved", p5.get("x").asDouble(), p5.get("y").asDouble());
            assertThat(details(browser)).contains("nightly-005").doesNotContain("nightly-015");
            JsonNode p10 = json(browser, "jdkmatrixExplorer.pointAt(10)");
            click(browser, p10.get("x").asDouble(), p10.get("y").asDouble());
            mouse(browser, "mouseMoved", p5.get("x").asDouble(), p5.get("y").asDouble());
            assertThat(details(browser)).as("pinned: the mouse elsewhere changes nothing")
                    .contains("nightly-010", "(pinned)", "change here", "regression", "confirmed");

            // words typed into the search box: the JDK 25 cell's figures are left (the cell and the pair); a click on the cell picks it
            open(browser, site.resolve("explore.html").toUri().toString());
            JsonNode box = json(browser, "(() => { const r = document.getElementById('search').getBoundingClientRect(); return {x: r.left + 5, y: r.top + 5}; })()");
            click(browser, box.get("x").asDouble(), box.get("y").asDouble());
            browser.call("Input.insertText", GalleryBrowserIT.JSON.createObjectNode().put("text", "jdk=25"));
            assertThat(browser.eval("document.getElementById('count').textContent").asText()).startsWith("2 of 3 figures");
            JsonNode cell = json(browser, "(() => { const li = [...document.querySelectorAll('#figures li')].find(l => !l.textContent.includes(' vs '));"
                    + " const r = li.getBoundingClientRect(); return {x: r.left + 10, y: r.top + r.height / 2, text: li.textContent}; })()");
            click(browser, cell.get("x").asDouble(), cell.get("y").asDouble());
            JsonNode picked = waitDrawnAs(browser, cell.get("text").asText());
            assertThat(picked.get("drawn").asText()).doesNotContain(" vs ").endsWith(HOSTILE.strip()).contains("jdk=25");
            assertThat(picked.get("points").asInt()).as("as many points as the data has nights").isEqualTo(16);
            String url = picked.get("url").asText();
            assertThat(url).contains("fig=").contains("q=jdk%3D25");
            JsonNode again = open(browser, url);
            assertThat(again.get("drawn").asText()).as("the URL opens on the figure it names").isEqualTo(picked.get("drawn").asText());

            // a night's every comparison: the newest night's own data (its gallery's explore-night.js)
            JsonNode night = open(browser, site.resolve("explore.html").toUri() + "#view=night&night=nightly-015");
            assertThat(night.get("view").asText()).isEqualTo("night");
            assertThat(night.get("points").asInt()).as("the night's one comparison").isEqualTo(1);
            assertThat(night.get("details").asText()).contains("verdict");
            Files.write(Path.of("target", "explorer-night-screenshot.png"), browser.screenshot());
            // a night published without its own data (as by an earlier version): drawn from the site's series, and said so
            JsonNode older = open(browser, site.resolve("explore.html").toUri() + "#view=night&night=nightly-003");
            assertThat(older.get("points").asInt()).isEqualTo(1);
            assertThat(browser.eval("document.getElementById('subtitle').textContent").asText()).contains("no data of its own", "without verdicts");
        }
    }

    @Test
    void aGallerysExplorerDrawsEveryComparisonOfItsRun(@TempDir Path results) throws Exception {
        Path run = ReportFixture.write(results.resolve("run"), "run", "2026-11-21T10:00:00Z");
        Report.render(run, new Report.Options(false, false, null));
        try (GalleryBrowserIT.Browser browser = GalleryBrowserIT.Browser.start()) {
            browser.open(run.resolve("index.html").toUri().toString());
            JsonNode link = browser.eval("[...document.querySelectorAll('nav a')].filter(a => a.getAttribute('href') === 'explore.html').length");
            assertThat(link.asInt()).as("the gallery links its explorer").isEqualTo(1);
            JsonNode page = open(browser, run.resolve("explore.html").toUri().toString());
            assertThat(page.get("view").asText()).isEqualTo("night");
            long rows = ReportFolder.load(run).comparisons().stream().filter(c -> c.ratio() != null).count();
            assertThat(rows).isGreaterThan(4);
            assertThat(page.get("points").asLong()).as("every comparison of the run with a ratio").isEqualTo(rows);
            assertThat(page.get("title").asText()).isEqualTo("jdkmatrix explorer");
            assertThat(page.get("elsewhere").asInt()).isZero();
            Files.write(Path.of("target", "explorer-gallery-screenshot.png"), browser.screenshot());
        }
    }

    /** A run's explorer of n comparisons of JDK 21 against 25, its data written as report writes it beside a gallery. */
    static Path explorerOf(Path dir, int n) throws IOException {
        List<dev.jdkmatrix.results.RawRow> rows = new java.util.ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            for (int w = 0; w < n; w++) {
                rows.add(dev.jdkmatrix.results.Rows.measured("w" + w, "n=1", "fixed:4", "21", "1", rep, 1000 * (1 + 0.003 * (rep % 3)), "ok"));
                rows.add(dev.jdkmatrix.results.Rows.measured("w" + w, "n=1", "fixed:4", "25", "1", rep, 1000 * (0.8 + 0.4 * w / n) * (1 + 0.003 * (rep % 2)), "ok"));
            }
        }
        List<dev.jdkmatrix.results.Comparisons.Row> c = dev.jdkmatrix.results.Comparisons.of(rows, List.of("jdk"), "blocked", 0.10, Double.NaN);
        Files.createDirectories(dir);
        dev.jdkmatrix.export.ExplorerPage.write(dir);
        for (var format : dev.jdkmatrix.export.Exporters.GALLERY) {
            format.write(new dev.jdkmatrix.export.ExplorerNight.Folder(null, dev.jdkmatrix.results.Summarizer.summarize(rows), c, false,
                    dev.jdkmatrix.results.SuiteVerdict.of(rows, c, 0.10, 0.005)), dir);
        }
        return dir.resolve("explore.html");
    }

    /** A night of 3 comparisons reads as one of 3,000: rows in words on a scale, the largest moves first, 3,000 opening on their first rows with the rest a click away. */
    @Test
    void aNightOfThreeAndOfThreeThousandComparisonsReadAlike(@TempDir Path results) throws Exception {
        try (GalleryBrowserIT.Browser browser = GalleryBrowserIT.Browser.start()) {
            JsonNode three = open(browser, explorerOf(results.resolve("three"), 3).toUri().toString());
            assertThat(three.get("points").asInt()).isEqualTo(3);
            JsonNode rows = json(browser, "[...document.querySelectorAll('#chart .row:not(.scale) .answer')].map(e => e.textContent)");
            assertThat(rows).hasSize(3);
            assertThat(rows.get(0).asText()).as("the largest move first, in words").matches("JDK 25 is (19|20)\\.[0-9] % faster than JDK 21 \\[.*");
            assertThat(json(browser, "document.querySelectorAll('#chart .row .dot').length").asInt()).isEqualTo(3);
            assertThat(json(browser, "document.querySelectorAll('#chart button').length").asInt()).as("nothing held back").isZero();
            JsonNode suites = json(browser, "[...document.querySelectorAll('#chart .suites li')].map(e => e.textContent)");
            assertThat(suites).as("the suite's verdict first, in words").hasSize(1);
            assertThat(suites.get(0).asText()).contains("across 3 benchmarks", "JDK 25", "JDK 21", "(geometric mean)");
            Files.write(Path.of("target", "explorer-night-3-screenshot.png"), browser.screenshot());

            JsonNode many = open(browser, explorerOf(results.resolve("many"), 3000).toUri().toString());
            assertThat(many.get("points").asInt()).isEqualTo(3000);
            assertThat(json(browser, "document.querySelectorAll('#chart .row:not(.scale)').length").asInt()).as("a group opens on its largest moves").isEqualTo(40);
            assertThat(json(browser, "document.querySelector('#chart .group h3').textContent").asText()).isEqualTo("jdk 21 -> 25 (3000)");
            Files.write(Path.of("target", "explorer-night-3000-screenshot.png"), browser.screenshot());
            browser.eval("document.querySelector('#chart button').click()");
            assertThat(json(browser, "document.querySelectorAll('#chart .row:not(.scale)').length").asInt()).as("and shows them all on a click").isEqualTo(3000);
        }
    }

    /**
     * Opens a page afresh (about:blank first: a URL that differs only in its hash would not load the
     * page again) and waits until it has drawn its first chart; what it drew. The page writes its
     * selection into its URL, so the load is not waited for by URL, as Browser.open does.
     */
    private static JsonNode open(GalleryBrowserIT.Browser browser, String url) throws Exception {
        browser.open("about:blank");
        browser.call("Page.navigate", GalleryBrowserIT.JSON.createObjectNode().put("url", url));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline && !browser.eval("!!document.body && document.body.dataset.ready === '1'").asBoolean()) Thread.sleep(100);
        JsonNode status = browser.eval("document.getElementById('status').textContent");
        assertThat(browser.eval("document.body.dataset.ready === '1'").asBoolean()).as("the page drew its first chart; its status: " + status.asText()).isTrue();
        return state(browser);
    }

    /** Waits until the page has drawn the figure a list item names ("[fleet] label"). */
    private static JsonNode waitDrawnAs(GalleryBrowserIT.Browser browser, String item) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline && !item.endsWith(browser.eval("document.body.dataset.drawn").asText())) Thread.sleep(100);
        JsonNode s = state(browser);
        assertThat(item).as("the figure drawn is the one clicked").endsWith(s.get("drawn").asText());
        return s;
    }

    private static JsonNode state(GalleryBrowserIT.Browser browser) throws Exception {
        return json(browser, "({title: document.title, view: document.body.dataset.view, drawn: document.body.dataset.drawn, "
                + "points: Number(document.body.dataset.points), list: document.getElementById('figures').innerText, url: location.href, "
                + "details: document.getElementById('details').innerText, canvas: (document.querySelector('#chart canvas') || {width: 0}).width, "
                + "elsewhere: performance.getEntriesByType('resource').filter(e => !e.name.startsWith('file:')).length})");
    }

    /** A real mouse event through the DevTools protocol, at client pixels. */
    private static void mouse(GalleryBrowserIT.Browser browser, String type, double x, double y) throws Exception {
        browser.call("Input.dispatchMouseEvent", GalleryBrowserIT.JSON.createObjectNode().put("type", type).put("x", x).put("y", y)
                .put("button", type.equals("mouseMoved") ? "none" : "left").put("clickCount", type.equals("mouseMoved") ? 0 : 1));
    }

    private static void click(GalleryBrowserIT.Browser browser, double x, double y) throws Exception {
        mouse(browser, "mouseMoved", x, y);
        mouse(browser, "mousePressed", x, y);
        mouse(browser, "mouseReleased", x, y);
    }

    private static String details(GalleryBrowserIT.Browser browser) throws Exception {
        return browser.eval("document.getElementById('details').innerText").asText();
    }

    private static JsonNode json(GalleryBrowserIT.Browser browser, String expression) throws Exception {
        return GalleryBrowserIT.JSON.readTree(browser.eval("JSON.stringify(" + expression + ")").asText());
    }
}
