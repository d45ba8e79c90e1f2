package dev.jdkmatrix.matrix;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The benchmarks of a JMH uber-jar, read from the {@code META-INF/BenchmarkList} that JMH's
 * annotation processor writes into it, with JMH's own parser (jmh-core's
 * {@code BenchmarkListEntry}): names, modes, the {@code @Param} values each declares, and the
 * forks and iterations its annotations set. No JVM is started and no Docker is needed, so
 * {@code plan} lists a jar's cells as fast as the built-in ones. A list in a format JMH 1.37
 * cannot read (an old JMH's) is refused, with the fix.
 */
public final class JmhJar {

    static final String LIST = "META-INF/BenchmarkList";

    /** One benchmark method in one mode, with what its annotations say (empty: JMH's default or the command line's). */
    public record Benchmark(String name, String mode, Map<String, List<String>> params, OptionalLong forks, OptionalLong warmupIterations,
                            OptionalLong warmupMillis, OptionalLong iterations, OptionalLong iterationMillis) {
        public Benchmark {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(mode, "mode");
            Map<String, List<String>> copy = new LinkedHashMap<>();
            params.forEach((k, v) -> copy.put(k, List.copyOf(v)));
            params = java.util.Collections.unmodifiableMap(copy);
        }
    }

    private JmhJar() {}

    /** Whether the file is a zip with a JMH benchmark list. */
    public static boolean hasBenchmarkList(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.getEntry(LIST) != null;
        }
    }

    /**
     * Why a jar with a benchmark list cannot run as {@code java -jar JAR} (how each run starts it), or
     * empty where it can: JMH's runtime (its {@code org/openjdk/jmh/Main}) must be inside and the
     * manifest must name a Main-Class, as the shade plugin's uber-jar has them; a project's thin jar
     * (target/NAME-VERSION.jar beside the shaded target/benchmarks.jar) has the list alone.
     */
    public static java.util.Optional<String> notRunnable(Path jar) throws IOException {
        try (java.util.jar.JarFile zip = new java.util.jar.JarFile(jar.toFile())) {
            boolean runtime = zip.getEntry("org/openjdk/jmh/Main.class") != null;
            java.util.jar.Manifest m = zip.getManifest();
            boolean main = m != null && m.getMainAttributes().getValue("Main-Class") != null;
            if (runtime && main) return java.util.Optional.empty();
            return java.util.Optional.of("has JMH's benchmark list but " + (!runtime && !main ? "neither JMH's runtime nor a Main-Class"
                    : !runtime ? "not JMH's runtime (org/openjdk/jmh/Main)" : "no Main-Class in its manifest")
                    + ": a project's thin jar, which java -jar cannot run");
        }
    }

    /**
     * Every benchmark and mode in the jar, in the list's order.
     *
     * @throws IOException              the jar cannot be read
     * @throws IllegalArgumentException the jar has no benchmark list, or one JMH's parser cannot read
     */
    public static List<Benchmark> read(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry e = zip.getEntry(LIST);
            if (e == null) {
                throw new IllegalArgumentException("has no " + LIST + ", so it holds no JMH benchmark (was it built with jmh-generator-annprocess, as an uber-jar?)");
            }
            String text;
            try (InputStream in = zip.getInputStream(e)) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            return parse(text);
        }
    }

    static List<Benchmark> parse(String list) {
        List<Benchmark> out = new ArrayList<>();
        for (String line : list.split("\n")) {
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            BenchmarkListEntry entry;
            try {
                entry = new BenchmarkListEntry(line);
            } catch (RuntimeException ex) {
                throw new IllegalArgumentException("has a benchmark list that JMH 1.37's parser cannot read (" + ex.getMessage()
                        + "); it was written by a JMH with another list format: rebuild the jar with JMH 1.37");
            }
            Map<String, List<String>> params = new LinkedHashMap<>();
            if (entry.getParams().hasValue()) {
                new java.util.TreeMap<>(entry.getParams().get()).forEach((k, v) -> params.put(k, Arrays.asList(v)));
            }
            List<String> named = new ArrayList<>(List.of(entry.getUsername()));
            params.forEach((k, v) -> {
                named.add(k);
                named.addAll(v);
            });
            for (String n : named) {
                if (dev.jdkmatrix.model.CellKey.controlCharAt(n) >= 0) {
                    throw new IllegalArgumentException("has a benchmark list naming '" + dev.jdkmatrix.model.CellKey.visible(n)
                            + "', which holds a control character: a cell's name is one line of printable text; rebuild the jar from its sources with JMH 1.37");
                }
            }
            List<Mode> modes = entry.getMode() == Mode.All ? List.of(Mode.Throughput, Mode.AverageTime, Mode.SampleTime, Mode.SingleShotTime)
                    : List.of(entry.getMode());
            for (Mode m : modes) {
                out.add(new Benchmark(entry.getUsername(), m.shortLabel(), params, count(entry.getForks()), count(entry.getWarmupIterations()),
                        millis(entry.getWarmupTime()), count(entry.getMeasurementIterations()), millis(entry.getMeasurementTime())));
            }
        }
        return List.copyOf(out);
    }

    private static OptionalLong count(org.openjdk.jmh.util.Optional<Integer> v) {
        return v.hasValue() ? OptionalLong.of(v.get()) : OptionalLong.empty();
    }

    private static OptionalLong millis(org.openjdk.jmh.util.Optional<TimeValue> v) {
        return v.hasValue() ? OptionalLong.of(v.get().convertTo(TimeUnit.MILLISECONDS)) : OptionalLong.empty();
    }
}
