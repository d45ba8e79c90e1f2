package dev.jdkmatrix.matrix;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Small jars for parser tests: one with the example's JMH benchmark list, plain ones with and without a Main-Class, and a file that is no jar. */
final class TestJars {

    private TestJars() {}

    /** Writes bench.jar (an uber-jar), thin.jar (its list alone), app.jar, nomain.jar, app21.jar (a class for Java 21) and notajar.jar into {@code dir}. */
    static void write(Path dir) throws IOException {
        byte[] list;
        try (InputStream in = TestJars.class.getResourceAsStream("/jmh/BenchmarkList")) {
            list = in.readAllBytes();
        }
        // an uber-jar as the shade plugin writes it: the list, JMH's runtime and its Main-Class; a project's thin jar: the list alone
        jar(dir.resolve("bench.jar"), "org.openjdk.jmh.Main", java.util.Map.of("META-INF/BenchmarkList", list, "org/openjdk/jmh/Main.class", new byte[] {(byte) 0xca, (byte) 0xfe}));
        jar(dir.resolve("thin.jar"), null, "META-INF/BenchmarkList", list);
        jar(dir.resolve("app.jar"), "com.example.Main", "com/example/Main.class", new byte[] {(byte) 0xca, (byte) 0xfe});
        jar(dir.resolve("nomain.jar"), null, "com/example/Main.class", new byte[] {(byte) 0xca, (byte) 0xfe});
        // a class built for Java 21: class file 65 (0x41)
        jar(dir.resolve("app21.jar"), "com.example.Main", "com/example/Main.class", new byte[] {(byte) 0xca, (byte) 0xfe, (byte) 0xba, (byte) 0xbe, 0, 0, 0, 0x41});
        Files.writeString(dir.resolve("notajar.jar"), "just text\n");
    }

    private static void jar(Path file, String mainClass, String entry, byte[] content) throws IOException {
        jar(file, mainClass, java.util.Map.of(entry, content));
    }

    private static void jar(Path file, String mainClass, java.util.Map<String, byte[]> entries) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (mainClass != null) m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, m)) {
            for (var e : new java.util.TreeMap<>(entries).entrySet()) {
                jar.putNextEntry(new JarEntry(e.getKey()));
                jar.write(e.getValue());
                jar.closeEntry();
            }
        }
    }
}
