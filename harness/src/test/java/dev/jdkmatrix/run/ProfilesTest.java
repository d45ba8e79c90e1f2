package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.CpuLimit;
import dev.jdkmatrix.matrix.CpuMode;
import dev.jdkmatrix.matrix.MemoryLimit;
import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.matrix.WorkloadKind;
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
        assertThat(profiled.get(1)).isEqualTo("-agentpath:/opt/jdkmatrix/libasyncProfiler.so=start,event=cpu,interval=1ms,file=/out/profile.collapsed,collapsed");
        assertThat(profiled.subList(2, profiled.size())).isEqualTo(Commands.command(cell).subList(1, Commands.command(cell).size()));
        assertThat(Commands.command(cell, null, Profile.WALL).get(1)).contains("event=wall,interval=5ms");
        assertThat(Commands.command(cell, null, Profile.ALLOC).get(1)).contains("event=alloc,file=");
        assertThat(Commands.outputFiles(cell, Profile.CPU)).containsEntry(ContainerRunner.CONTAINER_PROFILE_FILE, "profile");
        assertThat(Commands.outputFiles(cell)).doesNotContainKey(ContainerRunner.CONTAINER_PROFILE_FILE);
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
}
