package dev.jdkmatrix.run;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.engine.Docker;
import dev.jdkmatrix.engine.EngineLease;
import dev.jdkmatrix.engine.EngineSession;
import dev.jdkmatrix.engine.Environment;
import dev.jdkmatrix.engine.JdkProbe;
import dev.jdkmatrix.engine.RunEngine;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Duets;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.matrix.Repetitions;
import dev.jdkmatrix.output.JmhIterations;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.FolderEnd;
import dev.jdkmatrix.results.format.IterationsCsv;
import dev.jdkmatrix.results.format.ResultsFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Runs a matrix: images first, then every planned run in its own container, each raw row
 * appended and synced the moment its run ends, then summary.csv and run.json. A session is put
 * together here from its parts: {@link SessionImages} (the run images), {@link SessionRecord}
 * (run.json), {@link RunStore} (the rows and the adaptive decisions), {@link Dispatch} (one by
 * one or side by side), {@link Attempts} (a run's attempts) and {@link SessionStop} (a signal).
 */
public final class MatrixRunner {

    /**
     * How it went: {@code runs} and {@code statusCounts} count every run stored in the folder (a
     * resumed run's earlier sessions included), {@code sessionRuns} those this process stored;
     * {@code end} what the folder's final files were written from (its comparisons and suites),
     * null where writing them failed.
     */
    public record Result(Path outDir, int runs, Map<String, Integer> statusCounts, boolean interrupted, int sessionRuns, FolderEnd end) {
        public boolean allOk() {
            // a noisy run was made again: it is no failure
            return !interrupted && statusCounts.keySet().stream().allMatch(s -> s.equals("ok") || s.equals("noisy"));
        }
    }

    /** Attempts of one run whose host steal passed max-steal; the last is kept as ok, its detail says so. */
    public static final int MAX_ATTEMPTS = RunDecisions.MAX_ATTEMPTS;

    private final StealMeter steal;
    /** This session's run images; null until the engine answers. */
    private SessionImages images;
    /** A signal's stop; null until the runs are about to begin. */
    private SessionStop stop;

    public MatrixRunner() {
        this(StealMeter.HOST);
    }

    /** A runner that reads the host's CPU steal through {@code steal}. */
    public MatrixRunner(StealMeter steal) {
        this.steal = java.util.Objects.requireNonNull(steal, "steal");
    }

    public Result run(Matrix matrix, RunOptions options, RunListener listener) {
        Path out = options.outDir();
        Docker.checkNamedEngine(); // before anything is written
        if (!options.resume()) RunSession.refuseStoredRuns(out); // and before any image or container: a new run needs a folder without runs
        boolean existed = Files.exists(out);
        try (ResultsFolder folder = ResultsFolder.lock(out)) { // made where missing, and refused while another process holds it
            Path jar = options.workloadsJar();
            if (!Files.isRegularFile(jar)) {
                throw new ExitException(ExitException.ENVIRONMENT, "workloads jar " + jar + " does not exist\n  fix: run 'make build' (or pass --workloads-jar)");
            }
            return runLocked(folder, matrix, options, listener);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw RunSession.writeFailed(e, out);
        } catch (RuntimeException e) {
            // refused or failed before any run was stored (an image that cannot be pulled or built, a JDK the probe refuses):
            // a folder this session made leaves nothing behind but the logs that say why
            if (!existed) RunSession.removeIfNoRuns(out);
            throw e;
        } finally {
            if (images != null) images.release(); // a session that ended before its runs began
        }
    }

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
            if (c.cpuMode() != dev.jdkmatrix.model.CpuMode.CPUSET) {
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

    private Result runLocked(ResultsFolder folder, Matrix matrix, RunOptions options, RunListener listener) throws IOException {
        Path out = folder.dir();
        // a failure in a thread of the Docker client (a callback when the engine goes away) goes to the run's log, not the terminal
        Path uncaught = out.resolve("logs").resolve("harness-errors.log");
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> EngineWatch.appendTrace(uncaught, "in thread " + t.getName(), e));
        try (EngineSession engine = EngineSession.open(options.cluster())) { // a cluster's client closed when the session ends, however it ends
            return session(engine, folder, matrix, options, listener);
        }
    }

    /** The session, its runs measured on {@code engine} (the Docker engine or a cluster) and stored in {@code folder}. */
    private Result session(EngineSession engine, ResultsFolder folder, Matrix matrix, RunOptions options, RunListener listener) throws IOException {
        Path out = folder.dir();
        engine.check(matrix);
        engine.sweep(out, listener::message);
        Map<String, String> labels = RunSession.labels(options, out);
        images = new SessionImages(engine, matrix, options, labels, listener);
        SessionRecord.Start start = start(engine, folder, matrix, options, listener);
        SessionRecord record = new SessionRecord(out, options, matrix, start, images);
        folder.writeRunJson(record.at(null, start.storedAtStart()));
        Repetitions reps = matrix.repetitions();
        if (reps.adaptive()) listener.message("repetitions: " + reps.text() + "; " + start.plan().size() + " runs at most, fewer as cells reach the target");

        EngineSession.MeasuredOn measuredOn = engine.measuredOn();
        if (measuredOn != null) {
            listener.message(measuredOn.where());
            record.measuredOn(measuredOn.where(), measuredOn.cluster());
        }
        RunEngine runner = engine.runs(matrix, images.refs(), options.runId(), out, listener::message);
        stop = new SessionStop(runner::abortCurrent);
        EngineLease lease = lease(engine, options, labels, start.sessionCpus(), record, listener);
        boolean completed = false;
        FolderEnd ended = null;
        // every cell of the matrix, not only this shard's: shards of one plan share their columns
        List<String> paramColumns = Columns.params(matrix.cells().stream().flatMap(c -> c.params().keySet().stream()).toList());
        try (ResultsFolder.Appending raw = folder.append(paramColumns)) {
            RunStore store = new RunStore(raw, matrix, start.plan(), start.storedAtStart(), options.keepGoing() ? null : new FailFast(start.plan()), listener, stop);
            Attempts attempts = new Attempts(runner, steal, images, start.probes(), options.runId(), out, matrix.maxSteal(), store, stop);
            Dispatch.Context context = new Dispatch.Context(engine.ping(start.engine()), out, start.sessionCpus(), attempts, store, stop);
            place(engine.placing(matrix, start.plan(), start.sessionCpus(), options.packing() != CpuSlots.Packing.OFF, listener::message),
                    matrix, start.plan(), context, options.packing(), listener, (runs, dispatch) -> measure(runs, start, store, dispatch, options.runId()));
            completed = true;
        } finally {
            ended = end(folder, record, lease, completed, listener);
        }
        List<RawRow> all = ended != null ? ended.rows() : folder.rows(); // the rows found at the start and those appended: raw.csv is read once
        Map<String, Integer> allCounts = new TreeMap<>();
        for (RawRow r : all) allCounts.merge(r.status(), 1, Integer::sum);
        return new Result(out, all.size(), allCounts, stop.stopping(), all.size() - start.storedAtStart().size(), ended);
    }

    /** The session's measuring of some runs through one dispatch. */
    private interface Measure {
        void runs(List<PlannedRun> runs, Dispatch dispatch) throws IOException;
    }

    /** The plan's runs, measured through {@code measure} as the engine places them ({@code packing}: what --parallel asked). */
    private static void place(EngineSession.Placing placing, Matrix matrix, List<PlannedRun> plan, Dispatch.Context context, CpuSlots.Packing packing,
                              RunListener listener, Measure measure) throws IOException {
        switch (placing) {
            case EngineSession.Placing.AsAsked asAsked -> measure.runs(plan, Dispatch.of(context, packing));
            case EngineSession.Placing.Together together -> measure.runs(plan, new Dispatch.Together(context, together.duets()));
            case EngineSession.Placing.Lanes width -> {
                List<List<PlannedRun>> lanes = Lanes.of(matrix, plan);
                listener.message("--parallel on the cluster: " + lanes.size() + " comparison group(s), " + Math.min(width.width(), lanes.size())
                        + " at once (its nodes that take measured pods: " + width.width() + "), each group's runs one after another on one node");
                try {
                    Lanes.measure(lanes, width.width(), (runs, othersFailed) -> measure.runs(runs, new Dispatch.OneByOne(context, othersFailed)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /**
     * What the session needs before its first run: the engine (and whether it takes the matrix),
     * the run images built or found and held, each JDK probed, the plan of this shard and what of it is stored.
     */
    private SessionRecord.Start start(EngineSession on, ResultsFolder folder, Matrix matrix, RunOptions options, RunListener listener) throws IOException {
        Path out = folder.dir();
        RunMetadata before = options.resumed(); // as the command read it: run.json is read once
        RunMetadata.Engine engine = on.describe();
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
        int duetCpus = options.engineCpus() != null ? options.engineCpus().size() : hostCpus;
        String noDuet = matrix.order() == Matrix.Order.DUET && on.ownsCpus() ? Duets.refusal(matrix, duetCpus) : null;
        if (noDuet != null) { // before any image is built
            throw new ExitException(ExitException.BAD_INPUT, matrix.file() + ": order duet on " + (options.engineCpus() != null ? "the " + duetCpus
                    + " CPU(s) --engine-cpus gives this session" : engine.describe()) + ": " + noDuet);
        }
        RunMetadata.Host host = Environment.host();
        long imagesStart = System.nanoTime();
        images.ensureAll();
        Map<String, JdkProbe> probes = RunSession.probe(on, images, options, out, matrix, listener);
        double imagesSeconds = (System.nanoTime() - imagesStart) / 1e9;
        listener.message(String.format(java.util.Locale.ROOT, "images ready in %.2f s", imagesSeconds));
        List<PlannedRun> plan = options.shard().select(matrix);
        if (plan.isEmpty()) throw options.shard().empty(matrix);
        List<RawRow> storedAtStart = folder.rows(); // read once: what a resume skips, and what the screen's ETA learns from
        Set<String> stored = RunSession.storedRuns(storedAtStart, out, options, matrix, before);
        if (!stored.isEmpty()) listener.message("resuming: " + stored.size() + " of " + plan.size() + " runs are stored already");
        if (matrix.order() == Matrix.Order.BLOCKED && options.packing() != CpuSlots.Packing.OFF && on.ownsCpus()) {
            listener.message("note: order blocked with --parallel: each group's runs start back to back as planned, and may run side by side on "
                    + "disjoint CPUs; a pair of runs made side by side shares the machine's disturbance too, but also each other's");
        }
        listener.stored(storedAtStart);
        // the CPUs this session measures on: the engine's, or those --engine-cpus gives it
        List<Integer> sessionCpus = options.engineCpus() != null ? options.engineCpus() : CpuSlots.all(hostCpus);
        return new SessionRecord.Start(engine, host, sessionCpus, probes, imagesSeconds, plan, stored, before, storedAtStart);
    }

    /** The engine's lease on the session's CPUs (null with --no-lease, on a cluster, or when a signal came while it waited). */
    private EngineLease lease(EngineSession engine, RunOptions options, Map<String, String> labels, List<Integer> cpus,
                              SessionRecord record, RunListener listener) {
        try {
            EngineLease lease = engine.lease(images.refs().values().iterator().next().reference(), labels, cpus, options.lease(), listener::message, stop);
            if (lease != null) record.leased(lease);
            return lease;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.stop();
            return null;
        }
    }

    /**
     * The plan's runs in order: those stored already counted as done, those of a workload whose
     * first round failed stored as skipped, those the adaptive repetitions leave out left out, the
     * rest dispatched; until the plan ends, a signal, or a failure.
     */
    private void measure(List<PlannedRun> runs, SessionRecord.Start start, RunStore store, Dispatch dispatch, String runId) throws IOException {
        try {
            for (PlannedRun run : runs) {
                if (stop.stopping() || dispatch.failed()) break;
                dispatch.next(run);
                if (stop.stopping() || dispatch.failed()) break;
                String skipped = store.skips(run);
                if (start.stored().contains(run.key())) {
                    store.storedBefore();
                } else if (skipped != null) {
                    store.store(run, RunOutcome.skipped(run, runId, images.of(run.cell().jdk()).reference(), skipped));
                } else if (!store.enough(run)) {
                    dispatch.start(run, images.of(run.cell().jdk()));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        dispatch.finish();
    }

    /**
     * The session's end, however it ends: summary.csv, comparisons.csv, iterations.csv.gz (from the
     * JMH runs' logs) and run.json from the rows
     * stored (a failure to write them reported unless the run failed first: that one is shown),
     * the resume command after a signal, then the lease and the holds released. Returns what the
     * files were written from, the rows stored read once here (null where reading or writing them
     * failed after the run had failed).
     */
    private FolderEnd end(ResultsFolder folder, SessionRecord record, EngineLease lease, boolean completed, RunListener listener) throws IOException {
        Path out = folder.dir();
        try {
            List<RawRow> rows = folder.rows(); // as raw.csv holds them: those found at the start, then those appended
            RunMetadata ended = record.at(Instant.now().truncatedTo(ChronoUnit.MILLIS).toString(), rows);
            return folder.writeEnd(ended, JmhIterations.fromLogs(out, rows));
        } catch (IOException | RuntimeException e) {
            if (completed) throw e;
            return null;
        } finally {
            if (stop.stopping()) {
                // printed before the shutdown hook lets the JVM go
                listener.message("interrupted: the container of the run in flight was stopped and that run not stored; the runs stored in "
                        + out.resolve(ResultsFolder.RAW) + " are intact. Finish the run with: jdkmatrix run --resume " + out
                        + " (through make: make matrix RUN_ARGS=\"--resume " + out + "\")");
            }
            // before the shutdown hook lets the JVM go on a signal: the lease and the holds are this session's last containers
            if (lease != null) EngineWatch.briefly(lease::close);
            images.release();
            stop.ended();
        }
    }
}
