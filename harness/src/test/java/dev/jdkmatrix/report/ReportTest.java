package dev.jdkmatrix.report;

import dev.jdkmatrix.results.CellSummary;
import dev.jdkmatrix.report.chart.ChartCells;
import dev.jdkmatrix.report.chart.ChartFiles;
import dev.jdkmatrix.report.chart.ChartStyle;
import dev.jdkmatrix.report.chart.Charts;
import dev.jdkmatrix.report.chart.Figure;
import dev.jdkmatrix.report.chart.HistoryCharts;
import dev.jdkmatrix.report.chart.IntervalMarks;
import dev.jdkmatrix.report.chart.JdkChart;
import dev.jdkmatrix.report.chart.JdkMarkers;
import dev.jdkmatrix.report.chart.JdkNotes;
import dev.jdkmatrix.report.chart.PinningChart;
import dev.jdkmatrix.report.chart.SpeedupChart;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.Golden;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/** Renders a fixture results folder and checks the files, not the pixels: they exist, decode and parse. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportTest {

    Path results;
    Path run;
    Report.Result result;
    Report.Indexed indexed;
    List<Figure> figures;
    List<String> besideTheRunsAfterReport;

    @BeforeAll
    void render(@TempDir Path dir) throws IOException {
        results = dir;
        ReportFixture.write(results.resolve("older"), "older", "2026-11-20T10:00:00Z");
        run = ReportFixture.write(results.resolve("newer"), "newer", "2026-11-21T10:00:00Z");
        Report.render(results.resolve("older"), Report.Options.DEFAULT);
        result = Report.render(run, new Report.Options(true, true, null));
        try (var beside = Files.list(results)) {
            besideTheRunsAfterReport = beside.map(p -> p.getFileName().toString()).sorted().toList();
        }
        indexed = Report.index(results, true, 0);
        ReportFolder f = ReportFolder.load(run);
        figures = new Charts(f.summary(), f.raw()).all();
    }

    @Test
    void aReportWritesOnlyInsideItsOwnFolder() {
        assertThat(besideTheRunsAfterReport).containsExactly("newer", "older");
    }

    @Test
    void byDefaultAChartIsAPaletteImageAndThereIsNoSvg() throws IOException {
        Path older = results.resolve("older");
        try (var files = Files.list(older.resolve("charts"))) {
            assertThat(files.map(p -> p.getFileName().toString())).isNotEmpty().allMatch(n -> n.endsWith(".png"));
        }
        assertThat(Files.readString(older.resolve("index.html"))).doesNotContain(".svg").doesNotContain("../index.html");
        BufferedImage png = ImageIO.read(older.resolve("charts").resolve(figures.get(0).name() + ".png").toFile());
        assertThat(png.getColorModel()).isInstanceOf(java.awt.image.IndexColorModel.class);
        // the PLTE chunk (after the signature and IHDR) holds at most PALETTE colours; ImageIO pads what it reads to 2^8
        byte[] file = Files.readAllBytes(older.resolve("charts").resolve(figures.get(0).name() + ".png"));
        assertThat(new String(file, 37, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PLTE");
        assertThat(java.nio.ByteBuffer.wrap(file, 33, 4).getInt() / 3).isBetween(2, ChartFiles.PALETTE);
    }

    @Test
    void aPaletteKeepsTheMostFrequentColoursExactlyAndDrawsTheRestInTheNearest() {
        BufferedImage rgb = new BufferedImage(400, 10, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < 400; x++) {
            for (int y = 0; y < 10; y++) rgb.setRGB(x, y, x < ChartFiles.PALETTE - 1 ? (x + 1) << 16 : 0xFFFFFF); // a palette's worth of reds but one, 10 pixels each, then white
        }
        for (int x = 300; x < 400; x++) rgb.setRGB(x, 0, (x - 300 + 100) << 8); // 100 greens, one pixel each
        BufferedImage out = ChartFiles.indexed(rgb);
        assertThat(((java.awt.image.IndexColorModel) out.getColorModel()).getMapSize()).isEqualTo(ChartFiles.PALETTE);
        for (int x = 0; x < ChartFiles.PALETTE - 1; x++) assertThat(out.getRGB(x, 5) & 0xFFFFFF).as("red %d kept", x + 1).isEqualTo((x + 1) << 16);
        assertThat(out.getRGB(320, 5) & 0xFFFFFF).isEqualTo(0xFFFFFF);
        // a rare green is drawn in the palette's nearest colour: the darkest red, not white
        assertThat(out.getRGB(350, 0) & 0xFFFFFF).isEqualTo(0x010000);
    }

    @Test
    void aPalettePngReadsBackAsTheSamePixels() throws IOException {
        BufferedImage rgb = new BufferedImage(301, 7, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < 301; x++) {
            for (int y = 0; y < 7; y++) rgb.setRGB(x, y, ((x * 37 + y * 11) % 120) * 0x010203 & 0xFFFFFF); // 120 colours: within a palette
        }
        BufferedImage indexed = ChartFiles.indexed(rgb);
        assertThat(indexed.getType()).isEqualTo(BufferedImage.TYPE_BYTE_INDEXED);
        BufferedImage back = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(ChartFiles.palettePng(indexed)));
        assertThat(back.getWidth()).isEqualTo(301);
        assertThat(back.getHeight()).isEqualTo(7);
        for (int x = 0; x < 301; x++) {
            for (int y = 0; y < 7; y++) assertThat(back.getRGB(x, y)).as("pixel %d,%d", x, y).isEqualTo(rgb.getRGB(x, y));
        }
    }

    @Test
    void indexingAKeepsTheNewestGalleriesAndTheDataOfEveryRun(@TempDir Path site) throws IOException {
        for (String night : List.of("n1", "n2", "n3")) {
            Path d = ReportFixture.write(site.resolve(night), night, "2026-11-2" + night.charAt(1) + "T10:00:00Z");
            Report.render(d, new Report.Options(false, true, null));
        }
        Report.Indexed first = Report.index(site, false, 2);
        assertThat(first.runs()).isEqualTo(3);
        assertThat(first.galleriesRemoved()).isEqualTo(1);
        assertThat(site.resolve("n1/index.html")).doesNotExist();
        assertThat(site.resolve("n1/charts")).doesNotExist();
        assertThat(site.resolve("n1/raw.csv")).isNotEmptyFile();
        assertThat(site.resolve("n1/run.json")).isNotEmptyFile();
        assertThat(site.resolve("n2/index.html")).isNotEmptyFile();
        assertThat(site.resolve("n3/charts")).isNotEmptyDirectory();
        String index = Files.readString(site.resolve("index.html"));
        assertThat(index).contains("href=\"n1/run.json\"", "href=\"n2/index.html\"", "href=\"n3/index.html\"", "1 older run(s) keep their data only");
        assertThat(Report.index(site, false, 2).galleriesRemoved()).as("a second index removes nothing more").isZero();
        Report.render(site.resolve("n1"), Report.Options.DEFAULT);
        assertThat(site.resolve("n1/index.html")).as("report renders a pruned night again").isNotEmptyFile();
    }

    @Test
    void everyChartIsAPngOfTheDrawnSizeAndAnSvgThatParses() throws Exception {
        assertThat(result.charts()).isEqualTo(figures.size()).isGreaterThanOrEqualTo(10);
        DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
        xml.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        for (Figure fig : figures) {
            BufferedImage png = ImageIO.read(run.resolve("charts").resolve(fig.name() + ".png").toFile());
            assertThat(png).as(fig.name()).isNotNull();
            assertThat(png.getWidth()).isEqualTo(fig.chart().getWidth()).isBetween(ChartStyle.WIDTH, ChartStyle.WIDTH + dev.jdkmatrix.report.chart.RatioPlot.MAX_GUTTER);
            assertThat(png.getHeight()).isEqualTo(fig.chart().getHeight()).isBetween(ChartStyle.HEIGHT, ChartStyle.HEIGHT + 200);
            Document svg = xml.newDocumentBuilder().parse(run.resolve("charts").resolve(fig.name() + ".svg").toFile());
            assertThat(svg.getDocumentElement().getTagName()).as(fig.name()).isEqualTo("svg");
        }
        try (var files = Files.list(run.resolve("charts"))) {
            assertThat(files.count()).isEqualTo(2L * figures.size());
        }
    }

    @Test
    void svgNumbersKeepOneDecimal() {
        String in = "<svg version=\"1.1\"><path d=\"M-6.1875,-7.28125 L10,2.5 Q1.99999 0.0\"/><text>v1.2.3 ok.</text></svg>";
        String out = new String(ChartFiles.oneDecimal(in.getBytes(java.nio.charset.StandardCharsets.UTF_8)), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(out).isEqualTo("<svg version=\"1.1\"><path d=\"M-6.1,-7.2 L10,2.5 Q1.9 0.0\"/><text>v1.2.3 ok.</text></svg>");
    }

    @Test
    void everySectionHasItsCharts() {
        assertThat(figures).extracting(Figure::section).contains(Figure.Section.values()[0], Figure.Section.SPEEDUP, Figure.Section.WALL,
                Figure.Section.SCALING, Figure.Section.MEMORY, Figure.Section.DISTRIBUTION, Figure.Section.THROTTLING);
        for (Figure f : figures) {
            assertThat(f.chart().getTitle()).as(f.name()).isNotBlank();
            assertThat(f.caption()).as(f.name()).contains("n=");
        }
        assertTitlesFit(figures);
    }

    /** The reference run's long workload names and Debian build strings: every title and x-axis title fits its chart, at 14 points or more. */
    @Test
    void everyTitleOfTheReferenceRunFitsItsChart() throws IOException {
        ReportFolder reference = ReportFolder.load(Path.of(System.getProperty("jdkmatrix.projectDir", "..")).resolve("results/reference"));
        List<Figure> all = new Charts(reference.summary(), reference.raw()).all();
        assertThat(all).hasSizeGreaterThan(50);
        assertTitlesFit(all);
        Figure fanout = all.stream().filter(f -> f.name().equals("wall-http-fanout-max-ms-500-min-ms-200-parse-ms-2-seed-42-2000t")).findFirst().orElseThrow();
        assertThat(fanout.chart().getTitle()).as("too long with every param: named by those that vary").startsWith("http-fanout, 2000 tasks");
        assertThat(fanout.caption()).as("the full params head the caption").startsWith("http-fanout(max-ms=500;min-ms=200;parse-ms=2;seed=42): ");
        assertThat(((org.knowm.xchart.internal.chartpart.AxesChart<?, ?>) fanout.chart()).getXAxisTitle()).as("builds by their versions")
                .containsPattern("  21\\.[0-9.]+\\+[0-9]+, 25\\.[0-9.]+\\+[0-9]+ \\| ").doesNotContain("Debian");
    }

    /**
     * XChart labels only every second or third category when their slots are narrower than its
     * spacing hint (74 pixels), and draws each box as wide as the plot's side margins: the reference
     * run's 12-category memory charts had 6 labels. Every category gets a label, every box its slot.
     */
    @Test
    void everyCategoryOfTheReferenceChartsIsLabelledAndEveryBoxFitsItsSlot() throws IOException {
        ReportFolder reference = ReportFolder.load(Path.of(System.getProperty("jdkmatrix.projectDir", "..")).resolve("results/reference"));
        int checked = 0;
        for (Figure f : new Charts(reference.summary(), reference.raw()).all()) {
            int categories;
            if (f.chart() instanceof org.knowm.xchart.CategoryChart c) {
                categories = c.getSeriesCollection().iterator().next().getXData().size();
            } else if (f.chart() instanceof org.knowm.xchart.BoxChart b) {
                categories = b.getSeriesCollection().size();
                double share = b.getStyler().getPlotContentSize();
                assertThat((1 - share)).as("box width (the side margins) of " + f.name() + " against its slot").isLessThan(share / categories);
            } else {
                continue;
            }
            var styler = ((org.knowm.xchart.internal.chartpart.AxesChart<?, ?>) f.chart()).getStyler();
            double slot = 0.92 * (ChartStyle.WIDTH - 100.0) / categories;
            assertThat(styler.getXAxisTickMarkSpacingHint()).as("label spacing of " + f.name() + ", " + categories + " categories").isLessThan((int) slot);
            if (categories >= 12) checked++;
        }
        assertThat(checked).as("charts of 12 categories or more").isGreaterThan(4);
    }

    /**
     * Intervals are drawn as measured, from their low to their high end: no chart of the reference
     * run has a symmetric error bar (XChart's drew one from -4,700 ms for a time never under 800 ms),
     * every bar's interval holds its median, and none reaches below the lowest run of its cell.
     */
    @Test
    void everyIntervalOfTheReferenceChartsIsDrawnAsMeasured() throws Exception {
        ReportFolder reference = ReportFolder.load(Path.of(System.getProperty("jdkmatrix.projectDir", "..")).resolve("results/reference"));
        Charts charts = new Charts(reference.summary(), reference.raw());
        java.lang.reflect.Field annotations = org.knowm.xchart.internal.chartpart.AxesChart.class.getDeclaredField("annotations");
        annotations.setAccessible(true);
        int bars = 0;
        for (Figure f : charts.all()) {
            if (!(f.chart() instanceof org.knowm.xchart.CategoryChart c)) continue;
            assertThat(c.getSeriesCollection()).as("symmetric error bars on " + f.name()).allMatch(s -> s.getExtraValues() == null);
            List<IntervalMarks> marks = ((List<?>) annotations.get(c)).stream().filter(IntervalMarks.class::isInstance).map(IntervalMarks.class::cast).toList();
            if (f.section() == Figure.Section.MEMORY || f.section() == Figure.Section.THROTTLING) continue; // medians of the median run, no interval drawn
            if (f.section() == Figure.Section.DISTRIBUTION) continue; // every run a dot: no interval drawn
            assertThat(marks).as("intervals of " + f.name()).hasSize(1);
            List<org.knowm.xchart.CategorySeries> series = List.copyOf(c.getSeriesCollection());
            for (int j = 0; j < series.size(); j++) {
                double[] ys = series.get(j).getYData();
                List<IntervalMarks.Interval> row = marks.get(0).intervals().get(j);
                for (int i = 0; i < ys.length; i++) {
                    double median = ys[i];
                    if (!Double.isFinite(median) || !row.get(i).drawn()) continue;
                    IntervalMarks.Interval iv = row.get(i);
                    assertThat(iv.low()).as(f.name() + " bar " + j + "/" + i).isGreaterThan(0).isLessThanOrEqualTo(median);
                    assertThat(iv.high()).as(f.name() + " bar " + j + "/" + i).isGreaterThanOrEqualTo(median);
                    double lowestRun = charts.cells().stream().filter(x -> x.median() == median || x.score() == median)
                            .flatMap(x -> charts.walls(x).stream()).mapToDouble(Double::doubleValue).min().orElse(0);
                    assertThat(iv.low()).as(f.name() + ": no interval below the lowest run of its cell").isGreaterThanOrEqualTo(lowestRun - 1e-9);
                    bars++;
                }
            }
        }
        assertThat(bars).as("bars with an interval").isGreaterThan(100);
    }

    static void assertTitlesFit(List<Figure> figures) {
        java.awt.font.FontRenderContext frc = new java.awt.font.FontRenderContext(null, true, true);
        for (Figure f : figures) {
            var chart = (org.knowm.xchart.internal.chartpart.AxesChart<?, ?>) f.chart();
            var styler = chart.getStyler();
            assertThat(styler.getChartTitleFont().getStringBounds(chart.getTitle(), frc).getWidth()).as("title of " + f.name() + " fits")
                    .isLessThanOrEqualTo(chart.getWidth() - 130.0);
            assertThat(styler.getChartTitleFont().getSize()).as("title font of " + f.name()).isGreaterThanOrEqualTo(14);
            assertThat(styler.getAxisTitleFont().getStringBounds(chart.getXAxisTitle(), frc).getWidth()).as("x-axis title of " + f.name() + " fits")
                    .isLessThanOrEqualTo(chart.getWidth() - 130.0);
        }
    }

    @Test
    void aWallChartHoldsEveryCpuLimitAndNoLineRunsThroughTwoLimits() {
        Figure wall = figures.stream().filter(f -> f.name().equals("wall-sleep-wait-ms-100-1000t")).findFirst().orElseThrow();
        org.knowm.xchart.CategoryChart chart = (org.knowm.xchart.CategoryChart) wall.chart();
        assertThat(chart.getSeriesCollection()).extracting(org.knowm.xchart.CategorySeries::getName).containsExactly("JDK 21", "JDK 25");
        assertThat(chart.getSeries("JDK 21").getXData().stream().map(String::valueOf).toList())
                .containsExactly("fixed:200 | 1 CPU", "fixed:200 | 2 CPUs", "virtual | 1 CPU", "virtual | 2 CPUs");
        assertThat(wall.caption()).startsWith("1 CPU - JDK 21: virtual fastest").contains(". 2 CPUs - JDK 21: virtual fastest");
        Figure dist = figures.stream().filter(f -> f.name().equals("dist-sleep-wait-ms-100-1000t")).findFirst().orElseThrow();
        // a column per cell; a series per JDK and round, each dot in its JDK's colour, and one of the JDK's medians, named in the legend
        org.knowm.xchart.CategoryChart runs = (org.knowm.xchart.CategoryChart) dist.chart();
        assertThat(runs.getSeries("JDK 25 run 1").getXData().stream().map(String::valueOf).toList()).hasSize(8).contains("virtual | 2 CPUs | JDK 25");
        assertThat(runs.getSeries("JDK 25 run 1").getMarkerColor()).as("JDK 25's colour, as on the wall chart").isEqualTo(chart.getSeries("JDK 25").getFillColor());
        assertThat(runs.getSeries("JDK 21 (bar: median)").getMarkerColor()).isEqualTo(chart.getSeries("JDK 21").getFillColor())
                .isNotEqualTo(runs.getSeries("JDK 25 run 1").getMarkerColor());
        assertThat(runs.getSeriesCollection()).filteredOn(org.knowm.xchart.CategorySeries::isShowInLegend)
                .extracting(org.knowm.xchart.CategorySeries::getName).containsExactly("JDK 21 (bar: median)", "JDK 25 (bar: median)");
        assertThat(figures).extracting(Figure::name).as("two CPU limits: the wall chart shows them, no scaling line")
                .noneMatch(n -> n.startsWith("scaling-cpus")).contains("scaling-tasks-sleep-wait-ms-100-jdk21-1cpu");
    }

    @Test
    void aJdkChangeIsNotedOnlyWhereTheChartsCellsCanMeetIt() throws IOException {
        ReportFolder folder = ReportFolder.load(run);
        Charts charts = new Charts(folder.summary(), folder.raw());
        List<CellSummary> sleep = charts.cells().stream().filter(c -> c.workload().equals("sleep")).toList();
        List<CellSummary> pinning = charts.cells().stream().filter(c -> c.workload().equals("pinning")).toList();
        assertThat(JdkNotes.markers(sleep)).as("JDK 21 and 25 sleeping: JEP 491 changes nothing there").isEmpty();
        assertThat(JdkNotes.markers(pinning)).extracting(JdkMarkers.Marker::id).containsExactly("JEP 491");
    }

    @Test
    void theThrottlingChartStatesTheThrottledTimeAndShareByCpuLimit() {
        Figure t = figures.stream().filter(f -> f.section() == Figure.Section.THROTTLING && f.name().contains("jdk21")).findFirst().orElseThrow();
        assertThat(t.caption()).contains("1 CPU: 180 ms per run, in 40.0% of its 100 ms periods", "2 CPUs: 30.0 ms per run, in 10.0% of its 100 ms periods", "(n=3 per cell)");
        // a row per workload shape and executor, named beside the plot; a point per CPU limit, the legend naming only the limits,
        // each in a grey (no JDK's or executor's colour), the chart as tall as its rows need
        org.knowm.xchart.XYChart chart = (org.knowm.xchart.XYChart) t.chart();
        assertThat(chart.getSeriesCollection()).extracting(org.knowm.xchart.XYSeries::getName).containsExactly("1 CPU", "2 CPUs");
        assertThat(chart.getSeriesCollection()).allSatisfy(series -> assertThat(series.getMarkerColor().getRed())
                .isEqualTo(series.getMarkerColor().getGreen()).isEqualTo(series.getMarkerColor().getBlue()));
        long rows = Math.round(chart.getStyler().getYAxisMax() + 0.2);
        assertThat(rows).isGreaterThanOrEqualTo(2);
        assertThat(chart.getHeight()).isGreaterThanOrEqualTo((int) (22 * rows));
        assertThat(chart.getStyler().getXAxisMax()).isEqualTo(100.0);
    }

    @Test
    void thePinningChartStatesTheSlowdownAndTheJfrCountsOnALogAxis() {
        Figure pin = figures.stream().filter(f -> f.section() == Figure.Section.PINNING).findFirst().orElseThrow();
        assertThat(pin.caption()).containsPattern("JDK 21 10,[0-9]{3} ms vs JDK 25 1[0-9]{2} ms, [89][0-9]x slower before JEP 491")
                .contains("JDK 21 synchronized 200 pinned", "JDK 25 synchronized 0 pinned", "n=3");
        assertThat(((org.knowm.xchart.CategoryChart) pin.chart()).getStyler().isYAxisLogarithmic()).isTrue();
        org.knowm.xchart.CategoryChart chart = (org.knowm.xchart.CategoryChart) pin.chart();
        assertThat(chart.getSeriesCollection()).extracting(s -> s.getName()).containsExactly("JDK 21", "JDK 25");
        assertThat(chart.getSeriesCollection().iterator().next().getXData())
                .extracting(Object::toString).contains("synchronized (21: 200 | 25: 0)");
    }

    @Test
    void aCellWithNoMeasuredRunLeavesAHoleInThePinningChartNotAnError(@TempDir Path out) throws IOException {
        ReportFolder f = ReportFolder.load(run);
        // JDK 25 reentrant lost every run: its bar is missing, its label says so, the chart still renders
        List<dev.jdkmatrix.results.CellSummary> holed = f.summary().stream()
                .filter(r -> !(r.workload().equals("pinning") && r.jdk().equals("25") && "reentrant".equals(r.params().get("lock"))))
                .toList();
        Figure pin = new PinningChart().figures(new ChartCells(new Charts(holed, f.raw()).cells(), java.util.List.of())).get(0);
        org.knowm.xchart.CategoryChart chart = (org.knowm.xchart.CategoryChart) pin.chart();
        assertThat(chart.getSeriesCollection().iterator().next().getXData()).extracting(Object::toString).contains("reentrant (21: 0 | 25: -)");
        ChartFiles.write(pin, out, false);
        assertThat(ImageIO.read(out.resolve(pin.name() + ".png").toFile()).getWidth()).isEqualTo(ChartStyle.WIDTH);
    }

    @Test
    void theSpeedupCaptionQuotesTheLargestRatioWithItsSetting() {
        Figure s = figures.stream().filter(f -> f.name().equals("speedup-jdk25")).findFirst().orElseThrow();
        // fixed:200 runs 10,000 x 100 ms in 50 waves (5,000 ms); virtual about 220 ms
        assertThat(s.caption()).containsPattern("^virtual 2[0-9]x faster than fixed:200 on JDK 25, sleep 10000t [12] CPUs?, n=3");
    }

    @Test
    void theGalleryOpensWithTheAnswerInWordsBeforeAnyChart() throws IOException {
        String html = Files.readString(run.resolve("index.html"));
        int answer = html.indexOf("<h2 id=\"answer\">The answer</h2>");
        assertThat(answer).as("the answer's section").isPositive();
        assertThat(answer).as("before the first chart").isLessThan(html.indexOf("<figure"));
        assertThat(answer).as("before the comparisons' table").isLessThan(html.indexOf("id=\"comparisons\""));
        String section = html.substring(answer, html.indexOf("<h2", answer + 1));
        assertThat(section).containsPattern("comparisons? decided</strong>").containsPattern("JDK 25 is [0-9.]+(x| %) (faster|slower) than JDK 21 \\[");
        // the comparisons' table says each in the same words, the figures behind them a toggle away
        assertThat(html).contains("<input type=\"checkbox\" id=\"figs\">", "<td class=\"words\">");
    }

    @Test
    void theGalleryEscapesStoredStringsAndLinksOnlyToFilesThatExist() throws IOException {
        String html = Files.readString(run.resolve("index.html"));
        assertThat(html).doesNotContain("<img src=x").doesNotContain("<script").contains("&lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39;")
                .contains("host&lt;1&gt;").contains("timeout");
        for (String href : hrefs(html)) {
            if (href.startsWith("#")) {
                assertThat(html).as(href).contains("id=\"" + href.substring(1) + "\"");
            } else {
                assertThat(href).as("relative link").doesNotContain("://").doesNotStartWith("/");
                String file = href.replaceFirst("#.*", ""); // another page's state (the site's explorer on this night) follows its #
                assertThat(run.resolve(java.net.URLDecoder.decode(file, java.nio.charset.StandardCharsets.UTF_8))).as(href).exists();
            }
        }
    }

    @Test
    void theIndexOpensWithTheHistoryListsEveryRunAndChartsEachFigureByNight() throws IOException {
        assertThat(indexed.runs()).isEqualTo(2);
        String index = Files.readString(results.resolve("index.html"));
        assertThat(index).contains("href=\"newer/index.html\"", "href=\"older/index.html\"", "href=\"changes.csv\"", "href=\"figures.csv.gz\"");
        assertThat(index.indexOf("id=\"changes\"")).as("what changed first").isLessThan(index.indexOf("id=\"runs\""));
        assertThat(index).contains("2 nights, 6 needed to look for changes");
        assertThat(index.indexOf("newer/index.html")).as("newest first").isLessThan(index.indexOf("older/index.html"));
        try (var trends = Files.list(results.resolve("trends"))) {
            List<String> names = trends.map(p -> p.getFileName().toString()).toList();
            assertThat(names).as("a chart (PNG and SVG) per figure of two nights, up to the most shown").anyMatch(n -> n.matches("history-[0-9a-f]+\\.png"))
                    .anyMatch(n -> n.matches("history-[0-9a-f]+\\.svg")).filteredOn(n -> n.endsWith(".png")).hasSizeBetween(10, HistoryCharts.MAX_CHARTS + 1);
        }
        assertThat(Files.readAllLines(results.resolve("changes.csv"))).hasSize(1);
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(results.resolve("figures.csv.gz")))) {
            assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().count()).isGreaterThan(20);
        }
        assertThat(index).doesNotContain("<img src=x").contains("&lt;img src=x onerror=alert(1)&gt;");
        for (String href : hrefs(index)) assertThat(results.resolve(href)).as(href).exists();
    }

    @Test
    void theSummaryTableIsGolden() throws IOException {
        ReportFolder f = ReportFolder.load(run);
        String table = Gallery.summaryTable(new Charts(f.summary(), f.raw()).cells());
        assertThat(table).isEqualTo(Golden.text("summary-table.html", table));
    }

    static List<String> hrefs(String html) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?:href|src)=\"([^\"]+)\"").matcher(html);
        List<String> out = new java.util.ArrayList<>();
        while (m.find()) out.add(m.group(1).replace("&amp;", "&"));
        return out;
    }

    @Test
    void theSpeedupAndJdkChartsReadRunsPairedByRound() {
        // the machine swings by 30 % from round to round; in every round virtual takes 1.05x the pool's time and JDK 25 0.8x JDK 21's
        double[] machine = {1000, 1300, 800, 1200, 900, 1100, 1250, 850};
        List<dev.jdkmatrix.results.RawRow> raw = new java.util.ArrayList<>();
        for (int rep = 1; rep <= machine.length; rep++) {
            for (String jdk : List.of("21", "25")) {
                for (String executor : List.of("fixed:cpus", "virtual")) {
                    double wall = machine[rep - 1] * (executor.equals("virtual") ? 1.05 : 1) * (jdk.equals("25") ? 0.8 : 1) * (1 + 0.001 * ((rep * 3) % 4));
                    raw.add(dev.jdkmatrix.results.Rows.measured("cpu-loop", "iterations=200000", executor, jdk, "1", rep, wall, "ok"));
                }
            }
        }
        Charts charts = new Charts(dev.jdkmatrix.results.Summarizer.summarize(raw), raw);
        ChartCells in = new ChartCells(charts.cells(), dev.jdkmatrix.results.Comparisons.of(raw, (dev.jdkmatrix.results.RunMetadata) null));
        assertThat(SpeedupChart.ratios(in, "21")).singleElement().satisfies(r -> {
            assertThat(r.paired()).isTrue();
            assertThat(r.value()).isCloseTo(1 / 1.05, org.assertj.core.data.Offset.offset(0.005));
            assertThat(r.high() - r.low()).as("the machine's swing cancels in each pair").isLessThan(0.01);
        });
        List<Figure> all = charts.all();
        Figure speedup = all.stream().filter(f -> f.name().equals("speedup-jdk21")).findFirst().orElseThrow();
        assertThat(speedup.caption()).contains("ratio of the runs paired by round (Hodges-Lehmann)");
        Figure jdk = all.stream().filter(f -> f.section() == Figure.Section.JDKS).findFirst().orElseThrow();
        assertThat(jdk.name()).isEqualTo("jdk-21-vs-25");
        assertThat(jdk.chart().getTitle()).isEqualTo("JDK 25 against JDK 21: speedup per cell");
        // both executors 1.25x faster on JDK 25, every interval clear of 1x
        assertThat(jdk.caption()).startsWith("JDK 25 against JDK 21, 2 cells: better in 2, worse in 0").contains("most: 1.25x in cpu-loop");
        // the same runs read as medians: the swing is in each median, and the intervals are some 10x wider
        Figure unpairedSpeedup = new SpeedupChart().figures(new ChartCells(charts.cells(), List.of())).get(0);
        assertThat(unpairedSpeedup.caption()).contains("Points: the ratio of the medians");
        assertThat(SpeedupChart.ratios(new ChartCells(charts.cells(), List.of()), "21").get(0)).satisfies(r -> assertThat(r.high() - r.low()).isGreaterThan(0.2));
    }

    @Test
    void theJdkChartGoesOnInAnotherPastFortyRows() {
        List<JdkChart.Speedup> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 45; i++) rows.add(new JdkChart.Speedup("cell " + i, "1 CPU", 1.1, 1.05, 1.15, dev.jdkmatrix.results.Comparisons.Verdict.FASTER, "", true, 6, null, null));
        assertThat(JdkChart.caption(List.of("21", "25"), rows, true)).startsWith("JDK 25 against JDK 21, 45 cells: better in 45, worse in 0");
        assertThat(JdkChart.ROWS_PER_CHART).isEqualTo(40);
        List<JdkChart.Speedup> mixed = new java.util.ArrayList<>(rows);
        mixed.add(new JdkChart.Speedup("undecided but far", "1 CPU", 3.0, 0.5, 9.0, dev.jdkmatrix.results.Comparisons.Verdict.UNDECIDED, "", true, 6, null, null));
        mixed.add(new JdkChart.Speedup("much slower", "1 CPU", 0.4, 0.35, 0.45, dev.jdkmatrix.results.Comparisons.Verdict.SLOWER, "", true, 6, null, null));
        mixed.add(new JdkChart.Speedup("faster", "1 CPU", 1.5, 1.4, 1.6, dev.jdkmatrix.results.Comparisons.Verdict.FASTER, "", true, 6, null, null));
        assertThat(mixed.stream().sorted(JdkChart.LARGEST_CHANGE_FIRST).limit(3).map(JdkChart.Speedup::label))
                .as("past a page: decided first, the largest change first").containsExactly("much slower", "faster", "cell 0");
        assertThat(mixed.stream().sorted(JdkChart.LARGEST_CHANGE_FIRST).map(JdkChart.Speedup::label).toList()).last().isEqualTo("undecided but far");
    }

    /** The JDK chart's caption counts verdicts (95 %), never intervals that merely clear 1x, and says why the rest are undecided. */
    @Test
    void theJdkChartsCaptionCountsOnlyWhatItsVerdictsDecided() {
        String few = "3 pairs: a 75.0 % interval, below the 95 % a verdict needs (6 pairs reach it)";
        List<JdkChart.Speedup> quick = List.of(
                new JdkChart.Speedup("clear of 1x at 75 %", "1 CPU", 1.4, 1.2, 1.6, dev.jdkmatrix.results.Comparisons.Verdict.UNDECIDED, few, true, 3, null, null),
                new JdkChart.Speedup("below 1x at 75 %", "1 CPU", 0.7, 0.6, 0.8, dev.jdkmatrix.results.Comparisons.Verdict.UNDECIDED, few, true, 3, null, null));
        assertThat(JdkChart.caption(List.of("21", "25"), quick, true))
                .startsWith("JDK 25 against JDK 21, 2 cells: better in 0, worse in 0, the same in 0 (decided at 95 %), undecided in 2 (every one's interval below the 95 %")
                .doesNotContain("most:", "least:");
        List<JdkChart.Speedup> mixed = List.of(
                new JdkChart.Speedup("faster", "1 CPU", 1.5, 1.4, 1.6, dev.jdkmatrix.results.Comparisons.Verdict.FASTER, "", true, 6, null, null),
                new JdkChart.Speedup("same", "1 CPU", 1.0, 0.99, 1.01, dev.jdkmatrix.results.Comparisons.Verdict.SAME, "", true, 6, null, null),
                new JdkChart.Speedup("wide", "1 CPU", 1.2, 0.8, 1.9, dev.jdkmatrix.results.Comparisons.Verdict.UNDECIDED, "", true, 6, null, null),
                new JdkChart.Speedup("too few", "1 CPU", 3.0, 2.0, 4.0, dev.jdkmatrix.results.Comparisons.Verdict.UNDECIDED, few, true, 3, null, null),
                new JdkChart.Speedup("slower", "1 CPU", 0.5, 0.45, 0.55, dev.jdkmatrix.results.Comparisons.Verdict.SLOWER, "", true, 6, null, null));
        assertThat(JdkChart.caption(List.of("21", "25"), mixed, true))
                .startsWith("JDK 25 against JDK 21, 5 cells: better in 1, worse in 1, the same in 1 (decided at 95 %), undecided in 2 (1 of them with an interval below the 95 %")
                .contains("; most: 1.50x in faster", "; least: 0.50x in slower").doesNotContain("3.00x");
    }

    /** A gallery with a byte budget draws the overview's first pages first, stays within it and says what it left out. */
    @Test
    void aGalleryWithAByteBudgetStaysWithinItAndSaysWhatItLeftOut(@TempDir Path dir) throws IOException {
        Path copy = ReportFixture.write(dir.resolve("budget"), "budget", "2026-11-22T10:00:00Z");
        Report.Result all = Report.render(copy, Report.Options.DEFAULT);
        long budget = 250_000;
        Report.Result within = Report.render(copy, new Report.Options(false, false, null, budget));
        long bytes = Files.size(copy.resolve("index.html"));
        try (var charts = Files.list(copy.resolve("charts"))) {
            bytes += charts.mapToLong(p -> p.toFile().length()).sum();
        }
        assertThat(bytes).isLessThanOrEqualTo(budget);
        assertThat(within.charts()).isPositive().isLessThan(all.charts());
        String page = Files.readString(copy.resolve("index.html"));
        assertThat(page).contains("This gallery holds " + within.charts() + " of " + all.charts() + " charts, to stay within 250,000 bytes");
        for (String src : page.split("<img src=\"").length > 1 ? java.util.Arrays.stream(page.split("<img src=\"")).skip(1).map(x -> x.substring(0, x.indexOf('"'))).toList() : List.<String>of()) {
            assertThat(copy.resolve(src)).as("every image on the page was drawn").exists();
        }
        try (var charts = Files.list(copy.resolve("charts"))) {
            assertThat(charts.count()).as("no chart left beside the page that the page does not show").isEqualTo(within.charts());
        }
        List<Figure> order = Report.priority(figures);
        assertThat(order.get(0).section()).isEqualTo(Figure.Section.JDKS);
    }
}
