package dev.jdkmatrix.engine;

import com.github.dockerjava.api.DockerClient;
import dev.jdkmatrix.ExitException;
import org.testcontainers.DockerClientFactory;

/**
 * The Docker engine, found the way Testcontainers finds it (DOCKER_HOST, the local socket,
 * ~/.testcontainers.properties). Ryuk and the start-up checks are off (the launcher sets
 * TESTCONTAINERS_RYUK_DISABLED and TESTCONTAINERS_CHECKS_DISABLE), so the harness never needs
 * an image from a registry for itself, and it removes its own containers.
 */
public final class Docker {

    private Docker() {}

    /** The engine the client talks to, as a URI: unix:///var/run/docker.sock, tcp://host:2375. */
    public static String endpoint() {
        return DockerClientFactory.instance().getTransportConfig().getDockerHost().toString();
    }

    /** tcp://h:p and http://h:p, or unix:///x and unix://localhost/x, name one engine. */
    static boolean sameEndpoint(String a, String b) {
        return normalize(a).equals(normalize(b));
    }

    private static String normalize(String uri) {
        java.net.URI u = java.net.URI.create(uri.trim());
        String scheme = u.getScheme() == null ? "" : u.getScheme();
        if (scheme.equals("unix") || scheme.equals("npipe")) return scheme + ":" + u.getPath();
        if (scheme.equals("http")) scheme = "tcp";
        return scheme + "://" + u.getHost() + ":" + (u.getPort() > 0 ? u.getPort() : 2375);
    }

    public static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    /**
     * Refuses, with exit code 3 (as for no engine at all: run --help says so), an engine named by DOCKER_HOST (or docker.host) that does not
     * answer: Testcontainers would fall back to the local socket and measure the wrong machine.
     * Called before anything is written.
     */
    public static void checkNamedEngine() {
        java.util.Optional<Endpoint> named = Endpoint.named();
        if (named.isEmpty()) return;
        String problem = named.get().check();
        if (problem != null) {
            throw new ExitException(ExitException.ENVIRONMENT, "the Docker engine at " + named.get().text() + " does not answer: " + problem + "; nothing was run"
                    + "\n  fix: start that engine (or the SSH tunnel to it), or unset DOCKER_HOST to use this machine's engine");
        }
    }

    /**
     * The Docker client. An engine the user named is the only one to use: its ping is
     * {@link #checkNamedEngine()}, which a caller runs before it writes anything (MatrixRunner does);
     * here the engine Testcontainers chose must be that one, since it would fall back to the local socket.
     */
    public static DockerClient connect() {
        java.util.Optional<Endpoint> named = Endpoint.named();
        DockerClientFactory factory = DockerClientFactory.instance();
        try {
            factory.getTransportConfig();
        } catch (RuntimeException e) {
            String host = System.getenv("DOCKER_HOST");
            throw new ExitException(ExitException.ENVIRONMENT, "no Docker engine answers"
                    + (host == null ? " on the local socket" : " at DOCKER_HOST=" + host) + " (" + rootMessage(e) + ")"
                    + "\n  fix: start Docker ('make docker' installs and starts one on Debian as root), or set DOCKER_HOST to a reachable engine", e);
        }
        if (!"true".equalsIgnoreCase(System.getenv("TESTCONTAINERS_RYUK_DISABLED"))) {
            throw new ExitException(ExitException.ENVIRONMENT, "TESTCONTAINERS_RYUK_DISABLED is not 'true', so Testcontainers would start Ryuk from a registry image"
                    + "\n  fix: export TESTCONTAINERS_RYUK_DISABLED=true (jdkmatrix removes its own containers); 'java -jar jdkmatrix.jar' and make set it for you");
        }
        if (named.isPresent()) {
            String used = factory.getTransportConfig().getDockerHost().toString();
            if (!sameEndpoint(used, named.get().uri())) {
                throw new ExitException(ExitException.BAD_INPUT, "Testcontainers chose the engine at " + used + ", not the one at " + named.get().text() + "; nothing was run"
                        + "\n  fix: check " + named.get().source() + " and ~/.testcontainers.properties (docker.client.strategy)");
            }
        }
        try {
            return factory.client();
        } catch (RuntimeException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "Testcontainers could not use the Docker engine: " + rootMessage(e)
                    + "\n  fix: check 'docker info'; on a machine without a registry run 'make base-image'", e);
        }
    }
}
