package dev.jdkmatrix.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** The few git and file calls a baseline's build needs (git's answers through engine.Environment's one door to it): each says what failed instead of throwing. */
final class Git {

    private Git() {}

    /** The top of the git work tree holding {@code dir}, or null. */
    static Path top(Path dir) {
        String top = dev.jdkmatrix.engine.Environment.git(dir, "rev-parse", "--show-toplevel");
        return top.isEmpty() ? null : Path.of(top);
    }

    /** The full commit {@code ref} names in {@code repo}, or "" where it names none. */
    static String commit(Path repo, String ref) {
        return dev.jdkmatrix.engine.Environment.git(repo, "rev-parse", "--verify", "--quiet", ref + "^{commit}");
    }

    /** {@code dir} with its links resolved (git names its top so), or as it is where it cannot be. */
    static Path real(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }

    /** Null when the command ran in {@code dir} and exited 0 within {@code limit}; else what it said. */
    static String run(Path dir, Duration limit, String... command) {
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return "took longer than " + limit.toSeconds() + " s";
            }
            return p.exitValue() == 0 ? null : "exit " + p.exitValue() + ": " + new String(out, StandardCharsets.UTF_8).strip().replace('\n', ' ');
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** The SHA-256 of a text, in hex. */
    static String sha256(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code p} and all below it removed, where it exists. */
    static void delete(Path p) throws IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return;
        try (var walk = Files.walk(p)) {
            for (Path x : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(x);
        }
    }
}
