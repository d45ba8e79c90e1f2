package dev.jdkmatrix.report.profile;

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
    void theTakeawayNamesTheJavaFrameWhoseOwnSamplesChangedMostBeyondTheirNoise() {
        Map<String, Long> a = Map.of("M.main;P.a;P.x", 50L, "M.main;P.b", 30L, "M.main;P.c", 20L);
        Map<String, Long> b = Map.of("M.main;P.a;P.x", 20L, "M.main;P.b", 35L, "M.main;P.c", 45L);
        // x: 50 to 20 of 100, z = 4.4 past the 2.4 that 95 % over 3 frames asks
        assertThat(ProfileDiff.takeaway("JDK 25", a, b)).isEqualTo("JDK 25: 60 % fewer samples in P.x (20.0 % of 100 samples, was 50.0 % of 100)");
        assertThat(ProfileDiff.takeaway("JDK 25", Map.of("M.main;P.a", 800L, "M.main;P.b", 200L), Map.of("M.main;P.a", 600L, "M.main;P.b", 100L, "M.main;P.n", 300L)))
                .isEqualTo("JDK 25: P.n appears (30.0 % of 1,000 samples, was 0.0 % of 1,000)");
        assertThat(ProfileDiff.takeaway("JDK 25", a, a)).isEqualTo("JDK 25: no Java frame's share of the samples changed");
        // 6 of 10 against 4 of 10: well within the noise of 10 samples (about 40 against 55 samples made a takeaway before)
        assertThat(ProfileDiff.takeaway("JDK 25", Map.of("M.main;P.a", 6L, "M.main;P.b", 4L), Map.of("M.main;P.a", 4L, "M.main;P.b", 6L)))
                .isEqualTo("JDK 25: no Java frame's share of the samples changed beyond their noise (largest: P.a, 40.0 % of 10 samples, was 60.0 % of 10)");
        assertThat(ProfileDiff.margin(0.6, 10, 0.4, 10)).isCloseTo(0.429, within(0.001));
    }

    @Test
    void theTakeawayCountsASampleForItsInnermostJavaFrameAndNeverNamesTheJvmsOwnFrames() {
        // a wall profile: threads asleep are in libc under Thread.sleep (50 % to 10 %); idle JVM threads in libc alone grow
        Map<String, Long> a = Map.of("java/lang/Thread.run;java/lang/Thread.sleep;libc.so.6", 50L, "thread_native_entry;libc.so.6", 50L);
        Map<String, Long> b = Map.of("java/lang/Thread.run;java/lang/Thread.sleep;libc.so.6", 10L, "thread_native_entry;libc.so.6", 90L);
        assertThat(ProfileDiff.takeaway("JDK 25", a, b)).isEqualTo("JDK 25: 80 % fewer samples in Thread.sleep (10.0 % of 100 samples, was 50.0 % of 100)");
        assertThat(ProfileDiff.innermostJava(a)).containsOnlyKeys("java/lang/Thread.sleep", "libc.so.6");
        // no Java frame changed: native and JVM frames (libc, a GC class renamed between JDKs) never make the line
        Map<String, Long> c = Map.of("java/lang/Thread.run;java/lang/Thread.sleep;libc.so.6", 40L, "thread_native_entry;libc.so.6", 30L, "[unknown]", 20L, "libjvm.so", 10L);
        Map<String, Long> d = Map.of("java/lang/Thread.run;java/lang/Thread.sleep;libc.so.6", 40L, "thread_native_entry;libc.so.6", 50L, "[unknown]", 5L, "libjvm.so", 5L);
        assertThat(ProfileDiff.takeaway("JDK 25", c, d)).isEqualTo("JDK 25: no Java frame's share of the samples changed");
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

    /** JMH's path into a benchmark on JDK 17 (reflection) and on 21 (method handles, Thread.runWith), and a GC class renamed between them. */
    static final Map<String, Long> JDK17 = Map.of(
            "java/lang/Thread.run;org/openjdk/jmh/runner/BenchmarkHandler$BenchmarkTask.call;jdk/internal/reflect/NativeMethodAccessorImpl.invoke0;"
                    + "pkg/jmh_generated/Outer_Inner_work_jmhTest.work_avgt_jmhStub;pkg/Outer$Inner.work_[j];pkg/Lib.parse_[j]", 900L,
            "thread_native_entry;G1ParScanThreadState::trim_queue", 100L);
    static final Map<String, Long> JDK21 = Map.of(
            "java/lang/Thread.run;java/lang/Thread.runWith;org/openjdk/jmh/runner/BenchmarkHandler$BenchmarkTask.call;"
                    + "java/lang/invoke/LambdaForm$MH.0x00007f3a1c0a2c00.invoke;pkg/jmh_generated/Outer_Inner_work_jmhTest.work_avgt_jmhStub;"
                    + "pkg/Outer$Inner.work_[j];pkg/Lib.parse_[j]", 900L,
            "thread_native_entry;G1ParScanThreadState::trim_queue_partially", 100L);

    @Test
    void stacksRootedAtTheBenchmarkMatchByMethodWhateverPathLedIntoIt() {
        Map<String, Long> a = ProfileDiff.rooted(JDK17, ProfileDiff.entry(dev.jdkmatrix.model.CellKey.Kind.JMH, "pkg.Outer.Inner.work"));
        Map<String, Long> b = ProfileDiff.rooted(JDK21, ProfileDiff.entry(dev.jdkmatrix.model.CellKey.Kind.JMH, "pkg.Outer.Inner.work"));
        assertThat(a).containsEntry("pkg/Outer$Inner.work_[j];pkg/Lib.parse_[j]", 900L).containsEntry("thread_native_entry;G1ParScanThreadState::trim_queue", 100L);
        assertThat(b).containsEntry("pkg/Outer$Inner.work_[j];pkg/Lib.parse_[j]", 900L);
        List<ProfileDiff.Change> top = ProfileDiff.top(a, b, 20);
        assertThat(top).filteredOn(c -> c.frame().contains("Lib.parse") || c.frame().contains("Inner.work")).allMatch(c -> c.moved() == 0);
        assertThat(top).extracting(ProfileDiff.Change::frame).noneMatch(f -> f.contains("runWith") || f.contains("jmh_generated") || f.contains("LambdaForm"));
        assertThat(ProfileDiff.takeaway("JDK 21", a, b)).isEqualTo("JDK 21: no Java frame's share of the samples changed");
        // unrooted, the library's stack was all new on one JDK and all gone on the other
        assertThat(ProfileDiff.top(JDK17, JDK21, 20)).anyMatch(c -> c.frame().contains("runWith") && c.totalDelta() > 0.89);
        ProfileDiff.Change renamed = top.stream().filter(c -> c.frame().endsWith("trim_queue_partially")).findFirst().orElseThrow();
        assertThat(ProfilePages.onlyOneSide(renamed, "JDK 17", "JDK 21")).isEqualTo(" (JVM internal, only in JDK 21: renamed or new)");
        // a built-in workload's task, run by a virtual thread or a pool, is rooted at the workload's code
        assertThat(ProfileDiff.rooted(Map.of("java/lang/VirtualThread.run;jdk/internal/vm/Continuation.enter;dev/jdkmatrix/workloads/CpuHash.lambda$run$0;"
                + "dev/jdkmatrix/workloads/CpuHash.hash", 5L), ProfileDiff.entry(dev.jdkmatrix.model.CellKey.Kind.BUILTIN, ""))).containsOnlyKeys("dev/jdkmatrix/workloads/CpuHash.lambda$run$0;"
                + "dev/jdkmatrix/workloads/CpuHash.hash");
    }
}
