package dev.jdkmatrix.engine;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.NotFoundException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * The engine's measuring lease, one per CPU: while a session measures, it holds for each engine
 * CPU it measures on (every CPU, or those {@code --engine-cpus} gives it) a container of the fixed
 * name {@link #name(int)} on the engine, created and never started (it costs nothing and runs
 * nothing). The engine creates a name once, atomically, so two sessions cannot both hold one CPU;
 * a session takes its CPUs in ascending order (so two sessions never wait for each other's), and
 * waits for a held one, saying for whom and since when, until the holder removes it at its end.
 * Two sessions given disjoint CPUs measure side by side.
 *
 * <p>A holder that dies cannot remove it. Its labels name the holder's host and pid: on the same
 * host a pid that is gone frees it at once. From another host the holder is judged by its
 * heartbeat, a file {@link #HEARTBEAT_FILE} it copies into the container every
 * {@link #HEARTBEAT}; a lease whose heartbeat has not changed for {@link #expiry()}, by the
 * waiting session's own clock, is taken over (no two machines' clocks are compared).
 */
public final class EngineLease implements AutoCloseable {

    /** The start of the lease containers' names: one per engine CPU, {@link #name(int)}. */
    public static final String NAME = "jdkmatrix-measuring-lease";

    /** The container name of the lease of engine CPU {@code cpu}: {@code jdkmatrix-measuring-lease-cpu1}. */
    public static String name(int cpu) {
        return NAME + "-cpu" + cpu;
    }

    /** The engine CPU a lease container is for. */
    public static final String LABEL_CPU = "dev.jdkmatrix.lease-cpu";
    /** The role label of the lease's container. */
    public static final String ROLE = "lease";
    /** When the holder took it, ISO-8601 in UTC (the holder's clock: shown, never compared). */
    public static final String LABEL_SINCE = "dev.jdkmatrix.lease-since";
    static final String HEARTBEAT_FILE = "jdkmatrix-heartbeat";
    static final Duration HEARTBEAT = Duration.ofSeconds(5);
    /**
     * How long a lease of another host may go without a heartbeat before a waiting session takes it
     * over: 30 s (six heartbeats). The system property {@code jdkmatrix.leaseExpirySeconds} shortens
     * it for the tests; a waiting session that shortens it below a few heartbeats takes live leases.
     */
    public static Duration expiry() {
        return Duration.ofSeconds(Long.getLong("jdkmatrix.leaseExpirySeconds", 30));
    }
    static final Duration POLL = Duration.ofSeconds(2);

    /** The leases this process holds: a lease of this pid that is not among them was left by a session of this process that ended without its engine. */
    private static final java.util.Set<String> HELD = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final DockerClient client;
    /** The lease containers, one per CPU, in the order of {@link #cpus}. */
    private final java.util.List<String> ids;
    private final java.util.List<Integer> cpus;
    private final ScheduledExecutorService beats;
    private final Duration waited;
    private final String waitedFor;
    private long beat;

    private EngineLease(DockerClient client, java.util.List<String> ids, java.util.List<Integer> cpus, Duration waited, String waitedFor) {
        this.client = client;
        this.ids = java.util.List.copyOf(ids);
        this.cpus = java.util.List.copyOf(cpus);
        this.waited = waited;
        this.waitedFor = waitedFor;
        this.beats = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jdkmatrix-lease-heartbeat");
            t.setDaemon(true);
            return t;
        });
        HELD.addAll(this.ids);
        heartbeat();
        beats.scheduleAtFixedRate(this::heartbeat, HEARTBEAT.toMillis(), HEARTBEAT.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The engine CPUs this lease holds. */
    public java.util.List<Integer> cpus() {
        return cpus;
    }

    /** How long this session waited for the lease. */
    public Duration waited() {
        return waited;
    }

    /** What run.json records of it: held, and for whom the session waited how long. */
    public String describe() {
        String of = "the engine's lease of CPU" + (cpus.size() == 1 ? " " : "s ") + CpuSetText.format(cpus);
        return waitedFor.isEmpty() ? "measured under " + of + " (no wait)"
                : "measured under " + of + " (waited " + Math.round(waited.toMillis() / 1000.0) + " s for run " + waitedFor + ")";
    }

    /** What run.json records of a session run with {@code --no-lease}. */
    public static final String UNLEASED = "measured without the engine's lease (--no-lease): runs of other sessions may have overlapped";

    /** Who holds a lease, from its container's labels. */
    record Holder(String id, String run, String host, long pid, String since) {
        static Holder of(String id, Map<String, String> labels) {
            long pid;
            try {
                pid = Long.parseLong(labels.getOrDefault(Labels.PID, "-1"));
            } catch (NumberFormatException e) {
                pid = -1;
            }
            return new Holder(id, labels.getOrDefault(Labels.RUN, "?"), labels.getOrDefault(Labels.HOST, "?"), pid,
                    labels.getOrDefault(LABEL_SINCE, ""));
        }

        /** {@code run R of host H (pid P), measuring since 14:02:11 UTC}. */
        String describe() {
            String at;
            try {
                at = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneId.of("UTC")).format(Instant.parse(since));
            } catch (RuntimeException e) {
                at = "an unknown time";
            }
            return "run " + run + " of host " + host + " (pid " + pid + "), measuring since " + at;
        }

        /** A holder on this host whose process is gone (or, in this process, whose session is). */
        boolean goneHere(String thisHost) {
            if (!thisHost.equals(host) || pid <= 0) return false;
            return pid == ProcessHandle.current().pid() ? !HELD.contains(id) : !ContainerRunner.alive(pid);
        }
    }

    /**
     * What a waiting session knows of one holder: the heartbeat it read last and when (by its own
     * clock, in nanoseconds) that heartbeat last changed.
     */
    record Watch(String holderId, String lastBeat, long changedAt) {
        /** After one more read of the holder's heartbeat at {@code now}. */
        Watch next(String holderId, String beat, long now) {
            if (!holderId.equals(this.holderId) || !java.util.Objects.equals(beat, lastBeat)) return new Watch(holderId, beat, now);
            return this;
        }

        boolean silentFor(Duration d, long now) {
            return now - changedAt >= d.toNanos();
        }
    }

    /**
     * Takes the lease of each of {@code cpus} (the engine's CPUs this session measures on), in
     * ascending order, waiting while another session holds one. {@code image} is any image the
     * engine has (the session's run image); {@code labels} name the session (run, pid, host).
     * Returns null when {@code stop} turns true while it waits (a SIGTERM), having released what
     * it took.
     */
    public static EngineLease acquire(DockerClient client, String image, Map<String, String> labels, java.util.List<Integer> cpus, Consumer<String> say,
                                      java.util.function.BooleanSupplier stop) throws InterruptedException {
        long start = System.nanoTime();
        java.util.List<Integer> sorted = cpus.stream().sorted().distinct().toList();
        java.util.List<String> ids = new java.util.ArrayList<>();
        String[] waitedFor = {""};
        for (int cpu : sorted) {
            String id = acquireOne(client, image, labels, cpu, sorted, say, stop, waitedFor);
            if (id == null) {
                for (String taken : ids) {
                    try {
                        client.removeContainerCmd(taken).withForce(true).exec();
                    } catch (RuntimeException e) {
                        // freed by this pid's end, or by its silence
                    }
                }
                return null;
            }
            ids.add(id);
        }
        Duration waited = Duration.ofNanos(System.nanoTime() - start);
        if (!waitedFor[0].isEmpty()) say.accept("took the engine's measuring lease after waiting " + Math.round(waited.toMillis() / 1000.0) + " s");
        return new EngineLease(client, ids, sorted, waited, waitedFor[0]);
    }

    /** Takes one CPU's lease, waiting while another session holds it; its container's id, or null when {@code stop} turned true. */
    private static String acquireOne(DockerClient client, String image, Map<String, String> labels, int cpu, java.util.List<Integer> all, Consumer<String> say,
                                     java.util.function.BooleanSupplier stop, String[] waitedFor) throws InterruptedException {
        String name = name(cpu);
        Watch watch = null;
        long lastSaid = 0;
        String saidFor = "";
        while (!stop.getAsBoolean()) {
            Map<String, String> mine = new LinkedHashMap<>(labels);
            mine.put(Labels.ROLE, ROLE);
            mine.put(LABEL_SINCE, Instant.now().toString());
            mine.put(LABEL_CPU, Integer.toString(cpu));
            try {
                return client.createContainerCmd(image).withName(name).withLabels(mine).withCmd("true").exec().getId();
            } catch (ConflictException e) {
                // held: by whom?
            }
            InspectContainerResponse held;
            try {
                held = client.inspectContainerCmd(name).exec();
            } catch (NotFoundException e) {
                continue; // released between the two calls: try again
            }
            Holder holder = Holder.of(held.getId(), held.getConfig() == null || held.getConfig().getLabels() == null ? Map.of() : held.getConfig().getLabels());
            long now = System.nanoTime();
            watch = watch == null ? new Watch(holder.id(), heartbeat(client, holder.id()), now) : watch.next(holder.id(), heartbeat(client, holder.id()), now);
            String why = null;
            if (holder.goneHere(Environment.hostname())) why = "its process is gone";
            else if (watch.silentFor(expiry(), now)) why = "no heartbeat for " + expiry().toSeconds() + " s";
            if (why != null) {
                say.accept("taking over the engine's measuring lease of CPU " + cpu + " from " + holder.describe() + ": " + why);
                try {
                    client.removeContainerCmd(holder.id()).withForce(true).exec();
                } catch (NotFoundException e) {
                    // someone else took it over first
                }
                continue;
            }
            if (!holder.run().equals(saidFor) || now - lastSaid > Duration.ofMinutes(1).toNanos()) {
                say.accept("waiting for " + holder.describe() + " on CPU " + cpu + " (another session measuring on this engine; this session measures on CPU"
                        + (all.size() == 1 ? " " : "s ") + CpuSetText.format(all) + "; --no-lease measures beside it, --engine-cpus on other CPUs)");
                lastSaid = now;
                saidFor = holder.run();
            }
            waitedFor[0] = holder.run();
            Thread.sleep(POLL.toMillis());
        }
        return null;
    }

    /** The heartbeat in a lease container, or null when it has none (yet) or is gone. */
    static String heartbeat(DockerClient client, String id) {
        try (InputStream in = client.copyArchiveFromContainerCmd(id, "/" + HEARTBEAT_FILE).exec();
             TarArchiveInputStream tar = new TarArchiveInputStream(in)) {
            TarArchiveEntry e = tar.getNextEntry();
            return e == null ? null : new String(tar.readAllBytes(), StandardCharsets.UTF_8);
        } catch (NotFoundException | IOException e) {
            return null;
        } catch (RuntimeException e) {
            return null; // an engine that answers oddly: no heartbeat read
        }
    }

    private synchronized void heartbeat() {
        beat++;
        for (String id : ids) writeHeartbeat(client, id, beat + " " + Instant.now());
    }

    /** Copies the heartbeat file, holding {@code text}, into a lease container; a failure is no matter (the next beat tries again). */
    public static void writeHeartbeat(DockerClient client, String id, String text) {
        byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream tarred = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(tarred)) {
            TarArchiveEntry e = new TarArchiveEntry(HEARTBEAT_FILE);
            e.setSize(bytes.length);
            tar.putArchiveEntry(e);
            tar.write(bytes);
            tar.closeArchiveEntry();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        try {
            client.copyArchiveToContainerCmd(id).withRemotePath("/").withTarInputStream(new ByteArrayInputStream(tarred.toByteArray())).exec();
        } catch (RuntimeException e) {
            // the engine is busy or gone, or someone took the lease over
        }
    }

    /** Releases the lease: no more heartbeats, the container removed. */
    @Override
    public void close() {
        beats.shutdownNow();
        for (String id : ids) {
            HELD.remove(id);
            try {
                client.removeContainerCmd(id).withForce(true).exec();
            } catch (RuntimeException e) {
                // gone already, or the engine is: a dead holder's lease is freed by its pid or its silence
            }
        }
    }
}
