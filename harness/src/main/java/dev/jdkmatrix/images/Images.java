package dev.jdkmatrix.images;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.matrix.Jdk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * One image per JDK. A Dockerfile is built through Testcontainers' {@link ImageFromDockerfile}
 * with the Dockerfile as its only build context, and tagged {@code jdkmatrix/jdk-NAME:HASH}
 * where HASH is the SHA-256 of the Dockerfile: an unchanged Dockerfile is never rebuilt.
 * A ready image is used as it is, pulled through Testcontainers when absent.
 */
public final class Images {

    /** Bumped when the way images are built changes, so old tags are not reused. */
    static final String RECIPE = "jdkmatrix-image/1";
    public static final String LABEL_INPUTS = "dev.jdkmatrix.inputs-sha256";

    private final DockerClient client;

    public Images(DockerClient client) {
        this.client = client;
    }

    public ImageRef ensure(Jdk jdk, Consumer<String> progress) {
        return switch (jdk.source()) {
            case Jdk.Dockerfile df -> fromDockerfile(jdk, df, progress);
            case Jdk.Image img -> ready(jdk, img, progress);
        };
    }

    /** The tag a Dockerfile's image gets: its name and the hash of its inputs. */
    public static String tagFor(Jdk jdk, byte[] dockerfile) {
        return "jdkmatrix/jdk-" + jdk.name().toLowerCase(Locale.ROOT) + ":" + inputsHash(dockerfile).substring(0, 16);
    }

    static String inputsHash(byte[] dockerfile) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update((RECIPE + "\n").getBytes(StandardCharsets.UTF_8));
            md.update(dockerfile);
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private ImageRef fromDockerfile(Jdk jdk, Jdk.Dockerfile df, Consumer<String> progress) {
        byte[] content;
        try {
            content = Files.readAllBytes(df.path());
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot read Dockerfile " + df.path() + " for jdk '" + jdk.name() + "': " + e.getMessage()
                    + "\n  fix: check the path under jdks: in the matrix");
        }
        String tag = tagFor(jdk, content);
        String id = imageId(tag);
        if (id != null) return new ImageRef(jdk.name(), tag, id, false, Duration.ZERO);

        progress.accept("building image " + tag + " from " + df.path().getFileName() + " (once; later runs reuse it)");
        long t0 = System.nanoTime();
        try {
            new ImageFromDockerfile(tag, false)
                    .withFileFromPath("Dockerfile", df.path())
                    .withBuildImageCmdModifier(cmd -> cmd.withLabels(Map.of(LABEL_INPUTS, inputsHash(content), "dev.jdkmatrix.jdk", jdk.name())))
                    .get();
        } catch (RuntimeException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "building image " + tag + " for jdk '" + jdk.name() + "' from " + df.path()
                    + " failed: " + rootMessage(e)
                    + "\n  fix: check the Dockerfile; if its base image cannot be pulled (no registry), run 'make base-image' to create debian:trixie-slim locally", e);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        id = imageId(tag);
        if (id == null) throw new ExitException(ExitException.ENVIRONMENT, "image " + tag + " was built but Docker does not list it; check the engine's disk space");
        return new ImageRef(jdk.name(), tag, id, true, took);
    }

    private ImageRef ready(Jdk jdk, Jdk.Image img, Consumer<String> progress) {
        String id = imageId(img.reference());
        if (id == null) {
            progress.accept("pulling image " + img.reference() + " for jdk '" + jdk.name() + "'");
            try {
                DockerClientFactory.instance().checkAndPullImage(client, img.reference());
            } catch (RuntimeException e) {
                throw new ExitException(ExitException.ENVIRONMENT, "image " + img.reference() + " for jdk '" + jdk.name() + "' is not on the engine and cannot be pulled: "
                        + rootMessage(e) + "\n  fix: load it with 'docker load', or use a Dockerfile for this JDK under jdks:", e);
            }
            id = imageId(img.reference());
            if (id == null) throw new ExitException(ExitException.ENVIRONMENT, "image " + img.reference() + " was pulled but Docker does not list it");
        }
        return new ImageRef(jdk.name(), img.reference(), id, false, Duration.ZERO);
    }

    /** The image's id, or null when the engine does not have it. */
    public String imageId(String reference) {
        try {
            return client.inspectImageCmd(reference).exec().getId();
        } catch (NotFoundException e) {
            return null;
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
