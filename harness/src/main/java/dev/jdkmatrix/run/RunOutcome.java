package dev.jdkmatrix.run;

import dev.jdkmatrix.engine.Commands;
import dev.jdkmatrix.engine.JdkProbe;
import dev.jdkmatrix.engine.RunEngine;
import dev.jdkmatrix.engine.RunSlot;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.output.ContainerResult;
import dev.jdkmatrix.output.JvmInternals;
import dev.jdkmatrix.output.Outcome;
import dev.jdkmatrix.output.PinnedEvents;
import dev.jdkmatrix.output.Profiles;
import dev.jdkmatrix.output.Readings;
import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.FigureFormat;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The outcome of one run: its container run and timed, its log written, its result read (the
 * workload's record, JMH's JSON, a jar's figure; the JFR recording's pinned events; the JVM's
 * internals), how it ended
 * classified ({@link Outcome}), and all of it as the run's raw row.
 */
final class RunOutcome {

    private RunOutcome() {}

    static RawRow runOne(RunEngine runner, StealMeter stealMeter, PlannedRun run, ImageRef image, JdkProbe jdk, String runId, Path out, RunSlot slot, int attempt)
            throws IOException {
        Cell cell = run.cell();
        long t0 = System.nanoTime();
        RunFiles files = RunFiles.of(run, attempt);
        // the run id alone is not unique on an engine: two sessions of one matrix started in the same second have the same default one
        String name = "jdkmatrix-" + runId.replaceAll("[^A-Za-z0-9_.-]", "-") + "-" + ProcessHandle.current().pid() + "-" + files.file();
        // a profiled cell's profile run samples with async-profiler; every other run is as the cell says
        Profile profile = run.phase() == PlannedRun.Phase.PROFILE ? cell.profile() : Profile.NONE;
        StealMeter.Span span = stealMeter.start();
        // a JMH run warmed up until steady is stopped once its iterations are (a profile run goes to its end: its samples cover every iteration)
        RunSlot watched = profile == Profile.NONE ? slot.stoppedWhen(UntilSteady.of(cell)) : slot;
        ContainerResult res = runner.run(cell, image.reference(), name, watched, files.outputs(cell, profile, out), profile);
        double steal = span.percent();
        long logStart = System.nanoTime();
        try {
            Files.writeString(out.resolve(files.log()), logText(run, image, res), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException("cannot write the log of run seq " + run.sequence() + " to " + out.resolve(files.log()) + ": " + e.getMessage(), e);
        }
        Map<String, String> jfr = cell.jfr() ? readJfr(out, files.jfr()) : Map.of();
        // a built-in workload's samples come as JFR, kept for its measured section only
        String collapsed = profile != Profile.NONE && cell.kind() instanceof dev.jdkmatrix.matrix.WorkloadKind.Builtin
                ? Profiles.fromJfr(out, files.profileJfr(), files.stacks(), profile, Readings.section(res.stdout())) : files.stacks();
        Map<String, String> stacks = profile == Profile.NONE ? Map.of() : Profiles.store(out, collapsed, "profiles/" + files.file() + ".collapsed.gz", profile);
        // the GC log stays in logs/ beside the run's output; the counters, once read, are not kept
        Map<String, String> internals = cell.internals() ? RunFigure.columns(JvmInternals.read(out.resolve(files.gcLog()), out.resolve(files.perf())).figures()) : Map.of();
        Files.deleteIfExists(out.resolve(files.perf()));
        double logMs = (System.nanoTime() - logStart) / 1e6;

        Map<String, String> v = identity(run, runId, image.reference(), attempt);
        v.putAll(containerColumns(res, logMs, slot.cpuset(), steal));
        v.putAll(duetColumns(slot));
        v.putAll(jfr);
        v.putAll(stacks);
        v.putAll(internals);

        Path jmhFile = out.resolve(files.jmh());
        String jmhJson = Files.isRegularFile(jmhFile) ? Files.readString(jmhFile, StandardCharsets.UTF_8) : null;
        // a JMH run's iterations, parsed once: its steady state, and a run stopped at it has its columns from them
        java.util.List<dev.jdkmatrix.model.JmhIteration> iterations = cell.kind() instanceof dev.jdkmatrix.matrix.WorkloadKind.Jmh
                ? dev.jdkmatrix.output.JmhIterations.parse(res.stdout()) : java.util.List.of();
        Readings.Reading reading = Readings.read(cell, res, jmhJson, iterations);
        // the JDK as the probe saw it in this image; a workload's own record (or JMH's JSON) may say more and wins
        v.put("java_vendor", jdk.vendor());
        v.put("java_version", jdk.version());
        v.put("java_runtime_version", jdk.runtimeVersion());
        v.put("java_vm_name", jdk.vmName());
        if (reading instanceof Readings.Reading.Found f) f.columns().forEach((k, val) -> {
            if (!val.isEmpty() || !v.containsKey(k)) v.put(k, val);
        });
        if (cell.kind() instanceof dev.jdkmatrix.matrix.WorkloadKind.Jmh) v.putAll(RunIterations.columns(iterations, "higher".equals(v.get("score_better"))));
        String progress = Readings.lastProgress(res.stdout());
        Outcome outcome = Outcome.classify(cell, res, reading, files.log(), progress);
        if (!(outcome instanceof Outcome.Ok) && progress != null && v.getOrDefault("metrics", "").isEmpty()) {
            v.put("metrics", progress); // a run killed before its record: how far it got, as metrics (elapsed_ms, submitted, the workload's own)
        }
        // a JMH run judged on its iterations may end invalid after all: the status is set once, from the outcome as judged
        if (cell.kind() instanceof dev.jdkmatrix.matrix.WorkloadKind.Jmh j && j.warmup() instanceof dev.jdkmatrix.matrix.WorkloadKind.Jmh.Warmup.UntilSteady u
                && profile == Profile.NONE && !res.stopped() && !UntilSteady.heldAtSomePoint(iterations, cell)) {
            outcome = RunIterations.neverSteady(outcome, v, iterations, u);
        } else if (cell.kind() instanceof dev.jdkmatrix.matrix.WorkloadKind.Jmh j && j.score() == dev.jdkmatrix.matrix.WorkloadKind.Jmh.Score.STEADY) {
            outcome = RunIterations.scoreSteady(outcome, v, iterations, "higher".equals(v.get("score_better")));
        }
        v.put("status", outcome.status());
        v.put("status_detail", outcome.detail());
        double uptime = reading instanceof Readings.Reading.Found f ? parseOr(f.columns().get("jvm_uptime_ms")) : Double.NaN;
        double total = (System.nanoTime() - t0) / 1e6;
        v.putAll(RunFigure.columns(Map.of(RunFigure.HARNESS_OVERHEAD_MS, total - uptime)));
        return new RawRow(v);
    }

    /** What the container did: its start, exit and timings, the CPUs it ran on, the host's steal during it, its cgroup's throttling. */
    private static Map<String, String> containerColumns(ContainerResult res, double logMs, String cpuset, double steal) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("started_at", res.startedAt());
        v.put("oom_killed", Boolean.toString(res.oomKilled()));
        v.put("cpuset", cpuset == null ? "" : cpuset);
        v.put("node", res.node());
        Map<RunFigure, Double> f = new java.util.EnumMap<>(RunFigure.class);
        f.put(RunFigure.EXIT_CODE, (double) res.exitCode());
        f.put(RunFigure.CONTAINER_WALL_MS, Double.isFinite(res.runMs()) ? res.runMs() : res.waitMs());
        f.put(RunFigure.CREATE_MS, res.createMs());
        f.put(RunFigure.START_MS, res.startMs());
        f.put(RunFigure.COLLECT_MS, res.collectMs());
        f.put(RunFigure.WAIT_MS, res.waitMs());
        f.put(RunFigure.LOG_MS, logMs);
        f.put(RunFigure.HOST_STEAL_PCT, steal);
        if (res.cpuStat() != null) {
            f.put(RunFigure.CPU_PERIODS, (double) res.cpuStat().periods());
            f.put(RunFigure.CPU_THROTTLED_PERIODS, (double) res.cpuStat().throttledPeriods());
            f.put(RunFigure.CPU_THROTTLED_MS, res.cpuStat().throttledMs());
        }
        v.putAll(RunFigure.columns(f));
        return v;
    }

    /** A duet's side: the sequence numbers of the runs it started with, and at most how far apart their starts were (ms); empty alone. */
    static Map<String, String> duetColumns(RunSlot slot) {
        if (slot.together() == null) return Map.of();
        java.util.OptionalDouble skew = slot.together().skewMs();
        return Map.of("duet_with", String.join(" ", slot.together().partners()),
                "start_skew_ms", skew.isPresent() ? FigureFormat.MS.text(skew.getAsDouble()) : "");
    }

    /** A run's files under the results folder, named by its sequence (a second attempt's get -a2), and where its container's go. */
    record RunFiles(String file) {
        static RunFiles of(PlannedRun run, int attempt) {
            return new RunFiles(String.format("%05d", run.sequence()) + (attempt > 1 ? "-a" + attempt : ""));
        }

        String log() {
            return "logs/" + file + ".log";
        }

        String jfr() {
            return "logs/" + file + ".jfr";
        }

        String jmh() {
            return "logs/" + file + ".jmh.json";
        }

        String stacks() {
            return "logs/" + file + ".collapsed";
        }

        String profileJfr() {
            return "logs/" + file + ".profile.jfr";
        }

        String gcLog() {
            return "logs/" + file + ".gc.log";
        }

        String perf() {
            return "logs/" + file + ".hsperf";
        }

        /** Each file the container writes for the harness ({@link Commands#outputFiles}) and where it is copied to. */
        Map<String, Path> outputs(Cell cell, Profile profile, Path out) {
            Map<String, Path> files = new LinkedHashMap<>();
            Commands.outputFiles(cell, profile).forEach((inContainer, what) -> files.put(inContainer, out.resolve(switch (what) {
                case "jfr" -> jfr();
                case "profile" -> stacks();
                case "profile-jfr" -> profileJfr();
                case "gc-log" -> gcLog();
                case "perf-data" -> perf();
                default -> jmh();
            })));
            return files;
        }
    }

    /** The columns that say which run a row is: the session's run, the planned run, its cell and the cell's axes. */
    static Map<String, String> identity(PlannedRun run, String runId, String image, int attempt) {
        Cell cell = run.cell();
        Map<String, String> v = new LinkedHashMap<>();
        v.put("run_id", runId);
        v.put("seq", Integer.toString(run.sequence()));
        dev.jdkmatrix.results.CellColumns.write(cell.key(), v);
        v.put("phase", run.phase().text());
        v.put("rep", Integer.toString(run.repetition()));
        v.put("image", image);
        for (Map.Entry<String, String> p : cell.params().entrySet()) v.put(Columns.param(p.getKey()), p.getValue());
        v.put("attempt", Integer.toString(attempt));
        return v;
    }

    /** A run the session did not make ({@link FailFast}): its row, status {@code skipped}, says why. */
    static RawRow skipped(PlannedRun run, String runId, String image, String detail) {
        Map<String, String> v = identity(run, runId, image, 1);
        v.put("status", FailFast.SKIPPED);
        v.put("status_detail", detail);
        return new RawRow(v);
    }

    /** The pinned-event columns of a run's recording; empty when the JVM wrote none (killed, out of memory). */
    static Map<String, String> readJfr(Path out, String name) {
        Map<String, String> v = new LinkedHashMap<>();
        if (!Files.isRegularFile(out.resolve(name))) return v;
        v.put("jfr_file", name);
        try {
            PinnedEvents p = PinnedEvents.read(out.resolve(name));
            v.putAll(RunFigure.columns(p.figures()));
            v.put("pinned_top_frame", p.topFrame());
            v.put("pinned_reason", p.reason());
            v.put("pinned_blocking_operation", p.blockingOperation());
        } catch (IOException e) {
            v.put("pinned_top_frame", "unreadable recording: " + e.getMessage());
        }
        return v;
    }

    static double parseOr(String s) {
        try {
            return Double.parseDouble(s);
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    static String logText(PlannedRun run, ImageRef image, ContainerResult res) {
        return "# cell: " + run.cell().id() + "\n"
                + "# run: " + run.phase().text() + " " + run.repetition() + ", seq " + run.sequence() + "\n"
                + "# image: " + image.reference() + " (" + image.imageId() + ")\n"
                + "# container: " + res.containerName() + " " + res.containerId() + "\n"
                + "# command: " + String.join(" ", Commands.command(run.cell(), null,
                        run.phase() == PlannedRun.Phase.PROFILE ? run.cell().profile() : Profile.NONE)) + "\n"
                + "# exit: " + res.exitCode() + (res.oomKilled() ? " (oom-killed)" : "") + (res.timedOut() ? " (timeout)" : "")
                + (res.stopped() ? " (stopped by the harness: its iterations had held a steady state)" : "") + "\n"
                + "# --- stdout\n" + res.stdout() + (res.stdout().endsWith("\n") || res.stdout().isEmpty() ? "" : "\n")
                + "# --- stderr\n" + res.stderr();
    }
}
