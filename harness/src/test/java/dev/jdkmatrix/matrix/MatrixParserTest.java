package dev.jdkmatrix.matrix;

import dev.jdkmatrix.model.CpuMode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class MatrixParserTest extends MatrixFiles {

    static final String BASE = """
            matrix:
              jdk: [21, 25]
              cpus: [1, 2]
              memory: 1g
              tasks: 100
              executor: [fixed:10, virtual]
              workload:
                - name: sleep
                  params: { wait-ms: [10, 20] }
            """;

    @Test
    void aSeedAsPlanAndRunJsonPrintItReadsBackPastTheRangeOfAnInt() throws IOException {
        // plan prints the default seed from 8 hex digits of the matrix's hash: up to 4,294,967,295
        assertThat(parse("seed: 2214055549\n" + BASE).seed()).isEqualTo(2214055549L);
        assertThat(parse("seed: 9223372036854775807\n" + BASE).seed()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void listsExpandAsAProduct() throws IOException {
        Matrix m = parse(BASE);
        assertThat(m.cells()).hasSize(2 * 2 * 2 * 2);
        assertThat(m.cells()).extracting(Cell::id).doesNotHaveDuplicates();
        assertThat(m.jdks()).containsOnlyKeys("21", "25");
        assertThat(m.repetitions()).isEqualTo(dev.jdkmatrix.matrix.Repetitions.fixed(6)); // the default: the fewest runs whose intervals reach 95 %
        assertThat(m.warmup()).isEqualTo(1);
        assertThat(m.name()).isEqualTo("m");
    }

    @Test
    void aProfiledCellGetsOneProfileRunAfterItsMeasuredRunsAndKeepsItsId() throws IOException {
        Matrix plain = parse(BASE);
        Matrix m = parse(BASE.replace("    - name: sleep\n", "    - name: sleep\n      profile: cpu\n")
                + "  include:\n    - { jdk: 25, cpus: 2, wait-ms: 10, executor: virtual, profile: wall }\n");
        assertThat(m.cells()).extracting(Cell::id).isEqualTo(plain.cells().stream().map(Cell::id).toList());
        assertThat(m.cells()).extracting(Cell::profile).containsOnly(Profile.CPU, Profile.WALL);
        assertThat(m.cells()).filteredOn(c -> c.profile() == Profile.WALL).hasSize(1);
        List<PlannedRun> plan = m.plan();
        List<PlannedRun> profiles = plan.stream().filter(r -> r.phase() == PlannedRun.Phase.PROFILE).toList();
        assertThat(profiles).hasSize(m.cells().size()).allMatch(r -> r.repetition() == 1);
        assertThat(plan.subList(plan.size() - profiles.size(), plan.size())).as("blocked: after every measured round").isEqualTo(profiles);
        assertThat(plan).hasSize(plain.plan().size() + m.cells().size());
        assertThat(profiles.get(0).key()).endsWith("#profile1");

        Matrix sequential = parse("order: sequential\n" + BASE.replace("    - name: sleep\n", "    - name: sleep\n      profile: alloc\n"));
        List<PlannedRun> s = sequential.plan();
        for (int i = 0; i < s.size(); i++) {
            if (s.get(i).phase() != PlannedRun.Phase.PROFILE) continue;
            assertThat(s.get(i - 1).cell()).as("sequential: right after its own measured runs").isEqualTo(s.get(i).cell());
            assertThat(s.get(i - 1).phase()).isEqualTo(PlannedRun.Phase.MEASURE);
        }
        assertThat(parse(BASE).plan()).noneMatch(r -> r.phase() == PlannedRun.Phase.PROFILE);
    }

    @Test
    void theJvmsInternalsAreReadFromBuiltinAndJarRunsWhenAskedAndNeverFromJmhForks() throws IOException {
        String yaml = """
                %s
                matrix:
                  jdk: 21
                  cpus: 1
                  memory: 1g
                  tasks: 10
                  executor: virtual
                  workload: [sleep, cpu-loop]
                """;
        assertThat(parse(yaml.formatted("")).cells()).hasSize(2).noneMatch(Cell::internals);
        assertThat(parse(yaml.formatted("jvm-internals: true")).cells()).hasSize(2).allMatch(Cell::internals);
        assertThat(parse(yaml.formatted("jvm-internals: false")).cells()).noneMatch(Cell::internals);
        // a setting of how the runs are observed, not an axis
        assertThat(parse(yaml.formatted("")).cells().get(0).id()).isEqualTo(parse(yaml.formatted("jvm-internals: false")).cells().get(0).id());
        Cell sleep = parse(yaml.formatted("jvm-internals: true")).cells().get(0);
        assertThat(sleep.withInternals(false).internals()).isFalse();
        assertThat(sleep.withInternals(true)).isSameAs(sleep);
    }

    @Test
    void jfrIsOnForPinningByDefaultAndSwitchablePerWorkload() throws IOException {
        String yaml = """
                matrix:
                  jdk: 21
                  cpus: 1
                  memory: 1g
                  tasks: 10
                  executor: virtual
                  %s
                  workload:
                    - name: pinning
                      %s
                    - name: sleep
                      %s
                  include:
                    - { workload: sleep, tasks: 99, jfr: true }
                """;
        Map<String, Boolean> byDefault = parse(yaml.formatted("", "", "")).cells().stream()
                .collect(Collectors.toMap(c -> c.workload() + c.tasks(), Cell::jfr));
        assertThat(byDefault).containsExactlyInAnyOrderEntriesOf(Map.of("pinning10", true, "sleep10", false, "sleep99", true));
        Map<String, Boolean> switched = parse(yaml.formatted("", "jfr: false", "jfr: true")).cells().stream()
                .collect(Collectors.toMap(c -> c.workload() + c.tasks(), Cell::jfr));
        assertThat(switched).containsExactlyInAnyOrderEntriesOf(Map.of("pinning10", false, "sleep10", true, "sleep99", true));
        Map<String, Boolean> global = parse(yaml.formatted("jfr: false", "", "")).cells().stream()
                .collect(Collectors.toMap(c -> c.workload() + c.tasks(), Cell::jfr));
        assertThat(global).containsEntry("pinning10", false).containsEntry("sleep10", false);
        // a setting of how the cell is observed, not an axis
        Cell pinning = parse(yaml.formatted("", "", "")).cells().get(0);
        assertThat(pinning.id()).doesNotContain("jfr");
    }

    @Test
    void aWorkloadEntryOverridesAnyAxis() throws IOException {
        Matrix m = parse("""
                matrix:
                  jdk: [21, 25]
                  cpus: [1, 2]
                  memory: 1g
                  tasks: 100
                  executor: [fixed:10, virtual]
                  workload:
                    - name: sleep
                    - name: pinning
                      cpus: 1
                      executor: virtual
                      tasks: 7
                      jdk: 21
                      params: { lock: [synchronized, reentrant] }
                """);
        List<Cell> pinning = m.cells().stream().filter(c -> c.workload().equals("pinning")).toList();
        assertThat(pinning).hasSize(2);
        assertThat(pinning).allSatisfy(c -> {
            assertThat(c.cpus().text()).isEqualTo("1");
            assertThat(c.executor()).isEqualTo("virtual");
            assertThat(c.tasks()).isEqualTo(7);
            assertThat(c.jdk()).isEqualTo("21");
        });
        assertThat(m.cells().stream().filter(c -> c.workload().equals("sleep"))).hasSize(8);
    }

    @Test
    void defaultsOfParamsAreFilledIn() throws IOException {
        Matrix m = parse(BASE.replace("  params: { wait-ms: [10, 20] }\n", ""));
        assertThat(m.cells()).allSatisfy(c -> assertThat(c.params()).containsEntry("wait-ms", "100"));
    }

    @Test
    void excludeRemovesEveryCombinationItMatches() throws IOException {
        Matrix m = parse(BASE + """
                  exclude:
                    - { jdk: 21, executor: virtual }
                    - { cpus: 2.0, wait-ms: 20 }
                """);
        assertThat(m.cells()).noneMatch(c -> c.jdk().equals("21") && c.executor().equals("virtual"));
        assertThat(m.cells()).noneMatch(c -> c.cpus().text().equals("2") && c.params().get("wait-ms").equals("20"));
        // 16 - 4 (jdk 21 virtual) - 4 (cpus 2, wait 20) + 1 (counted twice: jdk 21 virtual cpus 2 wait 20)
        assertThat(m.cells()).hasSize(9);
    }

    @Test
    void includeExtendsMatchingCombinationsWithoutOverwritingOriginalValues() throws IOException {
        Matrix m = parse(BASE + """
                  include:
                    - { jdk: 25, executor: virtual, jvm-args: [-XX:+UseSerialGC], timeout: 30s }
                """);
        assertThat(m.cells()).hasSize(16);
        Map<Boolean, List<Cell>> byMatch = m.cells().stream()
                .collect(Collectors.partitioningBy(c -> c.jdk().equals("25") && c.executor().equals("virtual")));
        assertThat(byMatch.get(true)).hasSize(4).allSatisfy(c -> {
            assertThat(c.jvmArgs()).containsExactly("-XX:+UseSerialGC");
            assertThat(c.timeout()).hasSeconds(30);
        });
        assertThat(byMatch.get(false)).allSatisfy(c -> assertThat(c.jvmArgs()).isEmpty());
    }

    @Test
    void includeThatMatchesNothingAddsANewCellFromSingleValuedAxes() throws IOException {
        Matrix m = parse(BASE.replace("cpus: [1, 2]", "cpus: 1") + """
                  include:
                    - { workload: pinning, jdk: 21, executor: virtual, lock: reentrant, tasks: 3 }
                """);
        assertThat(m.cells()).hasSize(9);
        Cell added = m.cells().get(8);
        assertThat(added.workload()).isEqualTo("pinning");
        assertThat(added.cpus().text()).isEqualTo("1");
        assertThat(added.memory().text()).isEqualTo("1g");
        assertThat(added.params()).containsEntry("lock", "reentrant").containsEntry("hold-ms", "50");
    }

    @Test
    void includeDoesNotAddAParamToAWorkloadThatLacksIt() throws IOException {
        Matrix m = parse(BASE + """
                  include:
                    - { lock: reentrant, workload: pinning, jdk: 21, cpus: 1, executor: virtual }
                """);
        assertThat(m.cells().stream().filter(c -> c.workload().equals("sleep")))
                .allSatisfy(c -> assertThat(c.params()).doesNotContainKey("lock"));
        assertThat(m.cells()).hasSize(17);
    }

    @Test
    void equalValuesWrittenDifferentlyAreOneCell() throws IOException {
        assertThatThrownBy(() -> parse("""
                matrix:
                  jdk: 21
                  cpus: [1, 1.0]
                  memory: 1g
                  tasks: 10
                  executor: virtual
                  workload: sleep
                """)).isInstanceOf(MatrixException.class).hasMessageContaining("cpus lists '1.0', which is the same cpus as '1'");
        // written differently on two axes that meet in one cell: still one cell, refused as a duplicate
        assertThatThrownBy(() -> parse("""
                matrix:
                  jdk: 21
                  cpus: 1
                  memory: 1g
                  tasks: 10
                  executor: virtual
                  workload:
                    - name: sleep
                    - name: sleep
                      cpus: 1.0
                """)).isInstanceOf(MatrixException.class).hasMessageContaining("duplicate cell");
    }

    @Test
    void jvmArgsListOfListsIsAnAxis() throws IOException {
        Matrix m = parse(BASE.replace("memory: 1g", "memory: 1g\n  jvm-args: [[-XX:+UseSerialGC], [-XX:+UseParallelGC, -Xmx256m]]"));
        assertThat(m.cells()).hasSize(32);
        assertThat(m.cells()).extracting(Cell::jvmArgsText).contains("-XX:+UseSerialGC", "-XX:+UseParallelGC -Xmx256m");
    }

    @Test
    void interleavedOrderRunsRepetitionOfEveryCellBeforeTheNext() throws IOException {
        Matrix m = parse("repetitions: 3\nwarmup: 1\norder: interleaved\n" + BASE);
        List<PlannedRun> plan = m.plan();
        assertThat(plan).hasSize(16 * 4);
        assertThat(plan.subList(0, 16)).allMatch(r -> r.phase() == PlannedRun.Phase.WARMUP);
        assertThat(plan.subList(16, 32)).allMatch(r -> r.repetition() == 1 && r.phase() == PlannedRun.Phase.MEASURE);
        assertThat(plan.get(16).cell()).isEqualTo(plan.get(32).cell());
        assertThat(plan).extracting(PlannedRun::sequence).containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, 64).boxed().toList());
        assertThat(plan).extracting(PlannedRun::key).doesNotHaveDuplicates();
    }

    @Test
    void sequentialOrderRunsEveryRepetitionOfACellTogether() throws IOException {
        Matrix m = parse("repetitions: 3\nwarmup: 0\norder: sequential\n" + BASE);
        List<PlannedRun> plan = m.plan();
        assertThat(plan.get(0).cell()).isEqualTo(plan.get(2).cell());
        assertThat(plan.get(3).cell()).isNotEqualTo(plan.get(0).cell());
    }

    @Test
    void aJdkCanBeAReadyImage() throws IOException {
        Matrix m = parse("""
                jdks:
                  temurin-25: { image: "eclipse-temurin:25-jdk" }
                matrix:
                  jdk: temurin-25
                  cpus: 0.5
                  memory: 512m
                  tasks: 10
                  executor: virtual
                  workload: sleep
                """);
        assertThat(m.jdks().get("temurin-25").source()).isEqualTo(new Jdk.Image("eclipse-temurin:25-jdk"));
        assertThat(m.cells().get(0).cpus().nanoCpus()).isEqualTo(500_000_000L);
    }

    @Test
    void theCommittedMatricesParse() {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        Matrix full = new MatrixParser().parse(root.resolve("matrix.yaml"));
        assertThat(full.cells()).hasSizeGreaterThanOrEqualTo(48);
        assertThat(full.cells()).extracting(Cell::workload).contains("sleep", "cpu-primes", "cpu-loop", "cpu-hash", "pinning");
        assertThat(full.cells()).filteredOn(c -> c.workload().equals("sleep"))
                .allSatisfy(c -> assertThat(c.tasks()).isEqualTo(10_000))
                .extracting(c -> c.params().get("wait-ms")).containsOnly("100", "50");
        Matrix quick = new MatrixParser().parse(root.resolve("harness/matrices/quick.yaml"));
        assertThat(Estimate.of(quick.plan())).isLessThan(java.time.Duration.ofMinutes(2));
    }

    @Test
    void cpuModeIsAnAxisThatDefaultsToQuotaAndRepetitionsCanAdapt() throws IOException {
        Matrix m = parse("""
                repetitions: { min: 6, max: 12, target: 3% }
                max-steal: 10%
                matrix:
                  jdk: 21
                  cpus: [0.5, 1, 2]
                  cpu-mode: [quota, cpuset]
                  memory: 1g
                  tasks: 10
                  executor: virtual
                  workload:
                    - cpu-hash
                    - name: sleep
                      cpu-mode: quota
                  exclude:
                    - { cpus: 0.5, cpu-mode: cpuset }
                """);
        assertThat(m.repetitions()).isEqualTo(new Repetitions(6, 12, 0.03));
        assertThat(m.repetitions().text()).isEqualTo("6 to 12 until ±3%");
        assertThat(m.maxSteal()).isEqualTo(0.10);
        // cpu-hash: 3 quota + 2 cpuset; sleep: 3 quota
        assertThat(m.cells()).hasSize(8);
        assertThat(m.cells()).filteredOn(c -> c.cpuMode() == CpuMode.CPUSET).extracting(Cell::id).containsExactly(
                "cpu-hash(iterations=1000000) virtual tasks=10 jdk=21 cpus=1 cpu-mode=cpuset mem=1g",
                "cpu-hash(iterations=1000000) virtual tasks=10 jdk=21 cpus=2 cpu-mode=cpuset mem=1g");
        // a quota cell keeps the id it had before the axis existed
        assertThat(m.cells()).extracting(Cell::id).contains("sleep(wait-ms=100) virtual tasks=10 jdk=21 cpus=1 mem=1g");
        // the plan holds every run up to the maximum; the runner leaves out what a cell does not need
        assertThat(m.plan()).hasSize(8 * (1 + 12));
        assertThat(parse(BASE).repetitions().adaptive()).isFalse();
    }
}
