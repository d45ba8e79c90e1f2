package dev.jdkmatrix.engine;

import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.model.NodePool;
import dev.jdkmatrix.model.CpuMode;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Jobs of a session on a Kubernetes cluster: each run's Job in {@code namespace}, its pod
 * locked down as a Docker run is wherever Kubernetes can say it (user 10001, non-root, read-only
 * root file system, no capability, no privilege escalation, the runtime's default seccomp profile, no
 * service-account token, no service links; {@code /tmp} a memory-backed emptyDir, {@code /out} an
 * emptyDir; no network in or out: {@link #noNetwork}), requests = limits for
 * its memory, and for its CPUs:
 * <ul>
 *   <li>{@code cpu-mode: cpuset}: requests = limits, whole CPUs: a Guaranteed pod, which a node's
 *       static CPU manager gives CPUs of its own (a cpuset, no quota);</li>
 *   <li>{@code cpu-mode: quota}: a CPU limit, the CFS quota Kubernetes users run under; its request
 *       a millicore below the limit where the limit is whole CPUs, as a Guaranteed pod with whole
 *       CPUs would get exclusive CPUs and no quota on such a node.</li>
 * </ul>
 * Labels say whose a Job is ({@link #MANAGED}, the session's run id, this host and process), for the
 * sweep of a session that is gone; the cell's id is an annotation (any text).
 */
record KubernetesJobs(String namespace, String pullPolicy, Map<String, String> labels, Map<String, String> annotations, NodePool pool) {

    /** The container of every run's pod. */
    static final String CONTAINER = "run";
    /** The label every Job of the harness carries. */
    static final String MANAGED = "app.kubernetes.io/managed-by";

    KubernetesJobs {
        labels = Map.copyOf(labels);
        annotations = Map.copyOf(annotations);
        java.util.Objects.requireNonNull(pool, "pool");
    }

    /** The Jobs of one session: labelled with its run id, host and process; every pod (runs and probes) on the nodes of {@code pool}. */
    static KubernetesJobs of(String namespace, String pullPolicy, String runId, Path out, NodePool pool) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(MANAGED, "jdkmatrix");
        labels.put(Labels.RUN, labelValue(runId));
        labels.put(Labels.HOST, labelValue(Environment.hostname()));
        labels.put(Labels.PID, Long.toString(ProcessHandle.current().pid()));
        return new KubernetesJobs(namespace, pullPolicy, labels, Map.of(Labels.OUT, out.toAbsolutePath().normalize().toString()), pool);
    }

    /** A Job's name of a run's container name: at most 63 of [a-z0-9-], a hash of the whole where it is cut. */
    static String name(String containerName) {
        String n = containerName.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9-]", "-").replaceAll("^-+|-+$", "");
        if (n.length() <= 63) return n;
        return n.substring(0, 54).replaceAll("-+$", "") + "-" + String.format("%08x", containerName.hashCode());
    }

    /** A label's value of any text: at most 63 of [A-Za-z0-9-_.], starting and ending with a letter or digit. */
    static String labelValue(String text) {
        String v = text.replaceAll("[^A-Za-z0-9_.-]", "-");
        if (v.length() > 63) v = v.substring(0, 54) + "-" + String.format("%08x", text.hashCode());
        v = v.replaceAll("^[^A-Za-z0-9]+|[^A-Za-z0-9]+$", "");
        return v.isEmpty() ? "x" : v;
    }

    /** The node label that names a node: a run bound to a node asks for it (the scheduler still places it, and checks it fits). */
    static final String HOSTNAME = "kubernetes.io/hostname";

    /** The Job of one run, placed on {@code node} (null: where the scheduler puts it). */
    Job job(Cell cell, String image, String name, Profile profile, String node) {
        return job(cell, image, name, profile, node, java.util.Set.of());
    }

    /**
     * The Job of one run, placed on {@code node}; with none, where the scheduler puts it, other nodes
     * than {@code avoid} preferred (those of the session's other comparison groups: a group that
     * starts takes a node of its own where there is one, not one another group comes back to).
     */
    Job job(Cell cell, String image, String name, Profile profile, String node, java.util.Set<String> avoid) {
        Job job = job(cell, image, name, profile);
        PodSpec pod = job.getSpec().getTemplate().getSpec();
        if (node != null) {
            bind(pod, node);
        } else if (!avoid.isEmpty()) {
            pod.getAffinity().setNodeAffinity(new io.fabric8.kubernetes.api.model.NodeAffinityBuilder().addNewPreferredDuringSchedulingIgnoredDuringExecution()
                    .withWeight(100).withNewPreference().addNewMatchExpression().withKey(HOSTNAME).withOperator("NotIn")
                    .withValues(new java.util.TreeSet<>(avoid).stream().toList()).endMatchExpression().endPreference()
                    .endPreferredDuringSchedulingIgnoredDuringExecution().build());
        }
        return job;
    }

    /** {@code pod} goes to {@code node} only (and still to the session's nodes only: the pool's selector kept). */
    private static void bind(PodSpec pod, String node) {
        Map<String, String> selector = new LinkedHashMap<>(pod.getNodeSelector() == null ? Map.of() : pod.getNodeSelector());
        selector.put(HOSTNAME, node);
        pod.setNodeSelector(selector);
    }

    /** The Job of one run; a cell that needs a peer (http-fanout's upstream stub) has it inside its pod ({@link #withPeer}). */
    Job job(Cell cell, String image, String name, Profile profile) {
        return runJob(cell, image, name, profile, "t0=$(date +%s%N); ");
    }

    /**
     * The Job of one side of a duet: on {@code node}, its run begun at {@code moment} (the pod waits
     * for it inside, then prints when it began: {@link PodOutput#BEGAN}), and let on its node beside
     * the other measured pods of its set, {@code duet} (a label value), and no others.
     */
    Job duetSide(Cell cell, String image, String name, Profile profile, String node, String duet, java.time.Instant moment) {
        Job job = labelled(runJob(cell, image, name, profile, beginAt(moment)), Labels.DUET, duet);
        bind(job.getSpec().getTemplate().getSpec(), node);
        job.getSpec().getTemplate().getSpec().getAffinity().getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution().get(0)
                .getLabelSelector().setMatchExpressions(List.of(new io.fabric8.kubernetes.api.model.LabelSelectorRequirementBuilder()
                        .withKey(Labels.DUET).withOperator("NotIn").withValues(duet).build()));
        return job;
    }

    /**
     * The start of a duet side's command: it sleeps until 20 ms before {@code moment} (the epoch's
     * nanoseconds on the node's clock), reads the clock until the moment comes, and prints when it
     * began; a pod that comes late begins at once, and its line says how late.
     */
    static String beginAt(java.time.Instant moment) {
        long ns = moment.getEpochSecond() * 1_000_000_000L + moment.getNano();
        return "g=" + ns + "; d=$((g - $(date +%s%N) - 20000000)); if [ $d -gt 0 ]; then sleep $((d / 1000000000)).$(printf %09d $((d % 1000000000))); fi; "
                + "while [ $(date +%s%N) -lt $g ]; do :; done; t0=$(date +%s%N); printf '" + PodOutput.BEGAN + "%s\\n' $t0 >&2; ";
    }

    /** The Job of one run whose command starts with {@code begin} (which sets {@code t0}, the moment its run begins). */
    private Job runJob(Cell cell, String image, String name, Profile profile, String begin) {
        boolean peer = UpstreamStub.needed(cell);
        List<String> command = new ArrayList<>(Commands.containerCommand(cell, peer ? PEER_URL : null, profile));
        command.set(2, begin + command.get(2).replace("exit $s", PodOutput.OUT_DUMP + "exit $s"));
        Map<String, Quantity> requests = new LinkedHashMap<>();
        Map<String, Quantity> limits = new LinkedHashMap<>();
        limits.put("cpu", new Quantity(cell.cpus().text()));
        limits.put("memory", new Quantity(Long.toString(cell.memory().bytes())));
        requests.put("cpu", new Quantity(runMillicores(cell) + "m"));
        requests.put("memory", limits.get("memory"));
        Map<String, String> notes = new LinkedHashMap<>(annotations);
        notes.put(Labels.CELL, cell.id());
        Job job = measured(job(name, image, command, cell.kind().files().workingDir(), requests, limits, notes));
        return peer ? withPeer(job, image, cell) : job;
    }

    /** The role label of a measured run's Job and pod. */
    static final String MEASURED = "run";

    /**
     * A measured run's pod: labelled {@link Labels#ROLE} {@value #MEASURED}, and kept off any node where
     * another measured pod of the harness runs, of any session and namespace (a required pod
     * anti-affinity on that label, per {@link #HOSTNAME}): the cluster's own lease, one measured pod a
     * node, as the Docker engine's lease keeps one session's runs a machine. A pod that finds every
     * node taken waits, pending, until one is free ({@link #waitsForANode}).
     */
    private static Job measured(Job job) {
        labelled(job, Labels.ROLE, MEASURED);
        job.getSpec().getTemplate().getSpec().setAffinity(new AffinityBuilder().withNewPodAntiAffinity()
                .addNewRequiredDuringSchedulingIgnoredDuringExecution().withTopologyKey(HOSTNAME)
                .withNewLabelSelector().addToMatchLabels(MANAGED, "jdkmatrix").addToMatchLabels(Labels.ROLE, MEASURED).endLabelSelector()
                .withNewNamespaceSelector().endNamespaceSelector() // every namespace
                .endRequiredDuringSchedulingIgnoredDuringExecution().endPodAntiAffinity().build());
        return job;
    }

    /**
     * What a pending pod waits for when it waits for a node to be free (the scheduler's message: another
     * measured pod on every node, by the anti-affinity, or not the CPUs or memory left that the cell,
     * checked to fit a node, asks for: another pod holds them), or null. Such a pod starts once the
     * other pod ends, however long that takes.
     */
    static String waitsForANode(Pod pod) {
        if (pod == null || pod.getStatus() == null || pod.getStatus().getConditions() == null) return null;
        return pod.getStatus().getConditions().stream().filter(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus())
                        && "Unschedulable".equals(c.getReason()) && c.getMessage() != null
                        && (c.getMessage().contains("anti-affinity") || c.getMessage().contains("Insufficient")))
                .map(c -> c.getMessage().strip()).findFirst().orElse(null);
    }

    /** The run container's CPU request: its limit, or for a quota cell of whole CPUs a millicore below it (see the class). */
    static long runMillicores(Cell cell) {
        long limit = Math.round(cell.cpus().value() * 1000);
        boolean whole = cell.cpus().value() == Math.rint(cell.cpus().value());
        return cell.cpuMode() == CpuMode.QUOTA && whole ? limit - 1 : limit;
    }

    /** The name of the container of a run's peer, and where the run reaches it: the pod's own loopback. */
    static final String PEER = "upstream";
    static final String PEER_URL = "http://127.0.0.1:" + UpstreamStub.PORT;

    /**
     * The CPU request of a cell's peer: beside a cpuset cell a whole CPU of its own (its pod must be
     * Guaranteed, every container's requests its limits, and a whole CPU never shares the run's);
     * beside a quota cell one millicore and no limit, as on Docker (the stub never waits for a quota);
     * none without a peer.
     */
    static long peerMillicores(Cell cell) {
        if (!UpstreamStub.needed(cell)) return 0;
        return cell.cpuMode() == CpuMode.CPUSET ? 1000 : 1;
    }

    /** What a cell's pod asks of a node: its run's and its peer's requests, CPU in millicores and memory in bytes. */
    static long podMillicores(Cell cell) {
        return runMillicores(cell) + peerMillicores(cell);
    }

    static long podMemory(Cell cell) {
        return cell.memory().bytes() + (UpstreamStub.needed(cell) ? UpstreamStub.MEMORY_BYTES : 0);
    }

    /**
     * The run's peer inside its pod, as the Docker engine's {@link UpstreamStub} on a private network:
     * the same workloads jar in {@code upstream} mode from the same image, a native sidecar (an init
     * container that restarts, Kubernetes 1.29 and later) that the run's container starts after, once
     * the stub answers on the pod's loopback (its startup probe), and that ends with the run. Locked
     * down as the run, with a {@code /tmp} of its own (two JVMs of one user in one {@code /tmp} would
     * share its hsperfdata folder) and the stub's memory ({@link UpstreamStub#MEMORY_BYTES}).
     */
    private Job withPeer(Job job, String image, Cell cell) {
        Map<String, Quantity> requests = new LinkedHashMap<>();
        requests.put("cpu", new Quantity(peerMillicores(cell) + "m"));
        requests.put("memory", new Quantity(Long.toString(UpstreamStub.MEMORY_BYTES)));
        Map<String, Quantity> limits = cell.cpuMode() == CpuMode.CPUSET ? requests : Map.of("memory", requests.get("memory"));
        Container peer = new ContainerBuilder().withName(PEER).withImage(image).withImagePullPolicy(pullPolicy).withRestartPolicy("Always")
                .withCommand("java", "-jar", Commands.CONTAINER_JAR, "upstream", "--port", Integer.toString(UpstreamStub.PORT))
                .withWorkingDir("/tmp")
                .withNewResources().withRequests(requests).withLimits(limits).endResources()
                .withSecurityContext(lockedDown())
                .withNewStartupProbe().withNewExec().withCommand("bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/" + UpstreamStub.PORT).endExec()
                .withPeriodSeconds(1).withFailureThreshold(120).endStartupProbe()
                .addNewVolumeMount().withName("peer-tmp").withMountPath("/tmp").endVolumeMount()
                .build();
        PodSpec pod = job.getSpec().getTemplate().getSpec();
        pod.setInitContainers(List.of(peer));
        List<Volume> volumes = new ArrayList<>(pod.getVolumes());
        volumes.add(new VolumeBuilder().withName("peer-tmp").withNewEmptyDir().withMedium("Memory").withSizeLimit(new Quantity("64Mi")).endEmptyDir().build());
        pod.setVolumes(volumes);
        return job;
    }

    /** What a pod with whole CPUs reads of its CPUs: the cgroup's cpuset and CFS quota (v1 or v2), and the JVM's count. */
    static final String PINNED_PROBE = "echo cpuset=$(cat /sys/fs/cgroup/cpuset/cpuset.cpus 2>/dev/null || cat /sys/fs/cgroup/cpuset.cpus.effective) "
            + "quota=$(cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us 2>/dev/null || cut -d' ' -f1 /sys/fs/cgroup/cpu.max) nproc=$(nproc)";

    /** A Guaranteed pod of {@code cpus} whole CPUs on {@code node} that prints {@link #PINNED_PROBE}: whether the node gives pods CPUs of their own. */
    Job pinnedProbe(String image, String name, int cpus, String node) {
        Map<String, Quantity> r = Map.of("cpu", new Quantity(Integer.toString(cpus)), "memory", new Quantity("64Mi"));
        return probe(job(name, image, List.of("sh", "-c", PINNED_PROBE), "/tmp", r, r, annotations), node);
    }

    /** The role label of a probe's Job and pod ({@link Labels#ROLE} "probe", as the Docker engine's JDK probes have): no measured run. */
    private static Job probe(Job job, String node) {
        if (node != null) bind(job.getSpec().getTemplate().getSpec(), node);
        return labelled(job, Labels.ROLE, "probe");
    }

    /** {@code job} with the label {@code key} = {@code value} on it and on its pod. */
    private static Job labelled(Job job, String key, String value) {
        Map<String, String> labels = new LinkedHashMap<>(job.getMetadata().getLabels());
        labels.put(key, value);
        job.getMetadata().setLabels(labels);
        job.getSpec().getTemplate().getMetadata().setLabels(new LinkedHashMap<>(labels));
        return job;
    }

    /** A small pod of {@code image} on {@code node} (null: any of the session's) that does nothing: whether the node can pull the image. */
    Job pullProbe(String image, String name, String node) {
        Map<String, Quantity> r = Map.of("cpu", new Quantity("100m"), "memory", new Quantity("64Mi"));
        return probe(job(name, image, List.of("true"), "/tmp", r, r, annotations), node);
    }

    private Job job(String name, String image, List<String> command, String workingDir, Map<String, Quantity> requests, Map<String, Quantity> limits,
                    Map<String, String> notes) {
        long user = Images.IMAGE_USER_ID;
        Job job = new JobBuilder()
                .withNewMetadata().withName(name).withLabels(labels).withAnnotations(notes).endMetadata()
                .withNewSpec().withBackoffLimit(0)
                .withNewTemplate().withNewMetadata().withLabels(labels).withAnnotations(notes).endMetadata()
                .withNewSpec().withRestartPolicy("Never").withAutomountServiceAccountToken(false).withEnableServiceLinks(false)
                .withNewSecurityContext().withRunAsNonRoot(true).withRunAsUser(user).withRunAsGroup(user).withFsGroup(user)
                .withNewSeccompProfile().withType("RuntimeDefault").endSeccompProfile().endSecurityContext()
                .addNewContainer().withName(CONTAINER).withImage(image).withImagePullPolicy(pullPolicy).withCommand(command)
                .withWorkingDir(workingDir)
                .withNewResources().withRequests(requests).withLimits(limits).endResources()
                .withSecurityContext(lockedDown())
                .addNewVolumeMount().withName("tmp").withMountPath("/tmp").endVolumeMount()
                .addNewVolumeMount().withName("out").withMountPath(Commands.CONTAINER_OUT_DIR).endVolumeMount()
                .endContainer()
                .addNewVolume().withName("tmp").withNewEmptyDir().withMedium("Memory").withSizeLimit(new Quantity("64Mi")).endEmptyDir().endVolume()
                .addNewVolume().withName("out").withNewEmptyDir().endEmptyDir().endVolume()
                .endSpec().endTemplate().endSpec().build();
        Placement.applyTo(pool, job.getSpec().getTemplate().getSpec());
        return job;
    }

    /** The name of the NetworkPolicy a session keeps in its namespace ({@link #noNetwork}). */
    static final String NO_NETWORK = "jdkmatrix-no-network";

    /**
     * A NetworkPolicy that selects every pod of the harness (runs and probes, by {@link #MANAGED}) and
     * allows no traffic in or out of it, as a Docker run has no network: a run's peer talks to it on the
     * pod's own loopback, which no policy touches. It holds where the cluster's network plugin enforces
     * NetworkPolicy (Calico, Cilium, ...); make k8s-up's pods have a loopback-only network anyway.
     */
    static io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy noNetwork(String namespace) {
        return new io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder()
                .withNewMetadata().withName(NO_NETWORK).withNamespace(namespace).addToLabels(MANAGED, "jdkmatrix").endMetadata()
                .withNewSpec().withNewPodSelector().addToMatchLabels(MANAGED, "jdkmatrix").endPodSelector().withPolicyTypes("Ingress", "Egress").endSpec()
                .build();
    }

    /** A container's lock-down: a read-only root file system, no privilege, no capability. */
    private static SecurityContext lockedDown() {
        return new SecurityContextBuilder().withReadOnlyRootFilesystem(true).withAllowPrivilegeEscalation(false).withPrivileged(false)
                .withNewCapabilities().addToDrop("ALL").endCapabilities().build();
    }


    /**
     * Why a pod that has not started never will without a change (its image cannot come), or null
     * while it may: a pod no node has room for now waits, as the cell was checked to fit a node
     * ({@link Cluster#check}) and the room may be another pod's that is ending.
     */
    static String stuck(Pod pod, ContainerState state) {
        if (pod == null) return null;
        String peer = peerStuck(pod);
        return peer != null ? peer : waiting(state);
    }

    /** Why a container that waits never will start without a change (its image, its configuration), or null. */
    private static String waiting(ContainerState state) {
        if (state != null && state.getWaiting() != null) {
            String reason = String.valueOf(state.getWaiting().getReason());
            if (List.of("ErrImageNeverPull", "ErrImagePull", "ImagePullBackOff", "InvalidImageName", "CreateContainerConfigError", "CreateContainerError")
                    .contains(reason)) {
                return reason + ": " + state.getWaiting().getMessage();
            }
        }
        return null;
    }

    /** The start of {@link #peerStuck}'s answers. */
    static final String PEER_ENDED = "the upstream stub of http-fanout (the pod's container " + PEER + ") ended";

    /** Why a run's peer will not start: it ended (it restarts then, as a sidecar does, and the run would wait for ever), or its image does not come. */
    private static String peerStuck(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getInitContainerStatuses() == null) return null;
        for (ContainerStatus s : pod.getStatus().getInitContainerStatuses()) {
            if (!PEER.equals(s.getName())) continue;
            if (s.getRestartCount() != null && s.getRestartCount() > 0) {
                ContainerStateTerminated t = s.getLastState() == null ? null : s.getLastState().getTerminated();
                return PEER_ENDED + (t == null ? "" : " with exit code " + t.getExitCode() + (t.getReason() == null ? "" : " (" + t.getReason() + ")"));
            }
            return waiting(s.getState());
        }
        return null;
    }

    /** What to do about a pod stuck so. */
    static String fixFor(String stuck) {
        if (stuck == null) return "check the cluster's nodes (kubectl describe pod) and that nothing else holds their CPUs";
        if (stuck.startsWith(PEER_ENDED)) return "check that the run image runs 'java -jar " + Commands.CONTAINER_JAR
                + " upstream' ('make build' rebuilds the jar), and the stub's output: kubectl logs POD -c " + PEER + " while it runs";
        if (stuck.startsWith("no node")) return "use fewer CPUs or less memory in the cell, or add a node that has them";
        if (stuck.startsWith("ErrImageNeverPull")) return "make the run image reach the cluster: the images go into one containerd (--cluster-containerd) and "
                + "this node runs another; push them to a registry every node pulls from (--registry), or keep the session to that containerd's node (--node-selector)";
        return "make the run image reach the cluster: import it into the cluster's containerd or push it to a registry the cluster pulls from";
    }
}
