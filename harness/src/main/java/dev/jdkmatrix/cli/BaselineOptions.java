package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.suite.BaselineBuilds;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** run's and plan's one door to a matrix's baseline, with their options for it: the derived matrix, or null where the matrix names none. */
final class BaselineOptions {

    /** How long a baseline's build may take before the night goes on without it. */
    static final Duration BUILD_TIMEOUT = Duration.ofMinutes(30);

    @picocli.CommandLine.Option(names = "--baseline", paramLabel = "SPEC", description = "what the suite is measured against in the same rounds, in place "
            + "of the matrix's baseline: and written as it is: '{ ref: v1.4.0, build: ./build.sh }', '{ dir: PATH }' or '{ jar: PATH }' (docs/nightly.md)")
    String spec;

    @picocli.CommandLine.Option(names = "--baseline-cache", paramLabel = "DIR", description = "where a baseline ref's checkouts are built and kept, one per "
            + "commit and build command (default: $JDKMATRIX_CACHE/baselines, else ~/.cache/jdkmatrix/baselines); plan builds nothing, and plans a ref not "
            + "built yet with tonight's jars in its place")
    Path cache;

    /**
     * {@code matrixFile}'s baselines (or --baseline's) made ready in --baseline-cache (else the default cache), built where
     * {@code build} (a run) and not yet built; a line per baseline to {@code out}. A matrix whose
     * baseline is written wrong is refused with the fix; one that cannot be read is left to the parser.
     */
    BaselineBuilds.Prepared prepare(Path matrixFile, boolean build, PrintWriter out) {
        String override = spec;
        String text;
        try {
            text = Files.readString(matrixFile);
        } catch (IOException | RuntimeException e) {
            return null; // the parser says what is wrong with the file
        }
        Path dir = matrixFile.toAbsolutePath().getParent();
        if (override != null && !override.isBlank()) {
            try {
                text = dev.jdkmatrix.matrix.BaselineMatrix.withBaseline(text, override);
            } catch (RuntimeException e) { // not YAML
                throw new ExitException(ExitException.BAD_INPUT, "--baseline '" + override + "' is not YAML: " + String.valueOf(e.getMessage()).lines().findFirst().orElse("")
                        + "\n  fix: write it as the matrix's baseline: is written, e.g. --baseline '{ ref: v1.4.0, build: ./build.sh }'");
            }
        }
        try {
            return new BaselineBuilds(cache != null ? cache : BaselineBuilds.defaultCache(System.getenv()), BUILD_TIMEOUT).prepare(text, dir, build, out);
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            int fix = m.lastIndexOf("; fix: ");
            throw new ExitException(ExitException.BAD_INPUT, matrixFile + ": " + (fix < 0 ? m : m.substring(0, fix) + "\n  fix: " + m.substring(fix + "; fix: ".length())));
        } catch (RuntimeException e) { // a YAML error: the parser names its line
            return null;
        }
    }
}
