package dev.jdkmatrix.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The seal of a pull request's base as built: one SHA-256 over every file its side of the matrix reads (each jar, each of
 * its {@code files:}, a folder's files by their paths), taken after the base's build and before the head's. The check runs
 * the head's build, the pull request's own code, after the base's; the seal, kept where that build cannot write (a step's
 * output), is taken again before anything is measured, and a base changed in between is refused by name.
 */
final class BaseSeal {

    private BaseSeal() {}

    /** The seal's hex SHA-256, and each file's, for the message that names what changed. */
    record Seal(String digest, List<String> files) {}

    static Seal of(List<Path> paths) throws IOException {
        MessageDigest all = sha256();
        List<String> files = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    for (Path f : walk.filter(f -> !Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)).sorted().toList()) files.add(line(f));
                }
            } else {
                files.add(line(p));
            }
        }
        files.forEach(l -> all.update((l + "\n").getBytes(StandardCharsets.UTF_8)));
        return new Seal(HexFormat.of().formatHex(all.digest()), files);
    }

    /** A file as {@code HEX  PATH}: its content's SHA-256, a link's target, or missing. */
    private static String line(Path f) throws IOException {
        if (Files.isSymbolicLink(f)) return "link:" + Files.readSymbolicLink(f) + "  " + f;
        if (!Files.exists(f)) return "missing  " + f;
        MessageDigest md = sha256();
        try (InputStream in = Files.newInputStream(f)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
        }
        return HexFormat.of().formatHex(md.digest()) + "  " + f;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
