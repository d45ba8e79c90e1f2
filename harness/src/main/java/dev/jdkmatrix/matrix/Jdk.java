package dev.jdkmatrix.matrix;

import java.nio.file.Path;
import java.util.Objects;

/** A JDK of the matrix: a name used in cells, and where its image comes from. */
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
}
