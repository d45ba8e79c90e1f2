package dev.jdkmatrix.run;

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

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    public static DockerClient connect() {
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
        try {
            return factory.client();
        } catch (RuntimeException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "Testcontainers could not use the Docker engine: " + rootMessage(e)
                    + "\n  fix: check 'docker info'; on a machine without a registry run 'make base-image'", e);
        }
    }
}
