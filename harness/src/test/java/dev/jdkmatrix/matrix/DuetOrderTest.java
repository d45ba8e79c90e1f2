package dev.jdkmatrix.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** order: duet: the blocked plan's rounds, each group's runs of a round started together on CPUs of their own, which alternate by round. */
class DuetOrderTest extends MatrixFiles {

    /** 2 JDKs x 2 waits, pinned to 1 CPU: compared along jdk, 2 groups of 2. */
    static final String PINNED = """
            repetitions: 4
            warmup: 1
            order: duet
            seed: 7
            compare-along: [jdk]
            matrix:
              jdk: [21, 25]
              cpus: 1
              cpu-mode: cpuset
              memory: 1g
              tasks: 10
              executor: virtual
              workload:
                - name: sleep
                  params: { wait-ms: [10, 20] }
            """;

    @Test
    void aDuetPlanIsTheBlockedPlanAndEachRoundsPairStartsTogetherOnCpusThatAlternate() throws IOException {
        Matrix duet = parse(PINNED);
        assertThat(duet.order()).isEqualTo(Matrix.Order.DUET);
        // the same runs in the same order as blocked: the order of a round's sets is drawn from the seed as a blocked plan's is
        Matrix blocked = parse(PINNED.replace("order: duet", "order: blocked"));
        assertThat(duet.plan()).isEqualTo(blocked.plan());

        List<Duets.Duet> sets = Duets.of(duet.plan(), duet.groups(), List.of(0, 1));
        assertThat(sets).hasSize(2 * 5).allSatisfy(d -> assertThat(d.runs()).hasSize(2));
        for (Duets.Duet d : sets) {
            // one group, one round, one phase; two JDKs; each on a CPU of its own
            assertThat(d.runs()).extracting(r -> r.cell().params().get("wait-ms")).containsOnly(d.runs().get(0).cell().params().get("wait-ms"));
            assertThat(d.runs()).extracting(PlannedRun::repetition).containsOnly(d.runs().get(0).repetition());
            assertThat(d.runs()).extracting(PlannedRun::phase).containsOnly(d.runs().get(0).phase());
            assertThat(d.runs()).extracting(r -> r.cell().jdk()).containsExactlyInAnyOrder("21", "25");
            assertThat(d.cpus()).containsExactlyInAnyOrder(List.of(0), List.of(1));
            // the sides take the CPUs in the group's cell order, turned by the round: odd rounds JDK 21 first, even ones JDK 25
            String first = d.runs().get(0).repetition() % 2 == 1 ? "21" : "25";
            assertThat(d.runs().get(0).cell().jdk()).isEqualTo(first);
            assertThat(d.cpusOf(d.runs().get(0))).containsExactly(0);
        }
        // every planned run is in one set
        assertThat(sets.stream().flatMap(d -> d.runs().stream()).toList()).containsExactlyInAnyOrderElementsOf(duet.plan());
    }

    @Test
    void aGroupOfThreeGoesThreeAtOnceWhereTheCpusHoldThemElsePairAndOneAlone() throws IOException {
        java.nio.file.Files.writeString(dir.resolve("Dockerfile.jdk27"), "FROM debian:trixie-slim\n");
        Matrix m = parse(PINNED.replace("jdk: [21, 25]", "jdk: [21, 25, 27]").replace("wait-ms: [10, 20]", "wait-ms: 10"));
        assertThat(m.groups()).hasSize(1);
        List<Duets.Duet> three = Duets.of(m.plan(), m.groups(), List.of(0, 1, 2, 3));
        assertThat(three).hasSize(5).allSatisfy(d -> assertThat(d.runs()).hasSize(3));
        List<Duets.Duet> two = Duets.of(m.plan(), m.groups(), List.of(0, 1));
        assertThat(two).hasSize(10);
        assertThat(two.stream().filter(Duets.Duet::alone)).hasSize(5);
        // never two runs on one CPU in a set
        for (Duets.Duet d : two) {
            Set<Integer> seen = new HashSet<>();
            d.cpus().forEach(c -> c.forEach(cpu -> assertThat(seen.add(cpu)).isTrue()));
        }
    }

    @Test
    void aQuotaCellOrACellLargerThanHalfTheHostIsRefusedWithTheFix() throws IOException {
        assertThatThrownBy(() -> parse(PINNED.replace("cpu-mode: cpuset", "cpu-mode: quota")))
                .isInstanceOf(MatrixException.class)
                .hasMessageContaining("order duet: cell '")
                .hasMessageContaining("quota")
                .hasMessageContaining("fix: set cpu-mode: cpuset for the cells compared, or use order: blocked");
        Matrix two = parse(PINNED.replace("cpus: 1", "cpus: 2"));
        assertThat(Duets.refusal(two, 0)).isNull(); // no host known: nothing to hold it to
        assertThat(Duets.refusal(two, 4)).isNull();
        assertThat(Duets.refusal(two, 3)).contains("asks for 2 CPU(s)").contains("two sides need 4, and this host has 3")
                .contains("fix: give the compared cells at most 1 CPU(s) each");
        // a cell compared with nothing runs alone: a quota is fine for it
        Matrix lone = parse(PINNED.replace("compare-along: [jdk]", "compare-along: []").replace("cpu-mode: cpuset", "cpu-mode: quota"));
        assertThat(Duets.refusal(lone, 2)).isNull();
        assertThat(Duets.of(lone.plan(), lone.groups(), List.of(0, 1))).allSatisfy(d -> assertThat(d.alone()).isTrue());
    }

    @Test
    void planSaysHowTheCpusAreSharedAndEstimatesEachSetAsItsLongestRun() throws IOException {
        Matrix m = parse(PINNED);
        String said = Duets.describe(m, List.of(0, 1));
        assertThat(said).startsWith("duet on CPUs 0,1: 10 sets of runs started together")
                .contains("round 1: jdk 21 on CPU 0 | jdk 25 on CPU 1")
                .contains("round 2: jdk 25 on CPU 0 | jdk 21 on CPU 1");
        List<Duets.Duet> sets = Duets.of(m.plan(), m.groups(), List.of(0, 1));
        // two equal sides at once take half the time of the two back to back
        assertThat(Duets.estimate(sets).toMillis() * 2).isCloseTo(Estimate.of(m.plan()).toMillis(), org.assertj.core.data.Offset.offset(10L));
    }

    @Test
    void anOrderIsParsedAsTheMatrixWritesIt() {
        assertThat(Matrix.Order.parse("duet")).isEqualTo(Matrix.Order.DUET);
        assertThatThrownBy(() -> Matrix.Order.parse("paired")).hasMessageContaining("write blocked, duet, auto, interleaved or sequential");
    }

    static final String SLEEP = "    - name: sleep\n      params: { wait-ms: [10, 20] }";
    static final String SLEEP_AND_LOOP = "    - name: sleep\n      params: { wait-ms: 10 }\n    - name: cpu-loop\n      params: { iterations: 1000 }";

    @Test
    void autoStartsTogetherOnlyTheGroupsMeasuredToGainFromItAndRunsTheRestBackToBack() throws IOException {
        // sleep's descriptor has the DUET trait (make bench-duet: its paired intervals narrower in duet order), cpu-loop's not
        Matrix m = parse(PINNED.replace("order: duet", "order: auto").replace(SLEEP, SLEEP_AND_LOOP));
        assertThat(m.order()).isEqualTo(Matrix.Order.AUTO);
        assertThat(m.cells()).extracting(Cell::workload).contains("sleep", "cpu-loop");
        assertThat(m.plan()).isEqualTo(parse(PINNED.replace("order: duet", "order: blocked").replace(SLEEP, SLEEP_AND_LOOP)).plan());
        List<Duets.Duet> sets = Duets.of(m.plan(), m.groups(), List.of(0, 1), Duets.chosen(m, List.of(0, 1)));
        assertThat(sets).filteredOn(d -> !d.alone()).isNotEmpty()
                .allSatisfy(d -> assertThat(d.runs()).extracting(r -> r.cell().workload()).containsOnly("sleep"));
        assertThat(sets).filteredOn(Duets.Duet::alone).isNotEmpty()
                .allSatisfy(d -> assertThat(d.runs().get(0).cell().workload()).isEqualTo("cpu-loop"));
        assertThat(Duets.describe(m, List.of(0, 1))).startsWith("auto on CPUs 0,1: 5 sets of runs started together").contains("1 of 2 compared groups as duets");
        // on one CPU no side has CPUs of its own beside its partner: every group back to back, and auto refuses nothing (a quota cell neither)
        assertThat(Duets.of(m.plan(), m.groups(), List.of(1), Duets.chosen(m, List.of(1)))).allSatisfy(d -> assertThat(d.alone()).isTrue());
        Matrix quota = parse(PINNED.replace("order: duet", "order: auto").replace("cpu-mode: cpuset", "cpu-mode: quota"));
        assertThat(Duets.of(quota.plan(), quota.groups(), List.of(0, 1), Duets.chosen(quota, List.of(0, 1)))).allSatisfy(d -> assertThat(d.alone()).isTrue());
    }
}
