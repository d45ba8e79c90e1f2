package dev.jdkmatrix.matrix;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.snakeyaml.engine.v2.nodes.Node;

/** The {@code home:} and {@code archive:} sources of a JDK entry, checked before any image is built. */
final class JdkSources {

    private JdkSources() {}

    static Jdk.Home home(MatrixYaml yaml, Node node, String name) {
        Path dir = yaml.resolve(yaml.scalar(node, "home"));
        if (!Files.isDirectory(dir)) {
            throw yaml.error(node, "home " + dir + " of jdk '" + name + "' is not a directory", "name a JDK's folder, the one that holds bin/java (for SDKMAN: ~/.sdkman/candidates/java/<version>)");
        }
        if (!Files.isRegularFile(dir.resolve("bin/java"))) {
            throw yaml.error(node, "home " + dir + " of jdk '" + name + "' has no bin/java", "name the JDK's own folder (the one with bin/ and release), not its parent or its bin/");
        }
        return new Jdk.Home(dir, releaseVersion(dir.resolve("release")));
    }

    static Jdk.Archive archive(MatrixYaml yaml, Node node, String name) {
        Path file = yaml.resolve(yaml.scalar(node, "archive"));
        if (!Files.isRegularFile(file)) {
            throw yaml.error(node, "archive " + file + " of jdk '" + name + "' does not exist", "download the vendor's .tar.gz for Linux x64, or correct the path (relative to the matrix file)");
        }
        String top = null;
        String release = "";
        try (InputStream in = new TarArchiveInputStream(new GZIPInputStream(new BufferedInputStream(Files.newInputStream(file))))) {
            TarArchiveInputStream tar = (TarArchiveInputStream) in;
            for (TarArchiveEntry e = tar.getNextEntry(); e != null; e = tar.getNextEntry()) {
                String n = e.getName().startsWith("./") ? e.getName().substring(2) : e.getName();
                if (top == null && (e.isFile() || e.isSymbolicLink()) && (n.equals("bin/java") || n.endsWith("/bin/java")) && n.indexOf("/bin/java") == n.lastIndexOf("/bin/java")) {
                    top = n.substring(0, n.length() - "bin/java".length());
                }
                if ((n.equals("release") || n.endsWith("/release")) && n.chars().filter(c -> c == '/').count() <= 1 && e.isFile()) {
                    release = releaseVersion(new String(tar.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        } catch (ZipException e) {
            throw yaml.error(node, "archive " + file + " of jdk '" + name + "' is not a .tar.gz (" + e.getMessage() + ")", "use the vendor's .tar.gz for Linux x64 (a .zip or .msi is for another OS)");
        } catch (IOException | IllegalArgumentException e) {
            throw yaml.error(node, "archive " + file + " of jdk '" + name + "' cannot be read as a .tar.gz: " + e.getMessage(), "use the vendor's .tar.gz for Linux x64");
        }
        if (top == null) {
            throw yaml.error(node, "archive " + file + " of jdk '" + name + "' holds no JDK (no bin/java in it)", "use a JDK's .tar.gz for Linux x64 (a macOS one keeps it under Contents/Home)");
        }
        if (top.endsWith("/")) top = top.substring(0, top.length() - 1);
        return new Jdk.Archive(file, top, release);
    }

    /** JAVA_VERSION of a release file, or empty. */
    static String releaseVersion(Path release) {
        try {
            return Files.isRegularFile(release) ? releaseVersion(Files.readString(release, StandardCharsets.UTF_8)) : "";
        } catch (IOException e) {
            return "";
        }
    }

    static String releaseVersion(String text) {
        Properties p = new Properties();
        try {
            p.load(new java.io.StringReader(text));
        } catch (IOException e) {
            return "";
        }
        String v = p.getProperty("JAVA_VERSION", "");
        return v.replace("\"", "").strip();
    }
}
