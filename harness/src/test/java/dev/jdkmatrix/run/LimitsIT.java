package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the JVM inside a run container sees of its limits, and what the CPU workloads compute, on
 * JDK 21 and 25 images built from the project's Dockerfiles: one run a cell, beside other test
 * classes (nothing here is timed).
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LimitsIT {

    List<RawRow> rows;

    @BeforeAll
    void runTheMatrix(@TempDir Path tmp) throws IOException {
        Path m = TestMatrix.named("limits").timeout("90s").jdks("21", "25").axis("memory", "512m").workloads("""
                - name: sleep              # the JVM sees the container's CPU and memory limits
                  cpus: [1, 2]
                  memory: 384m
                  tasks: 4
                  executor: fixed:cpus
                  params: { wait-ms: 1 }
                - name: cpu-loop
                  tasks: 20
                  executor: fixed:cpus
                  params: { iterations: 200000 }
                - name: cpu-hash
                  tasks: 20
                  executor: virtual
                  params: { iterations: 100000 }
                - name: cpu-primes
                  tasks: 2
                  executor: fixed:cpus
                  params: { limit: 100000 }
                """).write(tmp.resolve("limits.yaml"));
        ItSupport.Ran ran = ItSupport.run(m, tmp.resolve("out"), "it-limits-" + ProcessHandle.current().pid(), 0, ItSupport.NO_LEASE);
        rows = ran.rows();
        assertThat(rows).as(ran.err()).hasSize(10).allMatch(RawRow::ok, "ok");
    }

    List<RawRow> rows(Predicate<RawRow> filter) {
        return rows.stream().filter(filter).toList();
    }

    @Test
    void theJvmInsideSeesTheContainersCpuAndMemoryLimits() {
        List<RawRow> limits = rows(r -> r.column("tasks").equals("4"));
        assertThat(limits).hasSize(2 * 2); // 2 JDKs x 2 CPU limits
        assertThat(limits).allSatisfy(r -> {
            assertThat(r.column("available_processors")).as(r.column("cell")).isEqualTo(r.column("cpus"));
            assertThat(r.figure(RunFigure.CGROUP_LIMIT_BYTES)).as(r.column("cell")).isEqualTo(384.0 * 1024 * 1024);
            assertThat(r.figure(RunFigure.MAX_HEAP_BYTES)).isLessThan(384.0 * 1024 * 1024);
        });
        assertThat(limits).extracting(r -> r.column("java_version").split("\\.")[0]).containsOnly("21", "25");
        assertThat(limits).allSatisfy(r -> assertThat(r.column("java_version")).startsWith(r.column("jdk")));
    }

    @Test
    void cpuChecksumsAreEqualAcrossJdks() {
        for (String w : List.of("cpu-loop", "cpu-hash", "cpu-primes")) {
            List<RawRow> rs = rows(r -> r.column("workload").equals(w));
            assertThat(rs).hasSize(2);
            assertThat(rs).extracting(r -> r.column("checksum")).as(w).containsOnly(rs.get(0).column("checksum"));
            assertThat(rs).extracting(r -> r.column("jdk")).contains("21", "25");
        }
    }
}
