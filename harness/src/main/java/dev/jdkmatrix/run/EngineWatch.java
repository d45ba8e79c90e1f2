package dev.jdkmatrix.run;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.engine.Docker;
import dev.jdkmatrix.engine.EnginePing;
import dev.jdkmatrix.engine.RunSlot;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.matrix.PlannedRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * Watching the engine while a run goes on: a run's Docker calls go on a thread of their own, and a
 * run long past its cell's timeout asks whether the engine still answers; one that does not ends
 * the run as the engine lost (exit 4), with the stored runs safe and the resume command.
 */
final class EngineWatch {

    private EngineWatch() {}

    /**
     * What a run's failure means: when the engine no longer answers a ping, an {@link ExitException}
     * with {@link ExitException#ENGINE_LOST} that says which run, what failed, that the stored runs
     * are safe and how to resume (the stack trace goes to logs/engine-lost.log, not the terminal);
     * otherwise the failure itself. The run in flight is not stored: the resume runs it again.
     */
    static RuntimeException engineLostOr(RuntimeException e, EnginePing engine, PlannedRun run, Path out, int stored) {
        if (e instanceof ExitException) return e;
        if (engine.answers()) return e;
        Path log = out.resolve("logs").resolve("engine-lost.log");
        appendTrace(log, "the engine stopped answering" + (run == null ? "" : " during seq " + run.sequence() + ", cell " + run.cell().id()), e);
        String dir = out.toString();
        return new ExitException(ExitException.ENGINE_LOST, engine.what() + " stopped answering"
                + (run == null ? "" : " during run seq " + run.sequence() + " (" + run.cell().id() + ", " + run.phase().text() + " " + run.repetition() + ")")
                + ": " + Docker.rootMessage(e) + ". The " + stored + " runs stored in " + out.resolve(dev.jdkmatrix.results.format.ResultsFolder.RAW) + " are intact; the run in flight was not stored "
                + "and the remaining runs were not attempted (details: " + log + ")"
                + "\n  fix: " + engine.restart() + ", then finish the run: jdkmatrix run --resume " + dir
                + " (through make: make matrix RUN_ARGS=\"--resume " + dir + "\")", e);
    }

    /** Appends a stack trace under a stamped header to a log of the run; a log that cannot be written leaves the message to say it all. */
    static void appendTrace(Path log, String header, Throwable e) {
        java.io.StringWriter trace = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(trace));
        try {
            Files.writeString(log, Instant.now() + " " + header + ":\n" + trace, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException io) {
            // nowhere to keep it
        }
    }

    /**
     * Runs a clean-up's Docker calls (a session's holds, its lease) on a daemon thread and waits at
     * most 5 s: an engine that stopped answering must not hold the harness at its end. What is left
     * is removed later (the next start's orphans, a lease's expiry, {@code jdkmatrix prune}).
     */
    static void briefly(Runnable cleanup) {
        Thread t = new Thread(cleanup, "jdkmatrix-cleanup");
        t.setDaemon(true);
        t.start();
        try {
            t.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * How long past its cell's timeout a run may go on before the harness asks whether the engine
     * still answers: 30 s. The system property {@code jdkmatrix.engineGraceSeconds} shortens it for
     * the tests (EngineLostIT), as {@code jdkmatrix.leaseExpirySeconds} does the lease's expiry.
     */
    static long graceMillis() {
        return java.time.Duration.ofSeconds(Long.getLong("jdkmatrix.engineGraceSeconds", 30)).toMillis();
    }

    /**
     * Runs one run's attempts on a thread of their own and waits for them: a Docker call that never
     * returns (an engine that stopped answering without closing its socket: a frozen dockerd, a
     * tunnel that hangs) would otherwise hold the harness for ever. Every Docker call of a run but
     * the wait for its exit takes seconds, and that wait ends at the cell's timeout; so once a run
     * has gone on {@link #graceMillis()} past its timeout the engine is pinged (5 s), and if it
     * does not answer the run fails as the engine lost (its thread, a daemon, is left behind;
     * the container, labelled, is removed by the next start). A SIGTERM still stops the run as before.
     */
    static void bounded(PlannedRun run, ImageRef image, RunSlot slot, RunAttempts attempts, EnginePing engine) throws IOException {
        java.util.concurrent.CompletableFuture<Void> done = new java.util.concurrent.CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                attempts.run(run, image, slot);
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        }, "jdkmatrix-run-" + run.sequence());
        t.setDaemon(true);
        t.start();
        long grace = graceMillis();
        long deadline = System.nanoTime() + (run.cell().timeout().toMillis() + grace) * 1_000_000L;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    done.get(1, TimeUnit.SECONDS);
                    return;
                } catch (java.util.concurrent.TimeoutException e) {
                    if (System.nanoTime() < deadline) continue;
                    if (!engine.answers()) {
                        throw new IllegalStateException("no answer from the engine " + grace / 1000 + " s past the run's timeout of "
                                + dev.jdkmatrix.matrix.Durations.text(run.cell().timeout()) + ", and none to a ping within 5 s");
                    }
                    deadline = System.nanoTime() + grace * 1_000_000L;
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

    /** One run of the plan with its attempts (see {@link MatrixRunner#MAX_ATTEMPTS}). */
    @FunctionalInterface
    interface RunAttempts {
        void run(PlannedRun run, ImageRef image, RunSlot slot) throws IOException;
    }
}
