package dev.jdkmatrix.run;

import com.github.dockerjava.api.model.Container;
import dev.jdkmatrix.cli.Main;
import dev.jdkmatrix.engine.Labels;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.testcontainers.DockerClientFactory;

/** What the integration tests share: the project's files, the command line, the run's containers. */
public final class ItSupport {

    public static final Path PROJECT = Path.of(System.getProperty("jdkmatrix.projectDir", "..")).toAbsolutePath().normalize();
    public static final Path JAR = Path.of(System.getProperty("jdkmatrix.workloadsJar", "../workloads/target/workloads.jar")).toAbsolutePath().normalize();
    public static final Path HARNESS_JAR = PROJECT.resolve("harness/target/jdkmatrix.jar");

    /**
     * The tag of an integration test class whose assertions need the machine to itself (timings,
     * ratios, throttling, the lease's own behaviour): failsafe's first execution runs these classes
     * one by one, before the others (harness/pom.xml).
     */
    public static final String ALONE = "alone";

    /**
     * The tag of every other integration test class: failsafe's second execution runs these (it.parallelism,
     * four) at once, so their sessions run with {@link #NO_LEASE}. ItSupportTest checks that every class
     * has one of the two tags.
     */
    public static final String SIDE_BY_SIDE = "side-by-side";

    /** The option a side-by-side class's sessions run with, so that they do not wait for each other's measuring lease. */
    public static final String NO_LEASE = "--no-lease";

    /** The harness JVMs tests start compile with C1 alone, as harness/scripts/jdkmatrix.sh runs them: less CPU taken from the classes beside. */
    public static final String C1 = "-XX:TieredStopAtLevel=1";

    private ItSupport() {}

    /**
     * The example app.jar, copied into {@code dir} with one more file of its own: a run image no
     * earlier run built, so the session builds it (and brings it to a cluster).
     */
    public static Path uniqueAppJar(Path dir) throws java.io.IOException {
        Path jar = dir.resolve("app-" + System.nanoTime() + ".jar");
        java.nio.file.Files.copy(PROJECT.resolve("examples/jar/target/app.jar"), jar);
        try (java.nio.file.FileSystem zip = java.nio.file.FileSystems.newFileSystem(jar)) {
            java.nio.file.Files.writeString(zip.getPath("it-nonce.txt"), jar.getFileName().toString());
        }
        return jar;
    }

    /** A {@code jdks:} block naming the project's Dockerfiles for these JDKs. */
    public static String jdks(String... names) {
        StringBuilder sb = new StringBuilder("jdks:\n");
        for (String n : names) sb.append("  \"").append(n).append("\": { dockerfile: ").append(PROJECT).append("/Dockerfile.jdk").append(n).append(" }\n");
        return sb.toString();
    }

    /** Runs the command line in this JVM; what it printed goes to {@code err} (and is dropped for stdout). */
    public static int cli(StringWriter err, String... args) {
        return Main.execute(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
    }

    /** What a run of the command line left: its stored rows and what it printed. */
    public record Ran(List<dev.jdkmatrix.results.RawRow> rows, String err) {
        /** The one stored row that matches, or a failure that shows the output. */
        public dev.jdkmatrix.results.RawRow one(java.util.function.Predicate<dev.jdkmatrix.results.RawRow> p) {
            List<dev.jdkmatrix.results.RawRow> r = rows.stream().filter(p).toList();
            org.assertj.core.api.Assertions.assertThat(r).as(err).hasSize(1);
            return r.get(0);
        }
    }

    /**
     * Runs a matrix into {@code out} with the project's workloads jar, progress in lines and no
     * report, and {@code more} options; what it printed goes to {@code err}. Returns the exit code.
     */
    public static int attempt(StringWriter err, Path matrix, Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--matrix", matrix.toString(), "--out", out.toString(), "--workloads-jar", JAR.toString(),
                "--progress", "lines", "--no-report"));
        args.addAll(List.of(more));
        return cli(err, args.toArray(String[]::new));
    }

    /** Runs a matrix into {@code out} as {@link #attempt} does, under {@code runId} and with {@code more} options, and checks the exit code. */
    public static Ran run(Path matrix, Path out, String runId, int expectedExit, String... more) throws java.io.IOException {
        StringWriter w = new StringWriter();
        List<String> args = new java.util.ArrayList<>(List.of("--run-id", runId));
        args.addAll(List.of(more));
        int code = attempt(w, matrix, out, args.toArray(String[]::new));
        org.assertj.core.api.Assertions.assertThat(code).as(w.toString()).isEqualTo(expectedExit);
        return new Ran(dev.jdkmatrix.results.format.RawCsv.read(out.resolve("raw.csv")), w.toString());
    }

    /** Every container of a run, stopped ones included. */
    public static List<Container> containers(String runId) {
        return DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(Labels.RUN, runId)).exec();
    }

    /** Waits (up to 2 minutes, while {@code keepWaiting}) for a running container of a measured run (not a JDK probe) of the run. */
    public static List<Container> awaitRunning(String runId, BooleanSupplier keepWaiting) throws InterruptedException {
        List<Container> running = List.of();
        for (int i = 0; i < 1200 && running.isEmpty() && keepWaiting.getAsBoolean(); i++) {
            Thread.sleep(100);
            running = DockerClientFactory.instance().client().listContainersCmd()
                    .withLabelFilter(Map.of(Labels.RUN, runId)).exec().stream()
                    .filter(c -> c.getLabels() == null || !"probe".equals(c.getLabels().get(Labels.ROLE))).toList();
        }
        return running;
    }

    /**
     * The volumes the containers of a run mounted between two instants, from the engine's events:
     * a container's create event carries its labels, a volume's mount event its container.
     */
    public static java.util.Set<String> volumesOf(String runId, java.time.Instant since, java.time.Instant until) {
        java.util.Set<String> containers = new java.util.HashSet<>();
        List<com.github.dockerjava.api.model.Event> events = new java.util.ArrayList<>();
        try (var cb = DockerClientFactory.instance().client().eventsCmd()
                .withSince(Long.toString(since.getEpochSecond())).withUntil(Long.toString(until.getEpochSecond() + 1))
                .exec(new com.github.dockerjava.api.async.ResultCallback.Adapter<com.github.dockerjava.api.model.Event>() {
                    @Override
                    public void onNext(com.github.dockerjava.api.model.Event e) {
                        events.add(e);
                    }
                })) {
            cb.awaitCompletion(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("reading the engine's events", e);
        }
        java.util.Set<String> volumes = new java.util.HashSet<>();
        for (var e : events) {
            var attrs = e.getActor() == null || e.getActor().getAttributes() == null ? Map.<String, String>of() : e.getActor().getAttributes();
            if ("container".equals(e.getType() == null ? null : e.getType().getValue()) && "create".equals(e.getAction())
                    && runId.equals(attrs.get(Labels.RUN))) containers.add(e.getActor().getId());
        }
        for (var e : events) {
            var attrs = e.getActor() == null || e.getActor().getAttributes() == null ? Map.<String, String>of() : e.getActor().getAttributes();
            if ("volume".equals(e.getType() == null ? null : e.getType().getValue()) && "mount".equals(e.getAction())
                    && containers.contains(attrs.get("container"))) volumes.add(e.getActor().getId());
        }
        return volumes;
    }

    /** The engine's CPU count, as Docker reports it. */
    public static String engineCpus() {
        return Integer.toString(DockerClientFactory.instance().client().infoCmd().exec().getNCPU());
    }
}
