package dev.jdkmatrix.matrix;

import dev.jdkmatrix.results.format.SummaryColumns;
import dev.jdkmatrix.results.CellSummary;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.model.ParamsText;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Rows;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A param value may hold any character: one cell per value, stored and read back exactly, a resume counting each run once. */
class ParamsTextTest {

    @TempDir
    Path dir;

    static final List<String> HOSTILE = List.of("a;b=c,d", "line1\nline2", "50%3B", "10%", "x\r\ny", "=;%", "plain");

    @Test
    void everyValueRoundTripsAndPlainOnesReadAsBefore() {
        for (String v : HOSTILE) {
            Map<String, String> m = new TreeMap<>(Map.of("k", v, "other", "1"));
            String text = ParamsText.format(m);
            assertThat(text).as(v).doesNotContain("\n", "\r").matches("[^;]*;[^;]*");
            assertThat(ParamsText.parse(text)).as(v).isEqualTo(m);
        }
        // a params column written before the escaping reads as it did
        assertThat(ParamsText.parse("size=1000;target=10%")).containsEntry("size", "1000").containsEntry("target", "10%");
        assertThat(ParamsText.format(Map.of("size", "1000", "lock", "synchronized"))).isEqualTo("lock=synchronized;size=1000");
    }

    @Test
    void aJarCellPerHostileValueIsStoredReadBackAndResumedOnce() throws IOException {
        TestJars.write(dir);
        Files.writeString(dir.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        StringBuilder values = new StringBuilder();
        for (String v : HOSTILE) values.append(values.isEmpty() ? "" : ", ").append('"').append(v.replace("\n", "\\n").replace("\r", "\\r")).append('"');
        Path f = dir.resolve("m.yaml");
        Files.writeString(f, KeyEdgesTest.JAR + "      args: ['${size}']\n      params: { size: [" + values + "] }\n");
        Matrix m = new MatrixParser().parse(f);
        assertThat(m.cells()).as("one cell per value").hasSize(HOSTILE.size());
        assertThat(m.cells()).extracting(c -> c.params().get("size")).containsExactlyInAnyOrderElementsOf(HOSTILE);
        // each cell's runs stored the way a run stores them, and read back
        List<RawRow> rows = new ArrayList<>();
        for (Cell c : m.cells()) {
            for (int rep = 1; rep <= 6; rep++) {
                Rows.Builder v = Rows.empty();
                v.with("run_id", "t");
                v.with("seq", Integer.toString(rows.size() + 1));
                v.with("cell", c.id());
                v.with("phase", "measure");
                v.with("rep", Integer.toString(rep));
                v.with("status", "ok");
                v.with("workload", c.workload());
                v.with("kind", "jar");
                v.with("params", c.paramsText());
                v.with("jdk", c.jdk());
                v.with("cpus", c.cpus().text());
                v.with("memory", c.memory().text());
                v.with("wall_ms", Integer.toString(100 + rep));
                rows.add(v.build());
            }
        }
        try (var csv = RawCsv.append(dir.resolve("raw.csv"), RawCsv.paramColumns(rows))) {
            rows.forEach(csv::write);
        }
        List<RawRow> back = RawCsv.read(dir.resolve("raw.csv"));
        assertThat(back).hasSize(rows.size());
        // resume: every planned run's key is a stored run's key, once
        java.util.Set<String> stored = new java.util.HashSet<>();
        back.forEach(r -> assertThat(stored.add(r.runKey())).as("stored once: " + r.runKey()).isTrue());
        for (PlannedRun p : m.plan()) if (p.phase() == PlannedRun.Phase.MEASURE && p.repetition() <= 6) assertThat(stored).contains(p.key());
        assertThat(back).extracting(r -> ParamsText.parse(r.column("params")).get("size")).containsAll(HOSTILE);
        // the summary: one row per cell, one param column, each value exact
        List<CellSummary> summary = Summarizer.summarize(back);
        assertThat(summary).hasSize(HOSTILE.size());
        assertThat(summary).extracting(s -> SummaryColumns.column(s, "param_size")).containsExactlyInAnyOrderElementsOf(HOSTILE);
        assertThat(SummaryColumns.row(summary.get(0)).keySet()).filteredOn(k -> k.startsWith("param_")).containsExactly("param_size");
        // compared along the param: every pair of the 7 cells is there
        assertThat(Comparisons.of(back, List.of("size"), "blocked", 0.10, Double.NaN)).hasSize(HOSTILE.size() * (HOSTILE.size() - 1) / 2);
    }
}
