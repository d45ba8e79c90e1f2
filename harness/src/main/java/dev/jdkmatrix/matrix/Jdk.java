package dev.jdkmatrix.matrix;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A JDK of the matrix: a name used in cells, where its image comes from, and its feature version
 * when the matrix tells it before any image exists (0 when only the built image can tell).
 */
public record Jdk(String name, Source source) {

    public Jdk {
        Objects.requireNonNull(source, "source");
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("a JDK name uses letters, digits, '.', '_' and '-', got '" + name + "'");
        }
    }

    /** Where the image comes from. */
    public sealed interface Source {}

    /** Built from a Dockerfile (a path relative to the matrix file's folder). */
    public record Dockerfile(Path path) implements Source {
        public Dockerfile {
            Objects.requireNonNull(path, "path");
        }
    }

    /** A ready image, used as it is (pulled if absent). */
    public record Image(String reference) implements Source {
        public Image {
            if (reference == null || reference.isBlank()) throw new IllegalArgumentException("an image reference must not be blank");
        }
    }

    /**
     * A JDK directory on the harness's machine (an SDKMAN candidate, a JDK in Debian's JVM folder),
     * copied onto the base image from a build context; {@code release} is what its {@code release}
     * file says ({@code JAVA_VERSION}, empty when it has none).
     */
    public record Home(Path dir, String release) implements Source {
        public Home {
            Objects.requireNonNull(dir, "dir");
            release = release == null ? "" : release;
        }
    }

    /**
     * A vendor's JDK tarball (.tar.gz), unpacked onto the base image; {@code top} is the folder in
     * it that holds {@code bin/java}, {@code release} what its {@code release} file says.
     */
    public record Archive(Path file, String top, String release) implements Source {
        public Archive {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(top, "top");
            release = release == null ? "" : release;
        }
    }

    /**
     * The JDK's feature version when the matrix tells it: the {@code release} file of a home or
     * an archive, or the name of a Dockerfile or image JDK that is a plain number ("17", "21");
     * 0 when only the built image can tell.
     */
    public int declaredFeature() {
        String version = switch (source) {
            case Home h -> h.release();
            case Archive a -> a.release();
            default -> name.matches("\\d+") ? name : "";
        };
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(?:1\\.)?(\\d+)").matcher(version);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
