package dev.jdkmatrix.matrix;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.zip.ZipException;
import org.snakeyaml.engine.v2.nodes.Node;

/** The {@code jar:} of a jmh or jar entry: resolved beside the matrix file, checked to be a jar, hashed. */
final class UserJars {

    private UserJars() {}

    static WorkloadKind.UserJar read(MatrixYaml yaml, Node entry, Map<String, Node> keys, String kind) {
        Node node = keys.get("jar");
        if (node == null) {
            throw yaml.error(entry, "a " + kind + " entry has no 'jar'", "add jar: with the path of your " + (kind.equals("jmh") ? "JMH uber-jar" : "jar")
                    + ", relative to the matrix file, such as jar: build/benchmarks.jar");
        }
        Path path = yaml.resolve(yaml.scalar(node, "jar"));
        if (!Files.exists(path)) {
            throw yaml.error(node, "jar " + path + " does not exist", kind.equals("jmh")
                    ? "build it first (for a Maven JMH project: mvn package, which writes target/benchmarks.jar), or correct the path (relative to the matrix file)"
                    : "build it first, or correct the path (relative to the matrix file)");
        }
        if (!Files.isRegularFile(path)) throw yaml.error(node, path + " is not a file", "name the jar file itself");
        int classFile;
        try (JarFile jar = new JarFile(path.toFile())) {
            classFile = newestClassFile(jar);
        } catch (ZipException e) {
            throw yaml.error(node, path + " is not a jar (not a zip archive: " + e.getMessage() + ")", "name the jar your build writes, not a class or a source file");
        } catch (IOException e) {
            throw yaml.error(node, path + " cannot be read: " + e.getMessage(), "check the file and its permissions");
        }
        return new WorkloadKind.UserJar(path, sha256(yaml, node, path), classFile);
    }

    /**
     * The newest class-file version among the jar's classes (a JMH uber-jar holds JMH's own, built
     * for Java 7, beside the user's), from each class's header; the versioned classes of a
     * multi-release jar and module-info are left out: a JDK that cannot load them does not need to.
     */
    static int newestClassFile(JarFile jar) throws IOException {
        int newest = 0;
        for (java.util.Enumeration<java.util.jar.JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
            java.util.jar.JarEntry entry = e.nextElement();
            String name = entry.getName();
            if (!name.endsWith(".class") || name.startsWith("META-INF/") || name.endsWith("module-info.class")) continue;
            try (InputStream in = jar.getInputStream(entry)) {
                byte[] head = in.readNBytes(8);
                if (head.length == 8 && (head[0] & 0xff) == 0xCA && (head[1] & 0xff) == 0xFE && (head[2] & 0xff) == 0xBA && (head[3] & 0xff) == 0xBE) {
                    newest = Math.max(newest, ((head[6] & 0xff) << 8) | (head[7] & 0xff));
                }
            }
        }
        return newest;
    }

    private static String sha256(MatrixYaml yaml, Node node, Path path) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(path), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw yaml.error(node, path + " cannot be read: " + e.getMessage(), "check the file and its permissions");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A list of plain values, or an error naming the key. */
    static java.util.List<String> strings(MatrixYaml yaml, Node node, String key, String example) {
        if (!(node instanceof org.snakeyaml.engine.v2.nodes.SequenceNode seq)) {
            throw yaml.error(node, key + " must be a list", "write " + key + ": " + example);
        }
        java.util.List<String> out = new java.util.ArrayList<>();
        for (Node item : seq.getValue()) out.add(yaml.scalar(item, "an item of " + key));
        return out;
    }
}
