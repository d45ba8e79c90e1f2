package dev.jdkmatrix.images;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** A JDK folder of this machine: its fingerprint, and a copy with every symlink resolved for a build context. */
final class JdkFolder {

    private JdkFolder() {}

    /** Every file's relative path, size and modification time (links followed), sorted, and the release file. */
    static String fingerprint(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir, FileVisitOption.FOLLOW_LINKS)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (!Files.isRegularFile(f)) continue; // broken links and folders
                BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
                lines.add(dir.relativize(f) + "\t" + a.size() + "\t" + a.lastModifiedTime().toMillis());
            }
        }
        lines.sort(Comparator.naturalOrder());
        Path release = dir.resolve("release");
        return String.join("\n", lines) + "\n" + (Files.isRegularFile(release) ? Files.readString(release) : "");
    }

    /**
     * Copies the folder to a new temporary one, resolving every symlink (to a file or a folder,
     * inside the JDK or out of it) into what it points to; a broken link is left out. File modes
     * (the executable bits of bin/) are kept.
     */
    static Path stage(Path dir) throws IOException {
        Path target = Files.createTempDirectory("jdkmatrix-jdk-");
        try (Stream<Path> files = Files.walk(dir, FileVisitOption.FOLLOW_LINKS)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(dir.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else if (Files.isRegularFile(f)) {
                    Files.createDirectories(to.getParent());
                    Files.copy(f, to, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return target;
    }

    static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) Files.deleteIfExists(f);
        } catch (IOException e) {
            // a temporary folder: the system cleans it at the latest
        }
    }

}
