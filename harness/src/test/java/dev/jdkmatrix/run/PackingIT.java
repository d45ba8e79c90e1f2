package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.jdkmatrix.engine.Labels;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * --parallel auto: whole-CPU cells side by side on disjoint cpusets, seen through the Docker API.
 * The test workload 'fault' (mode none: each task sleeps hold-ms) is the one workload packed.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@Order(8) // ItOrder: among the longest side-by-side classes
class PackingIT {

    @TempDir
    Path tmp;

    @Test
    void packedContainersNeverShareACpuAndStoreTheSameRunsAsSerial() throws Exception {
        int host = Runtime.getRuntime().availableProcessors();
        Path m = tmp.resolve("packing.yaml");
        Files.writeString(m, """
                repetitions: 2
                warmup: 0
                timeout: 60s
                %s
                matrix:
                  jdk: 25
                  memory: 256m
                  tasks: 2
                  executor: virtual
                  workload:
                    - name: fault
                      cpus: 1
                      params: { mode: none, hold-ms: [1500, 1600, 1700] }
                    - name: fault
                      cpus: %d
                      params: { mode: none, hold-ms: 1200 }
                    - name: sleep
                      cpus: 1
                      params: { wait-ms: 300 }
                """.formatted(ItSupport.jdks("25"), host));
        String runId = "it-packed-" + ProcessHandle.current().pid();
        AtomicInteger code = new AtomicInteger(-1);
        StringWriter err = new StringWriter();
        Thread harness = new Thread(() -> code.set(ItSupport.cli(err, "run", "--matrix", m.toString(), "--out", tmp.resolve("packed").toString(),
                "--workloads-jar", ItSupport.JAR.toString(), "--run-id", runId, "--progress", "lines", "--parallel", "auto", ItSupport.NO_LEASE)));
        harness.start();

        DockerClient client = DockerClientFactory.instance().client();
        int mostAtOnce = 0;
        List<String> overlaps = new ArrayList<>();
        while (harness.isAlive()) {
            List<String> cpusets = new ArrayList<>();
            for (Container c : client.listContainersCmd().withLabelFilter(Map.of(Labels.RUN, runId)).exec()) {
                try {
                    String set = client.inspectContainerCmd(c.getId()).exec().getHostConfig().getCpusetCpus();
                    cpusets.add(set == null ? "" : set);
                } catch (com.github.dockerjava.api.exception.NotFoundException gone) {
                    // ended between list and inspect
                }
            }
            mostAtOnce = Math.max(mostAtOnce, cpusets.size());
            Set<String> seen = new HashSet<>();
            for (String set : cpusets) {
                if (set.isEmpty() && cpusets.size() > 1) overlaps.add("an unpinned container ran beside others: " + cpusets);
                for (String cpu : set.split(",")) {
                    if (!cpu.isEmpty() && !seen.add(cpu)) overlaps.add("CPU " + cpu + " given twice: " + cpusets);
                }
            }
            Thread.sleep(50);
        }
        assertThat(code.get()).as(err.toString()).isZero();
        // a blocked plan (the default) packed: the run says what becomes of its groups
        assertThat(err.toString()).contains("note: order blocked with --parallel: each group's runs start back to back as planned, and may run side by side");
        assertThat(overlaps).isEmpty();
        if (host >= 2) assertThat(mostAtOnce).as("1-CPU cells ran side by side").isGreaterThanOrEqualTo(2);

        List<RawRow> packed = RawCsv.read(tmp.resolve("packed/raw.csv"));
        assertThat(packed).hasSize(10);
        assertThat(packed).filteredOn(r -> r.column("workload").equals("fault") && r.column("cpus").equals("1"))
                .allSatisfy(r -> assertThat(r.column("cpuset")).matches("\\d+"));
        assertThat(packed).filteredOn(r -> !r.column("cpus").equals("1")).allSatisfy(r -> assertThat(r.column("cpuset")).isEmpty());
        // sleep was measured to change when packed: auto never packs it, so it ran alone, unpinned.
        assertThat(packed).filteredOn(r -> r.column("workload").equals("sleep")).allSatisfy(r -> assertThat(r.column("cpuset")).isEmpty());
        assertThat(packed).allSatisfy(r -> assertThat(r.column("status")).isEqualTo("ok"));

        StringWriter err2 = new StringWriter();
        assertThat(ItSupport.cli(err2, "run", "--matrix", m.toString(), "--out", tmp.resolve("serial").toString(),
                "--workloads-jar", ItSupport.JAR.toString(), "--progress", "lines", ItSupport.NO_LEASE)).as(err2.toString()).isZero();
        List<RawRow> serial = RawCsv.read(tmp.resolve("serial/raw.csv"));
        assertThat(packed.stream().map(RawRow::runKey).sorted().toList()).isEqualTo(serial.stream().map(RawRow::runKey).sorted().toList());
        assertThat(ItSupport.containers(runId)).isEmpty();
    }
}
