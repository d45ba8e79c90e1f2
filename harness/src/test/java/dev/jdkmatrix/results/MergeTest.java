package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.MatrixParser;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.matrix.Shard;
import dev.jdkmatrix.results.format.Merge;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shards written as `run --shard K/N` writes them, then merged: exactly the unsharded plan. */
class MergeTest {

    static final Matrix QUICK = new MatrixParser().parse(Path.of(System.getProperty("user.dir")).getParent().resolve("harness/matrices/quick.yaml"));

    @TempDir
    Path tmp;

    static RawRow row(PlannedRun r, String runId) {
        return Rows.of(r.cell().key()).run(runId, r.sequence()).phase(r.phase().text()).rep(r.repetition())
                .wall(100 + r.sequence()).with("java_runtime_version", r.cell().jdk() + ".0.1").build();
    }

    Path shardFolder(Shard shard, String name, String sha) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        List<PlannedRun> runs = shard.select(QUICK);
        try (RawCsv csv = RawCsv.append(dir.resolve("raw.csv"), java.util.List.of())) {
            for (PlannedRun r : runs) csv.write(row(r, name));
        }
        RunJson.write(dir.resolve("run.json"), new RunMetadata(1, name, "quick.yaml", "quick", sha, "", false, "2026-11-22T10:0" + shard.index() + ":00Z",
                "2026-11-22T11:0" + shard.index() + ":00Z", new RunMetadata.Host("host-" + shard.index(), "cpu", 2, 1, "Linux", "6", "25"), null,
                List.of(), Map.of(), new RunMetadata.Plan(1, runs.size(), 3, 0, "interleaved", 1, shard.text(), 0.1), Map.of(), null, 0, List.of()));
        return dir;
    }

    @Test
    void mergedShardsAreExactlyTheUnshardedPlan() throws IOException {
        List<String> planKeys = QUICK.plan().stream().map(PlannedRun::key).sorted().toList();
        for (int n = 1; n <= 4; n++) {
            List<Path> dirs = new ArrayList<>();
            for (int k = 1; k <= n; k++) dirs.add(shardFolder(new Shard(k, n), "n" + n + "-s" + k, QUICK.sha256()));
            Path out = tmp.resolve("merged-" + n);
            RunMetadata m = Merge.merge(dirs, out);
            List<RawRow> rows = RawCsv.read(out.resolve("raw.csv"));
            assertThat(rows.stream().map(RawRow::runKey).sorted().toList()).isEqualTo(planKeys);
            assertThat(rows).isSortedAccordingTo(java.util.Comparator.comparingInt(RawRow::seq));
            assertThat(Files.readAllLines(out.resolve("summary.csv"))).hasSize(1 + QUICK.cells().size());
            String ofN = "/" + n;
            assertThat(m.mergedFrom()).hasSize(n).extracting(RunMetadata.Source::shard).allMatch(s -> s.endsWith(ofN));
            assertThat(m.mergedFrom()).extracting(RunMetadata.Source::hostname).doesNotHaveDuplicates();
            assertThat(m.plan().shard()).isEqualTo("merged");
            assertThat(m.statusCounts()).containsEntry("ok", planKeys.size());
            assertThat(m.startedAt()).isEqualTo("2026-11-22T10:01:00Z");
            assertThat(RunJson.read(out.resolve("run.json"))).isEqualTo(m);
        }
    }

    @Test
    void foldersOfAnotherMatrixOrARunStoredTwiceAreRefused() throws IOException {
        Path a = shardFolder(new Shard(1, 2), "a", QUICK.sha256());
        Path b = shardFolder(new Shard(2, 2), "b", "another-matrix");
        assertThatThrownBy(() -> Merge.merge(List.of(a, b), tmp.resolve("x")))
                .isInstanceOfSatisfying(ExitException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitException.BAD_INPUT))
                .hasMessageContaining("ran another matrix").hasMessageContaining("fix:");
        assertThatThrownBy(() -> Merge.merge(List.of(a, a), tmp.resolve("y"))).hasMessageContaining("is stored in both");
        assertThatThrownBy(() -> Merge.merge(List.of(tmp.resolve("nope")), tmp.resolve("z"))).hasMessageContaining("not a results folder");
    }

    /** The runner class the shards named is the merged night's; merge --runner-class names another; several named are said. */
    @Test
    void theMergedNightKeepsTheRunnerClassItsShardsNamedOrTheOneGiven() throws IOException {
        Path a = shardFolder(new Shard(1, 2), "ca", QUICK.sha256());
        Path b = shardFolder(new Shard(2, 2), "cb", QUICK.sha256());
        assertThat(Merge.merge(List.of(a, b), tmp.resolve("none")).namedClass()).isNull();
        for (Path d : List.of(a, b)) RunJson.write(d.resolve("run.json"), RunJson.read(d.resolve("run.json")).withNamedClass("gh-4core"));
        RunMetadata kept = Merge.merge(List.of(a, b), tmp.resolve("kept"));
        assertThat(kept.namedClass()).isEqualTo("gh-4core");
        assertThat(kept.runnerClass()).isEqualTo("gh-4core");
        assertThat(kept.fleet()).isEqualTo("gh-4core");
        assertThat(Merge.merge(List.of(a, b), tmp.resolve("given"), n -> {}, "bench-pool").namedClass()).isEqualTo("bench-pool");
        RunJson.write(b.resolve("run.json"), RunJson.read(b.resolve("run.json")).withNamedClass("other"));
        List<String> notes = new ArrayList<>();
        assertThat(Merge.merge(List.of(a, b), tmp.resolve("two"), notes::add, null).namedClass()).isEqualTo("gh-4core");
        assertThat(notes).anyMatch(n -> n.contains("the folders name 2 runner classes (gh-4core, other)"));
    }
}
