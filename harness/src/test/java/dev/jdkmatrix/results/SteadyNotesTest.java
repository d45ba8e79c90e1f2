package dev.jdkmatrix.results;

import dev.jdkmatrix.results.format.SummaryColumns;
import dev.jdkmatrix.results.CellSummary;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.stats.SteadyState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What summary.csv and comparisons.csv say of runs that were not measured at a steady state. */
class SteadyNotesTest {

    static List<RawRow> runs(String cell, String jdk, String... classes) {
        List<RawRow> out = new ArrayList<>();
        for (int i = 0; i < classes.length; i++) {
            String[] c = classes[i].split("@");
            out.add(Rows.of(cell).run("r", out.size() + 1 + (jdk.equals("25") ? 100 : 0)).rep(i + 1).wall(1000).with("jdk", jdk).with("kind", "jmh")
                    .with("score", Integer.toString(100 + i)).with("score_unit", "us/op").with("score_better", "lower")
                    .with("jmh_warmup_iterations", "2").with("steady_state", c[0]).with("steady_from", c.length > 1 ? c[1] : "").build());
        }
        return out;
    }

    @Test
    void aComparisonSaysWhichSideWasNotMeasuredAtASteadyStateAndWhichWayThatLeans() {
        List<RawRow> a = runs("bench jdk=21", "21", "flat@1", "warmup@3", "flat@1");
        List<RawRow> b = runs("bench jdk=25", "25", "warmup@5", "warmup@6", "none");
        String note = SteadyNotes.of(a, b);
        assertThat(note).doesNotContain("a: ").contains("b: 1 of 3 runs reached no steady state", "b: 2 of 3 runs were measured before their warm-up ended",
                "leans towards a");
        assertThat(SteadyNotes.of(a, a)).as("every run measured at its steady state").isEmpty();
        assertThat(SteadyNotes.of(runs("x", "21", "slowdown@4"), a)).contains("a: 1 of 1 runs slowed down");
        assertThat(SteadyNotes.of(List.of(Rows.of("sleep").build()), List.of(Rows.of("sleep").build()))).as("built-in runs: nothing classified").isEmpty();
    }

    @Test
    void theSummaryCountsTheRunsThatReachedASteadyState() {
        List<RawRow> rows = new ArrayList<>(runs("bench jdk=25", "25", "warmup@3", "none", "flat@1", "slowdown@5"));
        CellSummary s = Summarizer.summarize(rows, Double.NaN).get(0);
        assertThat(SummaryColumns.column(s, "n_steady")).isEqualTo("2");
        assertThat(SummaryColumns.column(s, "steady_states")).isEqualTo("flat=1;none=1;slowdown=1;warmup=1");
        assertThat(SummaryColumns.column(Summarizer.summarize(List.of(Rows.of("sleep").wall(10).build()), Double.NaN).get(0), "n_steady")).isEmpty();
    }

    @Test
    void aRowReadsItsSteadyStateAsAClassAndOneNamingNoClassIsRefusedOrCut(@TempDir Path tmp) throws IOException {
        assertThat(runs("bench jdk=25", "25", "slowdown@4").get(0).steadyState()).contains(SteadyState.Kind.SLOWDOWN);
        assertThat(Rows.of("sleep").build().steadyState()).as("not classified").isEmpty();
        assertThatThrownBy(() -> runs("bench jdk=25", "25", "steady@4"))
                .hasMessageContaining("run bench jdk=25 #1: steady_state 'steady' is no steady-state class", "fix: write flat, warmup, slowdown or none");
        // as read from a raw.csv: the row that names another class is cut as damaged, and the others are read
        Path raw = tmp.resolve("raw.csv");
        try (var csv = RawCsv.append(raw, List.of())) {
            runs("bench jdk=25", "25", "flat@1", "none", "warmup@3").forEach(csv::write);
        }
        List<String> lines = new ArrayList<>(Files.readAllLines(raw));
        lines.set(2, lines.get(2).replace(",none,", ",nearly,"));
        Files.write(raw, lines);
        RawCsv.Read read = RawCsv.readAll(raw);
        assertThat(read.rows()).extracting(r -> r.steadyState().orElseThrow()).containsExactly(SteadyState.Kind.FLAT, SteadyState.Kind.WARMUP);
        assertThat(read.cut()).containsExactly(3L);
    }
}
