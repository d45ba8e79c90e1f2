package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The differential of two profiles against a hand computation. */
class ProfileDiffTest {

    // A: x (under a) 50 samples, b 30, c 20; B: x 20, b 35, c 45 (100 samples each)
    static final Map<String, Long> A = Map.of("main;a;x", 50L, "main;b", 30L, "main;c", 20L);
    static final Map<String, Long> B = Map.of("main;a;x", 20L, "main;b", 35L, "main;c", 45L);

    @Test
    void framesAreOrderedByHowFarTheirSelfOrTotalShareMoved() {
        List<ProfileDiff.Change> top = ProfileDiff.top(A, B, 20);
        // a and x moved 30 points (a in total only: it is never the sampled frame), c 25, b 5, main 0
        assertThat(top).extracting(ProfileDiff.Change::frame).containsExactly("a", "x", "c", "b", "main");
        ProfileDiff.Change x = top.get(1);
        assertThat(x.selfA()).isCloseTo(0.50, within(1e-12));
        assertThat(x.selfB()).isCloseTo(0.20, within(1e-12));
        assertThat(x.totalDelta()).isCloseTo(-0.30, within(1e-12));
        ProfileDiff.Change a = top.get(0);
        assertThat(a.selfA()).isZero();
        assertThat(a.totalA()).isCloseTo(0.50, within(1e-12));
        assertThat(top.get(4).totalA()).isCloseTo(1.0, within(1e-12));
        assertThat(ProfileDiff.top(A, B, 2)).hasSize(2);
    }

    @Test
    void theTakeawayNamesTheFrameWhoseOwnSamplesChangedMost() {
        assertThat(ProfileDiff.takeaway("JDK 25", A, B)).isEqualTo("JDK 25: 60 % fewer samples in x (20.0 % of all, was 50.0 %)");
        assertThat(ProfileDiff.takeaway("JDK 25", Map.of("main;a", 8L, "main;b", 2L), Map.of("main;a", 6L, "main;b", 1L, "main;n", 3L)))
                .isEqualTo("JDK 25: n appears, with 30.0 % of the samples");
        assertThat(ProfileDiff.takeaway("JDK 25", A, A)).isEqualTo("JDK 25: no frame's share of the samples changed");
    }

    @Test
    void theTakeawayCountsASampleForItsInnermostJavaFrameAndNamesAJavaFrameFirst() {
        // a wall profile: threads asleep are in libc under Thread.sleep (50 % to 10 %); idle JVM threads in libc alone grow
        Map<String, Long> a = Map.of("java/lang/Thread.run;java/lang/Thread.sleep;libc.so.6", 50L, "thread_native_entry;libc.so.6", 50L);
        Map<String, Long> b = Map.of("java/lang/Thread.run;java/lang/Thread.sleep;libc.so.6", 10L, "thread_native_entry;libc.so.6", 90L);
        assertThat(ProfileDiff.takeaway("JDK 25", a, b)).isEqualTo("JDK 25: 80 % fewer samples in Thread.sleep (10.0 % of all, was 50.0 %)");
        assertThat(ProfileDiff.innermostJava(a)).containsOnlyKeys("java/lang/Thread.sleep", "libc.so.6");
        // no Java frame changed: the native one is named
        Map<String, Long> c = Map.of("java/lang/Thread.run;java/lang/Thread.sleep;libc.so.6", 40L, "thread_native_entry;libc.so.6", 30L, "[unknown]", 20L, "libjvm.so", 10L);
        Map<String, Long> d = Map.of("java/lang/Thread.run;java/lang/Thread.sleep;libc.so.6", 40L, "thread_native_entry;libc.so.6", 50L, "[unknown]", 5L, "libjvm.so", 5L);
        assertThat(ProfileDiff.takeaway("JDK 25", c, d))
                .isEqualTo("JDK 25: 67 % more samples in libc.so.6 (50.0 % of all, was 30.0 %)");
        assertThat(ProfileDiff.isJava("java/util/DualPivotQuicksort.sort")).isTrue();
        assertThat(ProfileDiff.isJava("SortApp.main")).isTrue();
        assertThat(ProfileDiff.isJava("java/lang/Thread.<init>_[j]")).isTrue();
        assertThat(ProfileDiff.isJava("libc.so.6")).isFalse();
        assertThat(ProfileDiff.isJava("libjvm.so")).isFalse();
        assertThat(ProfileDiff.isJava("Compile::Compile")).isFalse();
        assertThat(ProfileDiff.isJava("[unknown]")).isFalse();
        assertThat(ProfileDiff.isJava("thread_native_entry")).isFalse();
    }

    @Test
    void aRecursiveFrameCountsOncePerStackInItsTotal() {
        List<ProfileDiff.Change> top = ProfileDiff.top(Map.of("main;r;r;r", 10L, "main;s", 10L), Map.of("main;s", 10L), 20);
        ProfileDiff.Change r = top.stream().filter(c -> c.frame().equals("r")).findFirst().orElseThrow();
        assertThat(r.totalA()).isCloseTo(0.5, within(1e-12));
        assertThat(r.selfA()).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void aLambdasAddressIsNotPartOfItsFrame() {
        List<ProfileDiff.Change> top = ProfileDiff.top(Map.of("main;CpuLoop$$Lambda.0x00007fda2c0093e0.call;loop", 10L),
                Map.of("main;CpuLoop$$Lambda.0x000000009004cd48.call;loop", 10L), 20);
        assertThat(top).extracting(ProfileDiff.Change::frame).containsExactlyInAnyOrder("main", "CpuLoop$$Lambda.call", "loop");
        assertThat(top).allMatch(c -> c.moved() == 0);
    }

    @Test
    void framesAreNamedWithoutTheirPackageOrAsyncProfilersMarks() {
        assertThat(ProfileDiff.shortName("java/util/ArraysSupport.mismatch")).isEqualTo("ArraysSupport.mismatch");
        assertThat(ProfileDiff.shortName("dev/jdkmatrix/workloads/CpuLoop.lambda$task$0_[j]")).isEqualTo("CpuLoop.lambda$task$0");
        assertThat(ProfileDiff.shortName("byte[]_[i]")).isEqualTo("byte[]");
        assertThat(ProfileDiff.shortName("[unknown]")).isEqualTo("[unknown]");
    }
}
