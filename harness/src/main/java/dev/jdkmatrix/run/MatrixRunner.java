package dev.jdkmatrix.run;

import com.github.dockerjava.api.DockerClient;
import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Jdk;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Summarizer;
import dev.jdkmatrix.results.format.ComparisonsCsv;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import dev.jdkmatrix.results.format.SummaryCsv;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
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
     * {@code parallel} packs cells onto disjoint CPU sets (see {@link CpuSlots}); {@code engineCpus}
     * (null: all) are the engine's CPUs this session measures on, leased one by one, so that two
     * sessions given disjoint ones measure side by side ({@code --engine-cpus}).
     */
    public record Options(Path outDir, String runId, Path workloadsJar, Path projectDir, boolean resume, CpuSlots.Packing packing,
                          dev.jdkmatrix.matrix.Shard shard, boolean lease, List<Integer> engineCpus) {
        /** Measuring under the engine's lease ({@link EngineLease}). */
        public Options(Path outDir, String runId, Path workloadsJar, Path projectDir, boolean resume, CpuSlots.Packing packing,
                       dev.jdkmatrix.matrix.Shard shard) {
            this(outDir, runId, workloadsJar, projectDir, resume, packing, shard, true, null);
        }

        public Options {
            java.util.Objects.requireNonNull(outDir, "outDir");
            java.util.Objects.requireNonNull(runId, "runId");
            java.util.Objects.requireNonNull(workloadsJar, "workloadsJar");
            java.util.Objects.requireNonNull(projectDir, "projectDir");
            engineCpus = engineCpus == null ? null : List.copyOf(engineCpus);
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
    /** The containers that hold this session's run images ({@link Images#hold}), released at its end. */
    private final List<String> holds = new java.util.concurrent.CopyOnWriteArrayList<>();
    private Images images;

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
        if (!options.resume()) RunSession.refuseStoredRuns(out); // and before any image or container: a new run needs a folder without runs
        boolean existed = Files.exists(out);
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
            lock = RunSession.tryLock(lockFile, out);
        } catch (IOException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "cannot lock results folder " + out + ": " + e.getMessage()
                    + "\n  fix: check that " + out + " is writable and its disk has space");
        }
        try (lockFile; lock) {
            return runLocked(matrix, options, listener, out);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw RunSession.writeFailed(e, out);
        } catch (RuntimeException e) {
            // refused or failed before any run was stored (an image that cannot be pulled or built, a JDK the probe refuses):
            // a folder this session made leaves nothing behind but the logs that say why
            if (!existed) RunSession.removeIfNoRuns(out);
            throw e;
        } finally {
            releaseHolds(); // a session that ended before its runs began
        }
    }

    /** Removes this session's holds (at most a few seconds, however the engine is), once. */
    /**
     * A session confined to some of the engine's CPUs ({@code --engine-cpus}) measures only cells it
     * can keep on them: pinned ({@code cpu-mode: cpuset}), with at most as many CPUs as it was given.
     * A quota cell runs on every CPU of the engine, so it would disturb a session beside it.
     */
    public static void checkEngineCpus(Matrix matrix, List<Integer> cpus, int engineCpus) {
        for (int c : cpus) {
            if (c >= engineCpus) {
                throw new ExitException(ExitException.BAD_INPUT, "--engine-cpus names CPU " + c + ", and the engine has " + engineCpus + " (0 to " + (engineCpus - 1) + ")"
                        + "\n  fix: name CPUs of this engine, such as --engine-cpus " + (engineCpus - 1));
            }
        }
        for (Cell c : matrix.cells()) {
            if (c.cpuMode() != dev.jdkmatrix.matrix.CpuMode.CPUSET) {
                throw new ExitException(ExitException.BAD_INPUT, matrix.file() + ": cell '" + c.id() + "' limits its CPUs by a quota (cpu-mode quota), which lets it run on "
                        + "every CPU of the engine: --engine-cpus " + CpuSlots.cpuset(cpus) + " could not keep it off another session's CPUs"
                        + "\n  fix: set cpu-mode: cpuset (pinned CPUs) for a session given --engine-cpus, or leave --engine-cpus out (the session then leases the whole engine)");
            }
            if (c.cpus().value() > cpus.size()) {
                throw new ExitException(ExitException.BAD_INPUT, matrix.file() + ": cell '" + c.id() + "' asks for " + c.cpus().text() + " CPUs, and --engine-cpus "
                        + CpuSlots.cpuset(cpus) + " gives this session " + cpus.size() + "\n  fix: give the session at least " + c.cpus().text() + " CPUs, or use fewer in the cell");
            }
        }
    }

    private void releaseHolds() {
        if (images == null || holds.isEmpty()) return;
        List<String> mine = List.copyOf(holds);
        holds.clear();
        EngineWatch.briefly(() -> images.release(mine));
    }

    private Result runLocked(Matrix matrix, Options options, Listener listener, Path out) throws IOException {
        // a failure in a thread of the Docker client (a callback when the engine goes away) goes to the run's log, not the terminal
        Path uncaught = out.resolve("logs").resolve("harness-errors.log");
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> EngineWatch.appendTrace(uncaught, "in thread " + t.getName(), e));
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
        int hostCpus = engine.cpus() > 0 ? engine.cpus() : Runtime.getRuntime().availableProcessors();
        if (options.engineCpus() != null) checkEngineCpus(matrix, options.engineCpus(), hostCpus);
        RunMetadata.Host host = Environment.host();
        images = new Images(client);
        long imagesStart = System.nanoTime();
        Map<String, ImageRef> refs = new java.util.concurrent.ConcurrentSkipListMap<>();
        Map<String, String> sessionLabels = RunSession.labels(options, out);
        for (Jdk jdk : matrix.jdks().values()) {
            ImageRef ref = heldImage(jdk, options, matrix, sessionLabels, listener);
            refs.put(jdk.name(), ref);
            listener.message("jdk " + jdk.name() + ": image " + ref.reference() + (ref.built()
                    ? " built in " + Math.round(ref.buildTime().toMillis() / 1000.0) + " s" : " (cached)"));
        }

        Map<String, JdkProbe> probes = RunSession.probe(client, refs, options, out, matrix, listener);
        double imagesSeconds = (System.nanoTime() - imagesStart) / 1e9;
        listener.message(String.format(java.util.Locale.ROOT, "images ready in %.2f s", imagesSeconds));
        List<PlannedRun> plan = options.shard().select(matrix);
        if (plan.isEmpty()) throw options.shard().empty(matrix);
        java.util.Set<String> stored = RunSession.storedRuns(out, options, matrix, before);
        if (!stored.isEmpty()) listener.message("resuming: " + stored.size() + " of " + plan.size() + " runs are stored already");
        String commit = Environment.gitCommit(options.projectDir());
        boolean dirty = !commit.isEmpty() && Environment.gitDirty(options.projectDir());
        dev.jdkmatrix.matrix.Repetitions reps = matrix.repetitions();
        RunMetadata.Plan planMeta = RunSession.planMetadata(matrix, plan, options.shard());
        if (matrix.order() == Matrix.Order.BLOCKED && options.packing() != CpuSlots.Packing.OFF) {
            listener.message("note: order blocked with --parallel: each group's runs start back to back as planned, and may run side by side on "
                    + "disjoint CPUs; a pair of runs made side by side shares the machine's disturbance too, but also each other's");
        }
        List<RunMetadata.Image> imageMeta = refs.values().stream()
                .map(r -> new RunMetadata.Image(r.jdk(), r.reference(), r.imageId(), r.built(), r.buildTime().toMillis() / 1000.0,
                        probes.get(r.jdk()).vendor(), probes.get(r.jdk()).runtimeVersion(), probes.get(r.jdk()).vmName())).toList();
        // the sessions before this one (a run.json written before sessions were recorded: its start, end and rows as one)
        List<RunMetadata.Session> earlier = new java.util.ArrayList<>();
        List<RawRow> storedAtStart = RunSession.storedRows(out);
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
        String[] leaseNote = {options.lease() ? "" : EngineLease.UNLEASED};
        java.util.function.Function<String, RunMetadata> meta = ended -> {
            List<RunMetadata.Session> sessions = new java.util.ArrayList<>(earlier);
            int now = 0;
            try {
                now = RunSession.storedRows(out).size() - rowsBefore;
            } catch (IOException e) {
                // counted as none
            }
            sessions.add(new RunMetadata.Session(sessionStart, ended, host.hostname(), Math.max(0, now), engine.describe(), leaseNote[0]));
            return RunSession.metadata(out, options, matrix, commit, dirty, started, ended, host, engine, imageMeta, planMeta, imagesSeconds, sessions);
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
        // the CPUs this session measures on: the engine's, or those --engine-cpus gives it
        List<Integer> sessionCpus = options.engineCpus() != null ? options.engineCpus() : CpuSlots.all(hostCpus);
        CpuSlots slots = new CpuSlots(sessionCpus);
        java.util.concurrent.ExecutorService workers = options.packing() == CpuSlots.Packing.OFF ? null
                : java.util.concurrent.Executors.newFixedThreadPool(sessionCpus.size());
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
        EngineLease lease = null;
        if (options.lease()) {
            try {
                lease = EngineLease.acquire(client, refs.values().iterator().next().reference(), sessionLabels, sessionCpus, listener::message, () -> stopping);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopping = true;
            }
            if (lease != null) leaseNote[0] = lease.describe();
        } else {
            listener.message("note: --no-lease: this session measures without the engine's lease; another session's runs may overlap its own, "
                    + "and run.json says so");
        }
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
            EngineWatch.RunAttempts attempts = (run, given, cpuset) -> {
                ImageRef image = given;
                for (int attempt = 1; ; attempt++) {
                    RawRow row;
                    try {
                        row = RunOutcome.runOne(runner, steal, run, image, probes.get(run.cell().jdk()), options.runId(), out, cpuset, attempt);
                    } catch (RuntimeException e) {
                        if (!Images.missingImage(e)) throw e;
                        // removed under this session (docker rmi -f, an engine's cleanup): built again from the same inputs, once
                        image = rebuilt(matrix, run.cell().jdk(), image, refs, options, sessionLabels, listener, out);
                        row = RunOutcome.runOne(runner, steal, run, image, probes.get(run.cell().jdk()), options.runId(), out, cpuset, attempt);
                    }
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
                        EngineWatch.bounded(run, image, run.cell().cpuMode() == dev.jdkmatrix.matrix.CpuMode.CPUSET ? CpuSlots.cpuset(CpuSlots.pinned(run.cell(), sessionCpus)) : null,
                                attempts, client);
                    } catch (RuntimeException e) {
                        throw EngineWatch.engineLostOr(e, client, engine, run, out, done[0]);
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
                String cpuset = CpuSlots.packable(run.cell(), sessionCpus.size(), options.packing()) ? CpuSlots.cpuset(cpus)
                        : run.cell().cpuMode() == dev.jdkmatrix.matrix.CpuMode.CPUSET ? CpuSlots.cpuset(CpuSlots.pinned(run.cell(), sessionCpus)) : null;
                synchronized (storeLock) {
                    listener.runStarted(run, done[0], total[0]);
                    inFlight.merge(run.cell().id(), 1, Integer::sum);
                }
                workers.submit(() -> {
                    try {
                        if (!stopping && failure.get() == null) EngineWatch.bounded(run, image, cpuset, attempts, client);
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
            if (failure.get() instanceof RuntimeException e) throw EngineWatch.engineLostOr(e, client, engine, null, out, done[0]);
            if (failure.get() instanceof IOException e) throw e;
            if (failure.get() != null) throw new IllegalStateException(failure.get());
            completed[0] = true;
        } finally {
            try {
                List<RawRow> rows = RawCsv.read(out.resolve("raw.csv"));
                SummaryCsv.write(out.resolve("summary.csv"), Summarizer.summarize(rows, reps.hasTarget() ? reps.target() : Double.NaN,
                        matrix.cells().stream().map(Cell::id).toList()));
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
                // before the shutdown hook lets the JVM go on a signal: the lease and the holds are this session's last containers
                if (lease != null) EngineWatch.briefly(lease::close);
                releaseHolds();
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
        List<RawRow> all = RunSession.storedRows(out);
        Map<String, Integer> allCounts = new TreeMap<>();
        for (RawRow r : all) allCounts.merge(r.get("status"), 1, Integer::sum);
        return new Result(out, all.size(), allCounts, stopping, all.size() - rowsBefore);
    }

    /**
     * The JDK's run image, built if need be, and held for this session ({@link Images#hold}): an
     * image removed between its check and its hold (another client of the engine) is built again, once.
     */
    private ImageRef heldImage(Jdk jdk, Options options, Matrix matrix, Map<String, String> labels, Listener listener) {
        for (int attempt = 1; ; attempt++) {
            ImageRef ref = images.withWorkloads(images.ensure(jdk, listener::message), options.workloadsJar(), RunSession.userJars(matrix), listener::message);
            try {
                holds.add(images.hold(ref, RunSession.withRole(labels, "hold")));
                return ref;
            } catch (com.github.dockerjava.api.exception.NotFoundException e) {
                if (attempt > 1) {
                    throw new ExitException(ExitException.ENVIRONMENT, "image " + ref.reference() + " of jdk '" + jdk.name()
                            + "' was removed from the engine again as soon as it was built (" + Docker.rootMessage(e) + ")"
                            + "\n  fix: find what removes images on this engine (docker events --filter type=image) and stop it, then run again");
                }
                listener.message("image " + ref.reference() + " of jdk '" + jdk.name() + "' was removed by another client of the engine as it was checked; building it again");
            }
        }
    }

    /**
     * A run image removed under the running session (docker rmi -f, a cleanup of the engine), built
     * again from the same inputs, once per removal: the runs go on. If it cannot be built, one message
     * with the resume command.
     */
    private synchronized ImageRef rebuilt(Matrix matrix, String jdkName, ImageRef missing, Map<String, ImageRef> refs, Options options,
                                          Map<String, String> labels, Listener listener, Path out) {
        ImageRef current = refs.get(jdkName);
        if (current != null && current != missing) return current; // another run of this session built it again already
        listener.message("image " + missing.reference() + " of jdk '" + jdkName + "' was removed from the engine during the run; building it again from the same inputs");
        try {
            ImageRef again = heldImage(matrix.jdks().get(jdkName), options, matrix, labels, listener);
            refs.put(jdkName, again);
            return again;
        } catch (RuntimeException e) {
            int stored = RunSession.storedCount(out);
            throw new ExitException(ExitException.ENVIRONMENT, "image " + missing.reference() + " of jdk '" + jdkName + "' was removed from the engine during the run, "
                    + "and building it again failed: " + Docker.rootMessage(e) + ". " + (stored >= 0 ? "The " + stored + " runs stored in " + out.resolve("raw.csv") + " are intact" : "")
                    + "\n  fix: check the engine (docker system df, make base-image), then finish the run: jdkmatrix run --resume " + out
                    + " (through make: make matrix RUN_ARGS=\"--resume " + out + "\")", e);
        }
    }
}
