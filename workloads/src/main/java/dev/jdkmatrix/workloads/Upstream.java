package dev.jdkmatrix.workloads;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The upstream stub of the {@code http-fanout} workload: {@code java -jar workloads.jar upstream
 * [--port 8080]}, on the JDK's built-in HTTP server with a virtual thread per exchange. It answers
 * {@code GET /feed/<i>?delay=<ms>} after sleeping the delay the client names, with
 * {@link #body(int)}: the client draws the delays from its seed, so the stub keeps no state and
 * every executor waits the same. Prints {@link #READY} once it listens.
 */
public final class Upstream {

    /** The line the harness waits for before it starts the measured container. */
    public static final String READY = "JDKMATRIX-UPSTREAM listening";
    /** Longest delay a request may ask for: a typo must not park a connection for an hour. */
    static final long MAX_DELAY_MS = 60_000;
    static final int ITEMS = 40;

    private Upstream() {}

    /** The feed a request for feed {@code i} gets: a header line and {@link #ITEMS} items, about 1.5 KB. */
    static String body(int i) {
        StringBuilder b = new StringBuilder(2048).append("feed ").append(i).append('\n');
        for (int j = 0; j < ITEMS; j++) {
            b.append("item ").append(i).append('-').append(j).append(' ').append(Long.toHexString(Mixed.hash(i * 1_000L + j, 4))).append('\n');
        }
        return b.toString();
    }

    static void serve(String[] args) throws IOException {
        int port = 8080;
        for (int k = 1; k < args.length; k++) {
            if (args[k].equals("--port") && k + 1 < args.length) {
                port = Integer.parseInt(args[++k]);
            } else {
                throw new IllegalArgumentException("upstream: unknown option '" + args[k] + "'; usage: upstream [--port N]");
            }
        }
        HttpServer server = start(port);
        System.out.println(READY + " on port " + server.getAddress().getPort());
        System.out.flush();
    }

    /** Starts the server on {@code port} (0: any free port) and returns it running. */
    static HttpServer start(int port) throws IOException {
        AtomicLong served = new AtomicLong();
        HttpServer server = HttpServer.create(new InetSocketAddress(port), 8192);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/feed/", exchange -> {
            try (exchange) {
                answer(exchange);
                served.incrementAndGet();
            }
        });
        server.createContext("/served", exchange -> {
            try (exchange) {
                send(exchange, 200, served.get() + "\n");
            }
        });
        server.start();
        return server;
    }

    private static void answer(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String query = exchange.getRequestURI().getQuery();
        int feed;
        long delay = 0;
        try {
            feed = Integer.parseInt(path.substring("/feed/".length()));
            if (query != null && query.startsWith("delay=")) delay = Long.parseLong(query.substring("delay=".length()));
        } catch (NumberFormatException e) {
            send(exchange, 400, "expected /feed/<number>?delay=<ms>, got " + exchange.getRequestURI() + "\n");
            return;
        }
        if (delay < 0 || delay > MAX_DELAY_MS) {
            send(exchange, 400, "delay must be 0.." + MAX_DELAY_MS + " ms, got " + delay + "\n");
            return;
        }
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            send(exchange, 503, "interrupted\n");
            return;
        }
        send(exchange, 200, body(feed));
    }

    private static void send(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
