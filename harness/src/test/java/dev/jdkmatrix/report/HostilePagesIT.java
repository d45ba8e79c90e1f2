package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Rows;
import dev.jdkmatrix.run.ItSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pages drawn from hostile data: a cell whose jvm-args hold HTML, and profile stacks whose frame
 * names close the script they are stored in. In headless Chromium nothing from the data runs (the
 * handlers it carries would mark the body) and the text reads as given.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
class HostilePagesIT {

    /** A handler that, if it ever ran, marks the page's body. */
    static final String MARK = "document.body.setAttribute('data-ran','1')";
    static final String HTML = "<img src=x onerror=\"" + MARK + "\">";
    static final String CLOSE_SCRIPT = "</script><script>" + MARK + "</script>";

    /** The rows with every cell's jvm-args (and so its id) carrying {@link #HTML}. */
    static List<RawRow> hostile(List<RawRow> rows) {
        return rows.stream().map(r -> {
            Rows.Builder v = Rows.from(r);
            v.with("jvm_args", "-Dx=" + HTML);
            v.with("cell", r.column("cell") + " jvm=[-Dx=" + HTML + "]");
            return v.build();
        }).toList();
    }

    @Test
    void aGalleryItsFlameGraphsAndItsDifferentialRunNothingFromTheDataAndReadItAsGiven(@TempDir Path results) throws Exception {
        Path run = results.resolve("hostile");
        String frame = "Bench.slow" + CLOSE_SCRIPT;
        String imgFrame = "Bench." + HTML;
        ProfiledFolder.write(run, hostile(JmhReportTest.rows()), r -> r.column("jmh_mode").equals("thrpt"),
                jdk -> jdk.equals("21") ? "java/lang/Thread.run;" + frame + ";java/util/Arrays.sort 70\njava/lang/Thread.run;" + imgFrame + " 30\n"
                        : "java/lang/Thread.run;" + frame + ";java/util/Arrays.sort 20\njava/lang/Thread.run;" + imgFrame + " 80\n");
        Report.render(run, new Report.Options(false, false, null));
        List<Path> pages;
        try (var files = Files.list(run.resolve("profiles"))) {
            pages = files.filter(f -> f.toString().endsWith(".html") || f.toString().endsWith(".svg")).sorted().toList();
        }
        assertThat(pages).as("two flame graphs and their differential").hasSize(3);
        try (GalleryBrowserIT.Browser browser = GalleryBrowserIT.Browser.start()) {
            browser.open(run.resolve("index.html").toUri().toString());
            JsonNode g = GalleryBrowserIT.JSON.readTree(browser.eval("JSON.stringify({ran: document.body.getAttribute('data-ran'), "
                    + "scripts: document.scripts.length, imgs: [...document.images].filter(i => i.getAttribute('src') === 'x').length, "
                    + "text: document.body.innerText})").asText());
            assertThat(g.get("ran").isNull()).as("a handler from the data ran on the gallery").isTrue();
            assertThat(g.get("scripts").asInt()).isZero();
            assertThat(g.get("imgs").asInt()).as("an <img> made from the data").isZero();
            assertThat(g.get("text").asText()).contains("-Dx=" + HTML);
            for (Path page : pages) {
                browser.open(page.toUri().toString());
                boolean flame = page.toString().endsWith(".html");
                JsonNode p = GalleryBrowserIT.JSON.readTree(browser.eval("JSON.stringify({ran: document.documentElement.getAttribute('data-ran') "
                        + "|| (document.body && document.body.getAttribute('data-ran')), scripts: document.scripts.length, "
                        + "imgs: [...document.querySelectorAll('img')].length, "
                        + (flame ? "heading: document.querySelector('h1').textContent, frames: cpool.join('\\n')" : "frames: [...document.querySelectorAll('title')].map(t => t.textContent).join('\\n')")
                        + "})").asText());
                assertThat(p.get("ran").isNull()).as("a handler or script from the data ran on " + page).isTrue();
                assertThat(p.get("imgs").asInt()).as("an <img> made from the data on " + page).isZero();
                if (flame) {
                    assertThat(p.get("scripts").asInt()).as("the flame graph's own script, and no other").isEqualTo(1);
                    assertThat(p.get("heading").asText()).as("its heading reads the cell as given").contains("-Dx=" + HTML);
                }
                assertThat(p.get("frames").asText()).as("the frames read as given on " + page).contains(frame).contains(imgFrame);
                Files.write(Path.of("target", "hostile-" + page.getFileName() + ".png"), browser.screenshot());
            }
        }
    }

    /** compare's and the history's Markdown, rendered as GitHub renders a job summary (CommonMark with its tables), run nothing from the data. */
    @Test
    void compareAndHistoryMarkdownRenderedAsGitHubWouldRunNothingAndReadAsGiven(@TempDir Path tmp) throws Exception {
        // compare: a cell whose params hold HTML, a backtick and a pipe
        String params = "wait-ms=`" + HTML + "`|1";
        for (String side : List.of("b", "n")) {
            Path d = Files.createDirectories(tmp.resolve(side));
            try (var csv = dev.jdkmatrix.results.format.RawCsv.append(d.resolve("raw.csv"), List.of())) {
                for (int rep = 1; rep <= 6; rep++) csv.write(dev.jdkmatrix.results.Rows.measured("sleep", params, "virtual", "25", "1", rep, 100 + rep, "ok"));
            }
        }
        java.io.StringWriter compare = new java.io.StringWriter();
        assertThat(dev.jdkmatrix.cli.Main.execute(new String[] {"compare", tmp.resolve("b").toString(), tmp.resolve("n").toString()},
                new java.io.PrintWriter(compare), new java.io.PrintWriter(new java.io.StringWriter()))).isZero();
        // the history: a site whose cells' jvm-args hold HTML, a step at night 12 of 15 (suspected tonight)
        Path site = Files.createDirectories(tmp.resolve("site"));
        String hostile = " jvm=[-Dx=" + HTML + "]";
        for (int i = 0; i < 15; i++) {
            dev.jdkmatrix.history.SiteFixture.Night n = dev.jdkmatrix.history.SiteFixture.Night.steady(0.01);
            dev.jdkmatrix.history.SiteFixture.write(site, i, i >= 12 ? n.level25(860) : n, 5, hostile);
        }
        Path history = tmp.resolve("history.md");
        assertThat(dev.jdkmatrix.cli.Main.execute(new String[] {"history", site.toString(), "--markdown", history.toString()},
                new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(new java.io.StringWriter()))).isZero();
        var extensions = List.of(org.commonmark.ext.gfm.tables.TablesExtension.create());
        var parser = org.commonmark.parser.Parser.builder().extensions(extensions).build();
        var renderer = org.commonmark.renderer.html.HtmlRenderer.builder().extensions(extensions).build(); // raw HTML passed through, as it comes
        try (GalleryBrowserIT.Browser browser = GalleryBrowserIT.Browser.start()) {
            for (String[] md : List.of(new String[] {"compare", compare.toString(), params}, new String[] {"history", Files.readString(history), "-Dx=" + HTML})) {
                assertThat(md[1]).as(md[0] + " names the hostile cell").contains("onerror");
                Path page = tmp.resolve(md[0] + ".html");
                Files.writeString(page, "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>" + renderer.render(parser.parse(md[1])) + "</body></html>");
                browser.open(page.toUri().toString());
                JsonNode p = GalleryBrowserIT.JSON.readTree(browser.eval("JSON.stringify({ran: document.body.getAttribute('data-ran'), "
                        + "scripts: document.scripts.length, imgs: document.images.length, tables: document.querySelectorAll('table').length, "
                        + "text: document.body.innerText})").asText());
                assertThat(p.get("ran").isNull()).as("a handler from the data ran on the rendered " + md[0] + " Markdown").isTrue();
                assertThat(p.get("scripts").asInt() + p.get("imgs").asInt()).as("scripts or images made from the data: " + md[0]).isZero();
                assertThat(p.get("tables").asInt()).as(md[0] + "'s table renders as a table").isPositive();
                assertThat(p.get("text").asText()).as(md[0] + " reads the data as given").contains(md[2]);
                Files.write(Path.of("target", "hostile-" + md[0] + "-markdown.png"), browser.screenshot());
            }
        }
    }
}
