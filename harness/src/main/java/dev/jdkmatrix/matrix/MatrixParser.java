package dev.jdkmatrix.matrix;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

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
public final class MatrixParser extends MatrixYaml {

    static final List<String> TOP_KEYS = List.of("name", "repetitions", "warmup", "timeout", "order", "compare-along", "seed", "compare-threshold", "min-difference",
            "max-steal", "jvm-internals", "engine", "kubernetes", "runner-class", "jdks",
            "matrix");
    static final List<String> REPETITION_KEYS = List.of("min", "max", "target");
    /** `compare` calls a change a regression past this fraction unless the cell is noisy. */
    public static final double DEFAULT_COMPARE_THRESHOLD = 0.10;
    /** A comparison inside a run calls faster or slower only when its whole interval lies past this (docs/verdicts.md). */
    public static final double DEFAULT_MIN_DIFFERENCE = 0.005;
    /**
     * Whether a matrix that says nothing reads the JVM's internals (GC pauses, safepoints, JIT time)
     * from its built-in and jar runs: off, as make bench-internals did not find every reference
     * cell's median within 2 % with them (docs/internals-cost.md: 11 of 14; the three others within
     * their own noise, their paired intervals around 1); {@code jvm-internals: true} turns them on.
     */
    public static final boolean DEFAULT_JVM_INTERNALS = false;
    static final List<String> MATRIX_KEYS = List.of("jdk", "cpus", "cpu-mode", "memory", "tasks", "executor", "jvm-args", "timeout", "jfr", "profile", "workload", "exclude", "include");
    static final List<String> WORKLOAD_KEYS = List.of("name", "kind", "jdk", "cpus", "cpu-mode", "memory", "tasks", "executor", "jvm-args", "timeout", "jfr", "profile", "params",
            "jar", "benchmarks", "jmh-args", "profilers", "main", "args", "result", "files", "workdir", "score", "warmup", "max-iterations", "steady-iterations");
    /** The kinds of workload entry: the project's workloads, a JMH uber-jar, any runnable jar. */
    static final List<String> KINDS = List.of("builtin", "jmh", "jar");
    /** Keys of a workload entry that only some kinds take. */
    static final Map<String, List<String>> KIND_KEYS = Map.of(
            "builtin", List.of("tasks", "executor"),
            "jmh", List.of("jar", "benchmarks", "jmh-args", "profilers", "files", "workdir", "score", "warmup", "max-iterations", "steady-iterations"),
            "jar", List.of("jar", "main", "args", "result", "files", "workdir"));
    static final List<String> RESULT_KEYS = List.of("regex", "unit", "better");
    static final List<String> JDK_KEYS = List.of("dockerfile", "image", "home", "archive");
    /** The built-in workloads run on virtual threads, final in JDK 21 (JEP 444). */
    public static final int BUILTIN_MIN_FEATURE = 21;
    /** Axes every cell has, in expansion order; params follow them. */
    static final List<String> AXES = List.of("workload", "jdk", "cpus", "cpu-mode", "memory", "tasks", "executor");
    /** The axes an entry or the matrix may set; cpu-mode defaults to quota. */
    static final List<String> SETTABLE_AXES = List.of("jdk", "cpus", "cpu-mode", "memory", "tasks", "executor");
    static final int DEFAULT_REPETITIONS = 6;
    static final int DEFAULT_WARMUP = 1;
    static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

    final int hostCpus;
    /** The matrix's runs go to a cluster (engine: kubernetes): its cells are checked against its nodes, not this host. */
    boolean onCluster;

    /** A parser that does not check CPU limits against a host. */
    public MatrixParser() {
        this(0);
    }

    /** A parser that refuses CPU limits above {@code hostCpus} (0: no check). */
    public MatrixParser(int hostCpus) {
        this(hostCpus, null);
    }

    /**
     * As above; {@code dockerfiles} (null: none) is the folder of jdkmatrix's own Dockerfile.jdkNN, which a
     * JDK named in the matrix with no {@code jdks:} entry and no Dockerfile.jdkNN beside the matrix
     * is built from (a release's share/ folder, this repository's top: the launcher says which).
     */
    public MatrixParser(int hostCpus, Path dockerfiles) {
        this.hostCpus = hostCpus;
        this.dockerfiles = dockerfiles;
    }

    /** The folder of jdkmatrix's own Dockerfiles, or null. */
    final Path dockerfiles;

    public Matrix parse(Path matrixFile) {
        this.file = matrixFile;
        byte[] bytes = read(matrixFile);
        String text = decode(bytes);
        Node root = compose(text);
        MappingNode top = mapping(root, "the matrix file", "write a YAML mapping with at least 'matrix:'; see matrix.yaml for an example");
        Map<String, Node> topKeys = keys(top, TOP_KEYS, "top-level keys");

        String name = topKeys.containsKey("name") ? scalar(topKeys.get("name"), "name") : safeName(stripExtension(matrixFile));
        if (!NAME.matcher(name).matches()) {
            throw error(topKeys.get("name"), "name '" + name + "' may hold only letters, digits, '.', '_' and '-' (ASCII), start with a letter or digit and be at most 64 long: "
                    + "it ends the run id and the results folder's name (results/20261125-061502-NAME)", "write a name such as '" + safeName(name) + "'");
        }
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
                case "duet" -> Matrix.Order.DUET;
                case "auto" -> Matrix.Order.AUTO;
                default -> throw error(topKeys.get("order"), "unknown order '" + o + "'", "write 'blocked' (default), 'duet', 'auto', 'interleaved' or 'sequential'");
            };
        }
        double threshold = fraction(topKeys, "compare-threshold", DEFAULT_COMPARE_THRESHOLD, "10% or 0.1");
        double minDifference = fraction(topKeys, "min-difference", DEFAULT_MIN_DIFFERENCE, "0.5% or 0.005");
        if (minDifference >= threshold) throw thresholdsCross(topKeys, threshold, minDifference);
        double maxSteal = fraction(topKeys, "max-steal", Double.NaN, "10% or 0.1");
        if (maxSteal >= 1) throw error(topKeys.get("max-steal"), "max-steal must be below 100 %, got " + scalar(topKeys.get("max-steal"), "max-steal"), "write it as 10% or 0.1");
        Matrix.Engine engine = engine(topKeys.get("engine"));
        onCluster = engine == Matrix.Engine.KUBERNETES;
        Map<String, Jdk> declared = topKeys.containsKey("jdks") ? jdks(topKeys.get("jdks")) : Map.of();
        Node matrixNode = topKeys.get("matrix");
        if (matrixNode == null) {
            throw error(top, "no 'matrix:' key", "add 'matrix:' with at least 'jdk:' and 'workload:'; see matrix.yaml for an example");
        }
        Map<String, Jdk> used = new TreeMap<>();
        // the JVM's internals read from every built-in and jar run when the matrix asks (off by default: make bench-internals, docs/internals-cost.md)
        boolean internals = topKeys.containsKey("jvm-internals") ? bool(topKeys.get("jvm-internals"), "jvm-internals") : DEFAULT_JVM_INTERNALS;
        List<Cell> cells = Combinations.expand(this, matrixNode, timeout, declared, used).stream().map(c -> c.withInternals(internals)).toList();
        if (internals && cells.stream().allMatch(c -> c.kind() instanceof WorkloadKind.Jmh)) {
            throw error(topKeys.get("jvm-internals"), "jvm-internals: true, but every cell of this matrix is a JMH benchmark, whose measured JVMs are "
                    + "JMH's forks: no run would record them", "leave jvm-internals out; for a JMH cell's GC figures add a profiler, such as profilers: [gc]");
        }
        List<String> along = CompareAlong.resolve(this, topKeys.get("compare-along"), cells);
        String sha = sha256(bytes);
        // a seed of the file's own: shards of one matrix plan the same order, and a resume finds it again
        long seed = topKeys.containsKey("seed") ? longInteger(topKeys.get("seed"), "seed", 0) : Long.parseLong(sha.substring(0, 8), 16);
        Matrix matrix = new Matrix(name, matrixFile, sha, used, cells, repetitions, warmup, order, threshold, maxSteal, along, seed, minDifference, engine,
                nodePool(topKeys.get("kubernetes")), runnerClass(topKeys.get("runner-class")));
        String noDuet = order == Matrix.Order.DUET ? Duets.refusal(matrix, hostCpus) : null;
        if (noDuet != null) {
            int cut = noDuet.indexOf("\n  fix: ");
            throw error(topKeys.get("order"), "order duet: " + noDuet.substring(0, cut), noDuet.substring(cut + "\n  fix: ".length()));
        }
        return matrix;
    }

    /** {@code runner-class: NAME}: the team's name for the machines its nights run on (null: none named), checked as a history keeps it. */
    private String runnerClass(Node node) {
        if (node == null) return null;
        String name = scalar(node, "runner-class");
        try {
            return new dev.jdkmatrix.model.RunnerClass(name).name();
        } catch (IllegalArgumentException e) {
            throw error(node, "runner-class '" + name + "' is not a name a history can keep", "write " + dev.jdkmatrix.model.RunnerClass.FORM);
        }
    }

    /**
     * {@code kubernetes: { node-selector: { KEY: VALUE }, tolerations: [KEY[=VALUE][:EFFECT]] }}: the
     * nodes of a cluster that take the runs' pods (a benchmark pool's label and taint; the command
     * line's --node-selector and --toleration win).
     */
    private dev.jdkmatrix.model.NodePool nodePool(Node node) {
        if (node == null) return dev.jdkmatrix.model.NodePool.ANY;
        String example = "write kubernetes: { node-selector: { dev.jdkmatrix/pool: bench }, tolerations: [\"dev.jdkmatrix/pool=bench:NoSchedule\"] }";
        Map<String, Node> k = keys(mapping(node, "kubernetes", example), List.of("node-selector", "tolerations"), "kubernetes keys");
        List<String> labels = new java.util.ArrayList<>();
        if (k.containsKey("node-selector")) {
            for (var e : keys(mapping(k.get("node-selector"), "node-selector", example), null, "node labels").entrySet()) {
                labels.add(e.getKey() + "=" + scalar(e.getValue(), "node-selector's " + e.getKey()));
            }
        }
        List<String> tolerations = new java.util.ArrayList<>();
        if (k.containsKey("tolerations")) for (Node t : axis(k.get("tolerations"), "tolerations")) tolerations.add(scalar(t, "tolerations"));
        try {
            return dev.jdkmatrix.model.NodePool.parse(labels, tolerations);
        } catch (dev.jdkmatrix.model.NodePool.Invalid e) {
            throw error(node, "kubernetes: " + e.problem(), "write " + e.form());
        }
    }

    /** {@code engine:} docker (the default) or kubernetes. */
    private Matrix.Engine engine(Node node) {
        if (node == null) return Matrix.Engine.DOCKER;
        String e = scalar(node, "engine");
        for (Matrix.Engine v : Matrix.Engine.values()) if (v.text().equals(e)) return v;
        throw error(node, "unknown engine '" + e + "'", "write 'docker' (the default: each run a container) or 'kubernetes' (each run a Job; docs/kubernetes.md)");
    }

    /** A top-level key written as a percentage or a fraction ({@code 10%}, {@code 0.1}), or {@code otherwise} when it is not given. */
    /**
     * min-difference not below compare-threshold: named on the key the matrix wrote (either, or
     * both), with a fix the check accepts: half the threshold as the difference, or, where only
     * the threshold was written, the default difference's twice as the threshold.
     */
    private MatrixException thresholdsCross(Map<String, Node> topKeys, double threshold, double minDifference) {
        String why = ": a difference would be called before it could be called same";
        // two significant digits, so that half of a small threshold stays below it (0.05%, not 0.1%)
        String half = new java.math.BigDecimal(threshold * 100 / 2).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString() + "%";
        if (topKeys.containsKey("min-difference")) {
            return error(topKeys.get("min-difference"), "min-difference " + Repetitions.percent(minDifference) + " is not below compare-threshold "
                    + Repetitions.percent(threshold) + (topKeys.containsKey("compare-threshold") ? "" : " (its default)") + why,
                    "write a min-difference below compare-threshold, such as min-difference: " + half);
        }
        return error(topKeys.get("compare-threshold"), "compare-threshold " + Repetitions.percent(threshold) + " is not above min-difference "
                + Repetitions.percent(minDifference) + " (its default, when the matrix writes none)" + why,
                "write a compare-threshold above " + Repetitions.percent(minDifference) + ", such as 10%, or a smaller min-difference with it, such as min-difference: " + half);
    }

    private double fraction(Map<String, Node> topKeys, String key, double otherwise, String example) {
        Node t = topKeys.get(key);
        if (t == null) return otherwise;
        try {
            return Durations.fractionBelowOne(scalar(t, key));
        } catch (IllegalArgumentException e) {
            throw error(t, key + ": " + e.getMessage(), "write it as " + example);
        }
    }

    /** {@code repetitions: 6}, or {@code repetitions: {min: 6, max: 30, target: 3%}}. */
    private Repetitions repetitions(Node node) {
        if (node instanceof ScalarNode) return Repetitions.fixed(integer(node, "repetitions", 1));
        Map<String, Node> k = keys(mapping(node, "repetitions", "write repetitions: 6, or repetitions: {min: 6, max: 30, target: 3%}"),
                REPETITION_KEYS, "keys of repetitions");
        for (String key : REPETITION_KEYS) {
            if (!k.containsKey(key)) throw error(node, "repetitions has no '" + key + "'", "write repetitions: {min: 6, max: 30, target: 3%}");
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

    // ---- jdks ----------------------------------------------------------------------------

    private Map<String, Jdk> jdks(Node node) {
        MappingNode m = mapping(node, "jdks", "write jdks: { \"21\": { dockerfile: Dockerfile.jdk21 } }");
        Map<String, Jdk> out = new LinkedHashMap<>();
        Map<String, Node> seen = new HashMap<>();
        for (NodeTuple t : m.getValue()) {
            String name = scalar(t.getKeyNode(), "a JDK name");
            once(seen, t, name);
            seen.put(name, t.getValueNode());
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

    /** What a matrix's name may hold: it ends the run id, which names the results folder and labels the containers. */
    static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

    /** {@code raw} with what a name may not hold made '-', or {@code matrix} when nothing is left. */
    static String safeName(String raw) {
        String s = raw.replaceAll("[^A-Za-z0-9_.-]+", "-").replaceAll("^[^A-Za-z0-9]+", "").replaceAll("-+$", "");
        if (s.length() > 64) s = s.substring(0, 64);
        return s.isEmpty() ? "matrix" : s;
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