package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * The engine lost mid-run, without touching the machine's own engine: the harness (the shipped
 * jar, as a user runs it) talks to the engine through a TCP proxy in front of its socket that the
 * test starts and stops. Losing it ends the run with exit code 4 and one message, the stored runs
 * intact; after the proxy is back, a resume completes the plan.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@Order(3) // ItOrder: among the longest side-by-side classes
class EngineLostIT {

    @TempDir
    Path tmp;

    /**
     * Forwards 127.0.0.1:port to the engine's unix socket; stop() closes the port and every
     * connection; freeze() keeps every connection open and forwards nothing more, as a hung engine.
     */
    static final class Proxy implements AutoCloseable {
        final Path socket;
        final int port;
        private volatile ServerSocket server;
        private volatile boolean frozen;
        private final Set<java.io.Closeable> open = ConcurrentHashMap.newKeySet();

        Proxy(Path socket, int port) throws IOException, InterruptedException {
            this.socket = socket;
            this.port = port;
            start();
        }

        void start() throws IOException, InterruptedException {
            ServerSocket s = new ServerSocket();
            s.setReuseAddress(true);
            // the previous proxy's connections may hold the port for a moment after stop() (a fresh-clone
            // CI run met "Address already in use" here once): try again for up to 10 s
            for (int attempt = 0; ; attempt++) {
                try {
                    s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                    break;
                } catch (java.net.BindException e) {
                    if (attempt >= 100) throw e;
                    Thread.sleep(100);
                }
            }
            server = s;
            Thread accept = new Thread(() -> {
                while (!s.isClosed()) {
                    Socket client;
                    try {
                        client = s.accept();
                    } catch (IOException e) {
                        return; // closed by stop()
                    }
                    open.add(client);
                    if (s.isClosed()) { // stop() ran while this one was accepted: it did not see it
                        closeQuietly(client);
                        return;
                    }
                    if (frozen) continue; // accepted, never answered
                    try {
                        SocketChannel engine = SocketChannel.open(StandardProtocolFamily.UNIX);
                        open.add(engine);
                        engine.connect(UnixDomainSocketAddress.of(socket));
                        pump(client.getInputStream(), Channels.newOutputStream(engine), client, engine);
                        pump(Channels.newInputStream(engine), client.getOutputStream(), client, engine);
                    } catch (IOException e) {
                        // this connection failed (the engine's socket busy beside other tests' sessions, say): it is closed, and the
                        // proxy goes on serving. It used to end the accept loop, and every later connection then waited unanswered
                        // in the port's backlog: a harness hung in its first ping, before any freeze (fresh-clone .ci/run at 65df49e)
                        closeQuietly(client);
                    }
                }
            }, "proxy-accept");
            accept.setDaemon(true);
            accept.start();
        }

        private void pump(java.io.InputStream in, java.io.OutputStream out, java.io.Closeable a, java.io.Closeable b) {
            Thread t = new Thread(() -> {
                try (a; b) {
                    byte[] buf = new byte[8192];
                    for (int n; (n = in.read(buf)) >= 0; ) {
                        while (frozen) Thread.sleep(50);
                        out.write(buf, 0, n);
                        out.flush();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (IOException e) {
                    // closed by the other side or by stop()
                }
            }, "proxy-pump");
            t.setDaemon(true);
            t.start();
        }

        private static void closeQuietly(java.io.Closeable c) {
            try {
                c.close();
            } catch (IOException e) {
                // closed already
            }
        }

        void freeze() {
            frozen = true;
        }

        void stop() throws IOException {
            frozen = false;
            server.close();
            for (java.io.Closeable c : open) closeQuietly(c);
            open.clear();
        }

        @Override
        public void close() throws IOException {
            stop();
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return free.getLocalPort();
        }
    }

    /** A matrix of {@code repetitions} runs of one fault cell (mode none, 1.5 s each) on JDK 25. */
    static void faultMatrix(Path m, String name, int repetitions, String timeout) throws IOException {
        Files.writeString(m, """
                name: %s
                repetitions: %d
                warmup: 0
                timeout: %s
                %s
                matrix:
                  jdk: 25
                  cpus: 1
                  memory: 256m
                  tasks: 1
                  executor: virtual
                  workload:
                    - name: fault
                      params: { hold-ms: 1500 }
                """.formatted(name, repetitions, timeout, ItSupport.jdks("25")));
    }

    /** Waits (while the harness lives) until {@code rows} runs are stored and the next run's container is running. */
    static void awaitStoredAndRunning(Process p, Path out, int rows, String runId) throws Exception {
        Path raw = out.resolve("raw.csv");
        for (int i = 0; i < 1200 && p.isAlive() && !(Files.exists(raw) && RawCsv.read(raw).size() >= rows); i++) Thread.sleep(100);
        ItSupport.awaitRunning(runId, p::isAlive);
    }

    Process harness(Path matrix, Path out, String runId, int port, boolean resume, Path log) throws IOException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        // the engine's grace past a run's timeout shortened from 30 s to 5 s (EngineWatch.graceMillis); no lease: this class runs beside others
        List<String> cmd = new java.util.ArrayList<>(List.of(java, ItSupport.C1, "-D" + "jdkmatrix.engineGraceSeconds=5", "-jar", ItSupport.HARNESS_JAR.toString(), "run", "--no-lease"));
        if (resume) cmd.addAll(List.of("--resume", out.toString()));
        else cmd.addAll(List.of("--matrix", matrix.toString(), "--out", out.toString(), "--run-id", runId));
        cmd.addAll(List.of("--workloads-jar", ItSupport.JAR.toString(), "--progress", "lines", "--no-report"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("DOCKER_HOST", "tcp://127.0.0.1:" + port);
        return pb.start();
    }

    @Test
    void anEngineLostMidRunEndsWithOneMessageAndTheResumeCompletesThePlan() throws Exception {
        String localSocket = DockerClientFactory.instance().getTransportConfig().getDockerHost().getPath();
        int port = freePort();
        Path m = tmp.resolve("lost.yaml");
        faultMatrix(m, "lost", 6, "60s");
        Path out = tmp.resolve("out");
        String runId = "lost-" + ProcessHandle.current().pid();
        try (Proxy proxy = new Proxy(Path.of(localSocket), port)) {
            Process p = harness(m, out, runId, port, false, tmp.resolve("first.log"));
            // two runs stored and the third running: then the engine goes away
            awaitStoredAndRunning(p, out, 2, runId);
            proxy.stop();
            assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
            String log = Files.readString(tmp.resolve("first.log"));
            assertThat(p.exitValue()).as(log).isEqualTo(4);
            assertThat(log).contains("stopped answering", "are intact", "the run in flight was not stored", "--resume " + out)
                    .doesNotContain("Exception in thread").doesNotContainPattern("\\n\\s+at [a-z]");
            List<RawRow> kept = RawCsv.read(out.resolve("raw.csv"));
            assertThat(kept.size()).as(log).isBetween(2, 5);
            assertThat(out.resolve("logs/engine-lost.log")).isNotEmptyFile();

            proxy.start();
            Process r = harness(m, out, runId, port, true, tmp.resolve("resume.log"));
            assertThat(r.waitFor(3, TimeUnit.MINUTES)).isTrue();
            String resumed = Files.readString(tmp.resolve("resume.log"));
            assertThat(r.exitValue()).as(resumed).isZero();
            List<RawRow> rows = RawCsv.read(out.resolve("raw.csv"));
            assertThat(rows).hasSize(6).extracting(RawRow::runKey).doesNotHaveDuplicates();
            assertThat(rows).allMatch(RawRow::ok, "ok");
            assertThat(ItSupport.containers(runId)).isEmpty();
        }
    }

    @Test
    void anEngineThatStopsAnsweringIsLostAfterABoundedWait() throws Exception {
        String localSocket = DockerClientFactory.instance().getTransportConfig().getDockerHost().getPath();
        int port = freePort();
        Path m = tmp.resolve("hung.yaml");
        faultMatrix(m, "hung", 4, "5s");
        Path out = tmp.resolve("hung");
        String runId = "hung-" + ProcessHandle.current().pid();
        try (Proxy proxy = new Proxy(Path.of(localSocket), port)) {
            Process p = harness(m, out, runId, port, false, tmp.resolve("hung.log"));
            awaitStoredAndRunning(p, out, 1, runId);
            long frozenAt = System.nanoTime();
            proxy.freeze();
            // the run's timeout (5 s) + the grace (5 s here, 30 s by default) + a ping (5 s) and the check's own ping: well within 3 minutes
            assertThat(p.waitFor(3, TimeUnit.MINUTES)).as("the harness ends on its own").isTrue();
            long waited = (System.nanoTime() - frozenAt) / 1_000_000_000L;
            String log = Files.readString(tmp.resolve("hung.log"));
            assertThat(p.exitValue()).as(log).isEqualTo(4);
            assertThat(log).contains("stopped answering", "no answer from the engine 5 s past the run's timeout of 5.0s", "are intact", "--resume " + out)
                    .doesNotContain("Exception in thread").doesNotContainPattern("\\n\\s+at [a-z]");
            assertThat(waited).as("seconds from the freeze to the exit").isLessThan(75);
            assertThat(RawCsv.read(out.resolve("raw.csv"))).as(log).hasSizeBetween(1, 3).allMatch(RawRow::ok, "ok");

            proxy.stop();
            proxy.start();
            Process r = harness(m, out, runId, port, true, tmp.resolve("hung-resume.log"));
            assertThat(r.waitFor(3, TimeUnit.MINUTES)).isTrue();
            String resumed = Files.readString(tmp.resolve("hung-resume.log"));
            assertThat(r.exitValue()).as(resumed).isZero();
            assertThat(RawCsv.read(out.resolve("raw.csv"))).hasSize(4).extracting(RawRow::runKey).doesNotHaveDuplicates();
            assertThat(ItSupport.containers(runId)).isEmpty();
        }
    }
}
