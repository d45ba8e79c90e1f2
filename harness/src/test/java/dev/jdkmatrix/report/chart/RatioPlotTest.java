package dev.jdkmatrix.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** The ratio plot's axis follows the ratios: one wide interval is cut at the edge with a mark, not given the whole axis. */
class RatioPlotTest {

    /** A public JSON library's JMH suite, JDK 25 against 21: three ratios near 1x, one of them measured while the machine's other CPU went quiet. */
    static final List<RatioPlot.Row> ROWS = List.of(
            new RatioPlot.Row("read small", "1 CPU", 1.04, 1.01, 1.07),
            new RatioPlot.Row("read large", "1 CPU", 0.97, 0.95, 0.99),
            new RatioPlot.Row("write small", "1 CPU", 1.07, 0.48, 2.10),
            new RatioPlot.Row("write large", "1 CPU", 1.12, 1.08, 1.16));

    @Test
    void aWideIntervalIsCutAtTheEdgeAndTheOtherRatiosKeepALinearAxis() throws Exception {
        double[] axis = RatioPlot.axis(ROWS);
        assertThat(axis[2]).as("linear, not 0.1x to 10x").isZero();
        assertThat(axis[0]).isBetween(0.8, 0.95);
        assertThat(axis[1]).isBetween(1.16, 1.35);
        // a 5 % difference is a tenth of the axis or more (on 0.1x..10x it was about 1 %)
        assertThat(0.05 / (axis[1] - axis[0])).isGreaterThan(0.1);
        assertThat(RatioPlot.clipNote(ROWS)).isEqualTo("; arrow: interval cut");

        XYChart chart = RatioPlot.draw("JDK 25 against JDK 21", "speedup" + RatioPlot.clipNote(ROWS), ROWS);
        XYSeries wide = chart.getSeries("interval 1 CPU 2");
        assertThat(wide.getXData()).containsExactly(axis[0], axis[1]);
        assertThat(chart.getSeries("interval 1 CPU 0").getXData()).containsExactly(1.01, 1.07);
        assertThat(RatioPlot.times(0.48)).isEqualTo("0.48x");
        assertThat(RatioPlot.times(2.1)).isEqualTo("2.10x");
        Path png = Path.of("target", "test-charts");
        Files.createDirectories(png);
        org.knowm.xchart.BitmapEncoder.saveBitmap(chart, png.resolve("ratio-plot-cut").toString(), org.knowm.xchart.BitmapEncoder.BitmapFormat.PNG);
        assertThat(png.resolve("ratio-plot-cut.png")).isNotEmptyFile();
    }

    @Test
    void intervalsWithinReachStillWidenTheAxisAndNothingIsCut() {
        List<RatioPlot.Row> rows = List.of(new RatioPlot.Row("a", "s", 1.10, 1.02, 1.18), new RatioPlot.Row("b", "s", 0.95, 0.93, 0.97));
        double[] axis = RatioPlot.axis(rows);
        assertThat(axis[0]).isLessThanOrEqualTo(0.93);
        assertThat(axis[1]).isGreaterThanOrEqualTo(1.18);
        assertThat(RatioPlot.clipNote(rows)).isEmpty();
        // ratios far apart get a log axis fitted to them, its margin a little of their span
        List<RatioPlot.Row> wide = List.of(new RatioPlot.Row("sleep", "s", 20, 17, 25), new RatioPlot.Row("cpu", "s", 1.0, 0.98, 1.02));
        double[] log = RatioPlot.axis(wide);
        assertThat(log[2]).isEqualTo(1);
        assertThat(log[0]).isBetween(0.6, 0.98);
        assertThat(log[1]).isBetween(25.0, 40.0);
        // a span that would hold one power of ten only keeps whole decades, so that two are labelled
        assertThat(RatioPlot.axis(List.of(new RatioPlot.Row("a", "s", 2, 1.9, 2.1), new RatioPlot.Row("b", "s", 4.5, 4.2, 4.8)))).containsExactly(0.1, 10, 1);
    }

    @Test
    void eachRowIsNamedInAGutterLeftOfThePlotAndALongNameIsCutInItsMiddle() {
        List<RatioPlot.Row> rows = List.of(new RatioPlot.Row("sleep(wait-ms=100) 10000t 1 CPU  vs fixed:200", "vs fixed:200", 20, 17, 25),
                new RatioPlot.Row("x".repeat(200), "vs fixed:200", 1.0, 0.98, 1.02));
        XYChart chart = RatioPlot.draw("speedup", "speedup", rows);
        int gutter = chart.getStyler().getYAxisLeftWidthHint();
        assertThat(gutter).isBetween(100, RatioPlot.MAX_GUTTER);
        java.awt.FontMetrics metrics = new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_RGB).createGraphics()
                .getFontMetrics(chart.getStyler().getAnnotationTextFont());
        String cut = RatioPlot.fitted("x".repeat(200), metrics, 200);
        assertThat(metrics.stringWidth(cut)).isLessThanOrEqualTo(200);
        assertThat(cut).startsWith("xxx").endsWith("xxx").contains("\u2026");
        assertThat(RatioPlot.fitted("short", metrics, 200)).isEqualTo("short");
    }
}
