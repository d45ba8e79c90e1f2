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
    }

    @Test
    void anExecutorHasOneColourOnEveryChartOfItsRunAndTwoPoolsNeverShareOne() {
        // fixed:200, fixed:512 and fixed:20 hashed to one colour; by their size in the run they take the palette's entries in turn
        List<String> run = List.of("virtual", "fixed:200", "thread-per-task", "fixed:512", "fixed:20", "fixed:cpus", "fixed:64");
        Map<String, Color> colours = JdkColours.executors(run);
        assertThat(colours.values()).as("seven executors, seven colours").doesNotHaveDuplicates().hasSize(7);
        assertThat(colours.get("virtual")).isEqualTo(JdkColours.PALETTE[2]);
        assertThat(colours.get("thread-per-task")).isEqualTo(JdkColours.PALETTE[6]);
        assertThat(colours.get("fixed:cpus")).as("the pools in order of size: fixed:cpus first").isEqualTo(JdkColours.PALETTE[0]);
        assertThat(colours.get("fixed:20")).isEqualTo(JdkColours.PALETTE[1]);
        java.util.List<String> shuffled = new java.util.ArrayList<>(run);
        java.util.Collections.reverse(shuffled);
        assertThat(JdkColours.executors(shuffled)).as("whatever order the cells come in").isEqualTo(colours);
        // a speedup row named by its baseline executor takes that executor's colour
        assertThat(RatioPlot.executors(colours).apply("vs fixed:512").colour()).isEqualTo(colours.get("fixed:512"));
        // a JDK chart's CPU limits: greys with markers of their own, the same whatever page lists them first
        var limits = RatioPlot.greys(List.of("2 CPUs", "1 CPU"));
        assertThat(limits.apply("1 CPU")).isNotEqualTo(limits.apply("2 CPUs")).isEqualTo(RatioPlot.greys(List.of("1 CPU", "2 CPUs")).apply("1 CPU"));
        assertThat(limits.apply("1 CPU").colour()).isIn((Object[]) JdkColours.GREYS);
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
