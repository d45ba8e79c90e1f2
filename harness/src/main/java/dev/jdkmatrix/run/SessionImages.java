package dev.jdkmatrix.run;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.engine.Docker;
import dev.jdkmatrix.engine.EngineSession;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Jdk;
import dev.jdkmatrix.matrix.Matrix;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A session's run images, one per JDK: built if need be, held while the session runs
 * ({@link Images#hold}), built again when removed under it, and released at its end.
 */
final class SessionImages {

    private final Images images;
    private final Matrix matrix;
    private final RunOptions options;
    private final Map<String, String> labels;
    private final RunListener listener;
    /** The containers that hold this session's run images, released at its end. */
    private final List<String> holds = new CopyOnWriteArrayList<>();
    private final Map<String, ImageRef> refs = new ConcurrentSkipListMap<>();

    SessionImages(EngineSession engine, Matrix matrix, RunOptions options, Map<String, String> labels, RunListener listener) {
        this.images = engine.images(options.rebuildImages());
        this.matrix = matrix;
        this.options = options;
        this.labels = labels;
        this.listener = listener;
    }

    /**
     * Every JDK's run image, built or found, held; each said on the listener, in the matrix's
     * order. Two are built side by side: a JDK image's build waits on the package mirror and dpkg
     * as much as on the CPU. The first failure, in the matrix's order, is the one thrown.
     */
    void ensureAll() {
        List<Jdk> jdks = List.copyOf(matrix.jdks().values());
        java.util.concurrent.ExecutorService builders = java.util.concurrent.Executors.newFixedThreadPool(Math.max(1, Math.min(2, jdks.size())));
        try {
            List<java.util.concurrent.Future<ImageRef>> built = jdks.stream().map(jdk -> builders.submit(() -> held(jdk))).toList();
            for (int i = 0; i < jdks.size(); i++) {
                ImageRef ref = join(built.get(i));
                refs.put(jdks.get(i).name(), ref);
                listener.message("jdk " + jdks.get(i).name() + ": image " + ref.reference() + (ref.built()
                        ? " built in " + Math.round(ref.buildTime().toMillis() / 1000.0) + " s" : " (cached)"));
            }
        } finally {
            builders.shutdownNow();
        }
    }

    private static ImageRef join(java.util.concurrent.Future<ImageRef> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the run images were built", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The run images by JDK name, in name order. */
    Map<String, ImageRef> refs() {
        return refs;
    }

    ImageRef of(String jdkName) {
        return refs.get(jdkName);
    }

    /**
     * The JDK's run image, built if need be, and held for this session: an image removed between
     * its check and its hold (another client of the engine) is built again, once.
     */
    private ImageRef held(Jdk jdk) {
        for (int attempt = 1; ; attempt++) {
            ImageRef ref = images.withWorkloads(images.ensure(jdk, listener::message), options.workloadsJar(), RunSession.userJars(matrix),
                    matrix.cells().stream().map(c -> c.kind().files()).toList(), listener::message);
            try {
                holds.add(images.hold(ref, RunSession.withRole(labels, "hold")));
                return ref;
            } catch (RuntimeException e) {
                if (!Images.notFound(e)) throw e;
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
    synchronized ImageRef rebuilt(String jdkName, ImageRef missing, Path out) {
        ImageRef current = refs.get(jdkName);
        if (current != null && current != missing) return current; // another run of this session built it again already
        listener.message("image " + missing.reference() + " of jdk '" + jdkName + "' was removed from the engine during the run; building it again from the same inputs");
        try {
            ImageRef again = held(matrix.jdks().get(jdkName));
            refs.put(jdkName, again);
            return again;
        } catch (RuntimeException e) {
            int stored = RunSession.storedCount(out);
            throw new ExitException(ExitException.ENVIRONMENT, "image " + missing.reference() + " of jdk '" + jdkName + "' was removed from the engine during the run, "
                    + "and building it again failed: " + Docker.rootMessage(e) + ". " + (stored >= 0 ? "The " + stored + " runs stored in " + out.resolve(dev.jdkmatrix.results.format.ResultsFolder.RAW) + " are intact" : "")
                    + "\n  fix: check the engine (docker system df, make base-image), then finish the run: jdkmatrix run --resume " + out
                    + " (through make: make matrix RUN_ARGS=\"--resume " + out + "\")", e);
        }
    }

    /** Removes this session's holds (at most a few seconds, however the engine is), once. */
    void release() {
        if (holds.isEmpty()) return;
        List<String> mine = List.copyOf(holds);
        holds.clear();
        EngineWatch.briefly(() -> images.release(mine));
    }
}
