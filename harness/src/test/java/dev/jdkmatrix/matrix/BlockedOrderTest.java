package dev.jdkmatrix.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Comparisons in the plan: compare-along splits the cells into groups, and a blocked plan runs each group back to back in every round. */
class BlockedOrderTest extends MatrixFiles {

    /** 2 JDKs x 2 CPU limits x 2 executors x 2 waits = 16 cells; by default compared along jdk and executor: 4 groups of 4. */
    static final String BASE = "repetitions: 6\nwarmup: 1\n" + MatrixParserTest.BASE;

    @Test
    void blockedIsTheDefaultAndRunsEveryGroupBackToBackInEveryRound() throws IOException {
        Matrix m = parse(BASE);
        assertThat(m.order()).isEqualTo(Matrix.Order.BLOCKED);
        assertThat(m.compareAlong()).containsExactly("jdk", "executor");
        List<Group> groups = m.groups();
        assertThat(groups).hasSize(4).allSatisfy(g -> assertThat(g.cells()).hasSize(4));
        // a group's cells differ only in jdk and executor
        for (Group g : groups) assertThat(g.cells().stream().map(c -> c.cpus().text() + " " + c.params()).distinct()).hasSize(1);

        List<PlannedRun> plan = m.plan();
        assertThat(plan).hasSize(16 * 7);
        assertThat(plan).extracting(PlannedRun::sequence).containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, 16 * 7).boxed().toList());
        for (int round = 0; round < 7; round++) {
            List<PlannedRun> r = plan.subList(round * 16, round * 16 + 16);
            assertThat(r).extracting(PlannedRun::repetition).containsOnly(round == 0 ? 1 : round);
            assertThat(r).extracting(PlannedRun::phase).containsOnly(round == 0 ? PlannedRun.Phase.WARMUP : PlannedRun.Phase.MEASURE);
            // every group's four runs are adjacent: positions 0-3, 4-7, 8-11, 12-15 each hold one group
            for (int block = 0; block < 4; block++) {
                Set<Integer> of = new HashSet<>();
                for (PlannedRun run : r.subList(block * 4, block * 4 + 4)) of.add(groupOf(groups, run.cell()));
                assertThat(of).as("round %d, block %d", round, block).hasSize(1);
            }
        }
    }

    @Test
    void theOrderComesFromTheSeedChangesWithItAndIsTheSameEveryTime() throws IOException {
        Matrix a = parse("seed: 1\n" + BASE);
        Matrix again = parse("seed: 1\n" + BASE);
        Matrix b = parse("seed: 2\n" + BASE);
        assertThat(a.seed()).isEqualTo(1);
        assertThat(keys(a.plan())).isEqualTo(keys(again.plan()));
        assertThat(keys(a.plan())).isNotEqualTo(keys(b.plan()));
        assertThat(new HashSet<>(keys(a.plan()))).isEqualTo(new HashSet<>(keys(b.plan())));
        // the rounds are shuffled afresh: the first two measured rounds of one plan differ in their order
        List<String> r1 = a.plan().subList(16, 32).stream().map(r -> r.cell().id()).toList();
        List<String> r2 = a.plan().subList(32, 48).stream().map(r -> r.cell().id()).toList();
        assertThat(r1).isNotEqualTo(r2);
        // without a seed, the file's own: the same file plans the same order
        assertThat(keys(parse(BASE).plan())).isEqualTo(keys(parse(BASE).plan()));
    }

    @Test
    void compareAlongNamesTheAxesOfTheGroups() throws IOException {
        Matrix m = parse("compare-along: [cpus, wait-ms]\n" + BASE);
        assertThat(m.compareAlong()).containsExactly("cpus", "wait-ms");
        assertThat(m.groups()).hasSize(4).allSatisfy(g -> {
            assertThat(g.cells()).hasSize(4);
            assertThat(g.cells().stream().map(c -> c.jdk() + " " + c.executor()).distinct()).hasSize(1);
        });
        // along nothing: every cell alone, and a blocked plan is a shuffle of the cells per round
        Matrix none = parse("compare-along: []\n" + BASE);
        assertThat(none.groups()).hasSize(16).allMatch(Group::alone);
        // jvm-args and a param as axes
        Matrix jvm = parse(BASE.replace("memory: 1g", "memory: 1g\n  jvm-args: [[], [-Dnoop=1]]").replace("repetitions: 6", "repetitions: 6\ncompare-along: [jvm-args]"));
        assertThat(jvm.groups()).hasSize(16).allSatisfy(g -> assertThat(g.cells()).extracting(Cell::jvmArgsText).containsExactly("", "-Dnoop=1"));
    }

    @Test
    void badCompareAlongIsRefusedWithThePlaceAndTheFix() throws IOException {
        assertThatThrownBy(() -> parse("compare-along: [jdks]\n" + BASE)).isInstanceOf(MatrixException.class)
                .hasMessageContaining("m.yaml:1:17").hasMessageContaining("'jdks', which is no axis or param").hasMessageContaining("did you mean 'jdk'");
        assertThatThrownBy(() -> parse("compare-along: [memory]\n" + BASE)).isInstanceOf(MatrixException.class)
                .hasMessageContaining("'memory', which has one value (1g)").hasMessageContaining("give memory a second value, or leave it out");
        assertThatThrownBy(() -> parse("compare-along: [jdk, jdk]\n" + BASE)).hasMessageContaining("names 'jdk' twice");
        assertThatThrownBy(() -> parse("order: shuffled\n" + BASE)).hasMessageContaining("write 'blocked' (default), 'duet', 'auto', 'interleaved' or 'sequential'");
        assertThatThrownBy(() -> parse("seed: -1\n" + BASE)).hasMessageContaining("seed -1 is negative").hasMessageContaining("write a whole number from 0 to");
        // the default leaves out an axis with one value instead of refusing it
        assertThat(parse(BASE.replace("jdk: [21, 25]", "jdk: 25")).compareAlong()).containsExactly("executor");
    }

    @Test
    void aShardTakesWholeGroups() throws IOException {
        Matrix m = parse(BASE);
        for (int n = 2; n <= 4; n++) {
            Set<String> seen = new HashSet<>();
            for (int k = 1; k <= n; k++) {
                Set<String> cells = new HashSet<>();
                new Shard(k, n).select(m).forEach(r -> cells.add(r.cell().id()));
                for (Group g : m.groups()) {
                    long in = g.cells().stream().filter(c -> cells.contains(c.id())).count();
                    assertThat(in).as("group %d on shard %d/%d", g.number(), k, n).isIn(0L, (long) g.cells().size());
                }
                assertThat(java.util.Collections.disjoint(cells, seen)).as("a cell on two shards of %d", n).isTrue();
                seen.addAll(cells);
            }
            assertThat(seen).hasSize(16);
        }
    }

    private static int groupOf(List<Group> groups, Cell c) {
        return groups.stream().filter(g -> g.cells().contains(c)).findFirst().orElseThrow().number();
    }

    private static List<String> keys(List<PlannedRun> plan) {
        List<String> out = new ArrayList<>();
        plan.forEach(r -> out.add(r.key()));
        return out;
    }
}
