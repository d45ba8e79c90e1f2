package dev.jdkmatrix.matrix;

import dev.jdkmatrix.workloads.Descriptor;
import dev.jdkmatrix.workloads.ExecutorSpec;
import dev.jdkmatrix.workloads.Workloads;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads a matrix file and expands it into cells, with the semantics of GitHub Actions'
 * {@code strategy.matrix}: every list is an axis and the axes expand as a product; each entry
 * of {@code matrix.workload} may override any axis and adds its params as axes; {@code exclude}
 * removes the combinations it matches (all its keys equal), then {@code include} extends every
 * combination it matches without overwriting an original value, or else adds a new one.
 *
 * <p>Pure code: no Docker, no output. Every error is a {@link MatrixException} naming the file,
 * line and column, what is wrong and how to fix it.
 */
public final class MatrixParser {

    static final List<String> TOP_KEYS = List.of("name", "repetitions", "warmup", "timeout", "order", "compare-along", "seed", "compare-threshold", "min-difference",
            "max-steal", "jdks",
            "matrix");
    static final List<String> REPETITION_KEYS = List.of("min", "max", "target");
    /** `compare` calls a change a regression past this fraction unless the cell is noisy. */
    public static final double DEFAULT_COMPARE_THRESHOLD = 0.10;
    /** A comparison inside a run calls faster or slower only when its whole interval lies past this (docs/verdicts.md). */
    public static final double DEFAULT_MIN_DIFFERENCE = 0.005;
    static final List<String> MATRIX_KEYS = List.of("jdk", "cpus", "cpu-mode", "memory", "tasks", "executor", "jvm-args", "timeout", "jfr", "workload", "exclude", "include");
    static final List<String> WORKLOAD_KEYS = List.of("name", "kind", "jdk", "cpus", "cpu-mode", "memory", "tasks", "executor", "jvm-args", "timeout", "jfr", "params",
            "jar", "benchmarks", "jmh-args", "profilers", "main", "args", "result");
    /** The kinds of workload entry: the project's workloads, a JMH uber-jar, any runnable jar. */
    static final List<String> KINDS = List.of("builtin", "jmh", "jar");
    /** Keys of a workload entry that only some kinds take. */
    static final Map<String, List<String>> KIND_KEYS = Map.of(
            "builtin", List.of("tasks", "executor"),
            "jmh", List.of("jar", "benchmarks", "jmh-args", "profilers"),
            "jar", List.of("jar", "main", "args", "result"));
    static final List<String> RESULT_KEYS = List.of("regex", "unit", "better");
    static final List<String> JDK_KEYS = List.of("dockerfile", "image", "home", "archive");
    /** The built-in workloads run on virtual threads, final in JDK 21 (JEP 444). */
    public static final int BUILTIN_MIN_FEATURE = 21;
    /** Axes every cell has, in expansion order; params follow them. */
    static final List<String> AXES = List.of("workload", "jdk", "cpus", "cpu-mode", "memory", "tasks", "executor");
    /** The axes an entry or the matrix may set; cpu-mode defaults to quota. */
    static final List<String> SETTABLE_AXES = List.of("jdk", "cpus", "cpu-mode", "memory", "tasks", "executor");
    static final int DEFAULT_REPETITIONS = 5;
    static final int DEFAULT_WARMUP = 1;
    static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
    static final long MAX_FILE_BYTES = 1 << 20;

    private Path file;
    private final int hostCpus;

    /** A parser that does not check CPU limits against a host. */
    public MatrixParser() {
        this(0);
    }

    /** A parser that refuses CPU limits above {@code hostCpus} (0: no check). */
    public MatrixParser(int hostCpus) {
        this.hostCpus = hostCpus;
    }

    public Matrix parse(Path matrixFile) {
        this.file = matrixFile;
        byte[] bytes = read(matrixFile);
        String text = decode(bytes);
        Node root = compose(text);
        MappingNode top = mapping(root, "the matrix file", "write a YAML mapping with at least 'matrix:'; see matrix.yaml for an example");
        Map<String, Node> topKeys = keys(top, TOP_KEYS, "top-level keys");

        String name = topKeys.containsKey("name") ? scalar(topKeys.get("name"), "name") : stripExtension(matrixFile);
        Repetitions repetitions = topKeys.containsKey("repetitions") ? repetitions(topKeys.get("repetitions")) : Repetitions.fixed(DEFAULT_REPETITIONS);
        int warmup = topKeys.containsKey("warmup") ? integer(topKeys.get("warmup"), "warmup", 0) : DEFAULT_WARMUP;
        Duration timeout = topKeys.containsKey("timeout") ? duration(topKeys.get("timeout")) : DEFAULT_TIMEOUT;
        Matrix.Order order = Matrix.Order.BLOCKED;
        if (topKeys.containsKey("order")) {
            String o = scalar(topKeys.get("order"), "order");
            order = switch (o) {
                case "blocked" -> Matrix.Order.BLOCKED;
                case "interleaved" -> Matrix.Order.INTERLEAVED;
                case "sequential" -> Matrix.Order.SEQUENTIAL;
                default -> throw error(topKeys.get("order"), "unknown order '" + o + "'", "write 'blocked' (default), 'interleaved' or 'sequential'");
            };
        }
        double threshold = DEFAULT_COMPARE_THRESHOLD;
        if (topKeys.containsKey("compare-threshold")) {
            Node t = topKeys.get("compare-threshold");
            try {
                threshold = Durations.fraction(scalar(t, "compare-threshold"));
            } catch (IllegalArgumentException e) {
                throw error(t, "compare-threshold: " + e.getMessage(), "write it as 10% or 0.1");
            }
        }
        double minDifference = DEFAULT_MIN_DIFFERENCE;
        if (topKeys.containsKey("min-difference")) {
            Node t = topKeys.get("min-difference");
            try {
                minDifference = Durations.fraction(scalar(t, "min-difference"));
            } catch (IllegalArgumentException e) {
                throw error(t, "min-difference: " + e.getMessage(), "write it as 0.5% or 0.005");
            }
            if (minDifference >= threshold) {
                throw error(t, "min-difference " + scalar(t, "min-difference") + " is not below compare-threshold " + Repetitions.percent(threshold)
                        + ": a difference would be called before it could be called same", "write a min-difference below compare-threshold, such as 0.5%");
            }
        }
        double maxSteal = Double.NaN;
        if (topKeys.containsKey("max-steal")) {
            Node t = topKeys.get("max-steal");
            try {
                maxSteal = Durations.fraction(scalar(t, "max-steal"));
            } catch (IllegalArgumentException e) {
                throw error(t, "max-steal: " + e.getMessage(), "write it as 10% or 0.1");
            }
            if (maxSteal >= 1) throw error(t, "max-steal must be below 100 %, got " + scalar(t, "max-steal"), "write it as 10% or 0.1");
        }
        Map<String, Jdk> declared = topKeys.containsKey("jdks") ? jdks(topKeys.get("jdks")) : Map.of();
        Node matrixNode = topKeys.get("matrix");
        if (matrixNode == null) {
            throw error(top, "no 'matrix:' key", "add 'matrix:' with at least 'jdk:' and 'workload:'; see matrix.yaml for an example");
        }
        Map<String, Jdk> used = new TreeMap<>();
        List<Cell> cells = expand(matrixNode, timeout, declared, used);
        List<String> along = CompareAlong.resolve(this, topKeys.get("compare-along"), cells);
        String sha = sha256(bytes);
        // a seed of the file's own: shards of one matrix plan the same order, and a resume finds it again
        long seed = topKeys.containsKey("seed") ? integer(topKeys.get("seed"), "seed", 0) : Long.parseLong(sha.substring(0, 8), 16);
        return new Matrix(name, matrixFile, sha, used, cells, repetitions, warmup, order, threshold, maxSteal, along, seed, minDifference);
    }

    /** {@code repetitions: 5}, or {@code repetitions: {min: 5, max: 30, target: 3%}}. */
    private Repetitions repetitions(Node node) {
        if (node instanceof ScalarNode) return Repetitions.fixed(integer(node, "repetitions", 1));
        Map<String, Node> k = keys(mapping(node, "repetitions", "write repetitions: 5, or repetitions: {min: 5, max: 30, target: 3%}"),
                REPETITION_KEYS, "keys of repetitions");
        for (String key : REPETITION_KEYS) {
            if (!k.containsKey(key)) throw error(node, "repetitions has no '" + key + "'", "write repetitions: {min: 5, max: 30, target: 3%}");
        }
        int min = integer(k.get("min"), "repetitions min", Repetitions.ADAPTIVE_MIN);
        int max = integer(k.get("max"), "repetitions max", min);
        double target;
        try {
            target = Durations.fraction(scalar(k.get("target"), "repetitions target"));
        } catch (IllegalArgumentException e) {
            throw error(k.get("target"), "repetitions target: " + e.getMessage(), "write it as 3% or 0.03");
        }
        if (target >= 1) throw error(k.get("target"), "repetitions target must be below 100 %, got " + scalar(k.get("target"), "target"), "write it as 3% or 0.03");
        return new Repetitions(min, max, target);
    }

    // ---- reading -------------------------------------------------------------------------

    private byte[] read(Path f) {
        if (!Files.exists(f)) throw new MatrixException(f, 0, 0, "no such file", "check the path, or run 'make matrix' from the project folder");
        if (Files.isDirectory(f)) throw new MatrixException(f, 0, 0, "is a directory, not a matrix file", "name a .yaml file, for example matrix.yaml");
        if (!Files.isReadable(f)) throw new MatrixException(f, 0, 0, "cannot be read (permissions)", "make the file readable by this user");
        try {
            long size = Files.size(f);
            if (size > MAX_FILE_BYTES) {
                throw new MatrixException(f, 0, 0, "is " + size + " bytes; a matrix file is at most 1 MiB", "name the matrix YAML file, not a data file");
            }
            byte[] bytes = Files.readAllBytes(f);
            if (bytes.length == 0 || new String(bytes, StandardCharsets.ISO_8859_1).isBlank()) {
                throw new MatrixException(f, 0, 0, "is empty", "write a matrix; see matrix.yaml for an example");
            }
            for (byte b : bytes) {
                if (b == 0) throw new MatrixException(f, 0, 0, "is binary, not YAML", "name the matrix YAML file");
            }
            return bytes;
        } catch (IOException e) {
            throw new MatrixException(f, 0, 0, "cannot be read: " + e.getMessage(), "check the file and its permissions");
        }
    }

    private String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new MatrixException(file, 0, 0, "is not UTF-8 text", "save the matrix as UTF-8 YAML");
        }
    }

    private Node compose(String text) {
        LoadSettings settings = LoadSettings.builder()
                .setLabel(file.toString())
                .setAllowDuplicateKeys(false)
                .setMaxAliasesForCollections(10)
                .build();
        try {
            Optional<Node> node = new Compose(settings).composeString(text);
            return node.orElseThrow(() -> new MatrixException(file, 0, 0, "holds no YAML document", "write a matrix; see matrix.yaml"));
        } catch (MarkedYamlEngineException e) {
            Mark m = e.getProblemMark().or(e::getContextMark).orElse(null);
            String problem = "malformed YAML: " + (e.getContext() == null ? "" : e.getContext() + ", ") + e.getProblem();
            if (m == null) throw new MatrixException(file, 0, 0, problem, "fix the YAML syntax");
            throw new MatrixException(file, m.getLine() + 1, m.getColumn() + 1, problem, "fix the YAML syntax at that place");
        } catch (YamlEngineException e) {
            throw new MatrixException(file, 0, 0, "malformed YAML: " + e.getMessage(), "fix the YAML syntax");
        }
    }

    // ---- node helpers --------------------------------------------------------------------

    MatrixException error(Node node, String problem, String fix) {
        Optional<Mark> m = node == null ? Optional.empty() : node.getStartMark();
        return m.map(mark -> new MatrixException(file, mark.getLine() + 1, mark.getColumn() + 1, problem, fix))
                .orElseGet(() -> new MatrixException(file, 0, 0, problem, fix));
    }

    MappingNode mapping(Node node, String what, String fix) {
        if (node instanceof MappingNode m) return m;
        throw error(node, what + " must be a mapping (key: value), got " + kind(node), fix);
    }

    private static String kind(Node node) {
        return switch (node) {
            case ScalarNode s -> "the value '" + s.getValue() + "'";
            case SequenceNode s -> "a list";
            case MappingNode m -> "a mapping";
            default -> "something else";
        };
    }

    /** The mapping's keys with their value nodes, refusing unknown keys with the closest valid one. */
    Map<String, Node> keys(MappingNode node, List<String> allowed, String what) {
        Map<String, Node> out = new LinkedHashMap<>();
        for (NodeTuple t : node.getValue()) {
            String key = scalar(t.getKeyNode(), "a key");
            if (allowed != null && !allowed.contains(key)) {
                throw error(t.getKeyNode(), "unknown key '" + key + "'", Suggest.fix(key, allowed, what));
            }
            out.put(key, t.getValueNode());
        }
        return out;
    }

    String scalar(Node node, String what) {
        if (node instanceof ScalarNode s) {
            if (s.getValue().isEmpty() && s.getTag().getValue().endsWith(":null")) {
                throw error(node, what + " has no value", "write a value after '" + what + ":'");
            }
            return s.getValue();
        }
        throw error(node, what + " must be a single value, got " + kind(node), "write one value, not a list or mapping");
    }

    private int integer(Node node, String what, int min) {
        String s = scalar(node, what);
        long v;
        try {
            v = Long.parseLong(s.replace("_", ""));
        } catch (NumberFormatException e) {
            throw error(node, what + " must be a whole number, got '" + s + "'", "write a whole number of at least " + min);
        }
        if (v < min || v > Integer.MAX_VALUE) {
            throw error(node, what + " must be at least " + min + (v > Integer.MAX_VALUE ? " and fit in an int" : "") + ", got " + s,
                    "write a whole number of at least " + min);
        }
        return (int) v;
    }

    private Duration duration(Node node) {
        String s = scalar(node, "timeout");
        try {
            return Durations.parse(s);
        } catch (IllegalArgumentException e) {
            throw error(node, "timeout: " + e.getMessage(), "write a duration such as 90s or 5m");
        }
    }

    private boolean bool(Node node, String key) {
        String s = scalar(node, key);
        return switch (s) {
            case "true" -> true;
            case "false" -> false;
            default -> throw error(node, key + " must be true or false, got '" + s + "'", "write " + key + ": true or " + key + ": false");
        };
    }

    /** A list is an axis; a single value is an axis of one. */
    private List<Node> axis(Node node, String key) {
        if (node instanceof SequenceNode seq) {
            if (seq.getValue().isEmpty()) throw error(node, "'" + key + "' is an empty list, which gives no cells", "list at least one value or remove the key");
            for (Node item : seq.getValue()) scalar(item, key);
            return seq.getValue();
        }
        scalar(node, key);
        return List.of(node);
    }

    /** jvm-args: a list of arguments is one value; a list of lists is an axis. */
    private List<Value> jvmArgsAxis(Node node) {
        if (!(node instanceof SequenceNode seq)) {
            throw error(node, "jvm-args must be a list of arguments, got " + kind(node), "write jvm-args: [-Xmx512m, -XX:+UseSerialGC]");
        }
        boolean allLists = !seq.getValue().isEmpty() && seq.getValue().stream().allMatch(n -> n instanceof SequenceNode);
        if (allLists) {
            List<Value> out = new ArrayList<>();
            for (Node item : seq.getValue()) out.add(new Value(jvmArgs(item), item));
            return out;
        }
        return List.of(new Value(jvmArgs(node), node));
    }

    private String jvmArgs(Node node) {
        SequenceNode seq = (SequenceNode) node;
        List<String> args = new ArrayList<>();
        for (Node a : seq.getValue()) {
            String s = scalar(a, "a jvm argument");
            if (!s.startsWith("-")) throw error(a, "jvm argument '" + s + "' does not start with '-'", "write JVM options only, such as -Xmx512m; the harness adds -jar itself");
            args.add(s);
        }
        return String.join("\u0000", args);
    }

    // ---- jdks ----------------------------------------------------------------------------

    private Map<String, Jdk> jdks(Node node) {
        MappingNode m = mapping(node, "jdks", "write jdks: { \"21\": { dockerfile: Dockerfile.jdk21 } }");
        Map<String, Jdk> out = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            String name = scalar(t.getKeyNode(), "a JDK name");
            Map<String, Node> k = keys(mapping(t.getValueNode(), "jdk '" + name + "'", "write { dockerfile: PATH }, { image: NAME }, { home: JDK_FOLDER } or { archive: JDK.tar.gz }"),
                    JDK_KEYS, "keys of a JDK");
            if (k.size() != 1) {
                throw error(t.getValueNode(), "jdk '" + name + "' must name exactly one of dockerfile, image, home or archive, got " + (k.isEmpty() ? "none" : String.join(" and ", k.keySet())),
                        "write { dockerfile: Dockerfile.jdk" + name + " }, { image: eclipse-temurin:" + name + "-jdk }, { home: /usr/lib/jvm/temurin-" + name
                                + "-jdk-amd64 } or { archive: jdk-" + name + ".tar.gz }");
            }
            Jdk.Source source;
            if (k.containsKey("dockerfile")) {
                Node df = k.get("dockerfile");
                Path p = resolve(scalar(df, "dockerfile"));
                if (!Files.isRegularFile(p)) {
                    throw error(df, "Dockerfile '" + p + "' for jdk '" + name + "' does not exist", "create it, or correct the path (relative to the matrix file's folder)");
                }
                source = new Jdk.Dockerfile(p);
            } else if (k.containsKey("home")) {
                source = JdkSources.home(this, k.get("home"), name);
            } else if (k.containsKey("archive")) {
                source = JdkSources.archive(this, k.get("archive"), name);
            } else {
                source = new Jdk.Image(scalar(k.get("image"), "image"));
            }
            try {
                out.put(name, new Jdk(name, source));
            } catch (IllegalArgumentException e) {
                throw error(t.getKeyNode(), e.getMessage(), "rename the JDK");
            }
        }
        return out;
    }

    Path resolve(String path) {
        Path dir = file.toAbsolutePath().getParent();
        return dir.resolve(path).normalize();
    }

    // ---- expansion -----------------------------------------------------------------------

    /** A value with the node it came from (for error places). */
    record Value(String text, Node node) {}

    /** A combination under construction. */
    static final class Combo {
        final LinkedHashMap<String, Value> values = new LinkedHashMap<>();
        final Set<String> original = new LinkedHashSet<>();
        Value jvmArgs;
        Duration timeout;
        Boolean jfr;
        Node origin;
        /** The kind of a jmh or jar cell (with its benchmark); null for a built-in one, whose kind follows from its name. */
        WorkloadKind kind;
    }

    private List<Cell> expand(Node matrixNode, Duration defaultTimeout, Map<String, Jdk> declared, Map<String, Jdk> used) {
        MappingNode m = mapping(matrixNode, "matrix", "write matrix: with jdk:, cpus:, memory:, tasks:, executor: and workload:");
        Map<String, Node> k = keys(m, MATRIX_KEYS, "keys of matrix");
        Node workloads = k.get("workload");
        if (workloads == null) throw error(m, "matrix has no 'workload:'", "add workload: with at least one entry, for example '- name: sleep'");

        Map<String, List<Value>> global = new LinkedHashMap<>();
        for (String axis : SETTABLE_AXES) {
            if (k.containsKey(axis)) global.put(axis, values(k.get(axis), axis));
        }
        global.putIfAbsent("cpu-mode", List.of(new Value(CpuMode.QUOTA.text(), matrixNode)));
        List<Value> globalJvm = k.containsKey("jvm-args") ? jvmArgsAxis(k.get("jvm-args")) : List.of(new Value("", matrixNode));
        Duration globalTimeout = k.containsKey("timeout") ? duration(k.get("timeout")) : defaultTimeout;
        Boolean globalJfr = k.containsKey("jfr") ? bool(k.get("jfr"), "jfr") : null;

        List<Node> entries = workloads instanceof SequenceNode s ? s.getValue() : List.of(workloads);
        if (entries.isEmpty()) throw error(workloads, "workload is an empty list", "add at least one workload entry");
        List<Combo> combos = new ArrayList<>();
        for (Node entry : entries) combos.addAll(expandWorkload(entry, global, globalJvm, globalTimeout, globalJfr));

        if (k.containsKey("exclude")) exclude(k.get("exclude"), combos);
        if (combos.isEmpty()) throw error(k.get("exclude"), "exclude removes every combination; the matrix is empty", "narrow the exclude entries");
        if (k.containsKey("include")) include(k.get("include"), combos, global, globalJvm, globalTimeout);

        List<Cell> cells = new ArrayList<>();
        Map<String, Combo> seen = new HashMap<>();
        for (Combo c : combos) {
            Cell cell = toCell(c, declared, used);
            Combo first = seen.putIfAbsent(cell.id(), c);
            if (first != null) {
                int line = first.origin.getStartMark().map(mk -> mk.getLine() + 1).orElse(0);
                throw error(c.origin, "duplicate cell '" + cell.id() + "' (also made by line " + line + ")",
                        "remove one of the entries, or make them differ in an axis");
            }
            refuseBuiltinBelow21(cell, c, used.get(cell.jdk()));
            cells.add(cell);
        }
        return cells;
    }

    /** A built-in workload on a JDK the matrix says is older than 21 is refused before anything starts. */
    private void refuseBuiltinBelow21(Cell cell, Combo c, Jdk jdk) {
        int feature = jdk.declaredFeature();
        if (cell.kind() instanceof WorkloadKind.Builtin && feature > 0 && feature < BUILTIN_MIN_FEATURE) {
            throw error(c.origin, "cell '" + cell.id() + "' runs the built-in workload '" + cell.workload() + "' on jdk '" + jdk.name() + "', which is JDK " + feature
                    + "; the built-in workloads need JDK " + BUILTIN_MIN_FEATURE + "+ (virtual threads)",
                    "exclude those cells (exclude: [ { jdk: " + jdk.name() + ", kind: builtin } ]) or give that workload entry its own jdk: list; "
                            + "on JDK " + feature + " run a kind: jmh or kind: jar workload");
        }
    }

    List<Value> values(Node node, String key) {
        List<Value> out = new ArrayList<>();
        for (Node n : axis(node, key)) {
            Value v = new Value(normalize(key, ((ScalarNode) n).getValue(), n), n);
            if (key.equals("cpus") && hostCpus > 0 && CpuLimit.parse(v.text()).value() > hostCpus) {
                throw error(n, "cpus " + v.text() + " is more than the " + hostCpus + " CPUs of this host",
                        "use at most " + hostCpus + "; a limit above the host measures nothing more");
            }
            out.add(v);
        }
        return out;
    }

    private List<Combo> expandWorkload(Node entry, Map<String, List<Value>> global, List<Value> globalJvm, Duration globalTimeout, Boolean globalJfr) {
        Map<String, List<Value>> axes = new LinkedHashMap<>();
        Map<String, List<Value>> params = new LinkedHashMap<>();
        List<Value> jvm = globalJvm;
        Duration timeout = globalTimeout;
        Boolean jfr = globalJfr;
        Value name;
        Map<String, Node> wk = Map.of();
        String kind = "builtin";
        if (entry instanceof ScalarNode s) {
            name = new Value(s.getValue(), s);
        } else {
            wk = keys(mapping(entry, "a workload entry", "write '- name: sleep' with its overrides"), WORKLOAD_KEYS, "keys of a workload entry");
            if (!wk.containsKey("name")) throw error(entry, "workload entry has no 'name'", "add name: one of " + String.join(", ", Workloads.NAMES)
                    + ", or a label of your own with kind: jmh or kind: jar");
            name = new Value(scalar(wk.get("name"), "name"), wk.get("name"));
            if (wk.containsKey("kind")) {
                kind = scalar(wk.get("kind"), "kind");
                if (!KINDS.contains(kind)) throw error(wk.get("kind"), "unknown kind '" + kind + "'", Suggest.fix(kind, KINDS, "kinds"));
            }
            for (Map.Entry<String, List<String>> k : KIND_KEYS.entrySet()) {
                for (String key : k.getValue()) {
                    if (wk.containsKey(key) && !KIND_KEYS.get(kind).contains(key)) {
                        throw error(wk.get(key), "'" + key + "' is a key of " + k.getKey() + " entries, and this entry is kind: " + kind,
                                key.equals("tasks") || key.equals("executor")
                                        ? "remove it: executor and tasks are axes of built-in workloads only; a " + kind + " workload sets its own concurrency"
                                        : "remove it, or set kind: " + k.getKey());
                    }
                }
            }
            for (String axis : SETTABLE_AXES) {
                if (wk.containsKey(axis)) axes.put(axis, values(wk.get(axis), axis));
            }
            if (wk.containsKey("jvm-args")) jvm = jvmArgsAxis(wk.get("jvm-args"));
            if (wk.containsKey("timeout")) timeout = duration(wk.get("timeout"));
            if (wk.containsKey("jfr")) jfr = bool(wk.get("jfr"), "jfr");
            if (wk.containsKey("params")) {
                for (NodeTuple t : mapping(wk.get("params"), "params", "write params: { wait-ms: [100, 50] }").getValue()) {
                    String p = scalar(t.getKeyNode(), "a param name");
                    if (AXES.contains(p) || p.equals("jvm-args") || p.equals("timeout") || p.equals("jfr") || p.equals("kind") || p.equals("benchmark")) {
                        throw error(t.getKeyNode(), "'" + p + "' is an axis, not a param", "move it out of params: to the workload entry itself");
                    }
                    params.put(p, values(t.getValueNode(), p));
                }
            }
        }
        if (kind.equals("builtin") && !Workloads.exists(name.text())) {
            throw error(name.node(), "unknown workload '" + name.text() + "'", Suggest.fix(name.text(), Workloads.NAMES, "workloads")
                    + "; or, for a jar of your own, add kind: jmh or kind: jar");
        }
        if (!kind.equals("builtin")) {
            if (Workloads.exists(name.text())) {
                throw error(name.node(), "'" + name.text() + "' is the name of a built-in workload, not a label for a " + kind + " entry",
                        "name the entry after your benchmark or application, such as my-bench");
            }
            if (!name.text().matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
                throw error(name.node(), "the label '" + name.text() + "' has characters other than letters, digits, '.', '_' and '-'", "rename it, such as my-bench");
            }
            if (Boolean.TRUE.equals(jfr) && kind.equals("jmh")) {
                throw error(wk.getOrDefault("jfr", entry), "jfr: true on a jmh entry would record JMH's launcher JVM, not the fork that JMH measures",
                        "set jfr: false for this entry (JMH's own JFR profiler can be listed under profilers: [jfr])");
            }
        }
        Map<String, List<Value>> all = new LinkedHashMap<>();
        all.put("workload", List.of(name));
        List<String> entryAxes = kind.equals("builtin") ? SETTABLE_AXES : List.of("jdk", "cpus", "cpu-mode", "memory");
        for (String axis : entryAxes) {
            List<Value> v = axes.containsKey(axis) ? axes.get(axis) : global.get(axis);
            if (v == null) {
                throw error(entry, "workload '" + name.text() + "' has no '" + axis + "'", "set " + axis + ": under matrix: or in this workload entry");
            }
            all.put(axis, v);
        }

        List<Combo> combos = new ArrayList<>();
        switch (kind) {
            case "jmh" -> {
                for (JmhCells.Expansion x : JmhCells.expand(this, entry, wk, params)) {
                    Map<String, List<Value>> axesOfBenchmark = new LinkedHashMap<>(all);
                    axesOfBenchmark.putAll(x.params());
                    for (Combo c : product(axesOfBenchmark)) {
                        c.kind = x.kind();
                        combos.add(c);
                    }
                }
            }
            case "jar" -> {
                WorkloadKind.Jar jar = JarCells.kind(this, entry, wk, params.keySet());
                all.putAll(params);
                for (Combo c : product(all)) {
                    c.kind = jar;
                    combos.add(c);
                }
            }
            default -> {
                all.putAll(params);
                combos.addAll(product(all));
            }
        }
        boolean jfrDefault = kind.equals("builtin") && Workloads.get(name.text()).jfrByDefault();
        List<Combo> out = new ArrayList<>();
        for (Combo base : combos) {
            for (Value j : jvm) {
                Combo c = copy(base);
                c.jvmArgs = j;
                c.timeout = timeout;
                c.jfr = jfr != null ? jfr : jfrDefault;
                c.origin = entry;
                out.add(c);
            }
        }
        return out;
    }

    /** Every combination of the axes' values, in order. */
    private static List<Combo> product(Map<String, List<Value>> axes) {
        List<Combo> combos = new ArrayList<>();
        combos.add(new Combo());
        for (Map.Entry<String, List<Value>> ax : axes.entrySet()) {
            List<Combo> next = new ArrayList<>();
            for (Combo base : combos) {
                for (Value v : ax.getValue()) {
                    Combo c = copy(base);
                    c.values.put(ax.getKey(), v);
                    c.original.add(ax.getKey());
                    next.add(c);
                }
            }
            combos = next;
        }
        return combos;
    }

    private static Combo copy(Combo base) {
        Combo c = new Combo();
        c.values.putAll(base.values);
        c.original.addAll(base.original);
        c.jvmArgs = base.jvmArgs;
        c.timeout = base.timeout;
        c.jfr = base.jfr;
        c.origin = base.origin;
        c.kind = base.kind;
        return c;
    }

    /** Canonical text of an axis value, so that 1 and 1.0 or 1g and 1024m compare equal. */
    private String normalize(String key, String raw, Node node) {
        try {
            return switch (key) {
                case "cpus" -> CpuLimit.parse(raw).text();
                case "memory" -> MemoryLimit.parse(raw).text();
                case "executor" -> ExecutorSpec.parse(raw).text();
                case "tasks" -> {
                    long t = Long.parseLong(raw.replace("_", ""));
                    if (t < 1 || t > Integer.MAX_VALUE) throw new IllegalArgumentException("tasks must be between 1 and " + Integer.MAX_VALUE + ", got " + raw);
                    yield Long.toString(t);
                }
                case "jdk", "workload" -> raw;
                case "cpu-mode" -> CpuMode.parse(raw).text();
                default -> raw.matches("[0-9_]+") ? raw.replace("_", "") : raw;
            };
        } catch (NumberFormatException e) {
            throw error(node, key + " must be a whole number, got '" + raw + "'", "write a whole number such as 10000");
        } catch (IllegalArgumentException e) {
            String fix = switch (key) {
                case "executor" -> Suggest.fix(raw, List.of("virtual", "cached", "thread-per-task", "fixed:cpus", "fork-join:cpus", "fixed:N", "fork-join:N"), "executors");
                case "cpus" -> "write a number of CPUs above 0 with at most 2 decimals, such as 0.5, 1 or 2";
                case "cpu-mode" -> Suggest.fix(raw, CpuMode.TEXTS, "CPU modes");
                case "memory" -> "write a size of at least 64m, such as 512m or 1g";
                case "tasks" -> "write a whole number of tasks, at least 1";
                default -> "correct the value";
            };
            throw error(node, key + ": " + e.getMessage(), fix);
        }
    }

    private List<Map<String, Node>> entries(Node node, String what) {
        if (!(node instanceof SequenceNode seq)) {
            throw error(node, what + " must be a list of mappings", "write " + what + ": [ { jdk: 21, executor: virtual } ]");
        }
        List<Map<String, Node>> out = new ArrayList<>();
        for (Node item : seq.getValue()) {
            Map<String, Node> k = keys(mapping(item, "an " + what + " entry", "write { key: value, ... }"), null, what + " keys");
            if (k.isEmpty()) throw error(item, "an empty " + what + " entry", "give at least one key: value");
            out.add(k);
        }
        return out;
    }

    /** Keys an exclude or include entry may name: the axes, and every param of a built-in workload or of this matrix's cells. */
    private Set<String> knownKeys(List<Combo> combos) {
        Set<String> keys = new LinkedHashSet<>(AXES);
        keys.add("kind");
        keys.add("benchmark");
        for (Descriptor d : Workloads.ALL) keys.addAll(d.paramNames());
        for (Combo c : combos) keys.addAll(c.values.keySet());
        return keys;
    }

    private void exclude(Node node, List<Combo> combos) {
        Set<String> known = knownKeys(combos);
        for (Map<String, Node> entry : entries(node, "exclude")) {
            Map<String, String> want = new LinkedHashMap<>();
            String jvm = null;
            for (Map.Entry<String, Node> e : entry.entrySet()) {
                if (e.getKey().equals("jvm-args")) {
                    jvm = jvmArgs(e.getValue() instanceof SequenceNode ? e.getValue() : failList(e.getValue()));
                    continue;
                }
                if (!known.contains(e.getKey())) {
                    throw error(e.getValue(), "exclude key '" + e.getKey() + "' is neither an axis, a param nor jvm-args", Suggest.fix(e.getKey(), known, "keys"));
                }
                want.put(e.getKey(), normalize(e.getKey(), scalar(e.getValue(), e.getKey()), e.getValue()));
            }
            String jvmWanted = jvm;
            combos.removeIf(c -> want.entrySet().stream().allMatch(w -> w.getValue().equals(comboValue(c, w.getKey())))
                    && (jvmWanted == null || jvmWanted.equals(c.jvmArgs.text())));
        }
    }

    private void include(Node node, List<Combo> combos, Map<String, List<Value>> global, List<Value> globalJvm, Duration globalTimeout) {
        Set<String> known = knownKeys(combos);
        List<Combo> added = new ArrayList<>();
        for (Map<String, Node> entry : entries(node, "include")) {
            Map<String, Value> vals = new LinkedHashMap<>();
            Value jvm = null;
            Duration timeout = null;
            Boolean jfr = null;
            Node entryNode = entry.values().iterator().next();
            for (Map.Entry<String, Node> e : entry.entrySet()) {
                switch (e.getKey()) {
                    case "jvm-args" -> jvm = new Value(jvmArgs(e.getValue() instanceof SequenceNode ? e.getValue()
                            : failList(e.getValue())), e.getValue());
                    case "timeout" -> timeout = duration(e.getValue());
                    case "jfr" -> jfr = bool(e.getValue(), "jfr");
                    default -> {
                        if (!known.contains(e.getKey())) {
                            throw error(e.getValue(), "include key '" + e.getKey() + "' is neither an axis, a param, jvm-args, timeout nor jfr",
                                    Suggest.fix(e.getKey(), known, "keys"));
                        }
                        vals.put(e.getKey(), new Value(normalize(e.getKey(), scalar(e.getValue(), e.getKey()), e.getValue()), e.getValue()));
                    }
                }
            }
            boolean matched = false;
            for (Combo c : combos) {
                if (!extends_(c, vals)) continue;
                matched = true;
                vals.forEach((key, v) -> {
                    if (!c.original.contains(key)) c.values.put(key, v);
                });
                if (jvm != null) c.jvmArgs = jvm;
                if (timeout != null) c.timeout = timeout;
                if (jfr != null) c.jfr = jfr;
            }
            if (!matched) {
                Combo c = new Combo();
                c.origin = entryNode;
                if (vals.containsKey("workload") && !Workloads.exists(vals.get("workload").text())) {
                    throw error(entryNode, "this include entry matches no cell of '" + vals.get("workload").text() + "', and include adds new cells of built-in workloads only",
                            "make the entry match cells of that workload, or add a workload entry for the new cells");
                }
                for (String axis : AXES) {
                    if (vals.containsKey(axis)) {
                        c.values.put(axis, vals.get(axis));
                    } else if (!axis.equals("workload") && global.containsKey(axis) && global.get(axis).size() == 1) {
                        c.values.put(axis, global.get(axis).get(0));
                    } else {
                        throw error(entryNode, "this include entry matches no combination, so it adds a new cell, but it has no '" + axis + "'",
                                "give '" + axis + "' in the entry (a new cell needs every axis), or make the entry match existing cells");
                    }
                }
                vals.forEach((key, v) -> c.values.putIfAbsent(key, v));
                c.original.addAll(c.values.keySet());
                c.jvmArgs = jvm != null ? jvm : globalJvm.get(0);
                c.timeout = timeout != null ? timeout : globalTimeout;
                c.jfr = jfr != null ? jfr : Workloads.get(c.values.get("workload").text()).jfrByDefault();
                added.add(c);
            }
        }
        combos.addAll(added);
    }

    private Node failList(Node node) {
        throw error(node, "jvm-args must be a list", "write jvm-args: [-Xmx512m]");
    }

    /** GitHub Actions: an include entry extends a combination when it overwrites none of its original values. */
    private boolean extends_(Combo c, Map<String, Value> vals) {
        Set<String> params = c.kind != null ? c.values.keySet() : new LinkedHashSet<>(Workloads.get(c.values.get("workload").text()).paramNames());
        for (Map.Entry<String, Value> e : vals.entrySet()) {
            String key = e.getKey();
            if (key.equals("kind") || key.equals("benchmark")) {
                if (!e.getValue().text().equals(comboValue(c, key))) return false;
            } else if (c.original.contains(key)) {
                if (!c.values.get(key).text().equals(e.getValue().text())) return false;
            } else if (c.kind != null && (key.equals("tasks") || key.equals("executor"))) {
                return false; // a jmh or jar cell has no executor or tasks
            } else if (!AXES.contains(key) && !params.contains(key)) {
                return false; // a param this workload does not have: the entry is not for this cell
            }
        }
        return true;
    }

    /** A combination's value for a key: an axis or param, its kind, or its benchmark's full name. */
    private static String comboValue(Combo c, String key) {
        return switch (key) {
            case "kind" -> c.kind == null ? "builtin" : c.kind.name();
            case "benchmark" -> c.kind instanceof WorkloadKind.Jmh j ? j.benchmark() : "";
            default -> c.values.containsKey(key) ? c.values.get(key).text() : null;
        };
    }

    private Cell toCell(Combo c, Map<String, Jdk> declared, Map<String, Jdk> used) {
        if (c.kind != null) return userCell(c, declared, used);
        String workload = c.values.get("workload").text();
        Map<String, String> rawParams = new LinkedHashMap<>();
        for (Map.Entry<String, Value> e : c.values.entrySet()) {
            if (!AXES.contains(e.getKey())) rawParams.put(e.getKey(), e.getValue().text());
        }
        Map<String, String> params;
        try {
            params = Workloads.get(workload).create(rawParams).params();
        } catch (IllegalArgumentException e) {
            Node at = rawParams.keySet().stream().map(key -> c.values.get(key).node()).findFirst().orElse(c.origin);
            throw error(at, e.getMessage(), "use only the parameters the workload lists, with valid values");
        }
        Value jdkValue = c.values.get("jdk");
        used.put(jdkValue.text(), jdk(jdkValue, declared));
        try {
            return new Cell(new WorkloadKind.Builtin(Workloads.get(workload)), workload, new TreeMap<>(params), c.values.get("executor").text(), Integer.parseInt(c.values.get("tasks").text()),
                    jdkValue.text(), CpuLimit.parse(c.values.get("cpus").text()), cpuMode(c), MemoryLimit.parse(c.values.get("memory").text()),
                    c.jvmArgs.text().isEmpty() ? List.of() : List.of(c.jvmArgs.text().split("\u0000")), c.timeout, c.jfr);
        } catch (IllegalArgumentException e) {
            throw error(c.origin, e.getMessage(), "correct the entry");
        }
    }

    /** A cell of a jmh or jar entry: its params as given, no executor or tasks. */
    private Cell userCell(Combo c, Map<String, Jdk> declared, Map<String, Jdk> used) {
        Map<String, String> params = new TreeMap<>();
        for (Map.Entry<String, Value> e : c.values.entrySet()) {
            if (!AXES.contains(e.getKey())) params.put(e.getKey(), e.getValue().text());
        }
        Value jdkValue = c.values.get("jdk");
        used.put(jdkValue.text(), jdk(jdkValue, declared));
        try {
            return new Cell(c.kind, c.values.get("workload").text(), new TreeMap<>(params), "", 0, jdkValue.text(),
                    CpuLimit.parse(c.values.get("cpus").text()), cpuMode(c), MemoryLimit.parse(c.values.get("memory").text()),
                    c.jvmArgs.text().isEmpty() ? List.of() : List.of(c.jvmArgs.text().split("\u0000")), c.timeout, c.jfr);
        } catch (IllegalArgumentException e) {
            throw error(c.origin, e.getMessage(), "correct the entry");
        }
    }

    /** The combination's CPU mode; cpuset with a fractional CPU limit is refused where cpu-mode was written. */
    private CpuMode cpuMode(Combo c) {
        Value mode = c.values.get("cpu-mode");
        CpuMode m = mode == null ? CpuMode.QUOTA : CpuMode.parse(mode.text());
        CpuLimit cpus = CpuLimit.parse(c.values.get("cpus").text());
        if (m == CpuMode.CPUSET && cpus.value() != Math.rint(cpus.value())) {
            throw error(mode.node(), "cpu-mode cpuset pins whole CPUs to a container, and this cell's cpus " + cpus.text() + " is a fraction of one",
                    "use a whole number of CPUs with cpuset, or cpu-mode: quota for fractional limits (exclude: [ { cpus: " + cpus.text() + ", cpu-mode: cpuset } ])");
        }
        return m;
    }

    private Jdk jdk(Value v, Map<String, Jdk> declared) {
        Jdk j = declared.get(v.text());
        if (j != null) return j;
        Path implicit = resolve("Dockerfile.jdk" + v.text());
        if (Files.isRegularFile(implicit) && v.text().matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            return new Jdk(v.text(), new Jdk.Dockerfile(implicit));
        }
        List<String> names = new ArrayList<>(declared.keySet());
        throw error(v.node(), "unknown jdk '" + v.text() + "': it is not under 'jdks:' and there is no " + implicit.getFileName() + " beside the matrix",
                names.isEmpty() ? "declare it under jdks: with a dockerfile or an image" : Suggest.fix(v.text(), names, "jdks"));
    }

    private static String stripExtension(Path f) {
        String n = f.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
