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
        assertThat(ProfileDiff.takeaway("JDK 25", ProfileDiff.top(A, B, 20))).isEqualTo("JDK 25: 60 % fewer samples in x (20.0 % of all, was 50.0 %)");
        assertThat(ProfileDiff.takeaway("JDK 25", ProfileDiff.top(Map.of("main;a", 8L, "main;b", 2L), Map.of("main;a", 6L, "main;b", 1L, "main;n", 3L), 20)))
                .isEqualTo("JDK 25: n appears, with 30 % of the samples");
        assertThat(ProfileDiff.takeaway("JDK 25", ProfileDiff.top(A, A, 20))).isEqualTo("JDK 25: no frame's share of the samples changed");
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
