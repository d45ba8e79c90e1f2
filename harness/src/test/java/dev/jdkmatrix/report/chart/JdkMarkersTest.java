package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Summarizer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which JDK behaviour changes a chart's JDKs cross, and which of its cells they concern. */
class JdkMarkersTest {

    /** One cell of a built-in workload or a JMH benchmark (kind jmh when {@code benchmark} is not empty). */
    static CellSummary cell(String workload, String executor, String benchmark) {
        RawRow r = dev.jdkmatrix.results.Rows.of(workload + executor + benchmark).run("m", 1).with("workload", workload).with("executor", executor)
                .with("kind", benchmark.isEmpty() ? "builtin" : "jmh").with("benchmark", benchmark).wall(10).with("score", "10").build();
        return Summarizer.summarize(List.of(r)).get(0);
    }

    static List<String> ids(List<Integer> features, CellSummary... cells) {
        return JdkMarkers.crossed(features, List.of(cells)).stream().map(JdkMarkers.Marker::id).toList();
    }

    static final CellSummary PINNING = cell("pinning", "virtual", "");
    static final CellSummary SLEEP_VIRTUAL = cell("sleep", "virtual", "");
    static final CellSummary POOL_BY_CPUS = cell("cpu-loop", "fixed:cpus", "");

    @Test
    void aChartShowsTheChangesItsJdksLieOnBothSidesOf() {
        assertThat(ids(List.of(21, 25), PINNING)).containsExactly("JEP 491");
        assertThat(ids(List.of(17, 21, 25, 27), PINNING, POOL_BY_CPUS)).containsExactly("JDK-8281181", "JEP 444", "JEP 491");
        assertThat(ids(List.of(17, 21), SLEEP_VIRTUAL)).containsExactly("JEP 444");
        assertThat(ids(List.of(25, 27), PINNING)).isEmpty();
        assertThat(ids(List.of(21), PINNING)).isEmpty();
        assertThat(ids(List.of(Integer.MAX_VALUE, 21), PINNING)).as("a JDK whose version is unknown crosses nothing").isEmpty();
    }

    @Test
    void aChangeShowsOnlyOnChartsWhoseCellsItConcerns() {
        assertThat(ids(List.of(21, 25), SLEEP_VIRTUAL)).as("sleep on virtual threads, JDK 21 and 25: JEP 491 changes nothing there").isEmpty();
        assertThat(ids(List.of(17, 25), cell("sleep", "fixed:64", ""))).as("a fixed pool of 64 sleeping").isEmpty();
        // the user's benchmarks, by their names: JMH's allocation and parallelSum samples are no pinning
        assertThat(ids(List.of(21, 25), cell("samples", "", "org.openjdk.jmh.samples.JMHSample_35_Profilers.Alloc.allocate"))).isEmpty();
        assertThat(ids(List.of(21, 25), cell("strings", "", "dev.jdkmatrix.examples.jmh.StringJoinBench.plusInLoop"))).isEmpty();
        assertThat(ids(List.of(21, 25), cell("vthreads", "", "dev.jdkmatrix.examples.jmh.PinningBench.sleepInSynchronized"))).containsExactly("JEP 491");
        assertThat(ids(List.of(17, 21), cell("par", "", "dev.jdkmatrix.examples.jmh.ParallelHashBench.parallelHash"))).containsExactly("JDK-8281181");
    }
}
