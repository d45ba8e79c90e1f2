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

import static dev.jdkmatrix.matrix.MatrixKeys.*;

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

    private final int hostCpus;

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
    private final Path dockerfiles;

    public Matrix parse(Path matrixFile) {
        return parse(matrixFile, null);
    }

    /**
     * The matrix of {@code matrixFile} as {@code derived} says it (null: as the file does): a
     * matrix with a baseline is parsed from its derived text ({@link BaselineMatrix}), while its
     * SHA-256 and seed stay the file's, so a resume and every shard plan the same order.
     */
    public Matrix parse(Path matrixFile, String derived) {
        MatrixYaml yaml = new MatrixYaml(matrixFile, hostCpus, dockerfiles);
        byte[] bytes = yaml.read(matrixFile);
        String text = derived != null ? derived : yaml.decode(bytes);
        Node root = yaml.compose(text);
        MappingNode top = yaml.mapping(root, "the matrix file", "write a YAML mapping with at least 'matrix:'; see matrix.yaml for an example");
        Map<String, Node> topKeys = yaml.keys(top, TOP_KEYS, "top-level keys");

        String name = topKeys.containsKey("name") ? yaml.scalar(topKeys.get("name"), "name") : safeName(stripExtension(matrixFile));
        if (!NAME.matcher(name).matches()) {
            throw yaml.error(topKeys.get("name"), "name '" + name + "' may hold only letters, digits, '.', '_' and '-' (ASCII), start with a letter or digit and be at most 64 long: "
                    + "it ends the run id and the results folder's name (results/20261125-061502-NAME)", "write a name such as '" + safeName(name) + "'");
        }
        Repetitions repetitions = topKeys.containsKey("repetitions") ? repetitions(yaml, topKeys.get("repetitions")) : Repetitions.fixed(DEFAULT_REPETITIONS);
        int warmup = topKeys.containsKey("warmup") ? yaml.integer(topKeys.get("warmup"), "warmup", 0) : DEFAULT_WARMUP;
        Duration timeout = topKeys.containsKey("timeout") ? yaml.duration(topKeys.get("timeout")) : DEFAULT_TIMEOUT;
        Matrix.Order order = Matrix.Order.BLOCKED;
        if (topKeys.containsKey("order")) {
            String o = yaml.scalar(topKeys.get("order"), "order");
            order = switch (o) {
                case "blocked" -> Matrix.Order.BLOCKED;
                case "interleaved" -> Matrix.Order.INTERLEAVED;
                case "sequential" -> Matrix.Order.SEQUENTIAL;
                case "duet" -> Matrix.Order.DUET;
                case "auto" -> Matrix.Order.AUTO;
                default -> throw yaml.error(topKeys.get("order"), "unknown order '" + o + "'", "write 'blocked' (default), 'duet', 'auto', 'interleaved' or 'sequential'");
            };
        }
        double threshold = fraction(yaml, topKeys, "compare-threshold", DEFAULT_COMPARE_THRESHOLD, "10% or 0.1");
        double minDifference = fraction(yaml, topKeys, "min-difference", DEFAULT_MIN_DIFFERENCE, "0.5% or 0.005");
        if (minDifference >= threshold) throw thresholdsCross(yaml, topKeys, threshold, minDifference);
        double maxSteal = fraction(yaml, topKeys, "max-steal", Double.NaN, "10% or 0.1");
        if (maxSteal >= 1) throw yaml.error(topKeys.get("max-steal"), "max-steal must be below 100 %, got " + yaml.scalar(topKeys.get("max-steal"), "max-steal"), "write it as 10% or 0.1");
        Matrix.Engine engine = engine(yaml, topKeys.get("engine"));
        yaml.onCluster(engine == Matrix.Engine.KUBERNETES);
        Map<String, Jdk> declared = topKeys.containsKey("jdks") ? jdks(yaml, topKeys.get("jdks")) : Map.of();
        Node matrixNode = topKeys.get("matrix");
        if (matrixNode == null) {
            throw yaml.error(top, "no 'matrix:' key", "add 'matrix:' with at least 'jdk:' and 'workload:'; see matrix.yaml for an example");
        }
        Map<String, Jdk> used = new TreeMap<>();
        // the JVM's internals read from every built-in and jar run when the matrix asks (off by default: make bench-internals, docs/internals-cost.md)
        boolean internals = topKeys.containsKey("jvm-internals") ? yaml.bool(topKeys.get("jvm-internals"), "jvm-internals") : DEFAULT_JVM_INTERNALS;
        List<Cell> cells = Combinations.expand(yaml, matrixNode, timeout, declared, used).stream().map(c -> c.withInternals(internals)).toList();
        if (internals && cells.stream().allMatch(c -> c.kind() instanceof WorkloadKind.Jmh)) {
            throw yaml.error(topKeys.get("jvm-internals"), "jvm-internals: true, but every cell of this matrix is a JMH benchmark, whose measured JVMs are "
                    + "JMH's forks: no run would record them", "leave jvm-internals out; for a JMH cell's GC figures add a profiler, such as profilers: [gc]");
        }
        List<String> along = CompareAlong.resolve(yaml, topKeys.get("compare-along"), cells);
        String sha = sha256(bytes);
        // a seed of the file's own: shards of one matrix plan the same order, and a resume finds it again
        long seed = topKeys.containsKey("seed") ? yaml.longInteger(topKeys.get("seed"), "seed", 0) : Long.parseLong(sha.substring(0, 8), 16);
        Matrix matrix = new Matrix(name, matrixFile, sha, used, cells, repetitions, warmup, order, threshold, maxSteal, along, seed, minDifference, engine,
                nodePool(yaml, topKeys.get("kubernetes")), runnerClass(yaml, topKeys.get("runner-class")));
        String noDuet = order == Matrix.Order.DUET ? Duets.refusal(matrix, hostCpus) : null;
        if (noDuet != null) {
            int cut = noDuet.indexOf("\n  fix: ");
            throw yaml.error(topKeys.get("order"), "order duet: " + noDuet.substring(0, cut), noDuet.substring(cut + "\n  fix: ".length()));
        }
        return matrix;
    }

    /** {@code runner-class: NAME}: the team's name for the machines its nights run on (null: none named), checked as a history keeps it. */
    private static String runnerClass(MatrixYaml yaml, Node node) {
        if (node == null) return null;
        String name = yaml.scalar(node, "runner-class");
        try {
            return new dev.jdkmatrix.model.RunnerClass(name).name();
        } catch (IllegalArgumentException e) {
            throw yaml.error(node, "runner-class '" + name + "' is not a name a history can keep", "write " + dev.jdkmatrix.model.RunnerClass.FORM);
        }
    }

    /**
     * {@code kubernetes: { node-selector: { KEY: VALUE }, tolerations: [KEY[=VALUE][:EFFECT]] }}: the
     * nodes of a cluster that take the runs' pods (a benchmark pool's label and taint; the command
     * line's --node-selector and --toleration win).
     */
    private static dev.jdkmatrix.model.NodePool nodePool(MatrixYaml yaml, Node node) {
        if (node == null) return dev.jdkmatrix.model.NodePool.ANY;
        String example = "write kubernetes: { node-selector: { dev.jdkmatrix/pool: bench }, tolerations: [\"dev.jdkmatrix/pool=bench:NoSchedule\"] }";
        Map<String, Node> k = yaml.keys(yaml.mapping(node, "kubernetes", example), List.of("node-selector", "tolerations"), "kubernetes keys");
        List<String> labels = new java.util.ArrayList<>();
        if (k.containsKey("node-selector")) {
            for (var e : yaml.keys(yaml.mapping(k.get("node-selector"), "node-selector", example), null, "node labels").entrySet()) {
                labels.add(e.getKey() + "=" + yaml.scalar(e.getValue(), "node-selector's " + e.getKey()));
            }
        }
        List<String> tolerations = new java.util.ArrayList<>();
        if (k.containsKey("tolerations")) for (Node t : yaml.axis(k.get("tolerations"), "tolerations")) tolerations.add(yaml.scalar(t, "tolerations"));
        try {
            return dev.jdkmatrix.model.NodePool.parse(labels, tolerations);
        } catch (dev.jdkmatrix.model.NodePool.Invalid e) {
            throw yaml.error(node, "kubernetes: " + e.problem(), "write " + e.form());
        }
    }

    /** {@code engine:} docker (the default) or kubernetes. */
    private static Matrix.Engine engine(MatrixYaml yaml, Node node) {
        if (node == null) return Matrix.Engine.DOCKER;
        String e = yaml.scalar(node, "engine");
        return Matrix.Engine.parse(e).orElseThrow(() -> yaml.error(node, "unknown engine '" + e + "'",
                "write 'docker' (the default: each run a container) or 'kubernetes' (each run a Job; docs/kubernetes.md)"));
    }

    /** A top-level key written as a percentage or a fraction ({@code 10%}, {@code 0.1}), or {@code otherwise} when it is not given. */
    /**
     * min-difference not below compare-threshold: named on the key the matrix wrote (either, or
     * both), with a fix the check accepts: half the threshold as the difference, or, where only
     * the threshold was written, the default difference's twice as the threshold.
     */
    private static MatrixException thresholdsCross(MatrixYaml yaml, Map<String, Node> topKeys, double threshold, double minDifference) {
        String why = ": a difference would be called before it could be called same";
        // two significant digits, so that half of a small threshold stays below it (0.05%, not 0.1%)
        String half = new java.math.BigDecimal(threshold * 100 / 2).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString() + "%";
        if (topKeys.containsKey("min-difference")) {
            return yaml.error(topKeys.get("min-difference"), "min-difference " + Repetitions.percent(minDifference) + " is not below compare-threshold "
                    + Repetitions.percent(threshold) + (topKeys.containsKey("compare-threshold") ? "" : " (its default)") + why,
                    "write a min-difference below compare-threshold, such as min-difference: " + half);
        }
        return yaml.error(topKeys.get("compare-threshold"), "compare-threshold " + Repetitions.percent(threshold) + " is not above min-difference "
                + Repetitions.percent(minDifference) + " (its default, when the matrix writes none)" + why,
                "write a compare-threshold above " + Repetitions.percent(minDifference) + ", such as 10%, or a smaller min-difference with it, such as min-difference: " + half);
    }

    private static double fraction(MatrixYaml yaml, Map<String, Node> topKeys, String key, double otherwise, String example) {
        Node t = topKeys.get(key);
        if (t == null) return otherwise;
        try {
            return Durations.fractionBelowOne(yaml.scalar(t, key));
        } catch (IllegalArgumentException e) {
            throw yaml.error(t, key + ": " + e.getMessage(), "write it as " + example);
        }
    }

    /** {@code repetitions: 6}, or {@code repetitions: {min: 6, max: 30, target: 3%}}. */
    private static Repetitions repetitions(MatrixYaml yaml, Node node) {
        if (node instanceof ScalarNode) return Repetitions.fixed(yaml.integer(node, "repetitions", 1));
        Map<String, Node> k = yaml.keys(yaml.mapping(node, "repetitions", "write repetitions: 6, or repetitions: {min: 6, max: 30, target: 3%}"),
                REPETITION_KEYS, "keys of repetitions");
        for (String key : REPETITION_KEYS) {
            if (!k.containsKey(key)) throw yaml.error(node, "repetitions has no '" + key + "'", "write repetitions: {min: 6, max: 30, target: 3%}");
        }
        int min = yaml.integer(k.get("min"), "repetitions min", Repetitions.ADAPTIVE_MIN);
        int max = yaml.integer(k.get("max"), "repetitions max", min);
        double target;
        try {
            target = Durations.fraction(yaml.scalar(k.get("target"), "repetitions target"));
        } catch (IllegalArgumentException e) {
            throw yaml.error(k.get("target"), "repetitions target: " + e.getMessage(), "write it as 3% or 0.03");
        }
        if (target >= 1) throw yaml.error(k.get("target"), "repetitions target must be below 100 %, got " + yaml.scalar(k.get("target"), "target"), "write it as 3% or 0.03");
        return new Repetitions(min, max, target);
    }

    // ---- jdks ----------------------------------------------------------------------------

    private static Map<String, Jdk> jdks(MatrixYaml yaml, Node node) {
        MappingNode m = yaml.mapping(node, "jdks", "write jdks: { \"21\": { dockerfile: Dockerfile.jdk21 } }");
        Map<String, Jdk> out = new LinkedHashMap<>();
        Map<String, Node> seen = new HashMap<>();
        for (NodeTuple t : m.getValue()) {
            String name = yaml.scalar(t.getKeyNode(), "a JDK name");
            yaml.once(seen, t, name);
            seen.put(name, t.getValueNode());
            Map<String, Node> k = yaml.keys(yaml.mapping(t.getValueNode(), "jdk '" + name + "'", "write { dockerfile: PATH }, { image: NAME }, { home: JDK_FOLDER } or { archive: JDK.tar.gz }"),
                    JDK_KEYS, "keys of a JDK");
            if (k.size() != 1) {
                throw yaml.error(t.getValueNode(), "jdk '" + name + "' must name exactly one of dockerfile, image, home or archive, got " + (k.isEmpty() ? "none" : String.join(" and ", k.keySet())),
                        "write { dockerfile: Dockerfile.jdk" + name + " }, { image: eclipse-temurin:" + name + "-jdk }, { home: /usr/lib/jvm/temurin-" + name
                                + "-jdk-amd64 } or { archive: jdk-" + name + ".tar.gz }");
            }
            Jdk.Source source;
            if (k.containsKey("dockerfile")) {
                Node df = k.get("dockerfile");
                Path p = yaml.resolve(yaml.scalar(df, "dockerfile"));
                if (!Files.isRegularFile(p)) {
                    throw yaml.error(df, "Dockerfile '" + p + "' for jdk '" + name + "' does not exist", "create it, or correct the path (relative to the matrix file's folder)");
                }
                source = new Jdk.Dockerfile(p);
            } else if (k.containsKey("home")) {
                source = JdkSources.home(yaml, k.get("home"), name);
            } else if (k.containsKey("archive")) {
                source = JdkSources.archive(yaml, k.get("archive"), name);
            } else {
                source = new Jdk.Image(yaml.scalar(k.get("image"), "image"));
            }
            try {
                out.put(name, new Jdk(name, source));
            } catch (IllegalArgumentException e) {
                throw yaml.error(t.getKeyNode(), e.getMessage(), "rename the JDK");
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