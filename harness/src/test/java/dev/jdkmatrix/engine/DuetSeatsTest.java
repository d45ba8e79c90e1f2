package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.MatrixParser;
import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.run.TestMatrix;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a cluster seats a duet's sides (one machine: a node, or nodes of one boot id), what it refuses, and a side's pod. */
class DuetSeatsTest {

    @TempDir
    Path tmp;

    static Node node(String name, String bootId, String cpus, String memory) {
        return new NodeBuilder().withNewMetadata().withName(name).endMetadata().withNewStatus().withNewNodeInfo().withBootID(bootId).endNodeInfo()
                .withAllocatable(Map.of("cpu", new Quantity(cpus), "memory", new Quantity(memory))).endStatus().build();
    }

    private Matrix pair(String cpus, String mode, String memory) throws IOException {
        Path m = TestMatrix.named("pair").repetitions(2).jdks("21", "25").axis("tasks", 1).axis("executor", "virtual").axis("cpus", cpus)
                .axis("cpu-mode", mode).axis("memory", memory).option("compare-along", "[jdk]").option("order", "duet").workloads("sleep")
                .write(tmp.resolve("pair-" + cpus + mode + memory + ".yaml"));
        return new MatrixParser().parse(m);
    }

    @Test
    void nodesOfOneBootIdAreOneMachineAndTheMachineWithMostCpusSeatsTheDuet() {
        List<Node> nodes = List.of(node("b", "boot-1", "1", "4Gi"), node("a", "boot-1", "1900m", "4Gi"), node("c", "boot-2", "1", "4Gi"));
        DuetSeats seats = DuetSeats.of(nodes);
        assertThat(seats.machine()).isEqualTo("boot-1");
        assertThat(seats.seats()).as("whole CPUs only, node after node by name").containsExactly("a", "b");
        assertThat(seats.nodeOf("0")).isEqualTo("a");
        assertThat(seats.nodeOf("1")).isEqualTo("b");
        assertThatThrownBy(() -> seats.nodeOf("0,1")).hasMessageContaining("one node");
        assertThat(seats.describe()).isEqualTo("a: 1 CPU, b: 1 CPU");
        // a node of more CPUs than the two together is a machine of its own, and wins; a node without a boot id is its own machine
        DuetSeats big = DuetSeats.of(List.of(node("a", "boot-1", "1", "4Gi"), node("b", "boot-1", "1", "4Gi"), node("z", "", "4", "8Gi")));
        assertThat(big.machine()).isEqualTo("z");
        assertThat(big.seats()).containsExactly("z", "z", "z", "z");
        assertThat(DuetSeats.of(List.of(node("a", "boot-1", "500m", "4Gi")))).as("no whole CPU anywhere").isNull();
    }

    @Test
    void aDuetIsSeatedWhereEachSideHasCpusOfItsOwnOnOneMachineAndRefusedWithTheReasonElsewhere() throws IOException {
        Matrix pinned = pair("1", "cpuset", "512m");
        List<Node> siblings = List.of(node("a", "boot-1", "1", "4Gi"), node("b", "boot-1", "1", "4Gi"));
        assertThat(DuetSeats.refusal(pinned, DuetSeats.of(siblings), siblings)).isNull();
        List<Node> apart = List.of(node("a", "boot-1", "1", "4Gi"), node("b", "boot-2", "1", "4Gi"));
        assertThat(DuetSeats.refusal(pinned, DuetSeats.of(apart), apart)).as("two machines of one CPU each: no machine seats both sides")
                .contains("the machine with most CPUs to give pods (a: 1 CPU)", "two sides need 2, and it has 1", "fix: ");
        assertThat(DuetSeats.refusal(pinned, DuetSeats.of(List.of(node("a", "", "2", "4Gi"))), List.of())).as("one node of two CPUs").isNull();
        assertThat(DuetSeats.refusal(pinned, null, apart)).contains("no node of the session's 2 has a whole CPU", "fix: ");
        // sides of 2 CPUs on a machine of 1 + 3: the first round's first side would straddle the two nodes
        List<Node> uneven = List.of(node("a", "boot-1", "1", "4Gi"), node("b", "boot-1", "3", "4Gi"));
        assertThat(DuetSeats.refusal(pair("2", "cpuset", "512m"), DuetSeats.of(uneven), uneven)).contains("would lie on nodes [a, b]", "fix: ");
        List<Node> small = List.of(node("a", "", "2", "1Gi"));
        assertThat(DuetSeats.refusal(pair("1", "cpuset", "768m"), DuetSeats.of(small), small)).contains("the sides of a duet on node a ask for 1536m", "more than its 1024m");
    }

    @Test
    void aSidesPodGoesToItsNodeLetsItsPartnersBesideItAndWaitsForTheMoment() {
        Instant moment = Instant.parse("2026-11-28T13:00:00.123456789Z");
        Job job = KubernetesJobsTest.jobs().duetSide(KubernetesJobsTest.cell("1", CpuMode.CPUSET), "i", "jdkmatrix-x", Profile.NONE, "node-2", "77-3-4", moment);
        PodSpec pod = job.getSpec().getTemplate().getSpec();
        assertThat(pod.getNodeSelector()).containsEntry(KubernetesJobs.HOSTNAME, "node-2");
        assertThat(job.getSpec().getTemplate().getMetadata().getLabels()).containsEntry(Labels.DUET, "77-3-4").containsEntry(Labels.ROLE, "run");
        var term = pod.getAffinity().getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution().get(0);
        assertThat(term.getLabelSelector().getMatchLabels()).containsEntry(Labels.ROLE, "run");
        assertThat(term.getLabelSelector().getMatchExpressions()).extracting(LabelSelectorRequirement::getKey, LabelSelectorRequirement::getOperator,
                LabelSelectorRequirement::getValues).containsExactly(org.assertj.core.groups.Tuple.tuple(Labels.DUET, "NotIn", List.of("77-3-4")));
        assertThat(KubernetesJobsTest.container(job).getCommand().get(2)).startsWith("g=1795870800123456789; ").contains(PodOutput.BEGAN);
    }

    /** The wait at the start of a side's command, run by this machine's sh: it begins no sooner than its moment, and soon after it. */
    @Test
    void aSidesCommandBeginsAtItsMomentAndSaysWhen() throws Exception {
        Instant moment = Instant.now().plusMillis(400);
        Process p = new ProcessBuilder("sh", "-c", KubernetesJobs.beginAt(moment) + "echo done").redirectErrorStream(true).start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(out).contains("done");
        Instant began = PodOutput.began(out);
        assertThat(began).as(out).isNotNull().isAfterOrEqualTo(moment).isBefore(moment.plusMillis(2_000));
        // late: a pod that comes after its moment begins at once
        Instant past = Instant.now().minusSeconds(5);
        Process late = new ProcessBuilder("sh", "-c", KubernetesJobs.beginAt(past)).redirectErrorStream(true).start();
        assertThat(late.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(PodOutput.began(new String(late.getInputStream().readAllBytes()))).isAfter(past.plusSeconds(4));
        assertThat(PodOutput.output(PodOutput.BEGAN + "1\nhello\n", Map.of()).log()).as("the line is the harness's, not the run's").isEqualTo("hello\n");
    }
}
