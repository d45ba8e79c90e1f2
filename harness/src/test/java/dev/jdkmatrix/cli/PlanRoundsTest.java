package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Rows;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** plan --from: the rounds an earlier run's comparisons need for ±target, from the spread of their rounds. */
class PlanRoundsTest {

    @TempDir
    Path tmp;

    static final String MATRIX = """
            name: rounds
            repetitions: 6
            jdks:
              "21": { image: "example/jdk:21" }
              "25": { image: "example/jdk:25" }
            matrix:
              jdk: [21, 25]
              cpus: 1
              memory: 1g
              workload:
                - { name: sleep, tasks: 100, executor: fixed:10, params: { wait-ms: 20 } }
                - { name: cpu-loop, tasks: 100, executor: fixed:10, params: { iterations: 1000 } }
            """;

    /** 6 rounds of both JDKs of a workload, each round's ratio 25/21 = 1 with log-normal noise of {@code sd} a pair. */
    static void rounds(List<RawRow> rows, String workload, String params, double sd, Random random) {
        for (int rep = 1; rep <= 6; rep++) {
            rows.add(Rows.measured(workload, params, "fixed:10", "21", "1", rep, 100, "ok"));
            rows.add(Rows.measured(workload, params, "fixed:10", "25", "1", rep, 100 * Math.exp(sd * random.nextGaussian()), "ok"));
        }
    }

    @Test
    void anEarlierRunSaysHowManyRoundsEachComparisonNeeds() throws IOException {
        Path matrix = tmp.resolve("m.yaml");
        Files.writeString(matrix, MATRIX);
        Path earlier = Files.createDirectories(tmp.resolve("earlier"));
        List<RawRow> rows = new ArrayList<>();
        Random random = new Random(7);
        rounds(rows, "sleep", "wait-ms=20", 0.002, random); // quiet: 6 rounds resolve 5 %
        rounds(rows, "cpu-loop", "iterations=1000", 0.10, random); // noisy: a per-round spread of 10 % needs dozens
        try (var csv = RawCsv.append(earlier.resolve("raw.csv"), List.of())) {
            rows.forEach(csv::write);
        }
        CommandLineTest.Result r = CommandLineTest.run("plan", "--matrix", matrix.toString(), "--from", earlier.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("rounds for ±5 % (called faster or slower in 80 % of trials", "2 comparisons of this matrix's cells",
                "this matrix runs 6 measured runs a cell: 1 of 2 comparisons need more", "jdk 21 -> 25 from cpu-loop(iterations=1000)");
        // by hand, as a normal test would: n = (1.96 + 0.84)^2 sd^2 / (log 1.05 - log 1.005)^2, a pair's log ratio having sd about 0.10 * sqrt(2):
        // 7.84 * 0.02 / 0.00192 = 82; about twice that for what 6 rounds leave open about the spread (results.PairedPower), give or take the sample's sd
        String line = r.out().lines().filter(l -> l.contains("rounds  jdk 21 -> 25 from cpu-loop")).findFirst().orElseThrow();
        int need = Integer.parseInt(line.trim().split(" ")[0]);
        assertThat(need).as(line).isBetween(40, 400);
        // a wider target needs fewer rounds: at ±50 % the noisy one needs no more than the 6 it has
        CommandLineTest.Result wide = CommandLineTest.run("plan", "--matrix", matrix.toString(), "--from", earlier.toString(), "--target", "50");
        assertThat(wide.out()).contains("0 of 2 comparisons need more");
    }

    @Test
    void aFolderThatIsNoRunIsRefusedWithTheFix() throws IOException {
        Path matrix = tmp.resolve("m.yaml");
        Files.writeString(matrix, MATRIX);
        CommandLineTest.Result r = CommandLineTest.run("plan", "--matrix", matrix.toString(), "--from", tmp.resolve("none").toString());
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("plan --from", "no raw.csv", "fix:");
        CommandLineTest.Result t = CommandLineTest.run("plan", "--matrix", matrix.toString(), "--from", tmp.toString(), "--target", "0");
        assertThat(t.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(t.err()).contains("--target", "fix: --target 5");
    }
}
