package dev.jdkmatrix.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The loopback stand-in of GitHub's issues API (harness/act/github-api/GitHubApiStandIn.java) that make check-workflows gives
 * the workflows under act, started as a process of its own for a test: its address, and every request it answered, read back
 * from its log.
 */
final class GitHubStandIn implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final Path log;
    final String url;

    private GitHubStandIn(Process process, Path log, String url) {
        this.process = process;
        this.log = log;
        this.url = url;
    }

    /** Starts it in {@code dir} with these tokens (TOKEN=LOGIN, or TOKEN alone: a workflow's, github-actions[bot]'s). */
    static GitHubStandIn start(Path dir, String... tokens) throws IOException, InterruptedException {
        Path port = dir.resolve("port");
        Path log = dir.resolve("requests.jsonl");
        String cp = Stream.of(JsonNode.class, com.fasterxml.jackson.core.JsonParser.class, com.fasterxml.jackson.annotation.JsonProperty.class)
                .map(c -> {
                    try {
                        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
                    } catch (java.net.URISyntaxException e) {
                        throw new IllegalStateException(e);
                    }
                }).distinct().reduce((a, b) -> a + File.pathSeparator + b).orElseThrow();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
                "-cp", compiled(cp) + File.pathSeparator + cp, "GitHubApiStandIn", port.toString(), log.toString()));
        command.addAll(List.of(tokens));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("stand-in.out").toFile()).start();
        Instant until = Instant.now().plus(Duration.ofSeconds(60));
        while (!Files.exists(port)) {
            if (!p.isAlive() || Instant.now().isAfter(until)) {
                p.destroy();
                throw new AssertionError("the stand-in did not start: " + Files.readString(dir.resolve("stand-in.out")));
            }
            Thread.sleep(50);
        }
        return new GitHubStandIn(p, log, "http://127.0.0.1:" + Files.readString(port).strip());
    }

    private static Path classes;

    /**
     * The stand-in's class, compiled once for all the tests of this JVM (target/github-stand-in): a source-file launch compiles it
     * again for every test, about 2 s each.
     */
    private static synchronized Path compiled(String cp) throws IOException {
        if (classes != null) return classes;
        Path source = Path.of(System.getProperty("user.dir")).resolve("act/github-api/GitHubApiStandIn.java");
        Path out = Files.createDirectories(Path.of(System.getProperty("user.dir")).resolve("target/github-stand-in"));
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        java.io.StringWriter errors = new java.io.StringWriter();
        boolean ok;
        try (javax.tools.StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
            ok = javac.getTask(errors, files, null, List.of("-d", out.toString(), "-cp", cp, "-proc:none"), null, files.getJavaFileObjects(source.toFile())).call();
        }
        if (!ok) throw new AssertionError("the stand-in " + source + " did not compile: " + errors);
        classes = out;
        return out;
    }

    /** Every request it answered, in order. */
    List<JsonNode> requests() throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(log)) if (!line.isBlank()) out.add(JSON.readTree(line));
        return out;
    }

    @Override
    public void close() {
        process.destroy();
    }
}
