package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jdkmatrix.report.chart.ChartStyle;
import dev.jdkmatrix.run.ItSupport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens the galleries in headless Chromium (Debian's chromium, which 'make test' installs) over
 * the DevTools protocol, from file:// as a user would: every image loaded, every link resolves,
 * nothing fetched from elsewhere. Saves screenshots under target/.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@Order(10) // ItOrder: among the longest side-by-side classes
class GalleryBrowserIT {

    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theRunGalleryAndTheIndexLoadEveryImageAndHaveNoBrokenLink(@TempDir Path results) throws Exception {
        ReportFixture.write(results.resolve("older"), "older", "2026-11-20T10:00:00Z");
        Path run = ReportFixture.write(results.resolve("newer"), "newer", "2026-11-21T10:00:00Z");
        Report.render(results.resolve("older"), new Report.Options(false, true, null));
        Report.render(run, new Report.Options(true, true, null));
        Report.index(results, false, 0);
        try (Browser browser = Browser.start()) {
            check(browser, run.resolve("index.html"), Path.of("target", "gallery-screenshot.png"));
            check(browser, results.resolve("index.html"), Path.of("target", "index-screenshot.png"));
        }
    }

    /** A site's index opens with the history's changes, escaped as every page is: a cell id with HTML in it reads as written and runs nothing. */
    @Test
    void aSitesIndexOpensWithWhatChangedAndRunsNothingFromItsData(@TempDir Path site) throws Exception {
        String hostile = " jvm=[-Dx=<img src=x onerror=\"document.title='ran'\">]";
        for (int i = 0; i < 20; i++) {
            dev.jdkmatrix.history.SiteFixture.Night n = dev.jdkmatrix.history.SiteFixture.Night.steady(0.01);
            dev.jdkmatrix.history.SiteFixture.write(site, i, i >= 12 ? n.level25(860).jar("e".repeat(64)) : n, 5, hostile);
        }
        Report.index(site, false, 0);
        try (Browser browser = Browser.start()) {
            check(browser, site.resolve("index.html"), Path.of("target", "history-index-screenshot.png"));
            JsonNode page = browser.eval("JSON.stringify({title: document.title, h2: [...document.querySelectorAll('h2')].map(h => h.id), "
                    + "rows: [...document.querySelectorAll('#changes ~ table')][0].innerText, scripts: document.scripts.length})");
            JsonNode p = JSON.readTree(page.asText());
            assertThat(p.get("title").asText()).as("no handler from the data ran").isEqualTo("jdkmatrix runs");
            assertThat(p.get("scripts").asInt()).isZero();
            assertThat(p.get("h2").get(0).asText()).as("what changed heads the page").isEqualTo("changes");
            assertThat(p.get("rows").asText()).contains("confirmed", "regression", "nightly-012", "jar workloads.jar sha256 aaaaaaaaaaaa -> eeeeeeeeeeee")
                    .contains("<img src=x onerror=\"document.title='ran'\">");
        }
    }

    /** A JMH run's gallery: the answer heads it, the JDK-against-JDK overview after it, then a chart per benchmark and mode grouped under its class, then the secondary metrics. */
    @Test
    void aJmhGalleryLoadsEveryImageHeadedByTheOverviewAndGroupedByClass(@TempDir Path results) throws Exception {
        Path run = results.resolve("jmh");
        Files.createDirectories(run);
        List<dev.jdkmatrix.results.RawRow> rows = JmhReportTest.rows();
        try (var csv = dev.jdkmatrix.results.format.RawCsv.append(run.resolve("raw.csv"), List.of())) {
            rows.forEach(csv::write);
        }
        Report.render(run, new Report.Options(false, false, null));
        try (Browser browser = Browser.start()) {
            check(browser, run.resolve("index.html"), Path.of("target", "jmh-gallery-screenshot.png"));
            JsonNode sections = browser.eval("JSON.stringify([...document.querySelectorAll('h2')].map(h => h.id))");
            assertThat(JSON.readTree(sections.asText()).get(0).asText()).as("the answer heads the gallery").isEqualTo("answer");
            assertThat(JSON.readTree(sections.asText()).get(1).asText()).as("the overview follows it").isEqualTo("jdks");
            JsonNode groups = browser.eval("JSON.stringify([...document.querySelectorAll('h3')].map(h => h.textContent))");
            assertThat(groups.asText()).contains("samples: org.openjdk.jmh.samples.JMHSample_35_Profilers.Atomic", "samples: org.openjdk.jmh.samples.JMHSample_26_BatchSize");
            JsonNode titles = browser.eval("JSON.stringify([...document.images].map(i => i.alt))");
            assertThat(titles.asText()).contains("average time (avgt)", "sampling time (sample)", "single shot (ss)", "gc.alloc.rate.norm by mode and CPU limit");
        }
    }

    @Test
    void aProfiledRunsFlameGraphsAreLinkedAndDrawTheirStacksWithNothingFromElsewhere(@TempDir Path results) throws Exception {
        Path run = results.resolve("profiled");
        // one profile run per JDK of the slow benchmark's cell, its stacks as a profile run stores them
        ProfiledFolder.write(run, JmhReportTest.rows(), r -> r.column("jmh_mode").equals("thrpt"),
                jdk -> jdk.equals("21") ? "java/lang/Thread.run;Bench.slow;java/util/Arrays.sort 70\njava/lang/Thread.run;Bench.slow 30\n"
                        : "java/lang/Thread.run;Bench.slow;java/util/Arrays.sort 20\njava/lang/Thread.run;Bench.slow 50\njava/lang/Thread.run;Bench.slow;java/lang/Math.abs 30\n");
        Report.render(run, new Report.Options(false, false, null));
        try (Browser browser = Browser.start()) {
            check(browser, run.resolve("index.html"), Path.of("target", "profiled-gallery-screenshot.png")); // every link resolves: the flame graphs exist
            JsonNode takeaway = browser.eval("[...document.querySelectorAll('#profiles ~ p strong')].map(s => s.textContent).join('|')");
            assertThat(takeaway.asText()).contains("JDK 25: 71 % fewer samples in Arrays.sort (20.0 % of 100 samples, was 70.0 % of 100)");
            browser.open(run.resolve("profiles/00042.html").toUri().toString());
            JsonNode drawn = browser.eval("JSON.stringify({h: document.getElementById('canvas').height, title: document.title, "
                    + "elsewhere: performance.getEntriesByType('resource').filter(e => !e.name.startsWith('file:')).length})");
            JsonNode d = JSON.readTree(drawn.asText());
            assertThat(d.get("h").asInt()).as("the flame graph's canvas is drawn").isGreaterThan(50);
            assertThat(d.get("elsewhere").asInt()).as("resources fetched from elsewhere").isZero();
            Files.write(Path.of("target", "flame-graph-screenshot.png"), browser.screenshot());
            // the differential flame graph the table links: Arrays.sort shrank (blue), Math.abs appeared (red)
            browser.open(run.resolve("index.html").toUri().toString());
            JsonNode link = browser.eval("[...document.querySelectorAll('#profiles ~ p a')].filter(a => a.textContent === 'differential flame graph').map(a => a.href).join('|')");
            assertThat(link.asText()).endsWith("profiles/diff-00041-00042.svg").doesNotContain("|");
            browser.open(link.asText());
            JsonNode boxes = browser.eval("JSON.stringify({fills: Object.fromEntries([...document.querySelectorAll('g > title')]"
                    + ".map(t => [t.textContent.split(':')[0], getComputedStyle(t.parentNode.querySelector('rect')).fill])), "
                    + "w: document.documentElement.getBoundingClientRect().width, "
                    + "elsewhere: performance.getEntriesByType('resource').filter(e => !e.name.startsWith('file:')).length})");
            JsonNode b = JSON.readTree(boxes.asText());
            assertThat(b.get("fills").get("java/util/Arrays.sort").asText()).isEqualTo("rgb(31, 119, 180)");
            assertThat(b.get("fills").get("java/lang/Math.abs").asText()).startsWith("rgb(2").isNotEqualTo("rgb(224, 224, 224)");
            assertThat(b.get("fills").get("java/lang/Thread.run").asText()).isEqualTo("rgb(224, 224, 224)");
            assertThat(b.get("w").asDouble()).as("the SVG is laid out").isGreaterThan(1000);
            assertThat(b.get("elsewhere").asInt()).as("resources fetched from elsewhere").isZero();
            Files.write(Path.of("target", "diff-flame-graph-screenshot.png"), browser.screenshot());
        }
    }

    private static void check(Browser browser, Path page, Path screenshot) throws Exception {
        browser.open(page.toUri().toString());
        JsonNode images = browser.eval("JSON.stringify([...document.images].map(i => ({src: i.src, ok: i.complete && i.naturalWidth > 0, w: i.naturalWidth})))");
        List<JsonNode> all = new ArrayList<>();
        JSON.readTree(images.asText()).forEach(all::add);
        assertThat(all).as("images on " + page).isNotEmpty();
        for (JsonNode img : all) {
            assertThat(img.get("ok").asBoolean()).as("image loaded: " + img.get("src").asText()).isTrue();
            // a ratio chart grows by the gutter its rows' names take (RatioPlot)
            assertThat(img.get("w").asInt()).as(img.get("src").asText()).isBetween(ChartStyle.WIDTH, ChartStyle.WIDTH + dev.jdkmatrix.report.chart.RatioPlot.MAX_GUTTER);
        }
        JsonNode links = browser.eval("JSON.stringify([...document.querySelectorAll('a[href]')].map(a => a.href))");
        for (JsonNode l : JSON.readTree(links.asText())) {
            URI uri = URI.create(l.asText());
            assertThat(uri.getScheme()).as("only local links: " + uri).isEqualTo("file");
            if (uri.getFragment() != null && Path.of(uri.getPath()).equals(page)) {
                JsonNode found = browser.eval("document.getElementById(" + JSON.writeValueAsString(uri.getFragment()) + ") !== null");
                assertThat(found.asBoolean()).as("anchor #" + uri.getFragment()).isTrue();
            } else {
                assertThat(Path.of(uri.getPath())).as("link target of " + uri).exists();
            }
        }
        JsonNode external = browser.eval("performance.getEntriesByType('resource').filter(e => !e.name.startsWith('file:')).length + document.scripts.length");
        assertThat(external.asInt()).as("resources fetched from elsewhere, or scripts").isZero();
        Files.createDirectories(screenshot.toAbsolutePath().getParent());
        Files.write(screenshot, browser.screenshot());
        assertThat(javax.imageio.ImageIO.read(screenshot.toFile())).isNotNull();
    }

    /** Headless Chromium driven over the DevTools protocol with the JDK's WebSocket client. */
    static final class Browser implements AutoCloseable {
        private final Process process;
        private Path profile;
        private final WebSocket socket;
        private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
        private final AtomicInteger ids = new AtomicInteger();

        private Browser(Process process, WebSocket socket) {
            this.process = process;
            this.socket = socket;
        }

        /**
         * Chromium with a profile folder of its own, outside the test's @TempDir: its helper processes
         * may still write there for a moment after it exits, and a folder that changes while JUnit
         * deletes it fails the test.
         */
        static Browser start() throws Exception {
            Path profile = Files.createTempDirectory("jdkmatrix-chromium-");
            String exe = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome").stream()
                    .filter(p -> Files.isExecutable(Path.of(p))).findFirst()
                    .orElseThrow(() -> new AssertionError("no Chromium found (/usr/bin/chromium): 'make test' installs Debian's chromium; "
                            + "or run 'apt-get install -y chromium'"));
            Process p = new ProcessBuilder(exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                    "--allow-file-access-from-files", "--hide-scrollbars", "--window-size=1280,900", "--remote-debugging-port=0",
                    "--user-data-dir=" + profile.toAbsolutePath(), "about:blank").redirectErrorStream(true).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String ws = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            StringBuilder log = new StringBuilder();
            for (String line; ws == null && System.nanoTime() < deadline && (line = out.readLine()) != null; ) {
                log.append(line).append('\n');
                int at = line.indexOf("ws://");
                if (line.contains("DevTools listening on") && at >= 0) ws = line.substring(at).trim();
            }
            if (ws == null) {
                p.destroyForcibly();
                throw new AssertionError("Chromium did not start its DevTools endpoint:\n" + log);
            }
            Thread drain = new Thread(() -> out.lines().forEach(l -> { }), "chromium-output");
            drain.setDaemon(true);
            drain.start();
            URI browserUri = URI.create(ws);
            HttpClient http = HttpClient.newHttpClient();
            String list = http.send(HttpRequest.newBuilder(URI.create("http://" + browserUri.getAuthority() + "/json/list")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            String pageWs = null;
            for (JsonNode t : JSON.readTree(list)) {
                if ("page".equals(t.path("type").asText())) pageWs = t.path("webSocketDebuggerUrl").asText();
            }
            if (pageWs == null) throw new AssertionError("Chromium has no page target: " + list);
            Browser[] self = new Browser[1];
            WebSocket socket = http.newWebSocketBuilder().buildAsync(URI.create(pageWs), new WebSocket.Listener() {
                final StringBuilder text = new StringBuilder();

                @Override
                public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                    text.append(data);
                    if (last) {
                        try {
                            JsonNode msg = JSON.readTree(text.toString());
                            if (msg.has("id") && self[0] != null) {
                                CompletableFuture<JsonNode> f = self[0].pending.remove(msg.get("id").asInt());
                                if (f != null) f.complete(msg);
                            }
                        } catch (IOException e) {
                            // not a message of ours
                        }
                        text.setLength(0);
                    }
                    w.request(1);
                    return null;
                }
            }).get(30, TimeUnit.SECONDS);
            self[0] = new Browser(p, socket);
            self[0].profile = profile;
            return self[0];
        }

        JsonNode call(String method, ObjectNode params) throws Exception {
            int id = ids.incrementAndGet();
            CompletableFuture<JsonNode> reply = new CompletableFuture<>();
            pending.put(id, reply);
            ObjectNode msg = JSON.createObjectNode().put("id", id).put("method", method);
            msg.set("params", params);
            socket.sendText(JSON.writeValueAsString(msg), true).get(10, TimeUnit.SECONDS);
            JsonNode r = reply.get(60, TimeUnit.SECONDS);
            if (r.has("error")) throw new AssertionError(method + " failed: " + r.get("error"));
            return r.get("result");
        }

        void open(String url) throws Exception {
            call("Page.navigate", JSON.createObjectNode().put("url", url));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                if (eval("document.readyState === 'complete' && document.URL === " + JSON.writeValueAsString(url)).asBoolean()) return;
                Thread.sleep(100);
            }
            throw new AssertionError(url + " did not finish loading in 60 s");
        }

        JsonNode eval(String expression) throws Exception {
            JsonNode r = call("Runtime.evaluate", JSON.createObjectNode().put("expression", expression).put("returnByValue", true));
            if (r.has("exceptionDetails")) throw new AssertionError("script failed: " + r.get("exceptionDetails"));
            return r.path("result").path("value");
        }

        byte[] screenshot() throws Exception {
            JsonNode r = call("Page.captureScreenshot", JSON.createObjectNode().put("format", "png").put("captureBeyondViewport", true));
            return Base64.getDecoder().decode(r.get("data").asText());
        }

        @Override
        public void close() {
            socket.abort();
            // its helpers (renderer, GPU, crashpad) are stopped too, not left to the init process
            List<ProcessHandle> helpers = process.descendants().toList();
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
                for (ProcessHandle h : helpers) {
                    h.destroy();
                    try {
                        h.onExit().get(5, TimeUnit.SECONDS);
                    } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                        h.destroyForcibly();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
            if (profile != null) {
                try (var files = Files.walk(profile)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                } catch (java.io.IOException | java.io.UncheckedIOException e) {
                    // a profile left in the system's temp folder: no matter
                }
            }
        }
    }
}
