package dev.jdkmatrix.run;

import dev.jdkmatrix.engine.Commands;
import dev.jdkmatrix.output.Profiles;
import dev.jdkmatrix.output.Readings;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.matrix.WorkloadKind;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.model.MemoryLimit;
import dev.jdkmatrix.workloads.Workloads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A profile run's command and its stored stacks. */
class ProfilesTest {

    @TempDir
    Path out;

    static Cell loop(Profile profile) {
        return new Cell(new WorkloadKind.Builtin(Workloads.get("cpu-loop")), "cpu-loop", new TreeMap<>(Map.of("iterations", "1000")), "virtual", 2, "25",
                CpuLimit.parse("1"), CpuMode.QUOTA, MemoryLimit.parse("256m"), List.of("-Xmx64m"), Duration.ofSeconds(30), false, profile);
    }

    @Test
    void onlyTheProfileRunLoadsTheAgentAndItsStacksAreCopiedOut() {
        Cell cell = loop(Profile.CPU);
        assertThat(Commands.command(cell)).as("a measured run of a profiled cell is as any other").noneMatch(a -> a.startsWith("-agentpath"));
        List<String> profiled = Commands.command(cell, null, Profile.CPU);
        assertThat(profiled.get(1)).as("a built-in workload's samples as JFR, with their times").isEqualTo("-agentpath:/opt/jdkmatrix/libasyncProfiler.so=start,event=cpu,interval=1ms,file=/out/profile.jfr,jfr");
        assertThat(profiled.subList(2, profiled.size())).isEqualTo(Commands.command(cell).subList(1, Commands.command(cell).size()));
        assertThat(Commands.command(cell, null, Profile.WALL).get(1)).contains("event=wall,interval=5ms");
        assertThat(Commands.command(cell, null, Profile.ALLOC).get(1)).contains("event=alloc,file=");
        assertThat(Commands.outputFiles(cell, Profile.CPU)).containsEntry(Commands.CONTAINER_PROFILE_JFR, "profile-jfr");
        assertThat(Commands.outputFiles(cell)).doesNotContainKey(Commands.CONTAINER_PROFILE_JFR);
    }

    @Test
    void storedStacksAreGzippedAndCounted() throws IOException {
        Files.createDirectories(out.resolve("logs"));
        Files.writeString(out.resolve("logs/00007.collapsed"), """
                java/lang/Thread.run;dev/jdkmatrix/workloads/CpuLoop.lambda$task$0 90
                java/lang/Thread.run;java/lang/Thread.sleep 7
                [unknown] 3
                """);
        Map<String, String> v = Profiles.store(out, "logs/00007.collapsed", "profiles/00007.collapsed.gz", Profile.CPU);
        assertThat(v).containsEntry("profile_event", "cpu").containsEntry("profile_file", "profiles/00007.collapsed.gz").containsEntry("profile_samples", "100");
        assertThat(out.resolve("logs/00007.collapsed")).doesNotExist();
        assertThat(dev.jdkmatrix.results.format.CollapsedStacks.read(out.resolve("profiles/00007.collapsed.gz"))).containsEntry("java/lang/Thread.run;dev/jdkmatrix/workloads/CpuLoop.lambda$task$0", 90L)
                .hasSize(3);
        assertThat(Profiles.store(out, "logs/none.collapsed", "profiles/none.collapsed.gz", Profile.WALL)).as("a JVM that wrote none")
                .containsOnly(Map.entry("profile_event", "wall"));
    }

    /**
     * async-profiler's JFR of cpu-hash (fixed:2, 40 tasks, JDK 25, 1 ms interval) and the section
     * its workload printed: {@code JDKMATRIX-SECTION from_ms=1795642579169;to_ms=1795642579210}.
     */
    static final String SECTION_LINE = "JDKMATRIX-SECTION from_ms=1795642579169;to_ms=1795642579210\n";

    @Test
    void aBuiltInProfileKeepsTheSamplesOfItsMeasuredSectionOnly() throws IOException {
        Files.createDirectories(out.resolve("logs"));
        try (var in = ProfilesTest.class.getResourceAsStream("/profiles/cpu-hash-jdk25.jfr")) {
            Files.copy(in, out.resolve("logs/00001.profile.jfr"));
        }
        Files.copy(out.resolve("logs/00001.profile.jfr"), out.resolve("logs/00002.profile.jfr"));
        long[] section = Readings.section("JDKMATRIX-PROGRESS elapsed_ms=1\n" + SECTION_LINE + "JDKMATRIX-RESULT {}\n");
        assertThat(section).containsExactly(1795642579169L, 1795642579210L);
        Map<String, String> cut = Profiles.store(out, Profiles.fromJfr(out, "logs/00001.profile.jfr", "logs/00001.collapsed", Profile.CPU, section),
                "profiles/00001.collapsed.gz", Profile.CPU);
        Map<String, String> whole = Profiles.store(out, Profiles.fromJfr(out, "logs/00002.profile.jfr", "logs/00002.collapsed", Profile.CPU, null),
                "profiles/00002.collapsed.gz", Profile.CPU);
        long inSection = Long.parseLong(cut.get("profile_samples"));
        long all = Long.parseLong(whole.get("profile_samples"));
        assertThat(inSection).as("a 41 ms section of a 207 ms JVM").isPositive().isLessThan(all / 2);
        Map<String, Long> stacks = dev.jdkmatrix.results.format.CollapsedStacks.read(out.resolve("profiles/00001.collapsed.gz"));
        assertThat(stacks.keySet()).as("JVM start and the workloads' class loading are before the section").noneMatch(s -> s.contains("Workloads.<clinit>"))
                .anyMatch(s -> s.contains("dev/jdkmatrix/workloads/CpuHash"));
        assertThat(dev.jdkmatrix.results.format.CollapsedStacks.read(out.resolve("profiles/00002.collapsed.gz")).keySet()).anyMatch(s -> s.contains("Workloads.<clinit>"));
        assertThat(out.resolve("logs/00001.profile.jfr")).as("converted, then removed").doesNotExist();
        // a JFR the converter cannot read (a JVM killed as it wrote): no stacks, the run goes on
        Files.writeString(out.resolve("logs/00003.profile.jfr"), "not a recording");
        assertThat(Profiles.store(out, Profiles.fromJfr(out, "logs/00003.profile.jfr", "logs/00003.collapsed", Profile.CPU, section),
                "profiles/00003.collapsed.gz", Profile.CPU)).containsOnly(Map.entry("profile_event", "cpu"));
        assertThat(Readings.section("JDKMATRIX-SECTION from_ms=5;to_ms=4\n")).as("an end before its start").isNull();
        assertThat(Readings.section("no section\n")).isNull();
    }
}
