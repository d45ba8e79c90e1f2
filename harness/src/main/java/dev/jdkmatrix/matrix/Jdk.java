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

    /**
     * Built from a Dockerfile (a path relative to the matrix file's folder); {@code release} is the
     * JDK's feature version as the file shows it (the package it installs, such as
     * {@code openjdk-17-jdk-headless}, or its base image's tag, such as {@code eclipse-temurin:21}),
     * empty when it does not tell one.
     */
    public record Dockerfile(Path path, String release) implements Source {
        public Dockerfile {
            Objects.requireNonNull(path, "path");
            release = release == null ? "" : release;
        }

        /** A Dockerfile whose JDK version the plan reads from it (empty when it cannot be read or does not tell). */
        public Dockerfile(Path path) {
            this(path, declaredIn(path));
        }

        private static final java.util.regex.Pattern[] JDK_VERSION = {
            // a package of Debian, Ubuntu, Alpine, Temurin's or Corretto's repositories: openjdk-17-jdk-headless, temurin-21-jdk, openjdk21-jre
            java.util.regex.Pattern.compile("\\b(?:openjdk|temurin|java)-?(\\d{1,2})-(?:jdk|jre)\\b"),
            java.util.regex.Pattern.compile("\\bopenjdk(\\d{1,2})(?:-jdk|-jre)?\\b"),
            // a JDK base image with a version tag: eclipse-temurin:21-jdk, openjdk:17, amazoncorretto:25
            java.util.regex.Pattern.compile("(?im)^\\s*FROM\\s+\\S*(?:temurin|openjdk|corretto|zulu|jdk|java|liberica|sapmachine|semeru)\\S*:(\\d{1,2})\\b"),
        };

        /** The one JDK feature version the Dockerfile names, or empty when it names none or several. */
        static String declaredIn(Path file) {
            String text;
            try {
                text = java.nio.file.Files.readString(file);
            } catch (java.io.IOException | RuntimeException e) {
                return "";
            }
            java.util.Set<String> found = new java.util.TreeSet<>();
            for (String line : text.lines().filter(l -> !l.strip().startsWith("#")).toList()) {
                for (java.util.regex.Pattern p : JDK_VERSION) {
                    java.util.regex.Matcher m = p.matcher(line);
                    while (m.find()) found.add(m.group(1));
                }
            }
            return found.size() == 1 ? found.iterator().next() : "";
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
     * an archive, the JDK package or base image a Dockerfile names, or the name of a Dockerfile or
     * image JDK that is a plain number ("17", "21"); 0 when only the built image can tell.
     */
    public int declaredFeature() {
        String version = switch (source) {
            case Home h -> h.release();
            case Archive a -> a.release();
            case Dockerfile d when !d.release().isEmpty() -> d.release();
            default -> name.matches("\\d+") ? name : "";
        };
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(?:1\\.)?(\\d+)").matcher(version);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
