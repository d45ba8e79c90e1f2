package dev.jdkmatrix.workloads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

/**
 * SEEDS D, write-up 4: fan-out to slow upstreams. Task i fetches feed i with
 * {@code java.net.http.HttpClient} (HTTP/1.1, one client for all tasks) from the
 * {@link Upstream} stub at {@code --upstream} (the harness starts it in a sibling container
 * and passes its address); the stub answers after a delay drawn uniformly in
 * [{@code min-ms}, {@code max-ms}] from {@code seed} and i, so every executor waits the same.
 * Each response is checked (status, feed number, items) and then parsed for about
 * {@code parse-ms} of CPU (the loop of {@link Mixed}, calibrated before the timed span).
 * Records the observed latency distribution and the planned delays.
 */
public record HttpFanout(String upstream, long minMs, long maxMs, long parseMs, long seed, long[] perMs,
                  java.util.concurrent.ConcurrentHashMap<Integer, Long> latencyMicros, java.net.http.HttpClient[] client) implements Workload {
    public HttpFanout {
        if (minMs < 0 || maxMs < minMs) throw new IllegalArgumentException("http-fanout: need 0 <= --min-ms <= --max-ms, got " + minMs + " and " + maxMs);
        if (parseMs < 0) throw new IllegalArgumentException("http-fanout: --parse-ms must be >= 0, got " + parseMs);
        if (maxMs > Upstream.MAX_DELAY_MS) throw new IllegalArgumentException("http-fanout: --max-ms must be at most " + Upstream.MAX_DELAY_MS + ", got " + maxMs);
    }
    HttpFanout(String upstream, long minMs, long maxMs, long parseMs, long seed) {
        this(upstream, minMs, maxMs, parseMs, seed, new long[1], new java.util.concurrent.ConcurrentHashMap<>(), new java.net.http.HttpClient[1]);
    }
    /** Starting the upstream stub (a container and a JVM) and its network, inside the run, outside its timed span, ms. */
    static final double UPSTREAM_START_MS = 1500;
    public static final Descriptor DESCRIPTOR = new Descriptor("http-fanout", "fetch N feeds over HTTP from a slow upstream stub, then parse each (write-up 4)", "every answer is status 200 and the feed asked for; sampled parses recomputed; metrics feeds_fetched and the latency percentiles",
            List.of(Descriptor.Param.whole("min-ms", 200, 0, "the upstream's shortest answer, ms"),
                    Descriptor.Param.whole("max-ms", 500, 0, "the upstream's longest answer, ms (at most " + Upstream.MAX_DELAY_MS + ")"),
                    Descriptor.Param.whole("parse-ms", 2, 0, "CPU time to parse each feed, ms"),
                    Descriptor.Param.whole("seed", 42, 0, "seed of the answers' delays: every executor waits the same")),
            false, Descriptor.Sidecar.HTTP_UPSTREAM, false, Set.of(),
            // waves of requests at the mean delay, the parsing CPU, the calibration and the stub's start
            s -> s.waves(s.threads()) * (s.param("min-ms") + s.param("max-ms")) / 2 + s.tasks() * s.param("parse-ms") / s.cpuQuota()
                    + Mixed.CALIBRATION_MS + UPSTREAM_START_MS + s.spawnMillis(),
            p -> new HttpFanout(p.address("upstream"), p.whole("min-ms"), p.whole("max-ms"), p.whole("parse-ms"), p.whole("seed")));
    public String name() { return "http-fanout"; }
    public Map<String, String> params() {
        // the upstream's address is where, not what: it stays out of the params (and the cell id)
        Map<String, String> p = new LinkedHashMap<>();
        p.put("max-ms", Long.toString(maxMs));
        p.put("min-ms", Long.toString(minMs));
        p.put("parse-ms", Long.toString(parseMs));
        p.put("seed", Long.toString(seed));
        return p;
    }
    public String unsupported(ExecutorSpec executor, int tasks) {
        return upstream.isEmpty() ? "http-fanout needs --upstream http://host:port, the address of a running 'workloads.jar upstream'"
                + " (the harness starts one in a sibling container)" : null;
    }
    long delay(int index) {
        return minMs + new SplittableRandom(seed * 1_000_003L + index).nextLong(maxMs - minMs + 1);
    }
    public void prepare() {
        perMs[0] = Mixed.calibrate();
        client[0] = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
                .connectTimeout(java.time.Duration.ofSeconds(30)).build();
    }
    long expected(int index) {
        return Mixed.hash(Upstream.body(index).hashCode(), parseMs * perMs[0]);
    }
    public Callable<Long> task(int index) {
        java.net.URI uri = java.net.URI.create(upstream + "/feed/" + index + "?delay=" + delay(index));
        return () -> {
            long t0 = System.nanoTime();
            java.net.http.HttpResponse<String> r = client[0].send(
                    java.net.http.HttpRequest.newBuilder(uri).timeout(java.time.Duration.ofSeconds(60)).GET().build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            latencyMicros.put(index, (System.nanoTime() - t0) / 1_000);
            if (r.statusCode() != 200) throw new IllegalStateException("GET " + uri + " answered " + r.statusCode() + ": " + r.body().strip());
            String body = r.body();
            String[] lines = body.split("\n");
            if (!lines[0].equals("feed " + index) || lines.length != Upstream.ITEMS + 1) {
                throw new IllegalStateException("GET " + uri + " answered another feed: '" + lines[0] + "', " + lines.length + " lines");
            }
            return Mixed.hash(body.hashCode(), parseMs * perMs[0]);
        };
    }
    public Map<String, Long> metrics() {
        long[] lat = latencyMicros.values().stream().mapToLong(Long::longValue).sorted().toArray();
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("feeds_fetched", (long) lat.length);
        if (lat.length > 0) {
            m.put("latency_min_ms", lat[0] / 1_000);
            m.put("latency_p50_ms", lat[(lat.length - 1) / 2] / 1_000);
            m.put("latency_p90_ms", lat[(int) Math.ceil(0.9 * lat.length) - 1] / 1_000);
            m.put("latency_max_ms", lat[lat.length - 1] / 1_000);
        }
        m.put("iterations_per_ms", perMs[0]);
        return m;
    }
    public String check(long[] results) {
        // each task checked its feed's number and items; recomputing the parse of every feed would cost as much CPU again
        for (int i = 0; i < results.length; i += Math.max(1, results.length / 8)) {
            if (results[i] != expected(i)) return "feed " + i + ": parsed hash " + results[i] + " != expected " + expected(i);
        }
        if (latencyMicros.size() != results.length) return latencyMicros.size() + " feeds fetched of " + results.length;
        return null;
    }
}
