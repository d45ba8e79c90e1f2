package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.model.JmhIteration;
import dev.jdkmatrix.report.chart.Charts;
import dev.jdkmatrix.report.chart.Figure;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.results.format.IterationsCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The warm-up picture: each JDK's iterations in a fork's order, JMH's warm-up's end marked, the caption saying how its runs settled. */
class IterationChartTest {

    static final String BENCH = "dev.jdkmatrix.examples.jmh.StringJoinBench.stringJoin";

    @Test
    void eachJdksIterationsAreDrawnAndTheCaptionSaysWhichRunsJmhMeasuredBeforeTheirSteadyState() throws IOException {
        List<RawRow> raw = new ArrayList<>();
        List<IterationsCsv.Stored> its = new ArrayList<>();
        int seq = 0;
        for (String jdk : List.of("21", "25")) {
            for (int rep = 1; rep <= 6; rep++) {
                seq++;
                // 2 warm-up and 8 measured iterations a fork (us/op, lower is better): JDK 21 settles at its 4th, measured in part before it; JDK 25 is flat
                double[] scores = jdk.equals("21") ? new double[] {30, 22, 16, 10, 10.1, 9.9, 10, 10.05, 10.02, 9.98}
                        : new double[] {8, 8.02, 7.98, 8.01, 8, 7.99, 8.02, 8, 8.01, 7.99};
                for (int i = 0; i < scores.length; i++) {
                    JmhIteration.Phase phase = i < 2 ? JmhIteration.Phase.WARMUP : JmhIteration.Phase.MEASURE;
                    double noise = 1 + 0.002 * ((rep + i) % 3 - 1);
                    its.add(new IterationsCsv.Stored("jmh", seq, 1, "measure", cell(jdk), rep,
                            new JmhIteration(1, phase, i < 2 ? i + 1 : i - 1, scores[i] * noise, "us/op", Map.of())));
                }
                raw.add(JmhReportTest.row(seq, BENCH, "avgt", "us/op", "lower", jdk, rep, jdk.equals("21") ? 11 : 8, 3000, "", ""));
            }
        }
        List<Figure> figures = new Charts(Summarizer.summarize(raw), raw, List.of(), its).all().stream().filter(f -> f.name().startsWith("iterations")).toList();
        assertThat(figures).hasSize(1);
        Figure f = figures.get(0);
        assertThat(f.section()).isEqualTo(Figure.Section.SCORE);
        assertThat(f.caption()).contains("JDK 21: warmup in 6 of 6 runs; steady from iteration 4 (median); 6 measured before their steady state (JMH's warm-up: 2)",
                "JDK 25: flat in 6 of 6 runs");
        Path png = Path.of("target", "test-charts");
        Files.createDirectories(png);
        org.knowm.xchart.BitmapEncoder.saveBitmap(f.chart(), png.resolve(f.name()).toString(), org.knowm.xchart.BitmapEncoder.BitmapFormat.PNG);
        assertThat(png.resolve(f.name() + ".png")).isNotEmptyFile();
        assertThat(new Charts(Summarizer.summarize(raw), raw, List.of()).all()).noneMatch(x -> x.name().startsWith("iterations"));
        // the JDK overview says the pair's time to steady state: JDK 21 settles at its 4th iteration, JDK 25 at its 1st
        Figure jdks = new Charts(Summarizer.summarize(raw), raw, dev.jdkmatrix.results.Comparisons.of(raw, (dev.jdkmatrix.results.RunMetadata) null), its).all().stream()
                .filter(x -> x.section() == Figure.Section.JDKS).findFirst().orElseThrow();
        assertThat(jdks.caption()).contains("Time to steady state (the iteration it begins at, warm-up counted, median over runs), 1 JMH cell: "
                + "JDK 25 settled earlier in 1, later in 0, at the same iteration in 0; medians JDK 21 4, JDK 25 1.");
        // without iterations, nothing is said
        assertThat(new Charts(Summarizer.summarize(raw), raw, dev.jdkmatrix.results.Comparisons.of(raw, (dev.jdkmatrix.results.RunMetadata) null), List.of()).all().stream()
                .filter(x -> x.section() == Figure.Section.JDKS).findFirst().orElseThrow().caption()).doesNotContain("Time to steady state");
    }

    static String cell(String jdk) {
        return "samples:" + BENCH + " [avgt] jdk=" + jdk + " cpus=1 mem=1g";
    }
}
