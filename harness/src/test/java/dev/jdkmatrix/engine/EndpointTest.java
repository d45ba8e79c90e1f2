package dev.jdkmatrix.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DOCKER_HOST=unix://...: a socket that answers a ping as an engine does is an engine, one that
 * answers otherwise or is not there is named as such (act runs every job with
 * DOCKER_HOST=unix:///var/run/docker.sock, which the check once refused with "Not supported").
 */
class EndpointTest {

    @Test
    void aUnixSocketThatAnswersThePingIsAnEngine(@TempDir Path dir) throws Exception {
        Path socket = dir.resolve("docker.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            Thread engine = Thread.ofVirtual().start(() -> answer(server, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nOK"));
            assertThat(new Endpoint("unix://" + socket, "DOCKER_HOST").check()).isNull();
            engine.join();
            Thread other = Thread.ofVirtual().start(() -> answer(server, "SSH-2.0-OpenSSH_9.2\r\n"));
            assertThat(new Endpoint("unix://" + socket, "DOCKER_HOST").check()).startsWith("it answered 'SSH-2.0-OpenSSH_9.2', not a Docker engine's 200 OK");
            other.join();
        }
        assertThat(new Endpoint("unix://" + dir.resolve("none.sock"), "DOCKER_HOST").check()).startsWith("no such socket: ");
    }

    private static void answer(ServerSocketChannel server, String reply) {
        try (SocketChannel c = server.accept()) {
            c.read(ByteBuffer.allocate(256));
            c.write(ByteBuffer.wrap(reply.getBytes(StandardCharsets.US_ASCII)));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
