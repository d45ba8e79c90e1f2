package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jdkmatrix.results.RawRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pages drawn from hostile data: a cell whose jvm-args hold HTML, and profile stacks whose frame
 * names close the script they are stored in. In headless Chromium nothing from the data runs (the
 * handlers it carries would mark the body) and the text reads as given.
 */
class HostilePagesIT {

    /** A handler that, if it ever ran, marks the page's body. */
    static final String MARK = "document.body.setAttribute('data-ran','1')";
    static final String HTML = "<img src=x onerror=\"" + MARK + "\">";
    static final String CLOSE_SCRIPT = "</script><script>" + MARK + "</script>";

    /** The rows with every cell's jvm-args (and so its id) carrying {@link #HTML}. */
    static List<RawRow> hostile(List<RawRow> rows) {
        return rows.stream().map(r -> {
            Map<String, String> v = new LinkedHashMap<>(r.values());
            v.put("jvm_args", "-Dx=" + HTML);
            v.put("cell", r.get("cell") + " jvm=[-Dx=" + HTML + "]");
            return new RawRow(v);
        }).toList();
    }

    @Test
    void aGalleryItsFlameGraphsAndItsDifferentialRunNothingFromTheDataAndReadItAsGiven(@TempDir Path results) throws Exception {
        Path run = results.resolve("hostile");
        String frame = "Bench.slow" + CLOSE_SCRIPT;
        String imgFrame = "Bench." + HTML;
        ProfiledFolder.write(run, hostile(JmhReportTest.rows()), r -> r.get("jmh_mode").equals("thrpt"),
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
}
