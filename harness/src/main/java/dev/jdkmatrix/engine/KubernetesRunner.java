package dev.jdkmatrix.engine;

import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.output.ContainerResult;
import dev.jdkmatrix.output.CpuStat;
import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs one cell once as a Kubernetes Job (no retry, no restart) whose pod runs the JDK's run image
 * with the cell's limits ({@link KubernetesJobs#job}), waits up to the cell's timeout once its
 * container runs (then deletes the pod: a timeout), reads how the container ended (exit code,
 * {@code OOMKilled}), its log, and the files the run wrote (the container prints them as its last
 * act, {@link PodOutput#OUT_BEGIN}), then deletes the Job and its pod. A pod's log is one
 * stream: what the JVM printed to stderr reads as stdout here.
 */
final class KubernetesRunner implements RunEngine {

    /** How long a pod may wait for its image, or for a node for any reason but another pod there, before the run is an error. */
    static final long PENDING_MS = 180_000;

    private final KubernetesClient client;
    private final KubernetesJobs jobs;
    /** The reference the pods name for a run image of the Docker engine, the image brought to the cluster where it is not yet. */
    private final java.util.function.UnaryOperator<String> toCluster;
    /** A cell's comparison group (its number in the matrix), and the node each group's first run took: its other runs go there too. */
    private final Map<String, Integer> groupOf;
    private final Map<Integer, String> groupNode = new ConcurrentHashMap<>();
    private final Set<String> running = ConcurrentHashMap.newKeySet();
    /** Set by a signal's {@link #abortCurrent}: the pods this session deletes then end their runs as killed, not as deleted by another. */
    private volatile boolean aborting;

    /** Why pods of the session waited for a node, each said once: the lease (another measured pod on it), or its room (CPUs, memory). */
    private final java.util.Set<String> saidWaits = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Where the runner says what the session waits for. */
    private final java.util.function.Consumer<String> say;
    /** The machine a duet's sides sit on (null: no duet; a run alone is placed as ever). */
    private final DuetSeats seats;
    /** The longest a pod took from its Job's creation to its container running, this session (ms; runs and pinned probes): how far ahead a duet's moment lies. */
    private final java.util.concurrent.atomic.AtomicLong longestStartMs = new java.util.concurrent.atomic.AtomicLong();

    KubernetesRunner(KubernetesClient client, KubernetesJobs jobs, java.util.function.UnaryOperator<String> toCluster, Map<String, Integer> groupOf,
                     java.util.function.Consumer<String> say, DuetSeats seats) {
        this.client = client;
        this.jobs = jobs;
        this.toCluster = toCluster;
        this.groupOf = Map.copyOf(groupOf);
        this.say = say;
        this.seats = seats;
    }

    /** The node this run's group is bound to, or null before its first run has one (a cell of no group: none). */
    String nodeOf(Cell cell) {
        Integer group = groupOf.get(cell.id());
        return group == null ? null : groupNode.get(group);
    }

    @Override
    public ContainerResult run(Cell cell, String image, String name, RunSlot slot, Map<String, Path> files, Profile profile) {
        String job = KubernetesJobs.name(name);
        StartTogether.Member side = seats == null ? null : slot.together();
        long t0 = System.nanoTime();
        Job spec;
        try {
            // a comparison group's runs on one node (a duet's on one machine): no paired ratio mixes two machines
            spec = side == null ? jobs.job(cell, toCluster.apply(image), job, profile, nodeOf(cell), java.util.Set.copyOf(groupNode.values()))
                    : duetSide(cell, toCluster.apply(image), job, profile, slot, side);
        } catch (RuntimeException e) {
            if (side != null) side.leave(); // its partners stop waiting for it
            throw e;
        }
        try {
            client.batch().v1().jobs().inNamespace(jobs.namespace()).resource(spec).create();
            running.add(job);
            long t1 = System.nanoTime();
            Pod pod = waitForStart(job, "cell " + cell.id());
            longestStartMs.accumulateAndGet(Math.round(ms(System.nanoTime() - t1)), Math::max);
            Integer group = groupOf.get(cell.id());
            if (side == null && group != null && pod.getSpec().getNodeName() != null) groupNode.putIfAbsent(group, pod.getSpec().getNodeName());
            java.time.Instant began = side == null ? null : began(job, side);
            long t2 = System.nanoTime();
            Ended ended = waitForEnd(job, pod, cell);
            long t3 = System.nanoTime();
            String log = log(ended.pod());
            PodOutput.Output output = PodOutput.output(log, files);
            CpuStat.Split split = CpuStat.split(output.log());
            ContainerStateTerminated t = ended.terminated();
            long t4 = System.nanoTime();
            long exit = t == null || t.getExitCode() == null ? -1 : t.getExitCode();
            boolean oom = t != null && "OOMKilled".equals(t.getReason());
            if (side != null) partnersBegun(side);
            String startedAt = began != null ? began.toString() : t == null || t.getStartedAt() == null ? "" : t.getStartedAt();
            return new ContainerResult(ended.pod().getMetadata().getUid(), job, exit, oom, ended.timedOut(), split.stderr(), "",
                    startedAt, ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), ms(t4 - t3), output.wallMs(),
                    ended.timedOut() ? null : split.stat(), pod.getSpec().getNodeName());
        } catch (KubernetesClientException e) {
            String dir = jobs.annotations().get(Labels.OUT);
            throw new dev.jdkmatrix.ExitException(dev.jdkmatrix.ExitException.ENVIRONMENT, "the Kubernetes cluster stopped answering during run " + job
                    + " (" + cell.id() + "): " + Docker.rootMessage(e) + ". The runs stored in " + dir + "/raw.csv are intact; the run in flight was not stored"
                    + "\n  fix: start the cluster again (make k8s-up for this machine's), then finish the run: jdkmatrix run --engine kubernetes --resume " + dir, e);
        } finally {
            delete(job);
            running.remove(job);
        }
    }

    /** The least time ahead a duet's moment lies (ms). */
    static final long AHEAD_MS = 1_500;

    /**
     * A duet side's Job, on the node of its seats: once every side of its set is ready, the set's
     * moment is taken (the first side's pick: now, plus twice the longest a pod of this session took
     * from its Job to running, its pinned probes' and runs', at least {@link #AHEAD_MS}, at most a
     * minute), and each side's pod, created at once, waits inside for it.
     */
    private Job duetSide(Cell cell, String image, String job, Profile profile, RunSlot slot, StartTogether.Member side) {
        String node = seats.nodeOf(slot.cpuset());
        side.ready();
        long ahead = Math.max(AHEAD_MS, Math.min(60_000, 2 * longestStartMs.get()));
        java.time.Instant moment = side.moment(() -> java.time.Instant.now().plusMillis(ahead));
        String set = KubernetesJobs.labelValue(ProcessHandle.current().pid() + "-" + String.join("-", side.group().labels()));
        return jobs.duetSide(cell, image, job, profile, node, set, moment);
    }

    /**
     * When a duet side's run began, read from the start of its running pod's log as soon as it says
     * so ({@link PodOutput#BEGAN}), and noted for its partners' skew; null where the pod ended or
     * went without saying.
     */
    private java.time.Instant began(String job, StartTogether.Member side) {
        long deadline = System.currentTimeMillis() + PENDING_MS;
        while (!aborting && System.currentTimeMillis() < deadline) {
            Pod pod = pod(job);
            if (pod == null) return null;
            String head;
            try {
                head = client.pods().inNamespace(jobs.namespace()).withName(pod.getMetadata().getName()).inContainer(KubernetesJobs.CONTAINER)
                        .limitBytes(4096).getLog();
            } catch (KubernetesClientException e) {
                head = null;
            }
            java.time.Instant at = head == null ? null : PodOutput.began(head);
            if (at != null) {
                side.started(at);
                return at;
            }
            ContainerState state = state(pod);
            if (state != null && state.getTerminated() != null && head != null) return null;
            pause();
        }
        return null;
    }

    /** Waits (10 s at most) until every partner of a duet side has said when it began, so that this side's row has its skew. */
    private void partnersBegun(StartTogether.Member side) {
        long deadline = System.currentTimeMillis() + 10_000;
        while (side.skewMs().isEmpty() && !aborting && System.currentTimeMillis() < deadline) pause();
    }

    /**
     * The Job's pod once its container runs or has ended; a pod no node takes, or whose image does not
     * come, fails the run. A pod that waits for a node free of other measured pods (another run of
     * this session, or of another), or for the CPUs or memory another pod holds, waits as long as that
     * takes; the session says so once for each of the two.
     */
    private Pod waitForStart(String job, String what) {
        long deadline = System.currentTimeMillis() + PENDING_MS;
        while (true) {
            Pod pod = pod(job);
            ContainerState state = state(pod);
            if (state != null && (state.getRunning() != null || state.getTerminated() != null)) return pod;
            String waits = KubernetesJobs.waitsForANode(pod);
            if (waits != null && !aborting) {
                deadline = System.currentTimeMillis() + PENDING_MS;
                boolean lease = waits.contains("anti-affinity");
                if (saidWaits.add(lease ? "lease" : "room")) {
                    say.accept("the pod of " + what + " waits for a node to be free (" + (lease ? "one measured pod a node: the cluster's lease"
                            : "the CPUs or memory it asks for held by other pods") + "; said once a session); the scheduler: " + waits);
                }
            }
            String stuck = KubernetesJobs.stuck(pod, state);
            if (stuck != null || System.currentTimeMillis() > deadline) {
                throw new dev.jdkmatrix.ExitException(dev.jdkmatrix.ExitException.ENVIRONMENT, "the pod of " + what + " did not start: "
                        + (stuck != null ? stuck : "pending for " + PENDING_MS / 1000 + " s") + "\n  fix: " + KubernetesJobs.fixFor(stuck));
            }
            pause();
        }
    }

    /** How the run's container ended; after the cell's timeout its pod is deleted and the run timed out. */
    private Ended waitForEnd(String job, Pod started, Cell cell) {
        long deadline = System.currentTimeMillis() + cell.timeout().toMillis();
        Pod pod = started;
        String uid = started.getMetadata().getUid();
        while (true) {
            if (aborting) return new Ended(pod == null ? started : pod, null, true);
            if (pod == null || !uid.equals(pod.getMetadata().getUid()) || pod.getMetadata().getDeletionTimestamp() != null) throw deleted(job, cell);
            ContainerState state = state(pod);
            if (state != null && state.getTerminated() != null) return new Ended(pod, state.getTerminated(), false);
            if (System.currentTimeMillis() > deadline) {
                Pod last = pod;
                client.pods().inNamespace(jobs.namespace()).withName(pod.getMetadata().getName()).withGracePeriod(0).delete();
                return new Ended(last, null, true);
            }
            pause();
            pod = pod(job);
        }
    }

    /** A run's pod deleted while it ran, not by this session (kubectl delete, an eviction, a node lost): the run is lost, the session ends. */
    private dev.jdkmatrix.ExitException deleted(String job, Cell cell) {
        String dir = jobs.annotations().get(Labels.OUT);
        return new dev.jdkmatrix.ExitException(dev.jdkmatrix.ExitException.ENGINE_LOST, "the pod of run " + job + " (" + cell.id()
                + ") was deleted while it ran, not by this session (kubectl delete, an eviction, a node lost). The runs stored in " + dir
                + "/raw.csv are intact; the run in flight was not stored and the remaining runs were not made"
                + "\n  fix: find what deleted it (kubectl get events), then finish the run: jdkmatrix run --engine kubernetes --resume " + dir);
    }

    private record Ended(Pod pod, ContainerStateTerminated terminated, boolean timedOut) {}

    private Pod pod(String job) {
        List<Pod> pods = client.pods().inNamespace(jobs.namespace()).withLabel("job-name", job).list().getItems();
        return pods.isEmpty() ? null : pods.get(0);
    }

    private static ContainerState state(Pod pod) {
        if (pod == null || pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) return null;
        for (ContainerStatus s : pod.getStatus().getContainerStatuses()) {
            if (KubernetesJobs.CONTAINER.equals(s.getName())) return s.getState();
        }
        return null;
    }

    private String log(Pod pod) {
        try {
            OutputTail tail = new OutputTail(); // a pod that floods its log keeps its last bytes, as a container's output does
            try (java.io.InputStream in = client.pods().inNamespace(jobs.namespace()).withName(pod.getMetadata().getName()).inContainer(KubernetesJobs.CONTAINER)
                    .getLogInputStream()) {
                if (in != null) tail.readAll(in);
            }
            return tail.text();
        } catch (KubernetesClientException | java.io.IOException e) {
            return ""; // a pod deleted at its timeout has no log left
        }
    }

    /** Deletes the Job and waits until its pod is gone, so that the next run's pod never shares its CPUs. */
    private void delete(String job) {
        try {
            client.batch().v1().jobs().inNamespace(jobs.namespace()).withName(job).withPropagationPolicy(io.fabric8.kubernetes.api.model.DeletionPropagation.BACKGROUND)
                    .withGracePeriod(0).delete();
            client.pods().inNamespace(jobs.namespace()).withLabel("job-name", job).withGracePeriod(0).delete();
            long deadline = System.currentTimeMillis() + 60_000;
            while (pod(job) != null && System.currentTimeMillis() < deadline) pause();
        } catch (KubernetesClientException e) {
            // the cluster is gone: the next session's sweep removes it
        }
    }

    /** What a Guaranteed pod of whole CPUs saw of its CPUs, on which node. */
    record Pinned(String node, String seen, boolean exclusive) {}

    /**
     * Runs a Guaranteed pod of {@code cpus} whole CPUs from {@code image} on {@code node} and reads
     * inside it whether the node gave it CPUs of its own: a cpuset of exactly that many CPUs and no CFS quota.
     */
    Pinned pinned(String image, int cpus, String node) {
        String job = KubernetesJobs.name("jdkmatrix-pinned-probe-" + ProcessHandle.current().pid() + "-" + PROBES.incrementAndGet() + "-" + cpus);
        Pod pod = probe(job, jobs.pinnedProbe(toCluster.apply(image), job, cpus, node), "a probe of " + cpus + " pinned CPU(s) on node " + node, true);
        try {
            String seen = log(pod).strip();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("cpuset=(\\S*) quota=(\\S*)").matcher(seen);
            boolean exclusive = m.find() && CpuSetText.parse(m.group(1)).size() == cpus && (m.group(2).equals("-1") || m.group(2).equals("max"));
            return new Pinned(pod.getSpec().getNodeName(), seen, exclusive);
        } finally {
            delete(job);
        }
    }

    /**
     * Brings a run image to the cluster and runs a small pod of it to its end, so that an image the
     * nodes cannot pull stops the session here, before any measured run, and the first run's pod
     * does not wait for the pull; on {@code node} (null: any node of the session's); returns the pod's node.
     */
    String pulled(String image, String node) {
        String ref = toCluster.apply(image);
        String job = KubernetesJobs.name("jdkmatrix-pull-probe-" + ProcessHandle.current().pid() + "-" + PROBES.incrementAndGet());
        try {
            return probe(job, jobs.pullProbe(ref, job, node), "a probe of the image " + ref + (node == null ? "" : " on node " + node), false).getSpec().getNodeName();
        } finally {
            delete(job);
        }
    }

    /**
     * Probes of this process, counted, so that a probe's Job name is its own: one named by pid and
     * image alone can meet the Job of this process's previous probe of that image, deleted but not
     * yet gone (the likely cause of a session that ended with exit 1 and no row in the fresh-clone
     * .ci/run at 1a87eae, KubernetesIT's sessions one after another in one JVM).
     */
    private static final java.util.concurrent.atomic.AtomicInteger PROBES = new java.util.concurrent.atomic.AtomicInteger();

    /** Creates a probe's Job and waits (60 s at most once it runs) for its pod's end; the caller deletes the Job. */
    private Pod probe(String job, Job spec, String what, boolean timed) {
        try {
            client.batch().v1().jobs().inNamespace(jobs.namespace()).resource(spec).create();
            long created = System.nanoTime();
            Pod pod = waitForStart(job, what);
            // a pinned probe's pod, its image on the node already, starts as a run's will: the first duet's time ahead
            if (timed) longestStartMs.accumulateAndGet(Math.round(ms(System.nanoTime() - created)), Math::max);
            long deadline = System.currentTimeMillis() + 60_000;
            while (state(pod) == null || state(pod).getTerminated() == null) {
                if (System.currentTimeMillis() > deadline) throw new dev.jdkmatrix.ExitException(dev.jdkmatrix.ExitException.ENVIRONMENT,
                        what + " did not end within 60 s\n  fix: check the cluster's node (kubectl describe pod " + pod.getMetadata().getName() + ")");
                pause();
                Pod now = pod(job);
                if (now != null) pod = now;
            }
            return pod;
        } catch (RuntimeException e) {
            delete(job);
            throw e;
        }
    }

    @Override
    public void abortCurrent() {
        aborting = true;
        for (String job : running) {
            try {
                client.pods().inNamespace(jobs.namespace()).withLabel("job-name", job).withGracePeriod(0).delete();
            } catch (KubernetesClientException e) {
                // gone already, or the cluster is
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while a run's pod ran", e);
        }
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
