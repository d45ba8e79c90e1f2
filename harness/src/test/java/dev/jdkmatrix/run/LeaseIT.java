package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.engine.EngineLease;
import dev.jdkmatrix.engine.Environment;
import dev.jdkmatrix.engine.Labels;
import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The engine's measuring lease between sessions, beside other test classes (whose sessions take no
 * lease): a second session waits for the first's lease and neither removes the other's run image;
 * a lease of another host is kept while its heartbeat goes on and taken over once it stops.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@Order(5) // ItOrder: among the longest side-by-side classes
class LeaseIT extends SessionProcesses {

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
    void aLeaseOfAnotherHostIsKeptWhileItsHeartbeatGoesOnAndTakenOverOnceItStops() throws Exception {
        String ghost = "it-share-ghost-" + ProcessHandle.current().pid();
        String id = client.createContainerCmd(Images.BASE_IMAGE).withName(EngineLease.name(0)).withCmd("true")
                .withLabels(Map.of(Labels.RUN, ghost, Labels.HOST, "elsewhere-" + Environment.hostname(),
                        Labels.PID, "1", Labels.ROLE, EngineLease.ROLE, EngineLease.LABEL_SINCE, Instant.now().toString()))
                .exec().getId();
        // the other host's session beats for 16 s, three times the expiry this test sets, then stops (its machine died)
        Thread beater = new Thread(() -> {
            for (int i = 0; i < 16; i++) {
                EngineLease.writeHeartbeat(client, id, "beat " + i);
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        System.setProperty("jdkmatrix.leaseExpirySeconds", "5");
        try {
            beater.start();
            String waiting = "it-share-waiting-" + ProcessHandle.current().pid();
            Path out = tmp.resolve("waiting");
            ItSupport.Ran ran = ItSupport.run(matrix("share-waiting", 1, 100, false), out, waiting, 0);
            assertThat(ran.err()).contains("waiting for run " + ghost + " of host elsewhere-", "on CPU 0", "taking over the engine's measuring lease of CPU 0 from run " + ghost,
                    "no heartbeat for 5 s");
            String lease = RunJson.read(out.resolve("run.json")).sessions().get(0).lease();
            long waited = Long.parseLong(lease.replaceAll(".*waited (\\d+) s.*", "$1"));
            // a waiting session that did not heed the heartbeat would take the lease after the expiry, 5 to 7 s
            assertThat(waited).as("kept while it beat (16 s), taken within the expiry after: " + lease).isBetween(13L, 60L);
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
}
