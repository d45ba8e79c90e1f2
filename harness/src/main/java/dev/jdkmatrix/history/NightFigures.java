package dev.jdkmatrix.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.results.CellColumns;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A night's figures kept beside its runs ({@value #FILE} in its folder), so that a site of thousands of nights is indexed
 * from each night's few figures instead of from every one of its runs. {@code index} writes it for a night it had to read
 * from its runs; every reader uses it only while its digest is the night's own: the SHA-256 of {@link #VERSION}, the
 * night's raw.csv (or raw.csv.gz) and its run.json. A night whose files changed, a file of another version, or one that
 * cannot be read is read from its runs again, as if there were none: the runs are the truth, this is their summary.
 */
final class NightFigures {

    /** The file in a night's folder. */
    static final String FILE = "figures.json.gz";

    /**
     * What the figures are computed by. Change it whenever {@link Nights#figures} (or the statistics it calls) would give
     * another figure for the same runs: every kept file is then read from its runs again. NightFiguresTest holds the
     * figures of a committed night to a golden copy made at this version, so a change that forgets it fails there.
     */
    static final int VERSION = 2; // 2: a JMH cell's options kept beside its key

    private static final ObjectMapper JSON = new ObjectMapper();

    private NightFigures() {}

    /** A night's figures and its measured cells' keys, as {@link Night} holds them. */
    record Kept(Map<FigureKey, Measured> figures, Map<String, CellKey> cells, Map<String, JmhOptions> jmh) {
        Kept {
            figures = Map.copyOf(figures);
            cells = Map.copyOf(cells);
            jmh = Map.copyOf(jmh);
        }
    }

    /** The digest a night's kept figures must carry: of {@link #VERSION}, its raw file's bytes and its run.json's. */
    static String digest(Path raw, Path runJson) throws IOException {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(("jdkmatrix night figures " + VERSION + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            for (Path p : new Path[] {raw, runJson}) {
                byte[] bytes = Files.readAllBytes(p);
                sha.update(Long.toString(bytes.length).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                sha.update((byte) '\n');
                sha.update(bytes);
            }
            return java.util.HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    /** The figures kept in {@code dir} under {@code digest}; empty where there are none, they are another night's or version's, or unreadable. */
    static Optional<Kept> read(Path dir, String digest, Map<String, CellKey> keys) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return Optional.empty();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 14)) {
            JsonNode root = JSON.readTree(in);
            if (root == null || root.path("version").asInt() != VERSION || !digest.equals(root.path("digest").asText())) return Optional.empty();
            Map<String, CellKey> cells = new HashMap<>();
            Map<String, JmhOptions> jmh = new HashMap<>();
            root.path("cells").fields().forEachRemaining(e -> {
                Map<String, String> columns = new HashMap<>();
                e.getValue().fields().forEachRemaining(c -> columns.put(c.getKey(), c.getValue().asText()));
                columns.put("cell", e.getKey());
                cells.put(e.getKey(), keys.computeIfAbsent(e.getKey(), id -> CellColumns.read(c -> columns.getOrDefault(c, ""))));
                JmhOptions.read(c -> columns.getOrDefault(c, "")).ifPresent(o -> jmh.put(e.getKey(), o));
            });
            Map<FigureKey, Measured> figures = new HashMap<>();
            for (JsonNode f : root.path("figures")) figures.put(key(f.path("cells")), measured(f));
            return Optional.of(new Kept(figures, cells, jmh));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // read from the runs instead, and written again by the next index
        }
    }

    /** Keeps a night's figures in {@code dir} under {@code digest}. */
    static void write(Path dir, String digest, Map<FigureKey, Measured> figures, Map<String, CellKey> cells, Map<String, JmhOptions> jmh) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("version", VERSION);
        root.put("digest", digest);
        ObjectNode cellsNode = root.putObject("cells");
        for (var e : new TreeMap<>(cells).entrySet()) {
            Map<String, String> columns = new LinkedHashMap<>();
            CellColumns.write(e.getValue(), columns);
            columns.remove("cell");
            if (jmh.containsKey(e.getKey())) jmh.get(e.getKey()).write(columns);
            ObjectNode c = cellsNode.putObject(e.getKey());
            columns.forEach(c::put);
        }
        ArrayNode list = root.putArray("figures");
        for (var e : new TreeMap<>(figures).entrySet()) {
            ObjectNode f = list.addObject();
            ArrayNode names = f.putArray("cells");
            e.getKey().cells().forEach(names::add);
            Measured m = e.getValue();
            number(f, "value", m.value());
            number(f, "low", m.low());
            number(f, "high", m.high());
            number(f, "level", m.level());
            f.put("n", m.n());
            f.put("unit", m.unit());
            f.put("higher_is_better", m.higherIsBetter());
            f.put("compared", m.compared());
            ArrayNode jdks = f.putArray("jdks");
            new java.util.TreeSet<>(m.jdks()).forEach(jdks::add);
            number(f, "within_sd", m.withinSd());
        }
        // written in place: a file cut short (a killed index) reads as none, and the night is read from its runs again
        // never through a link: a file of that name that is one is replaced, and what it named is left alone
        Path file = dir.resolve(FILE);
        if (Files.isSymbolicLink(file)) Files.delete(file);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING,
                java.nio.file.StandardOpenOption.WRITE, java.nio.file.LinkOption.NOFOLLOW_LINKS), 1 << 14)) {
            JSON.writeValue(out, root);
        }
    }

    /** A number, or null for NaN (JSON has none). */
    private static void number(ObjectNode f, String name, double v) {
        if (Double.isNaN(v)) f.putNull(name);
        else f.put(name, v);
    }

    private static double number(JsonNode f, String name) {
        JsonNode v = f.path(name);
        if (!v.isNumber()) throw new IllegalArgumentException("figure without " + name);
        return v.asDouble();
    }

    private static double numberOrNaN(JsonNode f, String name) {
        JsonNode v = f.path(name);
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }

    private static FigureKey key(JsonNode cells) {
        if (cells.size() == 1) return new FigureKey.Cell(cells.get(0).asText());
        if (cells.size() == 2) return new FigureKey.Pair(cells.get(0).asText(), cells.get(1).asText());
        throw new IllegalArgumentException("a figure is of one cell or two, got " + cells.size());
    }

    private static Measured measured(JsonNode f) {
        Set<String> jdks = new HashSet<>();
        for (JsonNode j : f.path("jdks")) jdks.add(j.asText());
        return new Measured(number(f, "value"), numberOrNaN(f, "low"), numberOrNaN(f, "high"), numberOrNaN(f, "level"), f.path("n").asInt(),
                f.path("unit").asText(), f.path("higher_is_better").asBoolean(), f.path("compared").asText(), jdks, numberOrNaN(f, "within_sd"));
    }
}
