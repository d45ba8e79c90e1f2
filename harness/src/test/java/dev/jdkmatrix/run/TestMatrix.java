package dev.jdkmatrix.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one builder of the matrix files tests run: a matrix of the project's Dockerfiles, one round
 * with no warm-up on JDK 25, 1 CPU and 256m unless the test says otherwise, and the workload list
 * the test gives as YAML ({@link #workloads}). {@link #yaml} is the file's text, {@link #write}
 * writes it.
 */
public final class TestMatrix {

    private final String name;
    private final boolean bare;
    private String repetitions = "1";
    private int warmup;
    private String timeout;
    private final List<String> options = new ArrayList<>();
    private String[] jdks = {"25"};
    private final Map<String, String> axes = new LinkedHashMap<>();
    private String workloads = "";

    private TestMatrix(String name, boolean bare) {
        this.name = name;
        this.bare = bare;
        axes.put("jdk", "25");
        axes.put("cpus", "1");
        axes.put("memory", "256m");
    }

    /** A matrix called {@code name} (null: none, as a matrix may leave it out). */
    public static TestMatrix named(String name) {
        return new TestMatrix(name, false);
    }

    /**
     * A matrix of its {@code matrix:} section alone: no name, rounds, warm-up or {@code jdks:} block
     * written (the matrix's defaults; a JDK is the {@code Dockerfile.jdkNN} beside the file), JDK 25,
     * 1 CPU and 256m unless the test says otherwise: what a test of the parser writes.
     */
    public static TestMatrix bare() {
        return new TestMatrix(null, true);
    }

    /** A number of rounds, or the adaptive form ({@code { min: 6, max: 8, target: 8% }}). */
    public TestMatrix repetitions(Object rounds) {
        this.repetitions = String.valueOf(rounds);
        return this;
    }

    public TestMatrix warmup(int runs) {
        this.warmup = runs;
        return this;
    }

    /** Every run's timeout ({@code 60s}); none written: the matrix's default. */
    public TestMatrix timeout(String timeout) {
        this.timeout = timeout;
        return this;
    }

    /** A top-level key of the matrix, written as given ({@code compare-along}, {@code [hold-ms]}). */
    public TestMatrix option(String key, String yaml) {
        options.add(key + ": " + yaml);
        return this;
    }

    /** The JDKs of the {@code jdks:} block (the project's Dockerfiles; a bare matrix's beside it); the {@code jdk} axis is set to them too. */
    public TestMatrix jdks(String... names) {
        this.jdks = names.clone();
        axes.put("jdk", names.length == 1 ? names[0] : "[" + String.join(", ", names) + "]");
        return this;
    }

    /** An axis of {@code matrix:} ({@code cpus}, {@code executor}, {@code tasks}, ...), its value as YAML. */
    public TestMatrix axis(String key, Object yaml) {
        axes.put(key, String.valueOf(yaml));
        return this;
    }

    /** The {@code workload:} list, as YAML starting at column 0 ({@code - name: sleep}), or one workload's name. */
    public TestMatrix workloads(String yaml) {
        this.workloads = yaml.strip();
        return this;
    }

    /** The matrix file's text. */
    public String yaml() {
        StringBuilder b = new StringBuilder();
        if (name != null) b.append("name: ").append(name).append('\n');
        if (!bare) b.append("repetitions: ").append(repetitions).append('\n').append("warmup: ").append(warmup).append('\n');
        if (timeout != null) b.append("timeout: ").append(timeout).append('\n');
        options.forEach(o -> b.append(o).append('\n'));
        if (!bare) b.append(ItSupport.jdks(jdks));
        b.append("matrix:\n");
        axes.forEach((k, v) -> b.append("  ").append(k).append(": ").append(v).append('\n'));
        if (workloads.isEmpty()) throw new IllegalStateException("a test matrix needs its workloads");
        if (!workloads.contains("\n") && !workloads.startsWith("-")) {
            b.append("  workload: ").append(workloads).append('\n');
        } else {
            b.append("  workload:\n");
            workloads.lines().forEach(l -> b.append("    ").append(l).append('\n'));
        }
        return b.toString();
    }

    /** Writes {@link #yaml} to {@code file} and returns it. */
    public Path write(Path file) throws IOException {
        Files.writeString(file, yaml());
        return file;
    }
}
