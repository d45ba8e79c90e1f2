package dev.jdkmatrix;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Golden files under src/test/resources/golden/. */
public final class Golden {

    private Golden() {}

    /** The golden file's text; a missing one is written to target/golden-actual/ for review, and the test fails. */
    public static String text(String name, String actual) throws IOException {
        try (InputStream in = Golden.class.getResourceAsStream("/golden/" + name)) {
            if (in == null) {
                Path out = Path.of("target", "golden-actual", name);
                Files.createDirectories(out.getParent());
                Files.writeString(out, actual);
                throw new AssertionError("no golden file " + name + "; review " + out.toAbsolutePath() + " and copy it to src/test/resources/golden/");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
