package dev.jdkmatrix.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where jdkmatrix's own files are, as its launcher says ({@code harness/scripts/jdkmatrix.sh}, a
 * release's {@code bin/jdkmatrix}): {@code -Djdkmatrix.dockerfiles} the folder of its
 * Dockerfile.jdkNN (a release's share/, this repository's top), {@code -Djdkmatrix.workloads} the
 * built-in workloads jar (a release's lib/workloads.jar). Without them, a matrix's JDKs come from
 * Dockerfiles beside it and the workloads jar from workloads/target, as in this repository.
 */
final class Home {

    private Home() {}

    /** The folder of jdkmatrix's own Dockerfiles, or null where the launcher names none (or it is not a folder). */
    static Path dockerfiles() {
        String d = System.getProperty("jdkmatrix.dockerfiles");
        if (d == null || d.isBlank()) return null;
        Path p = Path.of(d);
        return Files.isDirectory(p) ? p : null;
    }
}
