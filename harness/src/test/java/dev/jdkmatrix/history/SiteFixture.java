package dev.jdkmatrix.history;

import dev.jdkmatrix.results.Columns;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Nights of a site written the way 'run' and 'make publish' write them: two cells of one workload
 * on JDK 21 and 25, run back to back in each round (order blocked, compared along jdk), their
 * figures drawn around given levels with a shared disturbance per night and per round, and noise
 * of their own.
 */
public final class SiteFixture {

    public static final String CELL_21 = "cpu-hash(iterations=1000000) fixed:cpus tasks=100 jdk=21 cpus=1 mem=512m";
    public static final String CELL_25 = "cpu-hash(iterations=1000000) fixed:cpus tasks=100 jdk=25 cpus=1 mem=512m";
    static final Instant FIRST = Instant.parse("2026-10-01T02:17:00Z");

    private SiteFixture() {}

    /** One night's settings: the two cells' levels (ms), noise (a fraction, per run), the night's shared factor, and what run.json records. */
    public record Night(double level21, double level25, double noise, double nightFactor, int rounds, String workloadsSha, String build25, String cpuModel, boolean gzip) {
        public static Night steady(double noise) {
            return new Night(1000, 800, noise, 1, 5, "a".repeat(64), "25.0.5+8", "AMD EPYC", true);
        }

        public Night level25(double level) {
            return new Night(level21, level, noise, nightFactor, rounds, workloadsSha, build25, cpuModel, gzip);
        }

        public Night factor(double f) {
            return new Night(level21, level25, noise, f, rounds, workloadsSha, build25, cpuModel, gzip);
        }

        public Night jar(String sha) {
            return new Night(level21, level25, noise, nightFactor, rounds, sha, build25, cpuModel, gzip);
        }

        public Night cpu(String model) {
            return new Night(level21, level25, noise, nightFactor, rounds, workloadsSha, build25, model, gzip);
        }
    }

    /** Writes night {@code i} (folder nightly-NNN, started i days after {@link #FIRST}) into {@code site}. */
    public static Path write(Path site, int i, Night n, long seed) throws IOException {
        return write(site, i, n, seed, "");
    }

    /** As above, each cell's id ending in {@code suffix} (" jvm=[...]": what a jvm-args value adds to it). */
    public static Path write(Path site, int i, Night n, long seed, String suffix) throws IOException {
        String id = String.format(Locale.ROOT, "nightly-%03d", i);
        Path dir = site.resolve(id);
        Files.createDirectories(dir);
        SplittableRandom r = new SplittableRandom(seed * 1_000_003L + i);
        List<RawRow> rows = new ArrayList<>();
        int seq = 0;
        for (int round = 1; round <= n.rounds(); round++) {
            double shared = 1 + n.noise() * gauss(r);
            for (String cell : List.of(CELL_21, CELL_25)) {
                double level = cell == CELL_21 ? n.level21() : n.level25();
                double v = level * n.nightFactor() * shared * (1 + n.noise() * gauss(r));
                rows.add(row(id, ++seq, cell, round, v, suffix));
            }
        }
        Path raw = dir.resolve("raw.csv");
        try (RawCsv csv = RawCsv.append(raw, List.of())) {
            for (RawRow row : rows) csv.write(row);
        }
        if (n.gzip()) {
            try (OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(dir.resolve("raw.csv.gz")))) {
                Files.copy(raw, out);
            }
            Files.delete(raw);
        }
        Instant started = FIRST.plus(i, ChronoUnit.DAYS);
        RunJson.write(dir.resolve("run.json"), meta(id, started, n));
        return dir;
    }

    static RunMetadata meta(String id, Instant started, Night n) {
        RunMetadata.Plan plan = new RunMetadata.Plan(2, 2 * n.rounds(), n.rounds(), 0, "blocked", 10, "1/1", 0.1, n.rounds(), 0, 0,
                List.of("jdk"), 7, 1, List.of(CELL_21, CELL_25), List.of(), 0.005);
        return new RunMetadata(1, id, "matrix.yaml", "nightly", "0".repeat(64), "1234567890abcdef", false, started.toString(),
                started.plusSeconds(60).toString(), new RunMetadata.Host("runner-1", n.cpuModel(), 2, 8L << 30, "Linux", "6.1", "25.0.3"),
                new RunMetadata.Engine("20.10.24", "1.41", "Debian", "6.1", 2, 8L << 30, "1", "cgroupfs", "unix:///var/run/docker.sock", "x", "runner"),
                List.of(new RunMetadata.Image("21", "jdkmatrix/run-21:aaaa", "sha256:" + "1".repeat(64), false, 0, "Debian", "21.0.9+10", "OpenJDK 64-Bit Server VM"),
                        new RunMetadata.Image("25", "jdkmatrix/run-25:bbbb", "sha256:" + n.build25().hashCode(), false, 0, "Debian", n.build25(), "OpenJDK 64-Bit Server VM")),
                Map.of("21", List.of("21.0.9+10"), "25", List.of(n.build25())), plan, Map.of("ok", 2 * n.rounds()), null, 0, List.of(), List.of(),
                List.of(new RunMetadata.Jar("workloads.jar", "workloads/target/workloads.jar", n.workloadsSha())));
    }

    static RawRow row(String runId, int seq, String cell, int round, double wall, String suffix) {
        dev.jdkmatrix.results.Rows.Builder b = dev.jdkmatrix.results.Rows.of(cell + suffix).run(runId, seq).rep(round)
                .builtin("cpu-hash", "iterations=1000000", "fixed:cpus", 100, cell == CELL_21 ? "21" : "25", "1", "512m").wall(wall)
                .with("kind", "builtin").with("score", String.format(Locale.ROOT, "%.3f", wall)).with("score_unit", "ms").with("score_better", "lower")
                .with("java_runtime_version", cell == CELL_21 ? "21.0.9+10" : "25.0.5+8");
        if (suffix.startsWith(" jvm=[")) b.with("jvm_args", suffix.substring(6, suffix.length() - 1));
        return b.build();
    }

    /** A raw.csv as a harness before the workload kinds wrote it: only its first columns (no score, kind or trust columns). */
    static void oldSchema(Path dir) throws IOException {
        Path gz = dir.resolve("raw.csv.gz");
        List<RawRow> rows = RawCsv.read(gz);
        List<String> old = new ArrayList<>(Columns.RAW_HARNESS);
        old.addAll(Columns.RAW_RECORD);
        StringBuilder csv = new StringBuilder(String.join(",", old)).append('\n');
        for (RawRow row : rows) csv.append(String.join(",", old.stream().map(c -> quote(row.column(c))).toList())).append('\n');
        Files.delete(gz);
        Files.writeString(dir.resolve("raw.csv"), csv);
        // and a run.json of that time: no jars, no sessions
        String json = Files.readString(dir.resolve("run.json")).replaceAll("(?s),\\s*\"jars\" : \\[.*?\\]", "").replaceAll("(?s),\\s*\"sessions\" : \\[\\s*\\]", "");
        Files.writeString(dir.resolve("run.json"), json);
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    static double gauss(SplittableRandom r) {
        double u = Math.max(1e-12, r.nextDouble());
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.nextDouble());
    }
}
