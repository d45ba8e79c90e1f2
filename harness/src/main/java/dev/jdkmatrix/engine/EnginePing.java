package dev.jdkmatrix.engine;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The engine a session's runs are measured on, as a run's watch asks it ({@link EngineSession#ping}):
 * whether it answers a ping within a few seconds, its name in a sentence ("the Docker engine ...",
 * "the Kubernetes cluster at ...") and how to bring it back, the fix's first part.
 */
public record EnginePing(BooleanSupplier answering, String what, String restart) {

    public EnginePing {
        Objects.requireNonNull(answering, "answering");
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(restart, "restart");
    }

    public boolean answers() {
        return answering.getAsBoolean();
    }

    /** Whether {@code call} returns, without throwing, within 5 s. */
    static boolean within5s(Runnable call) {
        CompletableFuture<Boolean> ping = CompletableFuture.supplyAsync(() -> {
            try {
                call.run();
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
}
