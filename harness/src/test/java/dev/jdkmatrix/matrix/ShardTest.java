package dev.jdkmatrix.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShardTest {

    static final Matrix FULL = new MatrixParser().parse(Path.of(System.getProperty("user.dir")).getParent().resolve("matrix.yaml"));

    @Test
    void theShardsOfAPlanCoverItExactlyOnceForSeveralN() {
        List<PlannedRun> plan = FULL.plan();
        for (int n = 1; n <= 7; n++) {
            List<PlannedRun> union = new ArrayList<>();
            Set<String> cellsSeen = new HashSet<>();
            for (int k = 1; k <= n; k++) {
                List<PlannedRun> share = new Shard(k, n).select(FULL);
                union.addAll(share);
                Set<String> cells = new HashSet<>();
                share.forEach(r -> cells.add(r.cell().id()));
                for (String c : cells) assertThat(cellsSeen.add(c)).as("cell %s in two shards of %d", c, n).isTrue();
            }
            assertThat(union).as("N = %d", n).hasSize(plan.size());
            assertThat(union.stream().map(PlannedRun::key).distinct().count()).isEqualTo(plan.size());
            assertThat(new HashSet<>(union)).isEqualTo(new HashSet<>(plan));
        }
    }

    @Test
    void shardsKeepThePlansOrderAndSequenceNumbers() {
        List<PlannedRun> share = new Shard(2, 3).select(FULL);
        assertThat(share).isSortedAccordingTo(java.util.Comparator.comparingInt(PlannedRun::sequence));
        assertThat(FULL.plan()).containsAll(share);
    }

    @Test
    void shardsAreBalancedByEstimatedDuration() {
        for (int n = 2; n <= 4; n++) {
            double[] est = new double[n];
            for (int k = 1; k <= n; k++) est[k - 1] = Estimate.of(new Shard(k, n).select(FULL)).toMillis();
            double max = java.util.Arrays.stream(est).max().orElseThrow();
            double min = java.util.Arrays.stream(est).min().orElseThrow();
            // whole groups go to a shard: no shard can be smaller than the largest group's share
            int runsPerCell = FULL.warmup() + FULL.repetitions().max();
            double largest = FULL.groups().stream().mapToDouble(g -> g.cells().stream().mapToDouble(Estimate::runMillis).sum() * runsPerCell).max().orElseThrow();
            assertThat(max).as("N = %d: %s, largest group %s", n, java.util.Arrays.toString(est), largest).isLessThan(Math.max(1.25 * min, 1.01 * largest));
        }
    }

    @Test
    void theSameShardIsTheSameEveryTime() {
        assertThat(new Shard(3, 4).select(FULL)).isEqualTo(new Shard(3, 4).select(new MatrixParser().parse(FULL.file())));
    }

    @Test
    void badShardsAreRefused() {
        assertThatThrownBy(() -> Shard.parse("3/2")).hasMessageContaining("1 <= K <= N");
        assertThatThrownBy(() -> Shard.parse("two")).hasMessageContaining("write K/N");
        assertThatThrownBy(() -> Shard.parse("0/2")).hasMessageContaining("does not exist");
        assertThat(Shard.parse(" 2/4 ").text()).isEqualTo("2/4");
    }
}
