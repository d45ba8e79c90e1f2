package dev.jdkmatrix.claims;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * claims.yaml: the write-ups' published figures to set beside ours, and their checkable claims,
 * each bound to the cells it needs. Read with SnakeYAML Engine; every error names the file, the
 * entry and the fix.
 */
public record Claims(Path file, List<Figure> figures, List<Claim> claims) {

    /** A figure a write-up published, and how to measure the same thing here. */
    public record Figure(String source, String what, String setting, double published, Measure measure) {
        public Figure {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(what, "what");
            Objects.requireNonNull(measure, "measure");
            setting = setting == null ? "" : setting;
        }
    }

    /** A statement that holds when every measured value of its measure is within its bounds. */
    public record Claim(String id, String source, String text, Measure measure, Double atLeast, Double atMost) {
        public Claim {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(measure, "measure");
            if (atLeast == null && atMost == null) throw new IllegalArgumentException("claim '" + id + "' has neither at-least nor at-most");
            if (atLeast != null && atMost != null && atLeast > atMost) {
                throw new IllegalArgumentException("claim '" + id + "': at-least " + atLeast + " is above at-most " + atMost);
            }
            source = source == null ? "" : source;
        }

        /** The bound as it reads: {@code >= 10}, {@code <= 20}, {@code 0.9 .. 1.1}. */
        public String bound() {
            if (atLeast != null && atMost != null) return measure.format(atLeast) + " .. " + measure.format(atMost);
            return atLeast != null ? ">= " + measure.format(atLeast) : "<= " + measure.format(atMost);
        }

        boolean holds(double v) {
            return (atLeast == null || v >= atLeast) && (atMost == null || v <= atMost);
        }

        /** Whether no value in [low, high] is within the bounds. */
        boolean failsThroughout(double low, double high) {
            return (atLeast != null && high < atLeast) || (atMost != null && low > atMost);
        }
    }

    /** claims.yaml beside the matrix a run names in its run.json (as the run saw the path), if there is one. */
    public static java.util.Optional<Path> besideMatrix(dev.jdkmatrix.results.RunMetadata meta) {
        if (meta == null || meta.matrixFile() == null) return java.util.Optional.empty();
        Path matrix = Path.of(meta.matrixFile()).toAbsolutePath();
        Path claims = matrix.resolveSibling("claims.yaml");
        return Files.isRegularFile(claims) ? java.util.Optional.of(claims) : java.util.Optional.empty();
    }

    static final Set<String> MEASURES = Set.of("wall", "score", "throughput", "ratio", "per-run");

    public static Claims read(Path file) throws IOException {
        Object doc;
        try {
            doc = new Load(LoadSettings.builder().setLabel(file.toString()).build()).loadFromString(Files.readString(file));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(file + ": malformed YAML: " + e.getMessage() + "\n  fix: check the indentation and quoting");
        }
        Map<String, Object> top = map(doc, file + "", "write figures: and claims: lists");
        for (String k : top.keySet()) {
            if (!k.equals("figures") && !k.equals("claims")) throw new IllegalArgumentException(file + ": unknown key '" + k + "'\n  fix: use figures: and claims:");
        }
        List<Figure> figures = new ArrayList<>();
        int i = 0;
        for (Object o : list(top.get("figures"), file + ": figures")) {
            String where = file + ": figures[" + (++i) + "]";
            Map<String, Object> m = map(o, where, "write { source:, what:, setting:, published:, and one of wall:, throughput:, ratio:, per-run: }");
            figures.add(new Figure(text(m, "source", where), text(m, "what", where), (String) m.get("setting"), number(m, "published", where),
                    measure(m, where)));
        }
        List<Claim> claims = new ArrayList<>();
        Set<String> ids = new java.util.HashSet<>();
        i = 0;
        for (Object o : list(top.get("claims"), file + ": claims")) {
            String where = file + ": claims[" + (++i) + "]";
            Map<String, Object> m = map(o, where, "write { id:, source:, claim:, a measure, at-least: or at-most: }");
            String id = text(m, "id", where);
            where = file + ": claim '" + id + "'";
            if (!ids.add(id)) throw new IllegalArgumentException(where + ": the id is used twice\n  fix: give every claim its own id");
            Double least = m.containsKey("at-least") ? number(m, "at-least", where) : null;
            Double most = m.containsKey("at-most") ? number(m, "at-most", where) : null;
            try {
                claims.add(new Claim(id, (String) m.get("source"), text(m, "claim", where), measure(m, where), least, most));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage() + "\n  fix: give at-least:, at-most: or both");
            }
        }
        return new Claims(file, figures, claims);
    }

    private static Measure measure(Map<String, Object> m, String where) {
        List<String> given = m.keySet().stream().filter(MEASURES::contains).toList();
        if (given.size() != 1) {
            throw new IllegalArgumentException(where + ": needs exactly one measure, has " + given + "\n  fix: give one of wall:, score:, throughput:, ratio:, per-run:");
        }
        String kind = given.get(0);
        Object v = m.get(kind);
        return switch (kind) {
            case "wall" -> new Measure.Wall(selector(v, where + ": wall"));
            case "score" -> new Measure.Score(selector(v, where + ": score"));
            case "throughput" -> new Measure.Throughput(selector(v, where + ": throughput"));
            case "ratio" -> {
                Map<String, Object> r = map(v, where + ": ratio", "write ratio: { numerator: {...}, denominator: {...} }");
                String of = r.get("of") == null ? null : String.valueOf(r.get("of"));
                if (of != null && dev.jdkmatrix.results.SummaryFigure.ofColumn(of).isEmpty()) {
                    throw new IllegalArgumentException(where + ": ratio of '" + of + "' is not a summary.csv column that holds a number\n  fix: use one such as wall_ms_median or cgroup_peak_bytes_median");
                }
                yield new Measure.Ratio(selector(r.get("numerator"), where + ": ratio numerator"), selector(r.get("denominator"), where + ": ratio denominator"), of);
            }
            default -> {
                Map<String, Object> r = map(v, where + ": per-run", "write per-run: { cells: {...}, value: metrics.NAME or a raw.csv column }");
                String value = text(r, "value", where + ": per-run");
                if (!Measure.PerRun.DERIVED.contains(value) && !value.startsWith("metrics.") && dev.jdkmatrix.results.RunFigure.ofColumn(value).isEmpty()) {
                    throw new IllegalArgumentException(where + ": per-run value '" + value + "' is no raw.csv column that holds a number, no metrics.NAME and none of "
                            + Measure.PerRun.DERIVED + "\n  fix: use one such as wall_ms, pinned_events, metrics.max_holders or heap_growth_mb");
                }
                yield new Measure.PerRun(selector(r.get("cells"), where + ": per-run cells"), value);
            }
        };
    }

    private static Selector selector(Object o, String where) {
        Map<String, Object> m = map(o, where, "write the cells as { workload: sleep, executor: virtual, ... }");
        Map<String, String> keys = new LinkedHashMap<>();
        m.forEach((k, v) -> keys.put(k.equals("jvm_args") ? "jvm-args" : k, String.valueOf(v))); // the column's name read as the matrix key
        if (keys.isEmpty()) throw new IllegalArgumentException(where + ": selects every cell\n  fix: name at least the workload");
        return new Selector(keys);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String where, String fix) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            ((Map<Object, Object>) m).forEach((k, v) -> out.put(String.valueOf(k), v));
            return out;
        }
        throw new IllegalArgumentException(where + ": expected a mapping, got " + (o == null ? "nothing" : o.getClass().getSimpleName()) + "\n  fix: " + fix);
    }

    private static List<?> list(Object o, String where) {
        if (o == null) return List.of();
        if (o instanceof List<?> l) return l;
        throw new IllegalArgumentException(where + ": expected a list\n  fix: write each entry as '- ...'");
    }

    private static String text(Map<String, Object> m, String key, String where) {
        Object v = m.get(key);
        if (v == null || String.valueOf(v).isBlank()) throw new IllegalArgumentException(where + ": has no '" + key + "'\n  fix: add " + key + ":");
        return String.valueOf(v);
    }

    private static double number(Map<String, Object> m, String key, String where) {
        Object v = m.get(key);
        if (v instanceof Number n) return n.doubleValue();
        throw new IllegalArgumentException(where + ": '" + key + "' must be a number, got " + v + "\n  fix: write a plain number such as 10 or 0.9");
    }
}
