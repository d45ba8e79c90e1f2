package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.model.MemoryLimit;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's Job as the cluster gets it, and what its pod's one log stream gives back. */
class KubernetesJobsTest {

    @TempDir
    Path tmp;

    static Cell cell(String cpus, CpuMode mode) {
        return new Cell(new dev.jdkmatrix.matrix.WorkloadKind.Builtin(dev.jdkmatrix.workloads.Workloads.get("sleep")), "sleep",
                new TreeMap<>(Map.of("wait-ms", "10")), "virtual", 10, "25", CpuLimit.parse(cpus), mode, MemoryLimit.parse("512m"), List.of(),
                Duration.ofMinutes(1), true);
    }

    static KubernetesJobs jobs() {
        return KubernetesJobs.of("bench", "Never", "2026-11-26T00:00:00Z quick (a run id with spaces and colons)", Path.of("/results/x"), dev.jdkmatrix.model.NodePool.ANY);
    }

    static Container container(Job job) {
        return job.getSpec().getTemplate().getSpec().getContainers().get(0);
    }

    @Test
    void aPinnedCellIsAGuaranteedPodOfWholeCpusAndAQuotaCellRunsUnderItsLimit() {
        Job pinned = jobs().job(cell("2", CpuMode.CPUSET), "jdkmatrix/run-25:abc", "jdkmatrix-x", Profile.NONE);
        assertThat(container(pinned).getResources().getRequests()).isEqualTo(container(pinned).getResources().getLimits())
                .containsEntry("cpu", new Quantity("2")).containsEntry("memory", new Quantity(Long.toString(512L << 20)));
        // a whole-CPU quota cell is Burstable by a millicore, or a static CPU manager would give it CPUs of its own and no quota
        Job quota = jobs().job(cell("1", CpuMode.QUOTA), "i", "jdkmatrix-y", Profile.NONE);
        assertThat(container(quota).getResources().getLimits()).containsEntry("cpu", new Quantity("1"));
        assertThat(container(quota).getResources().getRequests()).containsEntry("cpu", new Quantity("999m"));
        Job half = jobs().job(cell("0.5", CpuMode.QUOTA), "i", "jdkmatrix-z", Profile.NONE);
        assertThat(container(half).getResources().getRequests()).isEqualTo(container(half).getResources().getLimits());
    }

    static Cell fanout(CpuMode mode) {
        return new Cell(new dev.jdkmatrix.matrix.WorkloadKind.Builtin(dev.jdkmatrix.workloads.Workloads.get("http-fanout")), "http-fanout",
                new TreeMap<>(Map.of("min-ms", "20", "max-ms", "40")), "virtual", 20, "25", CpuLimit.parse("1"), mode, MemoryLimit.parse("512m"), List.of(),
                Duration.ofMinutes(1), true);
    }

    /**
     * http-fanout's peer inside its pod: a native sidecar (an init container that restarts) of the same
     * image in upstream mode, which the run reaches on the pod's loopback and starts after; locked down
     * with a /tmp of its own. Beside a cpuset cell a whole CPU of its own (a Guaranteed pod), beside a
     * quota cell a millicore and no CPU limit; what the pod asks of a node counts it.
     */
    @Test
    void aCellThatNeedsAPeerHasItInsideItsPodOnItsLoopback() {
        Job quota = jobs().job(fanout(CpuMode.QUOTA), "jdkmatrix/run-25:abc", "jdkmatrix-f", Profile.NONE);
        PodSpec pod = quota.getSpec().getTemplate().getSpec();
        assertThat(pod.getInitContainers()).hasSize(1);
        Container peer = pod.getInitContainers().get(0);
        assertThat(peer.getName()).isEqualTo(KubernetesJobs.PEER);
        assertThat(peer.getRestartPolicy()).as("a native sidecar: it runs beside the run and ends with it").isEqualTo("Always");
        assertThat(peer.getImage()).isEqualTo("jdkmatrix/run-25:abc");
        assertThat(peer.getCommand()).containsExactly("java", "-jar", Commands.CONTAINER_JAR, "upstream", "--port", "8080");
        assertThat(peer.getStartupProbe().getExec().getCommand()).containsExactly("bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080");
        assertThat(peer.getSecurityContext()).isEqualTo(container(quota).getSecurityContext());
        assertThat(peer.getVolumeMounts()).singleElement().satisfies(m -> assertThat(m.getMountPath()).isEqualTo("/tmp"))
                .satisfies(m -> assertThat(m.getName()).isNotIn(container(quota).getVolumeMounts().stream().map(v -> v.getName()).toList()));
        assertThat(peer.getResources().getRequests()).containsEntry("cpu", new Quantity("1m")).containsEntry("memory", new Quantity(Long.toString(1L << 30)));
        assertThat(peer.getResources().getLimits()).doesNotContainKey("cpu").containsEntry("memory", new Quantity(Long.toString(1L << 30)));
        assertThat(String.join(" ", container(quota).getCommand())).contains("--upstream http://127.0.0.1:8080");
        assertThat(KubernetesJobs.podMillicores(fanout(CpuMode.QUOTA))).isEqualTo(1000);
        assertThat(KubernetesJobs.podMemory(fanout(CpuMode.QUOTA))).isEqualTo((512L << 20) + (1L << 30));

        Container pinnedPeer = jobs().job(fanout(CpuMode.CPUSET), "i", "jdkmatrix-g", Profile.NONE).getSpec().getTemplate().getSpec().getInitContainers().get(0);
        assertThat(pinnedPeer.getResources().getRequests()).isEqualTo(pinnedPeer.getResources().getLimits()).containsEntry("cpu", new Quantity("1000m"));
        assertThat(KubernetesJobs.podMillicores(fanout(CpuMode.CPUSET))).isEqualTo(2000);

        assertThat(jobs().job(cell("1", CpuMode.QUOTA), "i", "jdkmatrix-x", Profile.NONE).getSpec().getTemplate().getSpec().getInitContainers()).isNullOrEmpty();
        assertThat(KubernetesJobs.podMillicores(cell("1", CpuMode.QUOTA))).isEqualTo(999);
    }

    /** A peer that ended (it would restart for ever, the run waiting for it) and a peer whose image does not come stop the run's wait. */
    @Test
    void aPeerThatEndsOrCannotStartIsStuck() {
        io.fabric8.kubernetes.api.model.ContainerStatus ended = new io.fabric8.kubernetes.api.model.ContainerStatusBuilder().withName(KubernetesJobs.PEER)
                .withRestartCount(1).withNewLastState().withNewTerminated().withExitCode(1).withReason("Error").endTerminated().endLastState().build();
        io.fabric8.kubernetes.api.model.Pod pod = new io.fabric8.kubernetes.api.model.PodBuilder().withNewStatus().withInitContainerStatuses(ended).endStatus().build();
        String stuck = KubernetesJobs.stuck(pod, null);
        assertThat(stuck).startsWith(KubernetesJobs.PEER_ENDED).contains("exit code 1 (Error)");
        assertThat(KubernetesJobs.fixFor(stuck)).contains("upstream", "kubectl logs POD -c upstream");
        // an image imported into one node's containerd, which another node lacks: the fix names the registry and the pool
        assertThat(KubernetesJobs.fixFor("ErrImageNeverPull: Container image \"i\" is not present with pull policy of Never")).contains("--registry", "--node-selector");
        io.fabric8.kubernetes.api.model.ContainerStatus pulling = new io.fabric8.kubernetes.api.model.ContainerStatusBuilder().withName(KubernetesJobs.PEER)
                .withRestartCount(0).withNewState().withNewWaiting().withReason("ErrImagePull").withMessage("no such image").endWaiting().endState().build();
        assertThat(KubernetesJobs.stuck(new io.fabric8.kubernetes.api.model.PodBuilder().withNewStatus().withInitContainerStatuses(pulling).endStatus().build(), null))
                .isEqualTo("ErrImagePull: no such image");
        io.fabric8.kubernetes.api.model.ContainerStatus starting = new io.fabric8.kubernetes.api.model.ContainerStatusBuilder().withName(KubernetesJobs.PEER)
                .withRestartCount(0).withNewState().withNewRunning().endRunning().endState().build();
        assertThat(KubernetesJobs.stuck(new io.fabric8.kubernetes.api.model.PodBuilder().withNewStatus().withInitContainerStatuses(starting).endStatus().build(), null))
                .as("a peer that runs and has not answered yet: the run waits").isNull();
    }

    /** A probe's Job and pod say they are a probe (a test waiting for a measured run's pod tells them apart); a run's do not. */
    @Test
    void probesCarryTheirRole() {
        assertThat(jobs().pullProbe("i", "p", null).getSpec().getTemplate().getMetadata().getLabels()).containsEntry(Labels.ROLE, "probe");
        assertThat(jobs().pinnedProbe("i", "p", 1, "n1").getMetadata().getLabels()).containsEntry(Labels.ROLE, "probe");
        assertThat(jobs().pullProbe("i", "p", null).getSpec().getTemplate().getSpec().getAffinity()).as("a probe waits for no measured pod").isNull();
        Job run = jobs().job(cell("1", CpuMode.CPUSET), "i", "jdkmatrix-x", Profile.NONE);
        assertThat(run.getMetadata().getLabels()).containsEntry(Labels.ROLE, "run");
        assertThat(run.getSpec().getTemplate().getMetadata().getLabels()).containsEntry(Labels.ROLE, "run");
    }

    /**
     * The cluster's own lease: a measured pod never goes to a node where another measured pod of the
     * harness runs, of any session and any namespace; one that waits for such a node says so.
     */
    @Test
    void aMeasuredPodKeepsOffNodesWhereAnotherRunsAndWaitsForOne() {
        PodSpec pod = jobs().job(cell("1", CpuMode.QUOTA), "i", "jdkmatrix-x", Profile.NONE).getSpec().getTemplate().getSpec();
        var terms = pod.getAffinity().getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
        assertThat(terms).singleElement().satisfies(t -> {
            assertThat(t.getTopologyKey()).isEqualTo("kubernetes.io/hostname");
            assertThat(t.getLabelSelector().getMatchLabels()).isEqualTo(Map.of(KubernetesJobs.MANAGED, "jdkmatrix", Labels.ROLE, "run"));
            assertThat(t.getNamespaceSelector()).as("an empty selector: every namespace").isNotNull()
                    .satisfies(n -> assertThat(n.getMatchLabels()).isNullOrEmpty()).satisfies(n -> assertThat(n.getMatchExpressions()).isNullOrEmpty());
        });
        io.fabric8.kubernetes.api.model.Pod waiting = new io.fabric8.kubernetes.api.model.PodBuilder().withNewStatus().addNewCondition().withType("PodScheduled")
                .withStatus("False").withReason("Unschedulable").withMessage("0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules.")
                .endCondition().endStatus().build();
        assertThat(KubernetesJobs.waitsForANode(waiting)).contains("anti-affinity");
        io.fabric8.kubernetes.api.model.Pod full = new io.fabric8.kubernetes.api.model.PodBuilder().withNewStatus().addNewCondition().withType("PodScheduled")
                .withStatus("False").withReason("Unschedulable").withMessage("0/1 nodes are available: 1 Insufficient cpu.").endCondition().endStatus().build();
        assertThat(KubernetesJobs.waitsForANode(full)).as("the cell fits a node: another pod holds its CPUs").contains("Insufficient cpu");
        io.fabric8.kubernetes.api.model.Pod tainted = new io.fabric8.kubernetes.api.model.PodBuilder().withNewStatus().addNewCondition().withType("PodScheduled")
                .withStatus("False").withReason("Unschedulable").withMessage("0/1 nodes are available: 1 node(s) had untolerated taint.").endCondition().endStatus().build();
        assertThat(KubernetesJobs.waitsForANode(tainted)).as("no pod's end makes room: the bounded wait").isNull();
        assertThat(KubernetesJobs.waitsForANode(null)).isNull();
    }

    /** A group's first run prefers nodes other groups of the session are not bound to; a bound run asks for its node and nothing else. */
    @Test
    void aGroupsFirstRunPrefersANodeOfItsOwn() {
        PodSpec first = jobs().job(cell("1", CpuMode.QUOTA), "i", "jdkmatrix-x", Profile.NONE, null, java.util.Set.of("node-2", "node-1"))
                .getSpec().getTemplate().getSpec();
        var preferred = first.getAffinity().getNodeAffinity().getPreferredDuringSchedulingIgnoredDuringExecution();
        assertThat(preferred).singleElement().satisfies(p -> {
            assertThat(p.getPreference().getMatchExpressions()).singleElement().satisfies(e -> {
                assertThat(e.getKey()).isEqualTo("kubernetes.io/hostname");
                assertThat(e.getOperator()).isEqualTo("NotIn");
                assertThat(e.getValues()).containsExactly("node-1", "node-2");
            });
        });
        assertThat(first.getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution()).as("a preference, never a refusal").isNull();
        PodSpec bound = jobs().job(cell("1", CpuMode.QUOTA), "i", "jdkmatrix-x", Profile.NONE, "node-1", java.util.Set.of("node-1", "node-2"))
                .getSpec().getTemplate().getSpec();
        assertThat(bound.getNodeSelector()).isEqualTo(Map.of("kubernetes.io/hostname", "node-1"));
        assertThat(bound.getAffinity().getNodeAffinity()).isNull();
    }

    /** A comparison group's later runs ask for the node its first run took; the scheduler still places them (no nodeName of ours). */
    @Test
    void aRunBoundToANodeAsksForItByItsHostnameLabel() {
        PodSpec bound = jobs().job(cell("1", CpuMode.CPUSET), "i", "jdkmatrix-x", Profile.NONE, "node-7").getSpec().getTemplate().getSpec();
        assertThat(bound.getNodeSelector()).isEqualTo(java.util.Map.of("kubernetes.io/hostname", "node-7"));
        assertThat(bound.getNodeName()).isNull();
        PodSpec free = jobs().job(cell("1", CpuMode.CPUSET), "i", "jdkmatrix-x", Profile.NONE, null).getSpec().getTemplate().getSpec();
        assertThat(free.getNodeSelector()).isNullOrEmpty();
    }

    @Test
    void theRunsPodIsLockedDownAsADockerRunIs() {
        Job job = jobs().job(cell("1", CpuMode.CPUSET), "i", "jdkmatrix-x", Profile.NONE);
        PodSpec pod = job.getSpec().getTemplate().getSpec();
        assertThat(job.getSpec().getBackoffLimit()).isZero();
        assertThat(pod.getRestartPolicy()).isEqualTo("Never");
        assertThat(pod.getAutomountServiceAccountToken()).isFalse();
        assertThat(pod.getEnableServiceLinks()).isFalse();
        assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
        assertThat(pod.getSecurityContext().getRunAsUser()).isEqualTo(10001L);
        Container c = container(job);
        assertThat(c.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
        assertThat(c.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
        assertThat(c.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
        assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
        assertThat(c.getVolumeMounts()).extracting(m -> m.getMountPath()).containsExactly("/tmp", "/out");
        assertThat(c.getImagePullPolicy()).isEqualTo("Never");
        assertThat(c.getCommand().get(2)).startsWith("t0=$(date +%s%N); ").contains(PodOutput.OUT_BEGIN, "JDKMATRIX-CPU-STAT").endsWith("exit $s");
        assertThat(job.getMetadata().getAnnotations()).containsEntry(Labels.CELL, cell("1", CpuMode.CPUSET).id());
        for (String v : job.getMetadata().getLabels().values()) assertThat(v).matches("[A-Za-z0-9]([A-Za-z0-9_.-]{0,61}[A-Za-z0-9])?");
    }

    @Test
    void noTrafficReachesOrLeavesAPodOfTheHarnessWhereTheClusterEnforcesNetworkPolicy() {
        var policy = KubernetesJobs.noNetwork("bench");
        Job job = jobs().job(cell("1", CpuMode.CPUSET), "i", "jdkmatrix-x", Profile.NONE);
        assertThat(policy.getMetadata().getNamespace()).isEqualTo("bench");
        assertThat(policy.getSpec().getPolicyTypes()).containsExactlyInAnyOrder("Ingress", "Egress");
        assertThat(policy.getSpec().getIngress()).isNullOrEmpty();
        assertThat(policy.getSpec().getEgress()).isNullOrEmpty();
        // the policy's selector takes every pod of the harness: runs and probes
        assertThat(job.getSpec().getTemplate().getMetadata().getLabels()).containsAllEntriesOf(policy.getSpec().getPodSelector().getMatchLabels());
        Job probe = jobs().pullProbe("i", "jdkmatrix-probe", null);
        assertThat(probe.getSpec().getTemplate().getMetadata().getLabels()).containsAllEntriesOf(policy.getSpec().getPodSelector().getMatchLabels());
    }

    /** What docs/kubernetes.md says of a run's pod is what its spec holds: each phrase of the docs against the spec's field. */
    @Test
    void theDocsSayOfThePodWhatItsSpecHolds() throws IOException {
        String docs = java.nio.file.Files.readString(java.nio.file.Path.of(System.getProperty("jdkmatrix.projectDir", "..")).resolve("docs/kubernetes.md"))
                .replaceAll("\\s+", " ");
        Job job = jobs().job(cell("1", CpuMode.CPUSET), "i", "jdkmatrix-x", Profile.NONE);
        PodSpec pod = job.getSpec().getTemplate().getSpec();
        Container c = container(job);
        java.util.Map<String, Boolean> said = new java.util.LinkedHashMap<>();
        said.put("user 10001", pod.getSecurityContext().getRunAsUser() == 10001L);
        said.put("`runAsNonRoot`", pod.getSecurityContext().getRunAsNonRoot());
        said.put("read-only root file system", c.getSecurityContext().getReadOnlyRootFilesystem());
        said.put("no capability", c.getSecurityContext().getCapabilities().getDrop().equals(List.of("ALL")));
        said.put("`allowPrivilegeEscalation: false`", !c.getSecurityContext().getAllowPrivilegeEscalation());
        said.put("`seccompProfile: RuntimeDefault`", "RuntimeDefault".equals(pod.getSecurityContext().getSeccompProfile().getType()));
        said.put("no service-account token", !pod.getAutomountServiceAccountToken());
        said.put("no service links", !pod.getEnableServiceLinks());
        said.put("NetworkPolicy `" + KubernetesJobs.NO_NETWORK + "`", KubernetesJobs.noNetwork("x").getSpec().getPolicyTypes().containsAll(List.of("Ingress", "Egress")));
        said.forEach((phrase, holds) -> {
            assertThat(docs).as("docs/kubernetes.md says of the pod").contains(phrase);
            assertThat(holds).as("the pod spec holds what the docs say: %s", phrase).isTrue();
        });
    }

    @Test
    void namesAndLabelValuesAreWhatKubernetesTakesAndStayApartWhenCut() {
        String longName = "jdkmatrix-2026-11-26T00:00:00Z_Quick run-" + "x".repeat(80) + "-00012-measure-3";
        assertThat(KubernetesJobs.name(longName)).matches("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?").hasSizeLessThanOrEqualTo(63);
        assertThat(KubernetesJobs.name(longName)).isNotEqualTo(KubernetesJobs.name(longName.replace("-3", "-4")));
        assertThat(KubernetesJobs.labelValue("--a b:c--")).isEqualTo("a-b-c");
        assertThat(KubernetesJobs.labelValue("")).isEqualTo("x");
    }

    @Test
    void theFilesTheRunPrintedComeBackAndTheLogKeepsTheRestEvenWithItsCpuStatAmongThem() throws IOException {
        byte[] jfr = "a recording".getBytes(StandardCharsets.UTF_8);
        byte[] stacks = "java/lang/Thread.run 5\n".getBytes(StandardCharsets.UTF_8);
        String b64 = Base64.getMimeEncoder().encodeToString(tar(Map.of("./run.jfr", jfr, "./profile/Bench.run/flame-cpu-forward.collapsed", stacks)));
        String[] lines = b64.split("\r\n");
        StringBuilder dump = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            dump.append(lines[i]).append('\n');
            if (i == 0) dump.append("JDKMATRIX-CPU-STAT nr_periods 7\n"); // stderr's lines fall among stdout's in a pod's log
        }
        String log = "JDKMATRIX-RESULT {}\nJDKMATRIX-CONTAINER-NS 1500000000\n\n" + PodOutput.OUT_BEGIN + "\n" + dump + PodOutput.OUT_END + "\n";
        Path jfrOut = tmp.resolve("1.jfr");
        Path stacksOut = tmp.resolve("1.collapsed");
        Path none = tmp.resolve("none.json");
        Files.writeString(none, "stale");
        PodOutput.Output out = PodOutput.output(log, Map.of("/out/run.jfr", jfrOut, "/out/profile", stacksOut, "/out/jmh.json", none));
        assertThat(Files.readAllBytes(jfrOut)).isEqualTo(jfr);
        assertThat(Files.readAllBytes(stacksOut)).as("a folder's first file").isEqualTo(stacks);
        assertThat(none).as("a file the run did not write").doesNotExist();
        assertThat(out.wallMs()).isEqualTo(1500.0);
        assertThat(out.log()).contains("JDKMATRIX-RESULT {}", "JDKMATRIX-CPU-STAT nr_periods 7").doesNotContain(PodOutput.OUT_BEGIN, "JDKMATRIX-CONTAINER-NS");
        // a pod killed while printing its dump (cut mid-quantum), or a stray line of stderr that looks like base64 after the padding:
        // what was printed whole is read, nothing throws (a pod killed for its memory failed KubernetesIT once with "wrong 4-byte ending unit")
        String whole = dump.toString().replace("JDKMATRIX-CPU-STAT nr_periods 7\n", "");
        for (String damaged : new String[] {whole + "Killed\n", whole.substring(0, whole.length() / 2 + 1) + "\n"}) {
            String log2 = "JDKMATRIX-RESULT {}\n\n" + PodOutput.OUT_BEGIN + "\n" + damaged + PodOutput.OUT_END + "\n";
            PodOutput.Output read = PodOutput.output(log2, Map.of("/out/run.jfr", jfrOut));
            assertThat(read.log()).contains("JDKMATRIX-RESULT {}");
        }
        assertThat(PodOutput.decodeCut(Base64.getEncoder().encodeToString(jfr) + "Killed")).isEqualTo(jfr);
        assertThat(PodOutput.decodeCut("abcde")).hasSize(3);
        // a log cut before its dump: no file, the log as it was
        PodOutput.Output cut = PodOutput.output("JDKMATRIX-RESULT {}\nkilled", Map.of("/out/run.jfr", jfrOut));
        assertThat(jfrOut).doesNotExist();
        assertThat(cut.log()).isEqualTo("JDKMATRIX-RESULT {}\nkilled");
        assertThat(cut.wallMs()).isNaN();
    }

    static byte[] tar(Map<String, byte[]> files) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (TarArchiveOutputStream t = new TarArchiveOutputStream(b)) {
            for (Map.Entry<String, byte[]> f : new TreeMap<>(files).entrySet()) {
                TarArchiveEntry e = new TarArchiveEntry(f.getKey());
                e.setSize(f.getValue().length);
                t.putArchiveEntry(e);
                t.write(f.getValue());
                t.closeArchiveEntry();
            }
        }
        return b.toByteArray();
    }
}
