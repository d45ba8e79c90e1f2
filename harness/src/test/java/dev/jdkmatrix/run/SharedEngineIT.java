package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.jdkmatrix.engine.EngineLease;
import dev.jdkmatrix.engine.Environment;
import dev.jdkmatrix.engine.Labels;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Jdk;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * Several sessions on one engine, as on a shared benchmark machine: each holds its run images so
 * another's cleanup cannot remove them, and their measuring never overlaps (the engine's lease).
 * Sessions are real harness processes ({@code java -jar jdkmatrix.jar}) where two run at once.
 */
class SharedEngineIT {

    @TempDir
    Path tmp;

    final DockerClient client = DockerClientFactory.instance().client();

    Process start(Path matrix, Path out, String runId, String... more) throws IOException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "-jar", ItSupport.HARNESS_JAR.toString(), "run", "--matrix", matrix.toString(), "--out",
                out.toString(), "--run-id", runId, "--workloads-jar", ItSupport.JAR.toString(), "--progress", "lines", "--no-report"));
        cmd.addAll(List.of(more));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve(runId + ".log").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("TESTCONTAINERS_") || k.equals("JDKMATRIX_RELAUNCHED"));
        return pb.start();
    }

    String log(String runId) throws IOException {
        Path p = tmp.resolve(runId + ".log");
        return Files.exists(p) ? Files.readString(p) : "";
    }

    /** Sleep runs of JDK 25, {@code reps} of them, each about {@code waitMs}; {@code jar} adds a jar cell (another run image). */
    Path matrix(String name, int reps, int waitMs, boolean jar) throws IOException {
        Path m = tmp.resolve(name + ".yaml");
        Files.writeString(m, """
                name: %s
                repetitions: %d
                warmup: 0
                timeout: 1m
                %s
                matrix:
                  jdk: "25"
                  cpus: 1
                  memory: 256m
                  tasks: 2
                  executor: virtual
                  workload:
                    - name: sleep
                      params: { wait-ms: %d }
                %s""".formatted(name, reps, ItSupport.jdks("25"), waitMs, jar ? """
                    - name: sort
                      kind: jar
                      jar: %s
                      args: [--size, '1000', --rounds, '1']
                """.formatted(uniqueAppJar()) : ""));
        return m;
    }

    /** The example app.jar with one more file, unique to this test: a run image no earlier run built, so the session builds it. */
    Path uniqueAppJar() throws IOException {
        Path jar = tmp.resolve("app-" + System.nanoTime() + ".jar");
        Files.copy(ItSupport.PROJECT.resolve("examples/jar/target/app.jar"), jar);
        try (java.nio.file.FileSystem zip = java.nio.file.FileSystems.newFileSystem(jar)) {
            Files.writeString(zip.getPath("it-nonce.txt"), jar.getFileName().toString());
        }
        return jar;
    }

    /** The lease's container while {@code runId} holds it, waiting up to 2 minutes. */
    Container awaitLease(String runId, Process p) throws InterruptedException {
        return awaitLease(runId, p, 1);
    }

    /**
     * A lease container of the run once it holds {@code cpus} of them: a session takes its CPUs' leases one by one, so a test that
     * needs every CPU leased (a SIGKILL that leaves them all) waits for the last one, not the first.
     */
    Container awaitLease(String runId, Process p, int cpus) throws InterruptedException {
        for (int i = 0; i < 1200 && p.isAlive(); i++) {
            List<Container> c = client.listContainersCmd().withShowAll(true).withNameFilter(List.of(EngineLease.NAME))
                    .withLabelFilter(Map.of(Labels.RUN, runId)).exec();
            if (c.size() >= cpus) return c.get(0);
            Thread.sleep(100);
        }
        throw new AssertionError("run " + runId + " took no lease of " + cpus + " CPU(s)");
    }

    @Test
    void twoSessionsAtOnceBothFinishTheSecondWaitsAndNeitherRemovesTheOthersImage() throws Exception {
        String a = "it-share-a-" + ProcessHandle.current().pid();
        String b = "it-share-b-" + ProcessHandle.current().pid();
        Path outA = tmp.resolve("a");
        Path outB = tmp.resolve("b");
        Process pa = start(matrix("share-a", 5, 1500, false), outA, a);
        try {
            awaitLease(a, pa);
            String imageA = ItSupport.awaitRunning(a, pa::isAlive).get(0).getImage();
            // b's run image holds a jar no run had: building it removes the older run images of jdk 25 that no container uses
            Process pb = start(matrix("share-b", 2, 200, true), outB, b);
            assertThat(pb.waitFor(5, TimeUnit.MINUTES)).as(log(b)).isTrue();
            assertThat(pa.waitFor(1, TimeUnit.MINUTES)).as(log(a)).isTrue();
            assertThat(pa.exitValue()).as(log(a)).isZero();
            assertThat(pb.exitValue()).as(log(b)).isZero();
            assertThat(log(b)).contains("waiting for run " + a + " of host " + Environment.hostname(), "measuring since", "took the engine's measuring lease after waiting");
            assertThat(log(a)).doesNotContain("Exception", "was removed from the engine");
            assertThat(log(b)).doesNotContain("Exception");
            assertThat(new Images(client).imageId(imageA)).as("a's run image, held while a ran, is still on the engine").isNotNull();

            List<RawRow> rowsA = RawCsv.read(outA.resolve("raw.csv"));
            List<RawRow> rowsB = RawCsv.read(outB.resolve("raw.csv"));
            assertThat(rowsA).hasSize(5).allMatch(RawRow::ok, "ok");
            assertThat(rowsB).hasSize(4).allMatch(RawRow::ok, "ok");
            // no measured run of one overlaps a run of the other: from raw.csv's start times and the containers' durations
            for (RawRow x : rowsA) {
                for (RawRow y : rowsB) {
                    assertThat(overlap(x, y)).as("%s and %s", x.runKey(), y.runKey()).isFalse();
                }
            }
            RunMetadata metaB = RunJson.read(outB.resolve("run.json"));
            assertThat(metaB.sessions().get(0).lease()).contains("waited", "for run " + a);
            assertThat(RunJson.read(outA.resolve("run.json")).sessions().get(0).lease()).contains("no wait");
            assertThat(ItSupport.containers(a)).as("a's holds, lease and runs are gone").isEmpty();
            assertThat(ItSupport.containers(b)).isEmpty();
        } finally {
            pa.destroyForcibly();
        }
    }

    @Test
    void twoSessionsGivenDisjointEngineCpusMeasureSideBySide() throws Exception {
        String a = "it-share-cpu0-" + ProcessHandle.current().pid();
        String b = "it-share-cpu1-" + ProcessHandle.current().pid();
        Path m = tmp.resolve("pinned.yaml");
        Files.writeString(m, """
                name: pinned
                repetitions: 4
                warmup: 0
                timeout: 1m
                %s
                matrix:
                  jdk: "25"
                  cpus: 1
                  cpu-mode: cpuset
                  memory: 256m
                  tasks: 2
                  executor: virtual
                  workload:
                    - name: sleep
                      params: { wait-ms: 1500 }
                """.formatted(ItSupport.jdks("25")));
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

    static boolean overlap(RawRow x, RawRow y) {
        long x0 = Instant.parse(x.column("started_at")).toEpochMilli();
        long y0 = Instant.parse(y.column("started_at")).toEpochMilli();
        long x1 = x0 + Math.round(x.figure(RunFigure.CONTAINER_WALL_MS));
        long y1 = y0 + Math.round(y.figure(RunFigure.CONTAINER_WALL_MS));
        return x0 < y1 && y0 < x1;
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
    void aLeaseOfAnotherHostIsKeptWhileItsHeartbeatGoesOnAndTakenOverOnceItStops() throws Exception {
        String ghost = "it-share-ghost-" + ProcessHandle.current().pid();
        String id = client.createContainerCmd(Images.BASE_IMAGE).withName(EngineLease.name(0)).withCmd("true")
                .withLabels(Map.of(Labels.RUN, ghost, Labels.HOST, "elsewhere-" + Environment.hostname(),
                        Labels.PID, "1", Labels.ROLE, EngineLease.ROLE, EngineLease.LABEL_SINCE, Instant.now().toString()))
                .exec().getId();
        // the other host's session beats for 30 s, five times the expiry this test sets, then stops (its machine died)
        Thread beater = new Thread(() -> {
            for (int i = 0; i < 30; i++) {
                EngineLease.writeHeartbeat(client, id, "beat " + i);
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        System.setProperty("jdkmatrix.leaseExpirySeconds", "6");
        try {
            beater.start();
            String waiting = "it-share-waiting-" + ProcessHandle.current().pid();
            Path out = tmp.resolve("waiting");
            ItSupport.Ran ran = ItSupport.run(matrix("share-waiting", 1, 100, false), out, waiting, 0);
            assertThat(ran.err()).contains("waiting for run " + ghost + " of host elsewhere-", "on CPU 0", "taking over the engine's measuring lease of CPU 0 from run " + ghost,
                    "no heartbeat for 6 s");
            String lease = RunJson.read(out.resolve("run.json")).sessions().get(0).lease();
            long waited = Long.parseLong(lease.replaceAll(".*waited (\\d+) s.*", "$1"));
            assertThat(waited).as("kept while it beat (30 s), taken within the expiry after: " + lease).isBetween(25L, 90L);
        } finally {
            System.clearProperty("jdkmatrix.leaseExpirySeconds");
            beater.interrupt();
            try {
                client.removeContainerCmd(id).withForce(true).exec();
            } catch (RuntimeException e) {
                // taken over and removed, as it should be
            }
        }
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
