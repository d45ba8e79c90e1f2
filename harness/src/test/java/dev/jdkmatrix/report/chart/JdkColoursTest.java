package dev.jdkmatrix.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;

/** One colour per JDK on every chart, and a series' colour kept across a chart's pages. */
class JdkColoursTest {

    @Test
    void aJdkHasOneColourWhateverTheChartAndItsOrder() {
        CategoryChart a = new CategoryChartBuilder().build();
        CategorySeries a21 = JdkColours.paint(a.addSeries("JDK 21", List.of("1 CPU"), List.of(1.0)), "21");
        CategorySeries a25 = JdkColours.paint(a.addSeries("JDK 25", List.of("1 CPU"), List.of(2.0)), "25");
        CategoryChart b = new CategoryChartBuilder().build();
        CategorySeries b25 = JdkColours.paint(b.addSeries("JDK 25", List.of("1 CPU"), List.of(2.0)), "25"); // alone, first: XChart would give it its first colour
        assertThat(a25.getFillColor()).isEqualTo(b25.getFillColor()).isEqualTo(a25.getLineColor()).isEqualTo(new Color(0xD55E00));
        assertThat(a21.getFillColor()).isNotEqualTo(a25.getFillColor());
        assertThat(JdkColours.of("temurin-25")).isEqualTo(JdkColours.of("temurin-25")).isIn((Object[]) JdkColours.PALETTE);
        assertThat(JdkColours.byName(List.of("JDK 25", "1 CPU")).get("JDK 25")).isEqualTo(new Color(0xD55E00));
    }

    @Test
    void twoSeriesOfAChartNeverShareAColourAndAPageIsColouredAsTheWholeChart() {
        // "1 CPU" and "2 CPUs" hash to one palette entry: each its own, in sorted order, whatever page draws them (RatioPlot
        // colours a page's rows as among every series of the chart, JdkChart and SpeedupChart pass them all)
        Map<String, Color> both = JdkColours.byName(List.of("2 CPUs", "1 CPU"));
        assertThat(both.get("1 CPU")).isNotEqualTo(both.get("2 CPUs"));
        assertThat(JdkColours.byName(List.of("1 CPU", "2 CPUs"))).isEqualTo(both);
        Map<String, Color> many = JdkColours.byName(List.of("vs fixed:200", "vs fixed:cpus", "vs fixed:64", "vs fixed:512", "vs fixed:20", "vs thread-per-task"));
        assertThat(many.values()).as("six series of one chart, six colours").doesNotHaveDuplicates();
    }

    @Test
    void anExecutorHasOneColourOnEveryChartWhereExecutorsAreTheSeries() {
        assertThat(JdkColours.executor("virtual")).isEqualTo(JdkColours.PALETTE[2]);
        assertThat(JdkColours.executor("thread-per-task")).isEqualTo(JdkColours.PALETTE[6]);
        assertThat(JdkColours.executor("fixed:200")).isEqualTo(JdkColours.executor("fixed:200")).isNotEqualTo(JdkColours.executor("virtual"))
                .isNotEqualTo(JdkColours.executor("thread-per-task"));
        org.knowm.xchart.XYChart one = new org.knowm.xchart.XYChartBuilder().build();
        org.knowm.xchart.XYChart other = new org.knowm.xchart.XYChartBuilder().build();
        var a = JdkColours.paintExecutor(one.addSeries("virtual", new double[] {1, 2}, new double[] {1, 2}), "virtual");
        other.addSeries("fixed:cpus", new double[] {1, 2}, new double[] {1, 2});
        var b = JdkColours.paintExecutor(other.addSeries("virtual", new double[] {1, 2}, new double[] {3, 4}), "virtual");
        assertThat(a.getLineColor()).as("first on one chart, second on another: the same colour").isEqualTo(b.getLineColor());
    }

    @Test
    void whatIsNeitherJdkNorExecutorIsGrey() {
        assertThat(JdkColours.GREYS).doesNotHaveDuplicates().doesNotContainAnyElementsOf(List.of(JdkColours.PALETTE));
        for (java.awt.Color g : JdkColours.GREYS) assertThat(g.getRed()).isEqualTo(g.getGreen()).isEqualTo(g.getBlue());
        CategoryChart memory = new CategoryChartBuilder().build();
        CategorySeries heap = JdkColours.paintGrey(memory.addSeries("heap peak", List.of("a"), List.of(1.0)), 0);
        assertThat(heap.getFillColor()).isEqualTo(JdkColours.GREYS[0]);
    }

    @Test
    void aTrendIsDrawnInItsCellsJdkColourAndAComparisonsInGrey() throws java.io.IOException {
        dev.jdkmatrix.results.RunMetadata meta = dev.jdkmatrix.results.format.RunJson.read(java.nio.file.Path.of("../docs/runs/nights/2026-11-27-0025/run.json"));
        java.time.Instant at = java.time.Instant.parse("2026-12-01T00:00:00Z");
        dev.jdkmatrix.history.Measured cell25 = new dev.jdkmatrix.history.Measured(100, 90, 110, 0.95, 6, "ms", false, "", java.util.Set.of("25"), 0.01);
        dev.jdkmatrix.history.Measured pair = new dev.jdkmatrix.history.Measured(1.1, 1.0, 1.2, 0.95, 6, "x", false, "jdk 21 -> 25", java.util.Set.of("21", "25"), 0.01);
        java.util.function.Function<dev.jdkmatrix.history.Measured, List<dev.jdkmatrix.history.Series.Entry>> one = m -> List.of(new dev.jdkmatrix.history.Series.Entry(
                new dev.jdkmatrix.history.Night("n1", meta, at, Map.of()), m));
        var cellSeries = new dev.jdkmatrix.history.Series("r", new dev.jdkmatrix.history.FigureKey.Cell("c25"), one.apply(cell25));
        var pairSeries = new dev.jdkmatrix.history.Series("r", new dev.jdkmatrix.history.FigureKey.Pair("c21", "c25"), one.apply(pair));
        assertThat(HistoryCharts.colour(cellSeries)).isEqualTo(JdkColours.of("25"));
        assertThat(HistoryCharts.colour(pairSeries)).isIn((Object[]) JdkColours.GREYS);
    }
}
