package dev.jdkmatrix.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * The Docker engine the user named: {@code DOCKER_HOST}, else Testcontainers' {@code docker.host}
 * in ~/.testcontainers.properties. When one is named it is the only engine the harness may use:
 * Testcontainers would fall back to the local socket when it does not answer, and the laptop
 * would be measured instead of the machine the user pointed at. {@link #check} asks it for
 * {@code /_ping} with a short timeout before anything starts.
 */
public record Endpoint(String uri, String source) {

    /** How long a named engine has to answer before the harness gives up on it. */
    static final int TIMEOUT_MS = 5_000;

    /** The engine named by DOCKER_HOST or ~/.testcontainers.properties, if any. */
    public static Optional<Endpoint> named() {
        String env = System.getenv("DOCKER_HOST");
        if (env != null && !env.isBlank()) return Optional.of(new Endpoint(env.trim(), "DOCKER_HOST"));
        Path props = Path.of(System.getProperty("user.home"), ".testcontainers.properties");
        if (Files.isRegularFile(props)) {
            Properties p = new Properties();
            try (InputStream in = Files.newInputStream(props)) {
                p.load(in);
            } catch (IOException e) {
                return Optional.empty();
            }
            String host = p.getProperty("docker.host");
            if (host != null && !host.isBlank()) return Optional.of(new Endpoint(host.trim(), "docker.host in " + props));
        }
        return Optional.empty();
    }

    /** What the user sees: {@code DOCKER_HOST=tcp://127.0.0.1:1}. */
    public String text() {
        return source.equals("DOCKER_HOST") ? "DOCKER_HOST=" + uri : uri + " (" + source + ")";
    }

    /**
     * Null when the engine answers {@code GET /_ping} (tcp without TLS, unix) or accepts a
     * connection (tcp with TLS, where the TLS handshake is Testcontainers' to make); else why not.
     */
    public String check() {
        URI u;
        try {
            u = URI.create(uri);
        } catch (IllegalArgumentException e) {
            return "'" + uri + "' is not a URI (" + e.getMessage() + ")";
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme();
        try {
            switch (scheme) {
                case "unix" -> {
                    Path socket = Path.of(u.getPath());
                    if (!Files.exists(socket)) return "no such socket: " + socket;
                    try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                        ch.connect(UnixDomainSocketAddress.of(socket)); // (a unix channel has no socket(): it throws "Not supported")
                        ch.write(ByteBuffer.wrap(ping(u)));
                        ByteBuffer buf = ByteBuffer.allocate(64);
                        // a unix socket cannot time out a read: an engine that accepts but never answers is left to the client's own timeouts
                        ch.read(buf);
                        return answer(new String(buf.array(), 0, buf.position(), StandardCharsets.US_ASCII));
                    }
                }
                case "tcp", "http", "https" -> {
                    int port = u.getPort() > 0 ? u.getPort() : 2375;
                    try (Socket s = new Socket()) {
                        s.connect(new InetSocketAddress(u.getHost(), port), TIMEOUT_MS);
                        if ("1".equals(System.getenv("DOCKER_TLS_VERIFY")) || scheme.equals("https")) return null;
                        s.setSoTimeout(TIMEOUT_MS);
                        OutputStream out = s.getOutputStream();
                        out.write(ping(u));
                        out.flush();
                        byte[] b = s.getInputStream().readNBytes(64);
                        return answer(new String(b, StandardCharsets.US_ASCII));
                    }
                }
                default -> {
                    return "jdkmatrix talks to engines over tcp:// or unix://, not '" + scheme + "://' (for ssh, forward the engine's socket: README, 'A bigger machine')";
                }
            }
        } catch (IOException | RuntimeException e) {
            return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        }
    }

    private static byte[] ping(URI u) {
        String host = u.getHost() == null ? "docker" : u.getHost();
        return ("GET /_ping HTTP/1.0\r\nHost: " + host + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    private static String answer(String head) {
        if (head.startsWith("HTTP/1.") && head.length() >= 12 && head.substring(9, 12).equals("200")) return null;
        return head.isEmpty() ? "it closed the connection without an answer" : "it answered '" + head.lines().findFirst().orElse("") + "', not a Docker engine's 200 OK";
    }
}
