package dev.jdkmatrix.run;

import com.github.dockerjava.api.DockerClient;
import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Estimate;
import dev.jdkmatrix.matrix.Jdk;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.MatrixParser;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.matrix.WorkloadKind;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigures;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.results.format.ComparisonsCsv;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import dev.jdkmatrix.results.format.SummaryCsv;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs a matrix: images first, then every planned run in its own container, each raw row
 * appended and synced the moment its run ends, then summary.csv and run.json.
 */
public final class MatrixRunner {

    /** What the command line shows while a matrix runs. Called from the running thread. */
    public interface Listener {
        default void message(String line) {}

        default void runStarted(PlannedRun run, int done, int total) {}

        default void runEnded(PlannedRun run, RawRow row, int done, int total) {}

        /** The rows stored before this session started (a resume): an ETA may learn from them. */
        default void stored(List<RawRow> rows) {}
    }

    /**
     * Where and with what to run; {@code resume} finishes a run stored in {@code outDir};
     * {@code parallel} packs cells onto disjoint CPU sets (see {@link CpuSlots}).
     */
    public record Options(Path outDir, String runId, Path workloadsJar, Path projectDir, boolean resume, CpuSlots.Packing packing,
                          dev.jdkmatrix.matrix.Shard shard) {
        public Options {
            java.util.Objects.requireNonNull(outDir, "outDir");
            java.util.Objects.requireNonNull(runId, "runId");
            java.util.Objects.requireNonNull(workloadsJar, "workloadsJar");
            java.util.Objects.requireNonNull(projectDir, "projectDir");
        }
    }

    /**
     * How it went: {@code runs} and {@code statusCounts} count every run stored in the folder (a
     * resumed run's earlier sessions included), {@code sessionRuns} those this process stored.
     */
    public record Result(Path outDir, int runs, Map<String, Integer> statusCounts, boolean interrupted, int sessionRuns) {
        public boolean allOk() {
            // a noisy run was made again: it is no failure
            return !interrupted && statusCounts.keySet().stream().allMatch(s -> s.equals("ok") || s.equals("noisy"));
        }
    }

    /** Attempts of one run whose host steal passed max-steal; the last is kept as ok, its detail says so. */
    public static final int MAX_ATTEMPTS = RunDecisions.MAX_ATTEMPTS;

    private volatile boolean stopping;
    private final StealMeter steal;

    public MatrixRunner() {
        this(StealMeter.HOST);
    }

    /** A runner that reads the host's CPU steal through {@code steal}. */
    public MatrixRunner(StealMeter steal) {
        this.steal = java.util.Objects.requireNonNull(steal, "steal");
    }

    public Result run(Matrix matrix, Options options, Listener listener) {
        Path out = options.outDir();
        Docker.checkNamedEngine(); // before anything is written
        try {
            Files.createDirectories(out.resolve("logs"));
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot create results folder " + out + ": " + e
                    + "\n  fix: choose a writable folder with --out");
        }
        if (!Files.isWritable(out)) {
            throw new ExitException(ExitException.BAD_INPUT, "results folder " + out + " is not writable\n  fix: choose a writable folder with --out");
        }
        Path jar = options.workloadsJar();
        if (!Files.isRegularFile(jar)) {
            throw new ExitException(ExitException.ENVIRONMENT, "workloads jar " + jar + " does not exist\n  fix: run 'make build' (or pass --workloads-jar)");
        }
        FileChannel lockFile;
        FileLock lock;
        try {
            lockFile = FileChannel.open(out.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            lock = tryLock(lockFile, out);
        } catch (IOException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "cannot lock results folder " + out + ": " + e.getMessage()
                    + "\n  fix: check that " + out + " is writable and its disk has space");
        }
        try (lockFile; lock) {
            return runLocked(matrix, options, listener, out);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw writeFailed(e, out);
        }
    }

    /**
     * A write of the results that failed (disk full, folder removed, permission changed): which
     * file and what failed, that the rows stored before are intact, and how to go on.
     */
    static ExitException writeFailed(Exception e, Path out) {
        Throwable cause = e instanceof java.io.UncheckedIOException u ? u.getCause() : e;
        String what = e.getMessage() == null ? cause.toString() : e.getMessage();
        int stored;
        try {
            stored = storedRows(out).size();
        } catch (IOException | RuntimeException again) {
            stored = -1;
        }
        return new ExitException(ExitException.ENVIRONMENT, what + ". " + (stored >= 0 ? "The " + stored + " runs stored in " + out.resolve("raw.csv")
                + " are intact (a row cut by the failure is dropped when the run is resumed)" : "raw.csv could not be read back")
                + "\n  fix: free space on the disk of " + out + " (df -h " + out + ") or restore its permissions, then finish the run: jdkmatrix run --resume "
                + out + " (through make: make matrix RUN_ARGS=\"--resume " + out + "\")", e);
    }

    private static FileLock tryLock(FileChannel channel, Path out) throws IOException {
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            throw new ExitException(ExitException.BAD_INPUT, "results folder " + out + " is in use by another jdkmatrix process"
                    + "\n  fix: wait for it to finish, or write to another folder with --out");
        }
        return lock;
    }

    private Result runLocked(Matrix matrix, Options options, Listener listener, Path out) throws IOException {
        // a failure in a thread of the Docker client (a callback when the engine goes away) goes to the run's log, not the terminal
        Path uncaught = out.resolve("logs").resolve("harness-errors.log");
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> appendTrace(uncaught, "in thread " + t.getName(), e));
        DockerClient client = Docker.connect();
        int orphans = ContainerRunner.removeOrphans(client) + ContainerRunner.removeFolderContainers(client, out);
        if (orphans > 0) listener.message("removed " + orphans + " container(s) left by a harness process that is gone");

        // A resumed run keeps the start of the run it finishes.
        Path json = out.resolve("run.json");
        RunMetadata before = options.resume() && Files.exists(json) ? RunJson.read(json) : null;
        Instant started = before != null ? Instant.parse(before.startedAt()) : Instant.now().truncatedTo(ChronoUnit.MILLIS);
        RunMetadata.Engine engine = Environment.engine(client);
        listener.message(engine.describe());
        if (before != null && before.engine() != null && before.engine().id() != null && !before.engine().id().isEmpty()
                && !before.engine().id().equals(engine.id())) {
            listener.message("note: this run started on " + before.engine().describe() + " and resumes on " + engine.describe()
                    + ": its rows come from two machines (the engine of each session is in run.json's sessions)");
        }
        List<String> tooLarge = matrix.cells().stream().filter(c -> engine.cpus() > 0 && c.cpus().value() > engine.cpus()).map(Cell::id).toList();
        if (!tooLarge.isEmpty()) {
            throw new ExitException(ExitException.BAD_INPUT, matrix.file() + ": " + tooLarge.size() + " cell(s) ask for more CPUs than the engine's "
                    + engine.cpus() + ", first: " + tooLarge.get(0) + "\n  fix: use cpus of at most " + engine.cpus() + ", or a bigger engine (DOCKER_HOST)");
        }
        RunMetadata.Host host = Environment.host();
        Images images = new Images(client);
        long imagesStart = System.nanoTime();
        Map<String, ImageRef> refs = new TreeMap<>();
        for (Jdk jdk : matrix.jdks().values()) {
            ImageRef ref = images.withWorkloads(images.ensure(jdk, listener::message), options.workloadsJar(), userJars(matrix), listener::message);
            refs.put(jdk.name(), ref);
            listener.message("jdk " + jdk.name() + ": image " + ref.reference() + (ref.built()
                    ? " built in " + Math.round(ref.buildTime().toMillis() / 1000.0) + " s" : " (cached)"));
        }

        Map<String, JdkProbe> probes = probe(client, refs, options, out, matrix, listener);
        double imagesSeconds = (System.nanoTime() - imagesStart) / 1e9;
        listener.message(String.format(java.util.Locale.ROOT, "images ready in %.2f s", imagesSeconds));
        List<PlannedRun> plan = options.shard().select(matrix);
        if (plan.isEmpty()) {
            int groups = matrix.groups().size();
            throw new ExitException(ExitException.BAD_INPUT, "shard " + options.shard().text() + " of " + matrix.file() + " has no runs: the matrix has "
                    + matrix.cells().size() + " cells in " + groups + " groups, and a shard takes whole groups (the cells compared with each other)"
                    + "\n  fix: use at most " + groups + " shards");
        }
        java.util.Set<String> stored = storedRuns(out, options, matrix, before);
        if (!stored.isEmpty()) listener.message("resuming: " + stored.size() + " of " + plan.size() + " runs are stored already");
        String commit = Environment.gitCommit(options.projectDir());
        boolean dirty = !commit.isEmpty() && Environment.gitDirty(options.projectDir());
        dev.jdkmatrix.matrix.Repetitions reps = matrix.repetitions();
        RunMetadata.Plan planMeta = planMetadata(matrix, plan, options.shard());
        if (matrix.order() == Matrix.Order.BLOCKED && options.packing() != CpuSlots.Packing.OFF) {
            listener.message("note: order blocked with --parallel: each group's runs start back to back as planned, and may run side by side on "
                    + "disjoint CPUs; a pair of runs made side by side shares the machine's disturbance too, but also each other's");
        }
        List<RunMetadata.Image> imageMeta = refs.values().stream()
                .map(r -> new RunMetadata.Image(r.jdk(), r.reference(), r.imageId(), r.built(), r.buildTime().toMillis() / 1000.0,
                        probes.get(r.jdk()).vendor(), probes.get(r.jdk()).runtimeVersion(), probes.get(r.jdk()).vmName())).toList();
        // the sessions before this one (a run.json written before sessions were recorded: its start, end and rows as one)
        List<RunMetadata.Session> earlier = new java.util.ArrayList<>();
        List<RawRow> storedAtStart = storedRows(out);
        int rowsBefore = storedAtStart.size();
        listener.stored(storedAtStart);
        if (before != null) {
            earlier.addAll(before.sessions());
            if (earlier.isEmpty() && rowsBefore > 0) {
                earlier.add(new RunMetadata.Session(before.startedAt(), before.endedAt(), before.host() == null ? "" : before.host().hostname(), rowsBefore,
                        before.engine() == null ? "" : before.engine().describe()));
            }
        }
        String sessionStart = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
        java.util.function.Function<String, RunMetadata> meta = ended -> {
            List<RunMetadata.Session> sessions = new java.util.ArrayList<>(earlier);
            int now = 0;
            try {
                now = storedRows(out).size() - rowsBefore;
            } catch (IOException e) {
                // counted as none
            }
            sessions.add(new RunMetadata.Session(sessionStart, ended, host.hostname(), Math.max(0, now), engine.describe()));
            return metadata(out, options, matrix, commit, dirty, started, ended, host, engine, imageMeta, planMeta, imagesSeconds, sessions);
        };
        RunJson.write(out.resolve("run.json"), meta.apply(null));
        int[] total = {plan.size()};
        if (reps.adaptive()) listener.message("repetitions: " + reps.text() + "; " + plan.size() + " runs at most, fewer as cells reach the target");

        ContainerRunner runner = new ContainerRunner(client, options.runId(), out);
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stopping = true;
            runner.abortCurrent();
            try {
                finished.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "jdkmatrix-stop");
        Runtime.getRuntime().addShutdownHook(hook);

        Map<String, Integer> counts = new TreeMap<>();
        int[] done = {0};
        int hostCpus = engine.cpus() > 0 ? engine.cpus() : Runtime.getRuntime().availableProcessors();
        CpuSlots slots = new CpuSlots(hostCpus);
        java.util.concurrent.ExecutorService workers = options.packing() == CpuSlots.Packing.OFF ? null
                : java.util.concurrent.Executors.newFixedThreadPool(hostCpus);
        java.util.concurrent.atomic.AtomicReference<Exception> failure = new java.util.concurrent.atomic.AtomicReference<>();
        Object storeLock = new Object();
        // every cell of the matrix, not only this shard's: shards of one plan share their columns
        List<String> paramColumns = Columns.params(matrix.cells().stream().flatMap(c -> c.params().keySet().stream()).toList());
        // the measured rows of each cell so far (stored ones of a resumed run included): what adaptive repetitions decide on
        Map<String, List<RawRow>> measuredRows = new java.util.HashMap<>();
        for (RawRow r : storedAtStart) {
            if (r.measured()) measuredRows.computeIfAbsent(r.get("cell"), k -> new java.util.ArrayList<>()).add(r);
        }
        Map<String, Integer> inFlight = new java.util.HashMap<>();
        // adaptive rounds: what was decided for a group (or a cell) and round, so that every run of it follows one decision
        boolean byGroup = matrix.order() != Matrix.Order.SEQUENTIAL;
        Map<String, dev.jdkmatrix.matrix.Group> groupOf = new java.util.HashMap<>();
        for (dev.jdkmatrix.matrix.Group g : matrix.groups()) g.cells().forEach(c -> groupOf.put(c.id(), g));
        Map<String, java.util.Optional<String>> decided = new java.util.HashMap<>();
        boolean[] completed = {false};
        try (RawCsv raw = RawCsv.append(out.resolve("raw.csv"), paramColumns)) {
            // Stores a finished run (not one cut short by a signal: a resume runs it again); a noisy one is stored, not counted as done.
            java.util.function.BiConsumer<PlannedRun, RawRow> store = (run, row) -> {
                synchronized (storeLock) {
                    if (stopping) return;
                    raw.write(row);
                    if (row.measured()) measuredRows.computeIfAbsent(row.get("cell"), k -> new java.util.ArrayList<>()).add(row);
                    counts.merge(row.get("status"), 1, Integer::sum);
                    if (!row.noisy()) done[0]++;
                    listener.runEnded(run, row, done[0], total[0]);
                }
            };
            // A run's attempts: again while the host's steal passed max-steal, up to MAX_ATTEMPTS.
            RunAttempts attempts = (run, image, cpuset) -> {
                for (int attempt = 1; ; attempt++) {
                    RawRow row = runOne(runner, run, image, probes.get(run.cell().jdk()), options.runId(), out, cpuset, attempt);
                    String noisy = RunDecisions.stealTooHigh(row, run, matrix.maxSteal(), attempt);
                    if (noisy == null || stopping) {
                        store.accept(run, row);
                        return;
                    }
                    store.accept(run, RunDecisions.withStatus(row, "noisy", noisy));
                }
            };
            for (PlannedRun run : plan) {
                if (stopping || failure.get() != null) break;
                if (stored.contains(run.key())) {
                    synchronized (storeLock) {
                        done[0]++;
                    }
                    continue;
                }
                if (run.phase() == PlannedRun.Phase.MEASURE && run.repetition() > reps.min()) {
                    // a blocked or interleaved plan decides per group of compared cells, once per round; a sequential one per cell
                    List<Cell> unit = byGroup ? groupOf.get(run.cell().id()).cells() : List.of(run.cell());
                    String decisionKey = (byGroup ? "g" + groupOf.get(run.cell().id()).number() : run.cell().id()) + "#" + run.repetition();
                    String enough;
                    synchronized (storeLock) {
                        if (!decided.containsKey(decisionKey)) {
                            try {
                                while (unit.stream().anyMatch(c -> inFlight.getOrDefault(c.id(), 0) > 0)) storeLock.wait();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                break;
                            }
                            Map<String, List<RawRow>> rowsOf = new LinkedHashMap<>();
                            // the rounds before this one only: a resume that finds part of this round stored decides as the first session did
                            for (Cell c : unit) rowsOf.put(c.id(), measuredRows.getOrDefault(c.id(), List.of()).stream()
                                    .filter(r -> r.number("rep") < run.repetition()).toList());
                            decided.put(decisionKey, java.util.Optional.ofNullable(RunDecisions.enoughGroup(rowsOf, reps)));
                        }
                        enough = decided.get(decisionKey).orElse(null);
                        if (enough != null) total[0]--;
                    }
                    if (enough != null) continue;
                }
                ImageRef image = refs.get(run.cell().jdk());
                if (workers == null) {
                    listener.runStarted(run, done[0], total[0]);
                    try {
                        bounded(run, image, run.cell().cpuMode() == dev.jdkmatrix.matrix.CpuMode.CPUSET ? CpuSlots.cpuset(CpuSlots.pinned(run.cell(), hostCpus)) : null,
                                attempts, client);
                    } catch (RuntimeException e) {
                        throw engineLostOr(e, client, engine, run, out, done[0]);
                    }
                    continue;
                }
                List<Integer> cpus;
                try {
                    cpus = slots.acquire(slots.demand(run.cell(), options.packing()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                String cpuset = CpuSlots.packable(run.cell(), hostCpus, options.packing()) ? CpuSlots.cpuset(cpus)
                        : run.cell().cpuMode() == dev.jdkmatrix.matrix.CpuMode.CPUSET ? CpuSlots.cpuset(CpuSlots.pinned(run.cell(), hostCpus)) : null;
                synchronized (storeLock) {
                    listener.runStarted(run, done[0], total[0]);
                    inFlight.merge(run.cell().id(), 1, Integer::sum);
                }
                workers.submit(() -> {
                    try {
                        if (!stopping && failure.get() == null) bounded(run, image, cpuset, attempts, client);
                    } catch (Exception e) {
                        failure.compareAndSet(null, e);
                    } finally {
                        slots.release(cpus);
                        synchronized (storeLock) {
                            inFlight.merge(run.cell().id(), -1, Integer::sum);
                            storeLock.notifyAll();
                        }
                    }
                });
            }
            if (workers != null) {
                workers.shutdown();
                try {
                    while (!workers.awaitTermination(1, TimeUnit.SECONDS)) {
                        // runs end by themselves or at their timeout
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (failure.get() instanceof RuntimeException e) throw engineLostOr(e, client, engine, null, out, done[0]);
            if (failure.get() instanceof IOException e) throw e;
            if (failure.get() != null) throw new IllegalStateException(failure.get());
            completed[0] = true;
        } finally {
            try {
                List<RawRow> rows = RawCsv.read(out.resolve("raw.csv"));
                SummaryCsv.write(out.resolve("summary.csv"), Summarizer.summarize(rows, reps.hasTarget() ? reps.target() : Double.NaN));
                RunMetadata ended = meta.apply(Instant.now().truncatedTo(ChronoUnit.MILLIS).toString());
                ComparisonsCsv.write(out.resolve("comparisons.csv"), Comparisons.of(rows, ended));
                RunJson.write(out.resolve("run.json"), ended);
            } catch (IOException | RuntimeException e) {
                // reported unless the run itself failed first: that failure is the one to show
                if (completed[0]) throw e;
            } finally {
                if (stopping) {
                    // printed before the shutdown hook lets the JVM go
                    listener.message("interrupted: the container of the run in flight was stopped and that run not stored; the runs stored in "
                            + out.resolve("raw.csv") + " are intact. Finish the run with: jdkmatrix run --resume " + out
                            + " (through make: make matrix RUN_ARGS=\"--resume " + out + "\")");
                }
                finished.countDown();
                if (!stopping) {
                    try {
                        Runtime.getRuntime().removeShutdownHook(hook);
                    } catch (IllegalStateException e) {
                        // shutting down already
                    }
                }
            }
        }
        List<RawRow> all = storedRows(out);
        Map<String, Integer> allCounts = new TreeMap<>();
        for (RawRow r : all) allCounts.merge(r.get("status"), 1, Integer::sum);
        return new Result(out, all.size(), allCounts, stopping, all.size() - rowsBefore);
    }

    /**
     * What a run's failure means: when the engine no longer answers a ping, an {@link ExitException}
     * with {@link ExitException#ENGINE_LOST} that says which run, what failed, that the stored runs
     * are safe and how to resume (the stack trace goes to logs/engine-lost.log, not the terminal);
     * otherwise the failure itself. The run in flight is not stored: the resume runs it again.
     */
    static RuntimeException engineLostOr(RuntimeException e, DockerClient client, RunMetadata.Engine engine, PlannedRun run, Path out, int stored) {
        if (e instanceof ExitException) return e;
        if (engineAnswers(client)) return e;
        Path log = out.resolve("logs").resolve("engine-lost.log");
        appendTrace(log, "the engine stopped answering" + (run == null ? "" : " during seq " + run.sequence() + ", cell " + run.cell().id()), e);
        String dir = out.toString();
        return new ExitException(ExitException.ENGINE_LOST, "the Docker " + engine.describe() + " stopped answering"
                + (run == null ? "" : " during run seq " + run.sequence() + " (" + run.cell().id() + ", " + run.phase().text() + " " + run.repetition() + ")")
                + ": " + Docker.rootMessage(e) + ". The " + stored + " runs stored in " + out.resolve("raw.csv") + " are intact; the run in flight was not stored "
                + "and the remaining runs were not attempted (details: " + log + ")"
                + "\n  fix: start the engine again (make docker, or the tunnel to it), then finish the run: jdkmatrix run --resume " + dir
                + " (through make: make matrix RUN_ARGS=\"--resume " + dir + "\")", e);
    }

    /** Appends a stack trace under a stamped header to a log of the run; a log that cannot be written leaves the message to say it all. */
    private static void appendTrace(Path log, String header, Throwable e) {
        java.io.StringWriter trace = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(trace));
        try {
            Files.writeString(log, Instant.now() + " " + header + ":\n" + trace, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException io) {
            // nowhere to keep it
        }
    }

    /** Whether the engine answers a ping within a few seconds. */
    static boolean engineAnswers(DockerClient client) {
        java.util.concurrent.CompletableFuture<Boolean> ping = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                client.pingCmd().exec();
                return true;
            } catch (RuntimeException e) {
                return false;
            }
        });
        try {
            return ping.get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            return false;
        }
    }

    /** How long past its cell's timeout a run may go on before the harness asks whether the engine still answers. */
    static final long ENGINE_GRACE_MS = 30_000;

    /**
     * Runs one run's attempts on a thread of their own and waits for them: a Docker call that never
     * returns (an engine that stopped answering without closing its socket: a frozen dockerd, a
     * tunnel that hangs) would otherwise hold the harness for ever. Every Docker call of a run but
     * the wait for its exit takes seconds, and that wait ends at the cell's timeout; so once a run
     * has gone on {@link #ENGINE_GRACE_MS} past its timeout the engine is pinged (5 s), and if it
     * does not answer the run fails as the engine lost (its thread, a daemon, is left behind;
     * the container, labelled, is removed by the next start). A SIGTERM still stops the run as before.
     */
    private static void bounded(PlannedRun run, ImageRef image, String cpuset, RunAttempts attempts, DockerClient client) throws IOException {
        java.util.concurrent.CompletableFuture<Void> done = new java.util.concurrent.CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                attempts.run(run, image, cpuset);
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        }, "jdkmatrix-run-" + run.sequence());
        t.setDaemon(true);
        t.start();
        long deadline = System.nanoTime() + (run.cell().timeout().toMillis() + ENGINE_GRACE_MS) * 1_000_000L;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    done.get(1, TimeUnit.SECONDS);
                    return;
                } catch (java.util.concurrent.TimeoutException e) {
                    if (System.nanoTime() < deadline) continue;
                    if (!engineAnswers(client)) {
                        throw new IllegalStateException("no answer from the engine " + ENGINE_GRACE_MS / 1000 + " s past the run's timeout of "
                                + dev.jdkmatrix.matrix.Durations.text(run.cell().timeout()) + ", and none to a ping within 5 s");
                    }
                    deadline = System.nanoTime() + ENGINE_GRACE_MS * 1_000_000L;
                } catch (java.util.concurrent.ExecutionException e) {
                    Throwable c = e.getCause();
                    if (c instanceof IOException io) throw io;
                    if (c instanceof RuntimeException r) throw r;
                    if (c instanceof Error err) throw err;
                    throw new IllegalStateException(c);
                } catch (InterruptedException e) {
                    interrupted = true; // the run's own thread stops it (SIGTERM aborts its container); wait for it
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** One run of the plan with its attempts (see {@link #MAX_ATTEMPTS}). */
    @FunctionalInterface
    private interface RunAttempts {
        void run(PlannedRun run, ImageRef image, String cpuset) throws IOException;
    }

    private static List<RawRow> storedRows(Path out) throws IOException {
        Path raw = out.resolve("raw.csv");
        return Files.exists(raw) ? RawCsv.read(raw) : List.of();
    }

    /**
     * The runs already in the folder. A new run refuses a folder that has some; a resumed run
     * refuses one whose matrix changed, and skips what is stored.
     */
    private static java.util.Set<String> storedRuns(Path out, Options options, Matrix matrix, RunMetadata before) throws IOException {
        Path raw = out.resolve("raw.csv");
        List<RawRow> rows = Files.exists(raw) ? RawCsv.read(raw) : List.of();
        if (!options.resume()) {
            if (!rows.isEmpty()) {
                throw new ExitException(ExitException.BAD_INPUT, "results folder " + out + " holds " + rows.size() + " stored runs already"
                        + "\n  fix: finish that run with 'run --resume " + out + "', or write to a new folder with --out");
            }
            return java.util.Set.of();
        }
        if (before == null) {
            throw new ExitException(ExitException.BAD_INPUT, "nothing to resume in " + out + ": it has no run.json\n  fix: start the run with 'run --out " + out + "'");
        }
        if (!before.matrixSha256().equals(matrix.sha256())) {
            throw new ExitException(ExitException.BAD_INPUT, "the matrix " + matrix.file() + " changed since run " + before.runId() + " started in " + out
                    + "\n  fix: restore the matrix as it was (sha256 " + before.matrixSha256() + "), or start a new run in another folder");
        }
        java.util.Set<String> planned = new java.util.HashSet<>();
        for (PlannedRun r : matrix.plan()) planned.add(r.key());
        java.util.Set<String> keys = new java.util.HashSet<>();
        for (RawRow r : rows) {
            if (planned.contains(r.runKey()) && !r.noisy()) keys.add(r.runKey()); // a noisy run's next attempt may be missing
        }
        return keys;
    }

    /**
     * Asks each JDK image what it holds, says it, refuses built-in workloads on a JDK older than 21
     * before any run, and points out two JDK entries that are the same build.
     */
    private static Map<String, JdkProbe> probe(DockerClient client, Map<String, ImageRef> refs, Options options, Path out, Matrix matrix, Listener listener) {
        // the labels of a run's containers, so that a probe left by a killed harness is removed with its other leftovers
        Map<String, String> labels = Map.of(ContainerRunner.LABEL_RUN, options.runId(), ContainerRunner.LABEL_PID, Long.toString(ProcessHandle.current().pid()),
                ContainerRunner.LABEL_HOST, Environment.hostname(), ContainerRunner.LABEL_OUT, out.toAbsolutePath().normalize().toString(),
                ContainerRunner.LABEL_ROLE, "probe");
        Map<String, JdkProbe> probes = new TreeMap<>();
        for (ImageRef ref : refs.values()) {
            JdkProbe p = JdkProbe.of(client, ref.reference(), ref.jdk(), labels);
            probes.put(ref.jdk(), p);
            listener.message("jdk " + ref.jdk() + ": " + p.vendor() + " " + p.runtimeVersion() + " (" + p.vmName() + ")");
        }
        for (Cell c : matrix.cells()) {
            JdkProbe p = probes.get(c.jdk());
            if (c.kind() instanceof WorkloadKind.Builtin && p.feature() > 0 && p.feature() < MatrixParser.BUILTIN_MIN_FEATURE) {
                throw new ExitException(ExitException.BAD_INPUT, matrix.file() + ": cell '" + c.id() + "' runs the built-in workload '" + c.workload() + "' on jdk '"
                        + c.jdk() + "', whose image holds JDK " + p.feature() + " (" + p.vendor() + " " + p.runtimeVersion() + "); the built-in workloads need JDK "
                        + MatrixParser.BUILTIN_MIN_FEATURE + "+ (virtual threads)"
                        + "\n  fix: exclude those cells (exclude: [ { jdk: " + c.jdk() + ", kind: builtin } ]), or run a kind: jmh or kind: jar workload on that JDK");
            }
        }
        Map<String, List<String>> byBuild = new TreeMap<>();
        probes.forEach((jdk, p) -> byBuild.computeIfAbsent(p.build(), k -> new java.util.ArrayList<>()).add(jdk));
        byBuild.forEach((build, jdks) -> {
            if (jdks.size() > 1) listener.message("note: jdks " + String.join(" and ", jdks) + " are the same build (" + build + "): their cells measure one JDK twice");
        });
        return probes;
    }

    /**
     * The plan as run.json records it: counts, order, the compared axes and the seed, the cells by
     * number, and the order of each round of this shard's runs (cell numbers, warm-up rounds first).
     */
    static RunMetadata.Plan planMetadata(Matrix matrix, List<PlannedRun> plan, dev.jdkmatrix.matrix.Shard shard) {
        dev.jdkmatrix.matrix.Repetitions reps = matrix.repetitions();
        Map<String, Integer> number = new java.util.HashMap<>();
        List<String> ids = new java.util.ArrayList<>();
        for (Cell c : matrix.cells()) {
            ids.add(c.id());
            number.put(c.id(), ids.size());
        }
        Map<String, List<Integer>> rounds = new LinkedHashMap<>();
        for (PlannedRun r : plan) rounds.computeIfAbsent(r.phase().text() + r.repetition(), k -> new java.util.ArrayList<>()).add(number.get(r.cell().id()));
        int groups = (int) matrix.groups().stream().filter(g -> !g.alone()).count();
        return new RunMetadata.Plan((int) plan.stream().map(r -> r.cell().id()).distinct().count(), plan.size(),
                reps.min(), matrix.warmup(), matrix.order().text(), Estimate.of(plan).toMillis() / 1000.0,
                shard.text(), matrix.compareThreshold(), reps.max(), reps.hasTarget() ? reps.target() : 0,
                Double.isNaN(matrix.maxSteal()) ? 0 : matrix.maxSteal(), matrix.compareAlong(), matrix.seed(), groups, ids, List.copyOf(rounds.values()),
                matrix.minDifference());
    }

    /** The jars of the user's jmh and jar cells, for the run images. */
    static List<WorkloadKind.UserJar> userJars(Matrix matrix) {
        return matrix.cells().stream().map(c -> c.kind().userJar()).flatMap(java.util.Optional::stream).distinct().toList();
    }

    private RunMetadata metadata(Path out, Options options, Matrix matrix, String commit, boolean dirty, Instant started, String ended,
                                 RunMetadata.Host host, RunMetadata.Engine engine, List<RunMetadata.Image> images, RunMetadata.Plan plan,
                                 double imagesSeconds, List<RunMetadata.Session> sessions) {
        List<RawRow> rows = List.of();
        try {
            if (Files.exists(out.resolve("raw.csv"))) rows = RawCsv.read(out.resolve("raw.csv"));
        } catch (IOException e) {
            // metadata is written without row figures
        }
        RunFigures figures = RunFigures.of(rows);
        return new RunMetadata(RunMetadata.SCHEMA, options.runId(), matrix.file().toString(), matrix.name(), matrix.sha256(), commit, dirty,
                started.toString(), ended, host, engine, images, figures.jdkBuilds(), plan, figures.statusCounts(), figures.overhead(),
                RunFigures.round(imagesSeconds), List.of(), sessions);
    }

    private RawRow runOne(ContainerRunner runner, PlannedRun run, ImageRef image, JdkProbe jdk, String runId, Path out, String cpuset, int attempt)
            throws IOException {
        Cell cell = run.cell();
        long t0 = System.nanoTime();
        // a run's files are named by its sequence; a second attempt's get -a2
        String file = String.format("%05d", run.sequence()) + (attempt > 1 ? "-a" + attempt : "");
        String name = "jdkmatrix-" + runId.replaceAll("[^A-Za-z0-9_.-]", "-") + "-" + file;
        String jfrName = "logs/" + file + ".jfr";
        String jmhName = "logs/" + file + ".jmh.json";
        Map<String, Path> files = new LinkedHashMap<>();
        ContainerRunner.outputFiles(cell).forEach((inContainer, what) -> files.put(inContainer, out.resolve(what.equals("jfr") ? jfrName : jmhName)));
        StealMeter.Span span = steal.start();
        ContainerResult res = runner.run(cell, image.reference(), name, cpuset, files);
        double steal = span.percent();
        String logName = "logs/" + file + ".log";
        long logStart = System.nanoTime();
        try {
            Files.writeString(out.resolve(logName), logText(run, image, res), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException("cannot write the log of run seq " + run.sequence() + " to " + out.resolve(logName) + ": " + e.getMessage(), e);
        }
        Map<String, String> jfr = cell.jfr() ? readJfr(out, jfrName) : Map.of();
        double logMs = (System.nanoTime() - logStart) / 1e6;

        Map<String, String> v = new LinkedHashMap<>();
        v.put("run_id", runId);
        v.put("seq", Integer.toString(run.sequence()));
        v.put("cell", cell.id());
        v.put("phase", run.phase().text());
        v.put("rep", Integer.toString(run.repetition()));
        v.put("workload", cell.workload());
        v.put("params", cell.paramsText());
        v.put("executor", cell.executor());
        v.put("tasks", Integer.toString(cell.tasks()));
        v.put("jdk", cell.jdk());
        v.put("cpus", cell.cpus().text());
        v.put("memory", cell.memory().text());
        v.put("jvm_args", cell.jvmArgsText());
        v.put("image", image.reference());
        v.put("started_at", res.startedAt());
        v.put("exit_code", Long.toString(res.exitCode()));
        v.put("oom_killed", Boolean.toString(res.oomKilled()));
        v.put("container_wall_ms", Summarizer.ms(Double.isFinite(res.runMs()) ? res.runMs() : res.waitMs()));
        v.put("create_ms", Summarizer.ms(res.createMs()));
        v.put("start_ms", Summarizer.ms(res.startMs()));
        v.put("collect_ms", Summarizer.ms(res.collectMs()));
        v.put("wait_ms", Summarizer.ms(res.waitMs()));
        v.put("log_ms", Summarizer.ms(logMs));
        v.put("cpuset", cpuset == null ? "" : cpuset);
        v.putAll(jfr);
        v.put("host_steal_pct", Double.isFinite(steal) ? String.format(java.util.Locale.ROOT, "%.1f", steal) : "");
        v.put("kind", cell.kind().name());
        v.put("benchmark", cell.benchmark());
        for (Map.Entry<String, String> p : cell.params().entrySet()) v.put(Columns.param(p.getKey()), p.getValue());
        v.put("cpu_mode", cell.cpuMode().text());
        if (res.cpuStat() != null) {
            v.put("cpu_periods", Long.toString(res.cpuStat().periods()));
            v.put("cpu_throttled_periods", Long.toString(res.cpuStat().throttledPeriods()));
            v.put("cpu_throttled_ms", Summarizer.ms(res.cpuStat().throttledMs()));
        }
        v.put("attempt", Integer.toString(attempt));

        Path jmhFile = out.resolve(jmhName);
        String jmhJson = Files.isRegularFile(jmhFile) ? Files.readString(jmhFile, StandardCharsets.UTF_8) : null;
        Readings.Reading reading = Readings.read(cell, res, jmhJson);
        // the JDK as the probe saw it in this image; a workload's own record (or JMH's JSON) may say more and wins
        v.put("java_vendor", jdk.vendor());
        v.put("java_version", jdk.version());
        v.put("java_runtime_version", jdk.runtimeVersion());
        v.put("java_vm_name", jdk.vmName());
        if (reading instanceof Readings.Reading.Found f) f.columns().forEach((k, val) -> {
            if (!val.isEmpty() || !v.containsKey(k)) v.put(k, val);
        });
        String progress = Readings.lastProgress(res.stdout());
        Outcome outcome = classify(cell, res, reading, logName, progress);
        if (!(outcome instanceof Outcome.Ok) && progress != null && v.getOrDefault("metrics", "").isEmpty()) {
            v.put("metrics", progress); // a run killed before its record: how far it got, as metrics (elapsed_ms, submitted, the workload's own)
        }
        v.put("status", outcome.status());
        v.put("status_detail", outcome.detail());
        double uptime = reading instanceof Readings.Reading.Found f ? parseOr(f.columns().get("jvm_uptime_ms")) : Double.NaN;
        double total = (System.nanoTime() - t0) / 1e6;
        v.put("harness_overhead_ms", Double.isFinite(uptime) ? Summarizer.ms(total - uptime) : "");
        return new RawRow(v);
    }

    /** The pinned-event columns of a run's recording; empty when the JVM wrote none (killed, out of memory). */
    private static Map<String, String> readJfr(Path out, String name) {
        Map<String, String> v = new LinkedHashMap<>();
        if (!Files.isRegularFile(out.resolve(name))) return v;
        v.put("jfr_file", name);
        try {
            PinnedEvents p = PinnedEvents.read(out.resolve(name));
            v.put("pinned_events", Integer.toString(p.events()));
            v.put("pinned_total_ms", Summarizer.ms(p.totalMs()));
            v.put("pinned_max_ms", Summarizer.ms(p.maxMs()));
            v.put("pinned_top_frame", p.topFrame());
            v.put("pinned_reason", p.reason());
            v.put("pinned_blocking_operation", p.blockingOperation());
        } catch (IOException e) {
            v.put("pinned_top_frame", "unreadable recording: " + e.getMessage());
        }
        return v;
    }

    static Outcome classify(Cell cell, ContainerResult res, Readings.Reading reading, String logName) {
        return classify(cell, res, reading, logName, Readings.lastProgress(res.stdout()));
    }

    /** How the run ended; {@code progress}: its last progress line ({@link Readings#lastProgress}), quoted when it did not end ok. */
    private static Outcome classify(Cell cell, ContainerResult res, Readings.Reading reading, String logName, String progress) {
        String last = res.tail(3).replace("\n", " | ");
        String got = progress == null ? "" : "; last progress: " + progress;
        if (res.timedOut()) {
            return new Outcome.Timeout("killed after the timeout of " + dev.jdkmatrix.matrix.Durations.text(cell.timeout()) + got + "; output in " + logName);
        }
        if (res.oomKilled()) {
            return new Outcome.Oom("killed by the kernel at the memory limit of " + cell.memory().text() + " (exit " + res.exitCode() + ")" + got + "; output in " + logName);
        }
        if (res.exitCode() != 0) {
            return new Outcome.Error("exit code " + res.exitCode() + ": " + abbreviate(last) + got + "; output in " + logName);
        }
        return switch (reading) {
            case Readings.Reading.Problem p -> new Outcome.Invalid(p.detail() + "; output in " + logName);
            case Readings.Reading.Found f -> f.invalid() == null ? new Outcome.Ok() : new Outcome.Invalid(f.invalid());
        };
    }

    private static String abbreviate(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    private static double parseOr(String s) {
        try {
            return Double.parseDouble(s);
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    private static String logText(PlannedRun run, ImageRef image, ContainerResult res) {
        return "# cell: " + run.cell().id() + "\n"
                + "# run: " + run.phase().text() + " " + run.repetition() + ", seq " + run.sequence() + "\n"
                + "# image: " + image.reference() + " (" + image.imageId() + ")\n"
                + "# container: " + res.containerName() + " " + res.containerId() + "\n"
                + "# command: " + String.join(" ", ContainerRunner.command(run.cell())) + "\n"
                + "# exit: " + res.exitCode() + (res.oomKilled() ? " (oom-killed)" : "") + (res.timedOut() ? " (timeout)" : "") + "\n"
                + "# --- stdout\n" + res.stdout() + (res.stdout().endsWith("\n") || res.stdout().isEmpty() ? "" : "\n")
                + "# --- stderr\n" + res.stderr();
    }
}
