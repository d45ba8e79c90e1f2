package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunBaseline;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RunJson;
import dev.jdkmatrix.run.ItSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A night against its baseline, run in real containers: each suite entry's base and head sides in
 * every round, compared along workload, run.json saying what the baseline was; and a night whose
 * baseline cannot be had, which runs tonight's side alone, says why and exits 1.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
class BaselineIT {

    @TempDir
    Path tmp;

    Path matrix(String baseline) throws IOException {
        Files.copy(ItSupport.PROJECT.resolve("examples/jar/target/app.jar"), tmp.resolve("app.jar"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.copy(ItSupport.PROJECT.resolve("examples/jar/target/app.jar"), tmp.resolve("baseline.jar"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return Files.writeString(tmp.resolve("nightly.yaml"), """
                name: baseline-it
                repetitions: 3
                warmup: 0
                timeout: 60s
                %s
                baseline: %s
                matrix:
                  jdk: 25
                  cpus: 1
                  memory: 512m
                  workload:
                    - name: sort
                      kind: jar
                      jar: app.jar
                      args: [--size, '100000', --rounds, '1']
                      result: { regex: 'sorted \\d+ x (\\d+) ints', unit: ints, better: higher }
                """.formatted(ItSupport.jdks("25"), baseline));
    }

    /** The run through the command line, its rows and what it printed on both streams; its exit checked. */
    static ItSupport.Ran run(Path matrix, Path out, String runId, int expected, Path cache) throws IOException {
        java.io.StringWriter printed = new java.io.StringWriter();
        java.io.PrintWriter w = new java.io.PrintWriter(printed, true);
        int code = Main.execute(new String[] {"run", "--matrix", matrix.toString(), "--out", out.toString(), "--run-id", runId, "--workloads-jar",
                ItSupport.JAR.toString(), "--progress", "lines", "--no-report", ItSupport.NO_LEASE, "--baseline-cache", cache.toString()}, w, w);
        assertThat(code).as(printed.toString()).isEqualTo(expected);
        return new ItSupport.Ran(dev.jdkmatrix.results.format.RawCsv.read(out.resolve("raw.csv")), printed.toString());
    }

    static RunMetadata meta(Path out) throws IOException {
        return RunJson.read(out.resolve("run.json"));
    }

    @Test
    void eachBenchmarkRunsAgainstItsBaselineInEveryRoundAndRunJsonSaysWhatItWas() throws IOException {
        Path out = tmp.resolve("night");
        ItSupport.Ran ran = run(matrix("{ jar: baseline.jar }"), out, "baseline-it", 0, tmp.resolve("cache"));
        assertThat(ran.rows()).extracting(x -> x.key().workload()).containsOnly("base-sort", "head-sort").hasSize(6);
        for (int round = 1; round <= 3; round++) {
            int r = round;
            assertThat(ran.rows().stream().filter(x -> x.rep() == r).map(x -> x.key().workload())).as("round %d: both sides", r).containsExactlyInAnyOrder("base-sort", "head-sort");
        }
        assertThat(ran.err()).contains("baseline jar " + tmp.resolve("baseline.jar") + ": as given; sort against it");
        List<RunBaseline> b = meta(out).baselines();
        assertThat(b).singleElement().satisfies(x -> {
            assertThat(x.status()).isEqualTo("given");
            assertThat(x.workloads()).containsExactly("sort");
        });
        assertThat(meta(out).plan().compareAlong()).containsExactly("workload");
        String comparisons = Files.readString(out.resolve("comparisons.csv"));
        assertThat(comparisons).contains("workload base-sort -> head-sort");
    }

    @Test
    void aNightWhoseBaselineCannotBeHadRunsTonightsSideAloneAndSaysWhy() throws IOException, InterruptedException {
        Path out = tmp.resolve("without");
        // the team's repository, without the ref its matrix names (a tag not fetched, say)
        assertThat(new ProcessBuilder("git", "init", "-q", tmp.toString()).inheritIO().start().waitFor()).isZero();
        ItSupport.Ran ran = run(matrix("{ ref: no-such-tag-anywhere, build: \"true\" }"), out, "baseline-it-failed", 1, tmp.resolve("cache"));
        assertThat(ran.rows()).extracting(x -> x.key().workload()).containsOnly("head-sort").hasSize(3);
        assertThat(ran.rows()).allMatch(RawRow::ok);
        assertThat(ran.err()).contains("NOT measured tonight", "this night ran without its baseline ref no-such-tag-anywhere (sort)", "fix: ");
        assertThat(meta(out).baselines()).singleElement().satisfies(x -> {
            assertThat(x.status()).isEqualTo("failed");
            assertThat(x.detail()).contains("no commit 'no-such-tag-anywhere'", "fix: fetch it");
        });
    }
}
