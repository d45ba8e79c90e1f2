package dev.jdkmatrix.engine;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.CreateContainerResponse;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.exception.DockerClientException;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Mount;
import com.github.dockerjava.api.model.MountType;
import com.github.dockerjava.api.model.StreamType;
import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.output.ContainerResult;
import dev.jdkmatrix.output.CpuStat;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * Runs one cell once: a fresh container from the JDK's run image (the workloads jar inside,
 * see {@link dev.jdkmatrix.images.Images#withWorkloads}) with the cell's CPU and memory
 * limits, no network (http-fanout: only the private network of its {@link UpstreamStub}),
 * waited for up to the cell's timeout, then inspected (exit code, OOM flag, Docker's
 * start/finish stamps), its output and JFR recording copied out through the Docker API and the
 * container removed with its volume. Nothing is mounted from the harness's file system, so the
 * engine may be remote. Uses the Docker client that Testcontainers discovers and configures;
 * never the docker CLI.
 */
public final class ContainerRunner implements RunEngine {

    private final DockerClient client;
    private final String runId;
    private final String outDir;
    private final java.util.Set<String> running = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public ContainerRunner(DockerClient client, String runId, Path outDir) {
        this.client = client;
        this.runId = runId;
        this.outDir = outDir.toAbsolutePath().normalize().toString();
    }

    /**
     * Runs one container from a run image; {@code cpuset} (Docker's "0,1" form) pins it to those
     * CPUs, or null; {@code files} maps files the run writes under {@link Commands#CONTAINER_OUT_DIR}
     * (the JFR recording of a cell with JFR on, a JMH run's JSON) to where they are stored on
     * this host (absent afterwards when the JVM did not write one). The output volume is mounted
     * only when there is a file to copy out.
     */
    public ContainerResult run(Cell cell, String image, String name, String cpuset, Map<String, Path> files) {
        return run(cell, image, name, RunSlot.alone(cpuset), files, Profile.NONE);
    }

    /**
     * {@link #run(Cell, String, String, String, Map)} in {@code slot} (its CPUs; in a duet, started when its
     * partners are created), with async-profiler sampling {@code profile} (a profile run), or {@link Profile#NONE}.
     */
    @Override
    public ContainerResult run(Cell cell, String image, String name, RunSlot slot, Map<String, Path> files, Profile profile) {
        try {
            if (!UpstreamStub.needed(cell)) return run(cell, image, name, slot, files, null, profile);
            // the stub starts before the measured container and outside its timings
            try (UpstreamStub stub = UpstreamStub.start(image, labels(cell), name + "-upstream")) {
                return run(cell, image, name, slot, files, stub, profile);
            }
        } finally {
            if (slot.together() != null) slot.together().leave(); // a partner still waiting (this one failed before its start) goes on
        }
    }

    private Map<String, String> labels(Cell cell) {
        return Map.of(
                Labels.RUN, runId,
                Labels.PID, Long.toString(ProcessHandle.current().pid()),
                Labels.HOST, Environment.hostname(),
                Labels.OUT, outDir,
                Labels.CELL, cell.id());
    }

    private ContainerResult run(Cell cell, String image, String name, RunSlot slot, Map<String, Path> files, UpstreamStub stub, Profile profile) {
        long t0 = System.nanoTime();
        String cpuset = slot.cpuset();
        if (cell.cpuMode() == dev.jdkmatrix.model.CpuMode.CPUSET && cpuset == null) {
            throw new IllegalArgumentException("cell " + cell.id() + " pins its CPUs, and no cpuset was given for it");
        }
        HostConfig host = HostConfig.newHostConfig()
                .withMemory(cell.memory().bytes())
                .withMemorySwap(cell.memory().bytes())
                .withNetworkMode(stub == null ? "none" : stub.networkId());
        LockDown.apply(host);
        // quota: a CFS quota of cpus x the period (Docker's --cpus), on the given CPUs when packed; cpuset: those CPUs, no quota
        if (cell.cpuMode() == dev.jdkmatrix.model.CpuMode.QUOTA) host.withNanoCPUs(cell.cpus().nanoCpus());
        if (cpuset != null) host.withCpusetCpus(cpuset);
        // a volume of its own, filled from the image's empty folder (owner included), labelled as the run's, removed with the container
        if (!files.isEmpty()) host.withMounts(List.of(new Mount().withType(MountType.VOLUME).withTarget(Commands.CONTAINER_OUT_DIR)
                .withVolumeOptions(new com.github.dockerjava.api.model.VolumeOptions().withLabels(labels(cell)))));
        CreateContainerResponse created = client.createContainerCmd(image)
                .withName(name)
                .withCmd(Commands.containerCommand(cell, stub == null ? null : UpstreamStub.URL, profile))
                .withUser(LockDown.USER)
                .withWorkingDir(cell.kind().files().workingDir())
                .withLabels(labels(cell))
                .withHostConfig(host)
                .exec();
        String id = created.getId();
        running.add(id);
        try {
            if (slot.together() != null) slot.together().ready(); // a duet: every side created, then all started at once
            long t1 = System.nanoTime();
            client.startContainerCmd(id).exec();
            long t2 = System.nanoTime();
            if (slot.together() != null) slot.together().started(startedAt(id, t2)); // its partners' rows say how far apart they started
            boolean timedOut = false;
            OutputWatch watch = OutputWatch.start(client, id, slot.stop()); // null: the run ends on its own
            try (watch; WaitContainerResultCallback wait = client.waitContainerCmd(id).exec(new WaitContainerResultCallback())) {
                wait.awaitStatusCode(cell.timeout().toMillis(), TimeUnit.MILLISECONDS);
            } catch (DockerClientException e) {
                timedOut = true;
                kill(id);
            } catch (java.io.IOException e) {
                // closing the callback failed: nothing to do
            }
            long t3 = System.nanoTime();
            boolean stopped = watch != null && watch.stopped();
            InspectContainerResponse.ContainerState state = client.inspectContainerCmd(id).exec().getState();
            String[] out = logs(id);
            for (Map.Entry<String, Path> f : files.entrySet()) copyOut(id, f.getKey(), f.getValue());
            long t4 = System.nanoTime();
            double runMs = dockerMillis(state.getStartedAt(), state.getFinishedAt());
            CpuStat.Split err = CpuStat.split(out[1]);
            return new ContainerResult(id, name,
                    state.getExitCodeLong() == null ? -1 : state.getExitCodeLong(),
                    Boolean.TRUE.equals(state.getOOMKilled()), timedOut, out[0], err.stderr(),
                    state.getStartedAt() == null ? "" : state.getStartedAt(),
                    ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), ms(t4 - t3), runMs, timedOut ? null : err.stat(), "", stopped);
        } finally {
            try {
                remove(id);
            } catch (RuntimeException e) {
                // the engine is gone: the next start removes the container (removeFolderContainers); the run's own failure is what counts
            }
            running.remove(id);
        }
    }

    /** When a container started, as Docker stamps it; where the engine does not say, this harness's clock at the end of the start call. */
    private Instant startedAt(String id, long startReturned) {
        try {
            return Instant.parse(client.inspectContainerCmd(id).exec().getState().getStartedAt());
        } catch (RuntimeException e) {
            return Instant.now().minusNanos(System.nanoTime() - startReturned);
        }
    }

    /**
     * Kills the containers running now: for shutdown hooks. Each running thread's wait then
     * returns, and it inspects and removes its container as after any run.
     */
    @Override
    public void abortCurrent() {
        for (String id : running) kill(id);
    }

    private void kill(String id) {
        try {
            client.killContainerCmd(id).exec();
        } catch (RuntimeException e) {
            // already gone or already stopped
        }
        try (WaitContainerResultCallback wait = client.waitContainerCmd(id).exec(new WaitContainerResultCallback())) {
            wait.awaitStatusCode(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the inspect that follows tells what state it is in
        }
    }

    private void remove(String id) {
        try {
            client.removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec();
        } catch (NotFoundException e) {
            // gone already
        }
    }

    /**
     * Copies a file of a stopped container to {@code target}; leaves no file when the JVM wrote
     * none (killed, out of memory) or wrote an empty one.
     */
    private void copyOut(String id, String file, Path target) {
        try {
            java.nio.file.Files.deleteIfExists(target);
            try (InputStream archive = client.copyArchiveFromContainerCmd(id, file).exec();
                 TarArchiveInputStream tar = new TarArchiveInputStream(archive)) {
                // a file, or the first file of a folder (JMH writes a profile under a folder per benchmark)
                for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                    if (entry.isFile() && entry.getSize() > 0) {
                        java.nio.file.Files.copy(tar, target);
                        return;
                    }
                }
            }
        } catch (NotFoundException e) {
            // no file: the columns stay empty
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("copying " + file + " of container " + id + " to " + target + " failed: " + e.getMessage()
                    + "\n  fix: check the free space of the results folder", e);
        }
    }

    private String[] logs(String id) {
        OutputTail out = new OutputTail();
        OutputTail err = new OutputTail();
        try (ResultCallback.Adapter<Frame> cb = client.logContainerCmd(id).withStdOut(true).withStdErr(true).withFollowStream(false)
                .exec(new ResultCallback.Adapter<>() {
                    @Override
                    public void onNext(Frame f) {
                        (f.getStreamType() == StreamType.STDERR ? err : out).write(f.getPayload());
                    }
                })) {
            cb.awaitCompletion(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.io.IOException e) {
            // closing failed: keep what was read
        }
        return new String[] {out.text(), err.text()};
    }

    /** Containers labelled by a harness process on this host that no longer exists. */
    public static List<Container> orphans(DockerClient client) {
        List<Container> out = new ArrayList<>();
        for (Container c : client.listContainersCmd().withShowAll(true).withLabelFilter(List.of(Labels.RUN)).exec()) {
            if (orphaned(c.getLabels())) out.add(c);
        }
        return out;
    }

    /** Labelled by a harness process on this host that no longer exists. */
    static boolean orphaned(Map<String, String> labels) {
        if (!Environment.hostname().equals(labels.get(Labels.HOST))) return false;
        try {
            long pid = Long.parseLong(labels.getOrDefault(Labels.PID, "-1"));
            return pid != ProcessHandle.current().pid() && !alive(pid);
        } catch (NumberFormatException e) {
            return true; // unreadable label: treat as an orphan
        }
    }

    /**
     * Whether a process runs. A killed process whose parent died too can stay a zombie when
     * nothing reaps it; a zombie runs nothing, so it counts as gone.
     */
    static boolean alive(long pid) {
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) return false;
        try {
            String stat = java.nio.file.Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String state = stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
            return !state.equals("Z") && !state.equals("X");
        } catch (java.io.IOException | RuntimeException e) {
            return true; // no procfs: trust isAlive
        }
    }

    /** Containers of a results folder: called under its lock, so no live harness owns them. */
    public static int removeFolderContainers(DockerClient client, Path outDir) {
        String out = outDir.toAbsolutePath().normalize().toString();
        int n = remove(client, client.listContainersCmd().withShowAll(true).withLabelFilter(Map.of(Labels.OUT, out)).exec());
        UpstreamStub.removeNetworks(client, labels -> out.equals(labels.get(Labels.OUT)));
        return n;
    }

    /** Removes orphans (and the networks of http-fanout runs they leave); returns how many containers. */
    public static int removeOrphans(DockerClient client) {
        int n = remove(client, orphans(client));
        UpstreamStub.removeNetworks(client, ContainerRunner::orphaned);
        return n;
    }

    private static int remove(DockerClient client, List<Container> containers) {
        int n = 0;
        for (Container c : containers) {
            try {
                client.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
                n++;
            } catch (NotFoundException e) {
                // raced with someone else
            } catch (ConflictException e) {
                // "removal of container ... is already in progress": another session (a parallel test, a second harness) removes it
                if (!String.valueOf(e.getMessage()).contains("already in progress")) throw e;
            }
        }
        return n;
    }

    static double dockerMillis(String startedAt, String finishedAt) {
        try {
            Duration d = Duration.between(Instant.parse(startedAt), Instant.parse(finishedAt));
            return d.isNegative() ? Double.NaN : d.toNanos() / 1e6;
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
