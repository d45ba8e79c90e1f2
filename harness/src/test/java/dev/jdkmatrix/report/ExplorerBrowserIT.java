package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jdkmatrix.history.SiteFixture;
import dev.jdkmatrix.run.ItSupport;
import java.nio.file.Files;
import java.nio.file.Path;
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
            long rows = ResultsFolder.load(run).comparisons().stream().filter(c -> c.ratio() != null).count();
            assertThat(rows).isGreaterThan(4);
            assertThat(page.get("points").asLong()).as("every comparison of the run with a ratio").isEqualTo(rows);
            assertThat(page.get("title").asText()).isEqualTo("jdkmatrix explorer");
            assertThat(page.get("elsewhere").asInt()).isZero();
            Files.write(Path.of("target", "explorer-gallery-screenshot.png"), browser.screenshot());
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
