package dev.jdkmatrix.images;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * The images this harness built on one engine, by their id: what lets a tag be reused. A tag is no proof of what its image
 * holds: anyone can compute {@code jdkmatrix/jdk-NAME:HASH} or {@code jdkmatrix/run-NAME:HASH} from public files, and an
 * image planted under it by an earlier job on the same runner would run every benchmark. An image's id is the SHA-256 of
 * its configuration, which names each of its layers by its content: an image of an id this harness recorded when it built
 * it holds exactly what it built. So {@link Images} reuses an image found under its tag only when it carries its inputs'
 * label and its id is recorded here; otherwise it builds it again (quick where Docker's layer cache still has our layers).
 *
 * <p>The record is a folder per engine (its id, as {@code docker info} gives it) under the cache: {@code $JDKMATRIX_CACHE/images},
 * else {@code $XDG_CACHE_HOME} or {@code ~/.cache}, under {@code jdkmatrix/images}; one empty file per image id, created
 * atomically, so that sessions side by side record without a lock. A record that cannot be written costs time, never trust:
 * the image is built again next time.
 */
public final class BuiltImages {

    private final Path dir;

    /** The record of one engine's images in {@code dir}. */
    public BuiltImages(Path dir) {
        this.dir = Objects.requireNonNull(dir, "dir").toAbsolutePath().normalize();
    }

    /** The record of the engine of id {@code engineId} in the default cache that {@code env} names. */
    public static BuiltImages of(Map<String, String> env, String engineId) {
        return new BuiltImages(defaultRoot(env).resolve(engineFolder(engineId)));
    }

    /** $JDKMATRIX_CACHE/images, else $XDG_CACHE_HOME or ~/.cache, under jdkmatrix/images. */
    static Path defaultRoot(Map<String, String> env) {
        String own = env.get("JDKMATRIX_CACHE");
        if (own != null && !own.isBlank()) return Path.of(own, "images");
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("jdkmatrix").resolve("images");
    }

    /** An engine's id as a folder's name: its letters, digits, '.', '_' and '-', the rest as '_' ("unknown" for none). */
    static String engineFolder(String engineId) {
        String id = engineId == null ? "" : engineId.strip().replaceAll("[^A-Za-z0-9._-]", "_");
        return id.isEmpty() || id.chars().allMatch(c -> c == '.') ? "unknown" : id;
    }

    /** Where this engine's record is. */
    public Path dir() {
        return dir;
    }

    /** Whether this harness built the image of {@code imageId} on this engine. */
    public boolean recorded(String imageId) {
        String name = fileName(imageId);
        return name != null && Files.isRegularFile(dir.resolve(name));
    }

    /**
     * Records an image this harness has just built; false (and nothing recorded) where the cache cannot be written, so that
     * the caller can say the image will be built again next time.
     */
    public boolean record(String imageId) {
        String name = fileName(imageId);
        if (name == null) return false;
        try {
            Files.createDirectories(dir);
            Files.createFile(dir.resolve(name));
            return true;
        } catch (FileAlreadyExistsException e) {
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /** An image id ({@code sha256:HEX}) as its file's name, or null for anything that is not one. */
    static String fileName(String imageId) {
        if (imageId == null) return null;
        String hex = imageId.startsWith("sha256:") ? imageId.substring("sha256:".length()) : imageId;
        return hex.matches("[0-9a-f]{64}") ? "sha256-" + hex : null;
    }
}
