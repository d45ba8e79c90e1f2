package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.MemoryLimit;
import java.time.Duration;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

public class CpuSlotsTest {

    public static Cell cell(String workload, String cpus) {
        return new Cell(workload, new TreeMap<>(), "virtual", 1, "25", CpuLimit.parse(cpus), MemoryLimit.parse("256m"), List.of(), Duration.ofSeconds(5));
    }

    static final CpuSlots.Packing AUTO = CpuSlots.Packing.AUTO;

    @Test
    void wholeCpuCellsBelowTheHostArePackedOthersRunAlone() {
        CpuSlots slots = new CpuSlots(4);
        assertThat(CpuSlots.packable(cell("fault", "1"), 4, AUTO)).isTrue();
        assertThat(slots.demand(cell("fault", "2"), AUTO)).isEqualTo(2);
        assertThat(CpuSlots.packable(cell("fault", "0.5"), 4, AUTO)).isFalse();
        assertThat(slots.demand(cell("fault", "0.5"), AUTO)).isEqualTo(4);
        assertThat(CpuSlots.packable(cell("fault", "1.5"), 4, AUTO)).isFalse();
        assertThat(CpuSlots.packable(cell("fault", "4"), 4, AUTO)).isFalse();
        assertThat(slots.demand(cell("fault", "4"), AUTO)).isEqualTo(4);
        assertThat(CpuSlots.packable(cell("fault", "1"), 1, AUTO)).isFalse();
        assertThat(CpuSlots.packable(cell("fault", "1"), 4, CpuSlots.Packing.OFF)).isFalse();
        assertThat(CpuSlots.cpuset(List.of(0, 3))).isEqualTo("0,3");
    }

    @Test
    void workloadsMeasuredToChangeWhenPackedAreOnlyPackedWhenForced() {
        // measured to change, never measured, or (http-fanout) with an unpinned neighbour: all stay serial under auto
        for (String w : dev.jdkmatrix.workloads.Workloads.NAMES.stream().filter(n -> !n.equals("fault")).toList()) {
            assertThat(CpuSlots.packable(cell(w, "1"), 2, AUTO)).as(w).isFalse();
            assertThat(CpuSlots.packable(cell(w, "1"), 2, CpuSlots.Packing.FORCE)).as(w).isTrue();
        }
    }

    @Test
    void noCpuIsEverHeldByTwoRunsAtOnce() throws Exception {
        int host = 4;
        CpuSlots slots = new CpuSlots(host);
        AtomicIntegerArray holders = new AtomicIntegerArray(host);
        AtomicInteger violations = new AtomicInteger();
        AtomicInteger maxConcurrent = new AtomicInteger();
        AtomicInteger concurrent = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        for (int t = 0; t < 400; t++) {
            pool.submit(() -> {
                int n = 1 + ThreadLocalRandom.current().nextInt(host);
                List<Integer> cpus = slots.acquire(n);
                maxConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
                for (int c : cpus) if (holders.getAndIncrement(c) != 0) violations.incrementAndGet();
                Thread.sleep(0, 200_000);
                for (int c : cpus) holders.decrementAndGet(c);
                concurrent.decrementAndGet();
                slots.release(cpus);
                return null;
            });
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        assertThat(violations.get()).isZero();
        assertThat(maxConcurrent.get()).as("runs did go side by side").isGreaterThan(1);
        assertThat(slots.free()).isEqualTo(host);
    }

    @Test
    void aSessionGivenSomeEngineCpusHandsOutOnlyThoseAndPinsToItsLastOnes() throws Exception {
        assertThat(CpuSlots.parse("1")).containsExactly(1);
        assertThat(CpuSlots.parse("0,1")).containsExactly(0, 1);
        assertThat(CpuSlots.parse("2-3")).containsExactly(2, 3);
        assertThat(CpuSlots.parse(" 5, 0-1 ")).containsExactly(0, 1, 5);
        for (String bad : List.of("", "a", "1,,2", "3-1", "1,1", "-1")) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> CpuSlots.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        CpuSlots slots = new CpuSlots(List.of(2, 3));
        assertThat(slots.size()).isEqualTo(2);
        assertThat(slots.demand(cell("fault", "1"), CpuSlots.Packing.AUTO)).as("a 1-CPU cell packs within the session's 2").isEqualTo(1);
        assertThat(slots.demand(cell("fault", "2"), CpuSlots.Packing.AUTO)).as("as many as the session has: alone").isEqualTo(2);
        List<Integer> first = slots.acquire(1);
        List<Integer> second = slots.acquire(1);
        assertThat(List.of(first.get(0), second.get(0))).containsExactly(2, 3);
        slots.release(first);
        assertThat(slots.acquire(1)).containsExactly(2);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> slots.release(List.of(0))).hasMessageContaining("not this session's");
        assertThat(CpuSlots.pinned(cell("sleep", "1"), List.of(0, 1))).containsExactly(1);
        assertThat(CpuSlots.pinned(cell("sleep", "1"), List.of(0))).containsExactly(0);
        assertThat(CpuSlots.pinned(cell("sleep", "2"), List.of(3, 1, 2))).containsExactly(2, 3);
        assertThat(CpuSlots.pinned(cell("sleep", "1"), 2)).containsExactly(1);
    }
}
