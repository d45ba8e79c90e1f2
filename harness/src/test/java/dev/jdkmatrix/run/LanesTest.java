package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.MatrixParser;
import dev.jdkmatrix.matrix.PlannedRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cluster session's comparison groups side by side: lanes by group, each in plan order, so many at once, a failure ending the rest. */
class LanesTest {

    @TempDir
    Path tmp;

    /** Two executors compared along JDK 21 and 25: a group per executor (its cells the JDKs), blocked rounds. */
    Matrix matrix() throws IOException {
        Path m = TestMatrix.named("lanes").repetitions(3).jdks("21", "25").axis("tasks", 1).axis("executor", "[virtual, \"fixed:2\"]")
                .option("compare-along", "[jdk]").workloads("sleep").write(tmp.resolve("lanes.yaml"));
        return new MatrixParser().parse(m);
    }

    @Test
    void eachComparisonGroupIsALaneOfItsRunsInPlanOrder() throws IOException {
        Matrix m = matrix();
        List<List<PlannedRun>> lanes = Lanes.of(m, m.plan());
        assertThat(lanes).hasSize(m.groups().size()).hasSize(2);
        assertThat(lanes.stream().mapToInt(List::size).sum()).isEqualTo(m.plan().size());
        for (List<PlannedRun> lane : lanes) {
            assertThat(lane.stream().map(r -> r.cell().executor()).distinct()).as("one group: one executor").hasSize(1);
            assertThat(lane.stream().map(r -> r.cell().jdk()).distinct()).as("its cells: both JDKs").hasSize(2);
            assertThat(lane).isSortedAccordingTo(java.util.Comparator.comparingInt(PlannedRun::sequence));
        }
    }

    @Test
    void lanesRunSoManyAtOnceAndAFailureEndsTheOthersAndIsThrown() throws Exception {
        Matrix m = matrix();
        List<List<PlannedRun>> lanes = Lanes.of(m, m.plan());
        // two at once: each lane waits for the other to have started; one by one, they never would
        CountDownLatch both = new CountDownLatch(2);
        Lanes.measure(lanes, 2, (runs, othersFailed) -> {
            both.countDown();
            assertThat(both.await(10, TimeUnit.SECONDS)).as("the other lane ran beside this one").isTrue();
        });
        // one at once: the second lane starts after the first ended
        AtomicBoolean inLane = new AtomicBoolean();
        Lanes.measure(lanes, 1, (runs, othersFailed) -> {
            assertThat(inLane.getAndSet(true)).as("another lane is running").isFalse();
            Thread.sleep(50);
            inLane.set(false);
        });
        // the first lane fails: the other, waiting, sees it; the failure is thrown
        CountDownLatch failedFirst = new CountDownLatch(1);
        AtomicBoolean otherSaw = new AtomicBoolean();
        assertThatThrownBy(() -> Lanes.measure(lanes, 2, (runs, othersFailed) -> {
            if (runs == lanes.get(0)) {
                try {
                    throw new IOException("engine lost in lane 1");
                } finally {
                    failedFirst.countDown();
                }
            }
            failedFirst.await(10, TimeUnit.SECONDS);
            for (int i = 0; i < 100 && !othersFailed.getAsBoolean(); i++) Thread.sleep(10);
            otherSaw.set(othersFailed.getAsBoolean());
        })).isInstanceOf(IOException.class).hasMessage("engine lost in lane 1");
        assertThat(otherSaw).isTrue();
        assertThatThrownBy(() -> Lanes.measure(lanes, 0, (runs, othersFailed) -> { })).isInstanceOf(IllegalArgumentException.class);
    }
}
