package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.model.Container;
import dev.jdkmatrix.engine.EngineLease;
import dev.jdkmatrix.engine.Environment;
import dev.jdkmatrix.engine.Labels;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Jdk;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Several sessions on one engine, as on a shared benchmark machine, where a test needs the engine
 * to itself: two sessions pinned to disjoint CPUs measure at once, a session killed with SIGKILL
 * leaves leases the next one frees, a run image removed mid-run is built again, prune keeps what a
 * session holds. The lease's waits and take-overs are LeaseIT's.
 */
@Tag(ItSupport.ALONE)
class SharedEngineIT extends SessionProcesses {

    @Test
    void twoSessionsGivenDisjointEngineCpusMeasureSideBySide() throws Exception {
        String a = "it-share-cpu0-" + ProcessHandle.current().pid();
        String b = "it-share-cpu1-" + ProcessHandle.current().pid();
        Path m = TestMatrix.named("pinned").repetitions(4).timeout("1m").axis("cpu-mode", "cpuset").axis("tasks", 2).axis("executor", "virtual")
                .workloads("""
                - name: sleep
                  params: { wait-ms: 1500 }
                """).write(tmp.resolve("pinned.yaml"));
        Process pa = start(m, tmp.resolve("cpu0"), a, "--engine-cpus", "0");
        Process pb = start(m, tmp.resolve("cpu1"), b, "--engine-cpus", "1");
        try {
            assertThat(pa.waitFor(3, TimeUnit.MINUTES)).as(log(a)).isTrue();
            assertThat(pb.waitFor(3, TimeUnit.MINUTES)).as(log(b)).isTrue();
            assertThat(pa.exitValue()).as(log(a)).isZero();
            assertThat(pb.exitValue()).as(log(b)).isZero();
            assertThat(log(a) + log(b)).doesNotContain("waiting for", "Exception");
            List<RawRow> rowsA = RawCsv.read(tmp.resolve("cpu0/raw.csv"));
            List<RawRow> rowsB = RawCsv.read(tmp.resolve("cpu1/raw.csv"));
            assertThat(rowsA).hasSize(4).allMatch(RawRow::ok, "ok").allMatch(r -> r.column("cpuset").equals("0"), "pinned to CPU 0");
            assertThat(rowsB).hasSize(4).allMatch(RawRow::ok, "ok").allMatch(r -> r.column("cpuset").equals("1"), "pinned to CPU 1");
            // each run takes about 2 s, and both sessions started together: their runs overlapped, each on its own CPU
            long overlapping = rowsA.stream().filter(x -> rowsB.stream().anyMatch(y -> overlap(x, y))).count();
            assertThat(overlapping).as("runs of a that overlap a run of b").isGreaterThanOrEqualTo(2);
            assertThat(RunJson.read(tmp.resolve("cpu0/run.json")).sessions().get(0).lease()).isEqualTo("measured under the engine's lease of CPU 0 (no wait)");
            assertThat(RunJson.read(tmp.resolve("cpu1/run.json")).sessions().get(0).lease()).isEqualTo("measured under the engine's lease of CPU 1 (no wait)");
            assertThat(ItSupport.containers(a)).isEmpty();
            assertThat(ItSupport.containers(b)).isEmpty();
        } finally {
            pa.destroyForcibly();
            pb.destroyForcibly();
        }
        // a quota cell runs on every CPU of the engine: a session confined to some is refused before any image
        StringWriter w = new StringWriter();
        Files.writeString(m, Files.readString(m).replace("cpu-mode: cpuset", "cpu-mode: quota"));
        assertThat(ItSupport.attempt(w, m, tmp.resolve("quota"), "--engine-cpus", "1")).as(w.toString()).isEqualTo(dev.jdkmatrix.ExitException.BAD_INPUT);
        assertThat(w.toString()).contains("limits its CPUs by a quota (cpu-mode quota)", "--engine-cpus 1 could not keep it off another session's CPUs", "fix: set cpu-mode: cpuset")
                .doesNotContain("building image");
    }

    @Test
    void aSessionKilledWithSigkillLeavesALeaseTheNextSessionFreesAtOnce() throws Exception {
        String killed = "it-share-killed-" + ProcessHandle.current().pid();
        Process p = start(matrix("share-killed", 10, 3000, false), tmp.resolve("killed"), killed);
        try {
            // the JVM that holds the lease (java -jar starts a second one with Testcontainers' variables set; the first waits for it)
            String holder = awaitLease(killed, p, client.infoCmd().exec().getNCPU()).getLabels().get(Labels.PID);
            assertThat(new ProcessBuilder("kill", "-KILL", holder).start().waitFor()).isZero();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("the launcher ends with the JVM it started").isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(client.listContainersCmd().withShowAll(true).withNameFilter(List.of(EngineLease.NAME))
                .withLabelFilter(Map.of(Labels.RUN, killed)).exec()).as("SIGKILL leaves the lease of every CPU").hasSize(client.infoCmd().exec().getNCPU());
        String next = "it-share-next-" + ProcessHandle.current().pid();
        ItSupport.Ran ran = ItSupport.run(matrix("share-next", 1, 100, false), tmp.resolve("next"), next, 0);
        // its lease and holds go with the orphans the next start removes (a session that dies later is taken over by the same test of its pid)
        assertThat(ran.err()).containsPattern("removed [2-9] container\\(s\\) left by a harness process that is gone").doesNotContain("waiting for");
        assertThat(ran.rows()).hasSize(1).allMatch(RawRow::ok, "ok");
        assertThat(ItSupport.containers(killed)).as("the killed session's lease, holds and run are removed").isEmpty();
    }

    @Test
    void aRunImageRemovedDuringTheRunIsBuiltAgainAndTheRunGoesOn() throws Exception {
        String runId = "it-share-rmi-" + ProcessHandle.current().pid();
        Path out = tmp.resolve("rmi");
        Path m = matrix("share-rmi", 4, 1000, false);
        StringWriter w = new StringWriter();
        int[] code = {-1};
        Thread t = new Thread(() -> code[0] = ItSupport.attempt(w, m, out, "--run-id", runId));
        t.start();
        List<Container> running = ItSupport.awaitRunning(runId, t::isAlive);
        assertThat(running).as(w.toString()).isNotEmpty();
        String tag = running.get(0).getImage();
        client.removeImageCmd(tag).withForce(true).exec(); // untags it: the next container of the run finds no such image
        t.join(TimeUnit.MINUTES.toMillis(3));
        assertThat(code[0]).as(w.toString()).isZero();
        assertThat(w.toString()).contains("image " + tag + " of jdk '25' was removed from the engine during the run; building it again");
        assertThat(RawCsv.read(out.resolve("raw.csv"))).hasSize(4).allMatch(RawRow::ok, "ok");
        assertThat(ItSupport.containers(runId)).isEmpty();
    }

    @Test
    void pruneRemovesRunImagesNoSessionUsesAndKeepsAHeldOneSayingWhy() throws Exception {
        Images images = new Images(client);
        String name = "prune-" + ProcessHandle.current().pid();
        Jdk jdk = new Jdk(name, new Jdk.Dockerfile(ItSupport.PROJECT.resolve("Dockerfile.jdk25")));
        ImageRef base = images.ensure(jdk, s -> {});
        ImageRef run = images.withWorkloads(base, ItSupport.JAR, List.of(), s -> {});
        String hold = images.hold(run, Map.of(Labels.RUN, "it-prune", Labels.HOST, Environment.hostname(),
                Labels.PID, Long.toString(ProcessHandle.current().pid()), Labels.ROLE, "hold"));
        try {
            StringWriter w = new StringWriter();
            StringWriter o = new StringWriter();
            assertThat(dev.jdkmatrix.cli.Main.execute(new String[] {"prune"}, new java.io.PrintWriter(o), new java.io.PrintWriter(w))).as(w + "" + o).isZero();
            assertThat(o.toString()).contains("kept image " + run.reference() + ": in use by run it-prune");
            assertThat(images.imageId(run.reference())).isNotNull();
            images.release(List.of(hold));
            o = new StringWriter();
            assertThat(dev.jdkmatrix.cli.Main.execute(new String[] {"prune", "--dry-run"}, new java.io.PrintWriter(o), new java.io.PrintWriter(w))).isZero();
            assertThat(o.toString()).contains("would remove image " + run.reference());
            assertThat(images.imageId(run.reference())).as("a dry run removes nothing").isNotNull();
            o = new StringWriter();
            assertThat(dev.jdkmatrix.cli.Main.execute(new String[] {"prune"}, new java.io.PrintWriter(o), new java.io.PrintWriter(w))).isZero();
            assertThat(o.toString()).contains("removed image " + run.reference()).containsPattern("prune: removed [1-9]");
            assertThat(images.imageId(run.reference())).isNull();
        } finally {
            images.release(List.of(hold));
            try {
                client.removeImageCmd(base.reference()).exec(); // its tag only: the project's JDK 25 image keeps its own
            } catch (RuntimeException e) {
                // gone already
            }
        }
    }
}
