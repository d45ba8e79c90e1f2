package dev.jdkmatrix.run;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.engine.EngineSession;
import dev.jdkmatrix.engine.Environment;
import dev.jdkmatrix.engine.JdkProbe;
import dev.jdkmatrix.engine.Labels;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Estimate;
import dev.jdkmatrix.matrix.Matrix;
import dev.jdkmatrix.matrix.MatrixKeys;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.matrix.WorkloadKind;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigures;
import dev.jdkmatrix.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run's session with its results folder: the lock that keeps a second harness out, the rows
 * stored already (a resume skips them, a new run refuses a folder that has some), the JDK probes,
 * and what run.json records of the plan and the sessions.
 */
final class RunSession {

    private RunSession() {}

    /**
     * A write of the results that failed (disk full, folder removed, permission changed): which
     * file and what failed, that the rows stored before are intact, and how to go on.
     */
    static ExitException writeFailed(Exception e, Path out) {
        Throwable cause = e instanceof java.io.UncheckedIOException u ? u.getCause() : e;
        String what = e.getMessage() == null ? cause.toString() : e.getMessage();
        int stored = storedCount(out);
        return new ExitException(ExitException.ENVIRONMENT, what + ". " + (stored >= 0 ? "The " + stored + " runs stored in " + out.resolve(dev.jdkmatrix.results.format.ResultsFolder.RAW)
                + " are intact (a row cut by the failure is dropped when the run is resumed)" : "raw.csv could not be read back")
                + "\n  fix: free space on the disk of " + out + " (df -h " + out + ") or restore its permissions, then finish the run: jdkmatrix run --resume "
                + out + " (through make: make matrix RUN_ARGS=\"--resume " + out + "\")", e);
    }

    /** A new run into a folder that holds runs is refused before anything is made (the check under the lock stays, for a race). */
    static void refuseStoredRuns(Path out) {
        int n = storedCount(out); // unreadable (-1): the check under the lock says what is wrong with it
        if (n > 0) throw holdsRuns(out, n);
    }

    /** A new run into a folder that holds {@code n} runs: refused, with the resume that finishes them. */
    private static ExitException holdsRuns(Path out, int n) {
        return new ExitException(ExitException.BAD_INPUT, "results folder " + out + " holds " + n + " stored runs already"
                + "\n  fix: finish that run with 'run --resume " + out + "', or write to a new folder with --out");
    }

    /** How many runs the folder's raw.csv holds, or -1 when it cannot be read. */
    static int storedCount(Path out) {
        try {
            return storedRows(out).size();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * Removes what a session made in a results folder it created, when it stored no run: the lock,
     * run.json, an empty logs folder and the folder if nothing else is left (a log that says why
     * it failed stays).
     */
    static void removeIfNoRuns(Path out) {
        if (Files.exists(out.resolve(dev.jdkmatrix.results.format.ResultsFolder.RAW))) return;
        try {
            Files.deleteIfExists(out.resolve(dev.jdkmatrix.results.format.ResultsFolder.LOCK));
            Files.deleteIfExists(out.resolve(dev.jdkmatrix.results.format.ResultsFolder.RUN_JSON));
            Path logs = out.resolve("logs");
            if (Files.isDirectory(logs)) {
                try (var files = Files.list(logs)) {
                    if (files.findAny().isEmpty()) Files.delete(logs);
                }
            }
            try (var left = Files.list(out)) {
                if (left.findAny().isEmpty()) Files.delete(out);
            }
        } catch (IOException | RuntimeException e) {
            // what is left says nothing wrong; the refusal is the message
        }
    }

    /** The runs the folder holds now, read afresh: what a message says is intact. */
    static List<RawRow> storedRows(Path out) throws IOException {
        return dev.jdkmatrix.results.format.ResultsFolder.at(out).rows();
    }

    /**
     * The runs already in the folder ({@code rows}, its raw.csv as the session found it). A new run
     * refuses a folder that has some; a resumed run refuses one whose matrix changed, and skips what is stored.
     */
    static java.util.Set<String> storedRuns(List<RawRow> rows, Path out, RunOptions options, Matrix matrix, RunMetadata before) {
        if (!options.resume()) {
            if (!rows.isEmpty()) throw holdsRuns(out, rows.size());
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

    /** The labels of what a session creates on the engine: its run, pid, host and results folder. */
    static Map<String, String> labels(RunOptions options, Path out) {
        return Map.of(Labels.RUN, options.runId(), Labels.PID, Long.toString(ProcessHandle.current().pid()),
                Labels.HOST, Environment.hostname(), Labels.OUT, out.toAbsolutePath().normalize().toString());
    }

    /** {@code labels} with the role of the container: probe, hold or lease. */
    static Map<String, String> withRole(Map<String, String> labels, String role) {
        Map<String, String> all = new LinkedHashMap<>(labels);
        all.put(Labels.ROLE, role);
        return all;
    }

    /**
     * Asks each JDK image what it holds, says it, refuses built-in workloads on a JDK older than 21
     * before any run, and points out two JDK entries that are the same build. A run image removed
     * since it was built and held (its tag moved by another session's build of the same inputs, then
     * that image cleaned up: seen once in a fresh-clone .ci/run) is built again, once, as for a run.
     */
    static Map<String, JdkProbe> probe(EngineSession engine, SessionImages images, RunOptions options, Path out, Matrix matrix, RunListener listener) {
        Map<String, ImageRef> refs = new TreeMap<>(images.refs());
        // the labels of a run's containers, so that a probe left by a killed harness is removed with its other leftovers
        Map<String, String> labels = withRole(labels(options, out), "probe");
        Map<String, JdkProbe> probes = new TreeMap<>();
        for (ImageRef ref : refs.values()) {
            List<String> profiled = matrix.cells().stream().filter(c -> c.jdk().equals(ref.jdk()) && c.profile() != dev.jdkmatrix.matrix.Profile.NONE).map(Cell::id).toList();
            JdkProbe p;
            try {
                p = engine.probe(ref.reference(), ref.jdk(), labels, profiled);
            } catch (RuntimeException e) {
                if (!dev.jdkmatrix.images.Images.missingImage(e)) throw e;
                ImageRef again = images.rebuilt(ref.jdk(), ref, out);
                p = engine.probe(again.reference(), again.jdk(), labels, profiled);
            }
            probes.put(ref.jdk(), p);
            listener.message("jdk " + ref.jdk() + ": " + p.vendor() + " " + p.runtimeVersion() + " (" + p.vmName() + ")");
        }
        for (Cell c : matrix.cells()) {
            JdkProbe p = probes.get(c.jdk());
            if (c.kind() instanceof WorkloadKind.Builtin && p.feature() > 0 && p.feature() < MatrixKeys.BUILTIN_MIN_FEATURE) {
                throw new ExitException(ExitException.BAD_INPUT, matrix.file() + ": cell '" + c.id() + "' runs the built-in workload '" + c.workload() + "' on jdk '"
                        + c.jdk() + "', whose image holds JDK " + p.feature() + " (" + p.vendor() + " " + p.runtimeVersion() + "); the built-in workloads need JDK "
                        + MatrixKeys.BUILTIN_MIN_FEATURE + "+ (virtual threads)"
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

    /** run.json of a run whose raw.csv holds {@code rows}. */
    static RunMetadata metadata(List<RawRow> rows, RunOptions options, Matrix matrix, String commit, boolean dirty, Instant started, String ended,
                                 RunMetadata.Host host, RunMetadata.Engine engine, List<RunMetadata.Image> images, RunMetadata.Plan plan,
                                 double imagesSeconds, List<RunMetadata.Session> sessions, RunMetadata.Repository repository) {
        RunFigures figures = RunFigures.of(rows);
        return new RunMetadata(RunMetadata.SCHEMA, options.runId(), matrix.file().toString(), matrix.name(), matrix.sha256(), commit, dirty,
                started.toString(), ended, host, engine, images, figures.jdkBuilds(), plan, figures.statusCounts(), figures.overhead(),
                RunFigures.round(imagesSeconds), List.of(), sessions, jars(options.workloadsJar(), matrix), matrix.runnerClass(), repository, options.baselines());
    }

    /** The jars the run images hold: the workloads jar (when it can be read) and the user's, each with its SHA-256. */
    static List<RunMetadata.Jar> jars(Path workloadsJar, Matrix matrix) {
        List<RunMetadata.Jar> out = new java.util.ArrayList<>();
        if (workloadsJar != null && Files.isRegularFile(workloadsJar)) {
            try (var in = Files.newInputStream(workloadsJar)) {
                java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
                byte[] buf = new byte[1 << 16];
                for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
                out.add(new RunMetadata.Jar(workloadsJar.getFileName().toString(), workloadsJar.toString(), java.util.HexFormat.of().formatHex(md.digest())));
            } catch (IOException | java.security.NoSuchAlgorithmException e) {
                // run.json is written without it; the run image's tag still names its bytes
            }
        }
        for (WorkloadKind.UserJar u : userJars(matrix)) out.add(new RunMetadata.Jar(u.path().getFileName().toString(), u.path().toString(), u.sha256()));
        return out;
    }
}
