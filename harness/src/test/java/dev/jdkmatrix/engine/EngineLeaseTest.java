package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When a waiting session takes over the engine's lease: the holder's pid on this host, its heartbeat from another. */
class EngineLeaseTest {

    static final long S = 1_000_000_000L;

    @Test
    void aHeartbeatThatChangesKeepsTheLeaseAndSilenceForTheExpiryEndsIt() {
        EngineLease.Watch w = new EngineLease.Watch("a", "1", 0);
        w = w.next("a", "2", 20 * S);
        assertThat(w.silentFor(Duration.ofSeconds(30), 45 * S)).as("changed at 20 s, 25 s of silence").isFalse();
        w = w.next("a", "2", 50 * S);
        assertThat(w.silentFor(Duration.ofSeconds(30), 50 * S)).as("unchanged since 20 s: 30 s of silence").isTrue();
        w = w.next("b", "2", 51 * S);
        assertThat(w.silentFor(Duration.ofSeconds(30), 60 * S)).as("a new holder: watched from its first sight").isFalse();
        EngineLease.Watch none = new EngineLease.Watch("c", null, 0).next("c", null, 29 * S);
        assertThat(none.silentFor(Duration.ofSeconds(30), 29 * S)).as("no heartbeat at all: silent from its first sight").isFalse();
        assertThat(none.silentFor(Duration.ofSeconds(30), 30 * S)).isTrue();
    }

    @Test
    void aHolderOfThisHostIsGoneWhenItsProcessIsAndOneOfAnotherHostIsNeverJudgedByPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        String here = Environment.hostname();
        EngineLease.Holder dead = EngineLease.Holder.of("x", Map.of(Labels.HOST, here, Labels.PID, Long.toString(p.pid()),
                Labels.RUN, "r1", EngineLease.LABEL_SINCE, "2026-11-25T14:02:11Z"));
        assertThat(dead.goneHere(here)).isTrue();
        assertThat(dead.describe()).isEqualTo("run r1 of host " + here + " (pid " + p.pid() + "), measuring since 2026-11-25 14:02:11 UTC");
        long parent = ProcessHandle.current().parent().orElseThrow().pid();
        EngineLease.Holder alive = EngineLease.Holder.of("y", Map.of(Labels.HOST, here, Labels.PID, Long.toString(parent)));
        assertThat(alive.goneHere(here)).isFalse();
        EngineLease.Holder elsewhere = EngineLease.Holder.of("z", Map.of(Labels.HOST, "another-" + here, Labels.PID, Long.toString(p.pid())));
        assertThat(elsewhere.goneHere(here)).as("a pid of another host says nothing here").isFalse();
        EngineLease.Holder ownButReleased = EngineLease.Holder.of("w", Map.of(Labels.HOST, here,
                Labels.PID, Long.toString(ProcessHandle.current().pid())));
        assertThat(ownButReleased.goneHere(here)).as("this process holds no lease w: a session of it ended without releasing it").isTrue();
        assertThat(EngineLease.Holder.of("v", Map.of()).describe()).contains("run ? of host ?", "an unknown time");
    }
}
