package dev.jdkmatrix.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A session's stop on a signal (SIGINT, SIGTERM): a shutdown hook that says the session is
 * stopping, aborts the run in flight, and lets the JVM go once the session has ended (its files
 * written, its lease and holds released), or after 20 s.
 */
final class SessionStop implements BooleanSupplier {

    private volatile boolean stopping;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final Thread hook;

    SessionStop(Runnable abort) {
        hook = new Thread(() -> {
            stopping = true;
            abort.run();
            try {
                ended.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "jdkmatrix-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    boolean stopping() {
        return stopping;
    }

    @Override
    public boolean getAsBoolean() {
        return stopping;
    }

    /** Stops the session without a signal (interrupted while it waited for the lease). */
    void stop() {
        stopping = true;
    }

    /** The session has ended: a signal's hook lets the JVM go; without one, the hook goes. */
    void ended() {
        ended.countDown();
        if (!stopping) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already
            }
        }
    }
}
