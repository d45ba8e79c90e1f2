package dev.jdkmatrix.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVM's internals from its GC log and saved counters: lines and files as JDK 17 and 25 wrote them. */
class JvmInternalsTest {

    /** G1 on JDK 25 (with gc+phases), ZGC's pauses under gc+phases, Shenandoah's under gc, and concurrent work that is no pause. */
    static final List<String> LOG = List.of(
            "[0.003s][info][gc] Using G1",
            "[0.302s][info][gc,phases] GC(0)   Evacuate Collection Set: 4.08ms",
            "[0.302s][info][gc       ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 17M->4M(384M) 4.762ms",
            "[0.766s][info][gc       ] GC(1) Pause Young (Concurrent Start) (G1 Humongous Allocation) 178M->14M(388M) 3.205ms",
            "[0.766s][info][gc       ] GC(2) Concurrent Undo Cycle",
            "[0.769s][info][gc       ] GC(2) Concurrent Undo Cycle 2.791ms",
            "[0.125s][info][gc,phases   ] GC(0) Y: Pause Mark Start (Major) 0.019ms",
            "[0.137s][info][gc,phases   ] GC(0) Y: Pause Mark End 0.014ms",
            "[0.332s][info][gc] GC(0) Pause Init Mark (unload classes) 0.010ms",
            "[0.418s][info][safepoint] Safepoint \"G1CollectForAllocation\", Time since last: 364440307 ns, Total: 6189179 ns");

    @Test
    void aPauseIsALineOfTheGcOrItsPhasesThatSaysPauseAndEndsInItsTime() {
        double[] p = JvmInternals.pauses(LOG);
        assertThat(p[0]).isEqualTo(5);
        assertThat(p[1]).isCloseTo(4.762 + 3.205 + 0.019 + 0.014 + 0.010, within(1e-9));
        assertThat(p[2]).isEqualTo(4.762);
        assertThat(JvmInternals.pauses(List.of())).containsExactly(0, 0, 0);
    }

    @Test
    void theCountersOfJdk17And25AreReadFromTheirSavedFiles(@TempDir Path tmp) throws IOException {
        for (String jdk : List.of("17", "25")) {
            byte[] file = fixture("jvm-" + jdk + ".hsperf.gz");
            Map<String, Long> c = JvmInternals.counters(file);
            assertThat(c.get("sun.os.hrt.frequency")).as(jdk).isGreaterThan(1_000_000L);
            assertThat(c.get("java.ci.totalTime")).as(jdk).isGreaterThan(0L);
            assertThat(c).as(jdk).containsKeys("sun.rt.safepoints", "sun.rt.safepointTime", "sun.rt.safepointSyncTime");
            Path perf = tmp.resolve(jdk + ".hsperf");
            Files.write(perf, file);
            Path log = tmp.resolve(jdk + ".gc.log");
            Files.write(log, LOG);
            Map<String, String> v = dev.jdkmatrix.results.RunFigure.columns(JvmInternals.read(log, perf).figures());
            assertThat(v.keySet()).containsExactlyElementsOf(dev.jdkmatrix.results.Columns.RAW_INTERNALS);
            assertThat(v.get("gc_pauses")).isEqualTo("5");
            assertThat(v.get("gc_pause_max_ms")).isEqualTo("4.762");
            // the program that wrote them (a loop, a sort, some garbage) compiled for well over 10 ms and well under a minute
            double jit = Double.parseDouble(v.get("jit_ms"));
            assertThat(jit).as(jdk + ": JIT ms").isBetween(10.0, 60_000.0);
            assertThat(Double.parseDouble(v.get("safepoint_ms"))).as(jdk).isGreaterThanOrEqualTo(Double.parseDouble(v.get("safepoint_sync_ms")));
        }
    }

    @Test
    void whatTheJvmDidNotWriteLeavesItsColumnsEmpty(@TempDir Path tmp) throws IOException {
        Map<String, String> none = dev.jdkmatrix.results.RunFigure.columns(JvmInternals.read(tmp.resolve("no.log"), tmp.resolve("no.hsperf")).figures());
        assertThat(none.values()).allMatch(String::isEmpty);
        Path junk = Files.writeString(tmp.resolve("junk.hsperf"), "not counters");
        assertThat(dev.jdkmatrix.results.RunFigure.columns(JvmInternals.read(null, junk).figures()).values()).allMatch(String::isEmpty);
        assertThatThrownBy(() -> JvmInternals.counters(new byte[64])).hasMessageContaining("not a hsperfdata file");
    }

    static byte[] fixture(String name) throws IOException {
        try (InputStream in = new GZIPInputStream(JvmInternalsTest.class.getResourceAsStream("/internals/" + name))) {
            return in.readAllBytes();
        }
    }
}
