package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.cli.Main;
import dev.jdkmatrix.results.format.ComparisonReport;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunnerMoveTest {

    @TempDir
    Path tmp;

    /** Six runs around {@code median}, 1 % apart. */
    static double[] around(double median) {
        return new double[] {median * 0.99, median * 1.01, median, median * 1.005, median * 0.995, median};
    }

    /** Cells at these medians. */
    static Map<String, double[]> cells(double... medians) {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (int i = 0; i < medians.length; i++) out.put("cell-" + i, around(medians[i]));
        return out;
    }

    @Test
    void everyCellFasterTogetherIsTheRunnersMoveAndItsFasterVerdictsSaySo() {
        // the shape of a fresh-clone CI's night 2 (2026-11-28): the code made one cell 20 % slower, the runner made all 4 about 22 % faster
        List<Comparison.Row> rows = Comparison.compare(ComparisonTest.rows(cells(15.6, 15.4, 14.0, 14.4)),
                ComparisonTest.rows(cells(11.6, 12.1, 10.7, 11.8)), 0.10);
        Optional<RunnerMove> move = RunnerMove.of(rows, 0.10);
        assertThat(move).isPresent();
        assertThat(move.get().slower()).isFalse();
        assertThat(move.get().moved()).isEqualTo(4);
        assertThat(move.get().lowPct()).isBetween(17.0, 19.0);
        assertThat(move.get().highPct()).isBetween(25.0, 26.5);
        assertThat(move.get().text()).isEqualTo("4 of the 4 cells compared moved 18.1 % to 25.6 % faster together, none the other way past the threshold");
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.verdict()).isEqualTo(Comparison.Verdict.FASTER);
            assertThat(r.note()).isEqualTo("every cell moved this way: the runner's as much as the code's");
        });
        assertThat(ComparisonReport.markdown(rows, "a", "b", 0.10)).contains("**The runner moved:** 4 of the 4 cells compared moved 18.1 % to 25.6 % faster",
                "A verdict of faster below is the runner's as much as the code's", "faster (every cell moved this way");
    }

    @Test
    void aThroughputThatFellEverywhereIsASlowerRunner() {
        List<RawRow> base = new ArrayList<>();
        List<RawRow> now = new ArrayList<>();
        for (String c : List.of("a", "b", "c")) {
            base.addAll(ComparisonTest.throughput(c, 1000, 1010, 990, 1005, 995, 1000));
            now.addAll(ComparisonTest.throughput(c, 800, 808, 792, 804, 796, 800));
        }
        List<Comparison.Row> rows = Comparison.compare(base, now, 0.10);
        RunnerMove move = RunnerMove.of(rows, 0.10).orElseThrow();
        assertThat(move.slower()).isTrue();
        assertThat(move.lowPct()).isBetween(19.0, 21.0);
        assertThat(rows).allSatisfy(r -> assertThat(r.note()).contains("the runner's as much as the code's"));
    }

    @Test
    void aStepOfSomeCellsIsNotTheRunners() {
        // one cell slower among steady ones: the code's
        assertThat(RunnerMove.of(Comparison.compare(ComparisonTest.rows(cells(100, 50, 200, 80)), ComparisonTest.rows(cells(130, 50, 201, 80)), 0.10), 0.10)).isEmpty();
        // half the cells slower: not three quarters
        assertThat(RunnerMove.of(Comparison.compare(ComparisonTest.rows(cells(100, 50, 200, 80)), ComparisonTest.rows(cells(130, 65, 201, 80)), 0.10), 0.10)).isEmpty();
        // every cell but one slower, that one faster past the threshold: it moved against the runner, so it is not one move
        List<Comparison.Row> against = Comparison.compare(ComparisonTest.rows(cells(100, 50, 200, 80, 40)), ComparisonTest.rows(cells(130, 65, 260, 104, 30)), 0.10);
        assertThat(RunnerMove.of(against, 0.10)).isEmpty();
        assertThat(against).allSatisfy(r -> assertThat(r.note()).isEmpty());
        // two cells are too few to tell a runner from a change
        assertThat(RunnerMove.of(Comparison.compare(ComparisonTest.rows(cells(100, 50)), ComparisonTest.rows(cells(130, 65)), 0.10), 0.10)).isEmpty();
        // three of four past the threshold, the fourth within it: a move of three quarters
        assertThat(RunnerMove.of(Comparison.compare(ComparisonTest.rows(cells(100, 50, 200, 80)), ComparisonTest.rows(cells(130, 65, 260, 84)), 0.10), 0.10))
                .hasValueSatisfying(m -> assertThat(m.text()).startsWith("3 of the 4 cells compared moved"));
    }

    @Test
    void cellsOnOneSideOnlyAreNotExamined() {
        Map<String, double[]> base = cells(100, 50, 200);
        Map<String, double[]> now = cells(130, 65, 260);
        base.put("removed", around(10));
        now.put("added", around(10));
        now.put("added-2", around(10));
        RunnerMove move = RunnerMove.of(Comparison.compare(ComparisonTest.rows(base), ComparisonTest.rows(now), 0.10), 0.10).orElseThrow();
        assertThat(move.cells()).isEqualTo(3);
    }

    @Test
    void aMoveIsThreeCellsOrMoreWithAPositiveSpan() {
        assertThatThrownBy(() -> new RunnerMove(true, 2, 4, 12, 20)).hasMessageContaining("3 to all of the 4 cells");
        assertThatThrownBy(() -> new RunnerMove(true, 5, 4, 12, 20)).hasMessageContaining("got 5");
        assertThatThrownBy(() -> new RunnerMove(true, 4, 4, 20, 12)).hasMessageContaining("0 < low <= high");
    }

    @Test
    void theCommandWarnsOnStandardErrorAndKeepsTheGate() throws IOException {
        Path base = write("base", cells(100, 50, 200, 80));
        Path now = write("new", cells(130, 66, 262, 105));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"compare", base.toString(), now.toString(), "--fail-on-regression"}, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as("a move of every cell may be the code's: the gate still fails").isEqualTo(1);
        assertThat(err.toString()).contains("jdkmatrix: warning: the runner moved between the two runs: 4 of the 4 cells compared moved", "slower together",
                "paired by round");
        assertThat(out.toString()).contains("**The runner moved:**", "**slower** (every cell moved this way");
    }

    private Path write(String name, Map<String, double[]> walls) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        try (RawCsv c = RawCsv.append(dir.resolve("raw.csv"), List.of())) {
            ComparisonTest.rows(walls).forEach(c::write);
        }
        return dir;
    }
}
