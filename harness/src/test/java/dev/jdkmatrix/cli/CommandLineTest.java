package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line without Docker: plan, and bad input refused with exit code 2 before anything starts. */
class CommandLineTest {

    @TempDir
    Path tmp;

    record Result(int code, String out, String err) {}

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void planListsEveryCellAndAnEstimate() {
        Path matrix = Path.of(System.getProperty("user.dir")).getParent().resolve("matrix.yaml");
        Result r = run("plan", "--matrix", matrix.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("sleep(wait-ms=100) fixed:200 tasks=10000 jdk=21 cpus=1 mem=1g",
                "pinning(hold-ms=50;lock=synchronized) virtual tasks=200 jdk=25 cpus=2 mem=1g", "runs, estimated");
    }

    @Test
    void aBadMatrixIsExitCode2WithTheMessageOnStandardError() throws IOException {
        Path bad = tmp.resolve("bad.yaml");
        Files.writeString(bad, "matrix:\n  jdk: 21\n  cpus: 1\n  memory: 1g\n  tasks: 1\n  executor: virtual\n  workload: nap\n");
        for (String[] args : new String[][] {{"plan", "--matrix", bad.toString()}, {"run", "--matrix", bad.toString(), "--out", tmp.resolve("never").toString()}}) {
            Result r = run(args);
            assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
            assertThat(r.err()).contains(bad + ":7:13", "unknown workload 'nap'", "fix:");
            assertThat(Files.exists(tmp.resolve("never"))).isFalse();
        }
    }

    @Test
    void planRefusesCpusAboveThisHostsAsRunDoes() throws IOException {
        Path m = tmp.resolve("wide.yaml");
        int over = Runtime.getRuntime().availableProcessors() + 1;
        Files.writeString(m, "matrix:\n  jdk: 21\n  cpus: " + over + "\n  cpu-mode: cpuset\n  memory: 1g\n  tasks: 1\n  executor: virtual\n  workload: sleep\n");
        Files.writeString(tmp.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        for (String cmd : new String[] {"plan", "run"}) {
            Result r = cmd.equals("plan") ? run("plan", "--matrix", m.toString()) : run("run", "--matrix", m.toString(), "--out", tmp.resolve("never").toString());
            assertThat(r.code()).as(cmd + ": " + r.err()).isEqualTo(ExitException.BAD_INPUT);
            assertThat(r.err()).contains(m + ":3:9", "cpus " + over + " is more than the " + (over - 1) + " CPUs of this host", "fix:");
        }
        assertThat(Files.exists(tmp.resolve("never"))).isFalse();
    }

    @Test
    void aMatrixThatWouldRunForDaysIsRefusedUnlessYes() throws IOException {
        Path big = tmp.resolve("big.yaml");
        Files.writeString(big, "timeout: 48h\nmatrix:\n  jdk: 21\n  cpus: 1\n  memory: 1g\n  tasks: 100000\n  executor: fixed:1\n  workload:\n    - name: sleep\n      params: { wait-ms: 1000 }\n");
        Files.writeString(tmp.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        Result r = run("run", "--matrix", big.toString(), "--out", tmp.resolve("never").toString());
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains(big.toString(), "more than 24 hours", "--yes");
        assertThat(Files.exists(tmp.resolve("never"))).isFalse();
    }

    @Test
    void aResultsFolderThatCannotBeCreatedIsRefusedBeforeDocker() throws IOException {
        Path m = tmp.resolve("m.yaml");
        Files.writeString(m, "matrix:\n  jdk: 21\n  cpus: 1\n  memory: 1g\n  tasks: 1\n  executor: virtual\n  workload: sleep\n");
        Files.writeString(tmp.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        Result r = run("run", "--matrix", m.toString(), "--out", file.resolve("results").toString());
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("cannot create results folder", "--out");
    }

    @Test
    void resumeOfAFolderWithoutARunIsRefused() {
        Result r = run("run", "--resume", tmp.toString());
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("nothing to resume", "run.json");
    }

    @Test
    void aShardWithNoRunsIsRefusedBeforeAnythingStarts() throws IOException {
        Path m = tmp.resolve("two.yaml");
        Files.writeString(m, PlanRoundsTest.MATRIX);
        Result r = run("run", "--matrix", m.toString(), "--out", tmp.resolve("never").toString(), "--shard", "3/3");
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("shard 3/3", "has no runs", "2 groups", "fix: use at most 2 shards");
        assertThat(r.out()).as("nothing planned, built or run").doesNotContain("runs, estimated");
        assertThat(tmp.resolve("never")).doesNotExist();
    }

    @Test
    void planChecksEngineCpusAsRunDoes() throws IOException {
        Path m = tmp.resolve("quota.yaml");
        Files.writeString(m, PlanRoundsTest.MATRIX);
        Result quota = run("plan", "--matrix", m.toString(), "--engine-cpus", "1");
        assertThat(quota.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(quota.err()).contains("limits its CPUs by a quota", "fix: set cpu-mode: cpuset");
        Files.writeString(m, PlanRoundsTest.MATRIX.replace("  cpus: 1\n", "  cpus: 1\n  cpu-mode: cpuset\n"));
        Result pinned = run("plan", "--matrix", m.toString(), "--engine-cpus", "1");
        assertThat(pinned.code()).as(pinned.err()).isZero();
        Result bad = run("plan", "--matrix", m.toString(), "--engine-cpus", "one");
        assertThat(bad.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(bad.err()).contains("--engine-cpus");
    }

    /** --engine names one of the two engines, chosen once; another name is refused with both before the engine is asked or a folder made. */
    @Test
    void anUnknownEngineIsRefusedWithTheTwoItCanBe() throws IOException {
        Path m = tmp.resolve("engine.yaml");
        Files.writeString(m, PlanRoundsTest.MATRIX);
        Path out = tmp.resolve("never");
        Result r = run("run", "--matrix", m.toString(), "--out", out.toString(), "--engine", "podman");
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("--engine must be docker or kubernetes, got 'podman'", "fix: write --engine docker");
        assertThat(out).doesNotExist();
    }

    /** A node pool's options: refused with the option's name and how to write it before anything is built, and on the Docker engine at all. */
    @Test
    void nodePoolOptionsAreCheckedBeforeAnythingRuns() throws IOException {
        Path m = tmp.resolve("pool.yaml");
        Files.writeString(m, PlanRoundsTest.MATRIX);
        Path out = tmp.resolve("never");
        Result effect = run("run", "--matrix", m.toString(), "--out", out.toString(), "--engine", "kubernetes", "--toleration", "pool=bench:Never");
        assertThat(effect.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(effect.err()).contains("--toleration 'pool=bench:Never' is no toleration", "fix: write KEY[=VALUE][:EFFECT]");
        Result label = run("run", "--matrix", m.toString(), "--out", out.toString(), "--engine", "kubernetes", "--node-selector", "pool");
        assertThat(label.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(label.err()).contains("--node-selector 'pool' names no value", "fix: write KEY=VALUE");
        Result docker = run("run", "--matrix", m.toString(), "--out", out.toString(), "--toleration", "pool=bench:NoSchedule");
        assertThat(docker.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(docker.err()).contains("--toleration chooses a Kubernetes cluster's nodes", "fix: add --engine kubernetes");
        assertThat(effect.out() + label.out() + docker.out()).as("nothing built or run").doesNotContain("images ready");
    }

    /** A runner class the history could not keep is refused on run and merge, with the form to write. */
    @Test
    void aBadRunnerClassIsRefusedWithItsForm() throws IOException {
        Path m = tmp.resolve("named.yaml");
        Files.writeString(m, PlanRoundsTest.MATRIX);
        Result run = run("run", "--matrix", m.toString(), "--out", tmp.resolve("never").toString(), "--runner-class", "a\nb");
        assertThat(run.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(run.err()).contains("--runner-class 'a", "is not a name a history can keep", "fix: write 1 to 100 letters");
        assertThat(run.out()).doesNotContain("images ready");
        Result merge = run("merge", "--out", tmp.resolve("m").toString(), "--runner-class", "", tmp.toString());
        assertThat(merge.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(merge.err()).contains("--runner-class '' is not a name a history can keep");
    }

    /** --version: the version and the commit the jar was built at (make build and make test stamp it; a plain Maven build says unknown). */
    @Test
    void theVersionNamesTheCommit() {
        Result r = run("--version");
        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).matches("jdkmatrix \\d+\\.\\d+\\.\\d+\\S* \\(commit ([0-9a-f]{12}(, with uncommitted changes)?|unknown)\\)");
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        Result r = run("run", "--matrixx", "x");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--matrixx");
    }
}
