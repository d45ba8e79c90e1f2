package dev.jdkmatrix.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The template of the {@code pinning lock=class-init} tasks: each task defines a fresh hidden
 * class from these bytes and initializes it, so each runs its own static initializer, which
 * sleeps {@code Pinning.classInitHoldMs} (a field of another class: a hidden class's own
 * statics start fresh): blocking inside class initialization, which pins a virtual thread to its
 * carrier even after JEP 491.
 */
final class SlowInit {

    private static volatile byte[] bytes;

    static {
        try {
            Thread.sleep(Pinning.classInitHoldMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private SlowInit() {}

    /** This class file, read once from the jar (without initializing the class itself). */
    static byte[] bytes() {
        byte[] b = bytes;
        if (b == null) {
            try (InputStream in = Workload.class.getResourceAsStream("SlowInit.class")) {
                b = in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read SlowInit.class from the workloads jar", e);
            }
            bytes = b;
        }
        return b;
    }
}
