package dev.jdkmatrix.matrix;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.model.MemoryLimit;
import static dev.jdkmatrix.matrix.MatrixParser.*;

import dev.jdkmatrix.workloads.ExecutorSpec;
import dev.jdkmatrix.workloads.Workloads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * The matrix's expansion: the axes of {@code matrix:} and of each workload entry (with its params
 * and kind) as a product of combinations, {@code exclude} and {@code include} applied
 * ({@link IncludeExclude}), each combination made a cell ({@link Cells}); equal values written
 * differently compare equal, and two equal cells are an error.
 */
final class Combinations {

    private Combinations() {}

    /** A value with the node it came from (for error places). */
    record Value(String text, Node node) {}

    /** A combination under construction. */
    static final class Combo {
        final LinkedHashMap<String, Value> values = new LinkedHashMap<>();
        final Set<String> original = new LinkedHashSet<>();
        Value jvmArgs;
        Duration timeout;
        Boolean jfr;
        /** What the cell's profile run samples; null is none. */
        Profile profile;
        Node origin;
        /** The kind of a jmh or jar cell (with its benchmark); null for a built-in one, whose kind follows from its name. */
        WorkloadKind kind;
    }

    static List<Cell> expand(MatrixParser parser, Node matrixNode, Duration defaultTimeout, Map<String, Jdk> declared, Map<String, Jdk> used) {
        MappingNode m = parser.mapping(matrixNode, "matrix", "write matrix: with jdk:, cpus:, memory:, tasks:, executor: and workload:");
        Map<String, Node> k = parser.keys(m, MATRIX_KEYS, "keys of matrix");
        Node workloads = k.get("workload");
        if (workloads == null) throw parser.error(m, "matrix has no 'workload:'", "add workload: with at least one entry, for example '- name: sleep'");

        Map<String, List<Value>> global = new LinkedHashMap<>();
        for (String axis : SETTABLE_AXES) {
            if (k.containsKey(axis)) global.put(axis, values(parser, k.get(axis), axis));
        }
        global.putIfAbsent("cpu-mode", List.of(new Value(CpuMode.DEFAULT.text(), matrixNode)));
        List<Value> globalJvm = k.containsKey("jvm-args") ? parser.jvmArgsAxis(k.get("jvm-args")) : List.of(new Value("", matrixNode));
        Duration globalTimeout = k.containsKey("timeout") ? parser.duration(k.get("timeout")) : defaultTimeout;
        Boolean globalJfr = k.containsKey("jfr") ? parser.bool(k.get("jfr"), "jfr") : null;
        Profile globalProfile = k.containsKey("profile") ? profile(parser, k.get("profile")) : null;

        List<Node> entries = workloads instanceof SequenceNode s ? s.getValue() : List.of(workloads);
        if (entries.isEmpty()) throw parser.error(workloads, "workload is an empty list", "add at least one workload entry");
        List<Combo> combos = new ArrayList<>();
        for (Node entry : entries) combos.addAll(expandWorkload(parser, entry, global, globalJvm, globalTimeout, globalJfr, globalProfile));

        if (k.containsKey("exclude")) IncludeExclude.exclude(parser, k.get("exclude"), combos);
        if (combos.isEmpty()) throw parser.error(k.get("exclude"), "exclude removes every combination; the matrix is empty", "narrow the exclude entries");
        if (k.containsKey("include")) IncludeExclude.include(parser, k.get("include"), combos, global, globalJvm, globalTimeout);

        List<Cell> cells = new ArrayList<>();
        Map<String, Combo> seen = new HashMap<>();
        for (Combo c : combos) {
            Cell cell = Cells.toCell(parser, c, declared, used);
            Combo first = seen.putIfAbsent(cell.id(), c);
            if (first != null) {
                int line = first.origin.getStartMark().map(mk -> mk.getLine() + 1).orElse(0);
                throw parser.error(c.origin, "duplicate cell '" + cell.id() + "' (also made by line " + line + ")",
                        "remove one of the entries, or make them differ in an axis");
            }
            refuseBuiltinBelow21(parser, cell, c, used.get(cell.jdk()));
            refuseJarNewerThanJdk(parser, cell, c, used.get(cell.jdk()));
            cells.add(cell);
        }
        return cells;
    }

    /** A built-in workload on a JDK the matrix says is older than 21 is refused before anything starts. */
    static void refuseBuiltinBelow21(MatrixParser parser, Cell cell, Combo c, Jdk jdk) {
        int feature = jdk.declaredFeature();
        if (cell.kind() instanceof WorkloadKind.Builtin && feature > 0 && feature < BUILTIN_MIN_FEATURE) {
            throw parser.error(c.origin, "cell '" + cell.id() + "' runs the built-in workload '" + cell.workload() + "' on jdk '" + jdk.name() + "', which is JDK " + feature
                    + "; the built-in workloads need JDK " + BUILTIN_MIN_FEATURE + "+ (virtual threads)",
                    "exclude those cells (exclude: [ { jdk: " + jdk.name() + ", kind: builtin } ]) or give that workload entry its own jdk: list; "
                            + "on JDK " + feature + " run a kind: jmh or kind: jar workload");
        }
    }

    /**
     * A jmh or jar cell whose jar holds classes newer than the JDK the matrix says the cell runs on
     * is refused before anything starts: that JDK cannot load them (UnsupportedClassVersionError).
     */
    static void refuseJarNewerThanJdk(MatrixParser parser, Cell cell, Combo c, Jdk jdk) {
        WorkloadKind.UserJar jar = switch (cell.kind()) {
            case WorkloadKind.Jmh j -> j.jar();
            case WorkloadKind.Jar j -> j.jar();
            default -> null;
        };
        int feature = jdk.declaredFeature();
        if (jar == null || feature == 0 || jar.javaFeature() <= feature) return;
        throw parser.error(c.origin, jar.path().getFileName() + " needs Java " + jar.javaFeature() + " (class file " + jar.classFile() + "); jdk " + jdk.name()
                        + " is Java " + feature + ", which cannot load it (cell '" + cell.id() + "')",
                "exclude those cells (exclude: [ { jdk: " + jdk.name() + ", workload: " + cell.workload() + " } ]), or build the jar for Java " + feature
                        + " (javac --release " + feature + "; in Maven <maven.compiler.release>" + feature + "</maven.compiler.release>)");
    }

    static List<Value> values(MatrixParser parser, Node node, String key) {
        List<Value> out = new ArrayList<>();
        for (Node n : parser.axis(node, key)) {
            Value v = new Value(normalize(parser, key, ((ScalarNode) n).getValue(), n), n);
            if (key.equals("cpus") && parser.hostCpus > 0 && !parser.onCluster && CpuLimit.parse(v.text()).value() > parser.hostCpus) {
                throw parser.error(n, "cpus " + v.text() + " is more than the " + parser.hostCpus + " CPUs of this host",
                        "use at most " + parser.hostCpus + "; a limit above the host measures nothing more");
            }
            for (Value earlier : out) {
                if (earlier.text().equals(v.text())) {
                    String raw = ((ScalarNode) n).getValue();
                    String was = ((ScalarNode) earlier.node()).getValue();
                    throw parser.error(n, key + " lists " + (raw.equals(was) ? "'" + raw + "' twice" : "'" + raw + "', which is the same " + key + " as '" + was + "'")
                                    + " (line " + (earlier.node().getStartMark().map(m -> m.getLine() + 1).orElse(0)) + "): every cell of it would be made twice",
                            "remove one of them from the list");
                }
            }
            out.add(v);
        }
        return out;
    }

    /** {@code profile: EVENT}, one of async-profiler's events ({@link Profile}). */
    static Profile profile(MatrixParser parser, Node n) {
        String raw = parser.scalar(n, "profile");
        try {
            return Profile.parse(raw);
        } catch (IllegalArgumentException e) {
            throw parser.error(n, e.getMessage(), Suggest.fix(raw, Profile.TEXTS, "profile events") + " (cpu samples on-CPU time, wall every thread, alloc allocations, lock contended locks)");
        }
    }

    static List<Combo> expandWorkload(MatrixParser parser, Node entry, Map<String, List<Value>> global, List<Value> globalJvm, Duration globalTimeout, Boolean globalJfr,
                                      Profile globalProfile) {
        Map<String, List<Value>> axes = new LinkedHashMap<>();
        Map<String, List<Value>> params = new LinkedHashMap<>();
        List<Value> jvm = globalJvm;
        Duration timeout = globalTimeout;
        Boolean jfr = globalJfr;
        Profile profile = globalProfile;
        Value name;
        Map<String, Node> wk = Map.of();
        CellKey.Kind kind = CellKey.Kind.BUILTIN;
        if (entry instanceof ScalarNode s) {
            name = new Value(s.getValue(), s);
        } else {
            wk = parser.keys(parser.mapping(entry, "a workload entry", "write '- name: sleep' with its overrides"), WORKLOAD_KEYS, "keys of a workload entry");
            if (!wk.containsKey("name")) throw parser.error(entry, "workload entry has no 'name'", "add name: one of " + String.join(", ", Workloads.NAMES)
                    + ", or a label of your own with kind: jmh or kind: jar");
            name = new Value(parser.scalar(wk.get("name"), "name"), wk.get("name"));
            if (wk.containsKey("kind")) {
                String written = parser.scalar(wk.get("kind"), "kind");
                if (!KINDS.contains(written)) throw parser.error(wk.get("kind"), "unknown kind '" + written + "'", Suggest.fix(written, KINDS, "kinds"));
                kind = CellKey.Kind.parse(written);
            }
            checkKindKeys(parser, wk, kind);
            for (String axis : SETTABLE_AXES) {
                if (wk.containsKey(axis)) axes.put(axis, values(parser, wk.get(axis), axis));
            }
            if (wk.containsKey("jvm-args")) jvm = parser.jvmArgsAxis(wk.get("jvm-args"));
            if (wk.containsKey("timeout")) timeout = parser.duration(wk.get("timeout"));
            if (wk.containsKey("jfr")) jfr = parser.bool(wk.get("jfr"), "jfr");
            if (wk.containsKey("profile")) profile = profile(parser, wk.get("profile"));
            if (wk.containsKey("params")) params.putAll(params(parser, wk.get("params")));
        }
        checkName(parser, entry, wk, name, kind, jfr);
        Map<String, List<Value>> all = new LinkedHashMap<>();
        all.put("workload", List.of(name));
        List<String> entryAxes = kind == CellKey.Kind.BUILTIN ? SETTABLE_AXES : List.of("jdk", "cpus", "cpu-mode", "memory");
        for (String axis : entryAxes) {
            List<Value> v = axes.containsKey(axis) ? axes.get(axis) : global.get(axis);
            if (v == null) {
                throw parser.error(entry, "workload '" + name.text() + "' has no '" + axis + "'", "set " + axis + ": under matrix: or in this workload entry");
            }
            all.put(axis, v);
        }

        List<Combo> combos = kindCombos(parser, entry, wk, kind, all, params, profile);
        boolean jfrDefault = kind == CellKey.Kind.BUILTIN && Workloads.get(name.text()).jfrByDefault();
        List<Combo> out = new ArrayList<>();
        for (Combo base : combos) {
            for (Value j : jvm) {
                Combo c = copy(base);
                c.jvmArgs = j;
                c.timeout = timeout;
                c.jfr = jfr != null ? jfr : jfrDefault;
                c.profile = profile;
                c.origin = entry;
                out.add(c);
            }
        }
        return out;
    }

    /** A key of another kind's entries on this entry, refused with the fix. */
    private static void checkKindKeys(MatrixParser parser, Map<String, Node> wk, CellKey.Kind kind) {
        for (Map.Entry<String, List<String>> k : KIND_KEYS.entrySet()) {
            for (String key : k.getValue()) {
                if (wk.containsKey(key) && !KIND_KEYS.get(kind.text()).contains(key)) {
                    throw parser.error(wk.get(key), "'" + key + "' is a key of " + k.getKey() + " entries, and this entry is kind: " + kind,
                            key.equals("tasks") || key.equals("executor")
                                    ? "remove it: executor and tasks are axes of built-in workloads only; a " + kind + " workload sets its own concurrency"
                                    : "remove it, or set kind: " + k.getKey());
                }
            }
        }
    }

    /** An entry's {@code params:}, each given once, none an axis. */
    private static Map<String, List<Value>> params(MatrixParser parser, Node node) {
        Map<String, List<Value>> params = new LinkedHashMap<>();
        Map<String, Node> seen = new HashMap<>();
        for (NodeTuple t : parser.mapping(node, "params", "write params: { wait-ms: [100, 50] }").getValue()) {
            String p = parser.scalar(t.getKeyNode(), "a param name");
            parser.once(seen, t, p);
            seen.put(p, t.getValueNode());
            if (AXES.contains(p) || p.equals("jvm-args") || p.equals("timeout") || p.equals("jfr") || p.equals("profile") || p.equals("kind") || p.equals("benchmark")) {
                throw parser.error(t.getKeyNode(), "'" + p + "' is an axis, not a param", "move it out of params: to the workload entry itself");
            }
            params.put(p, values(parser, t.getValueNode(), p));
        }
        return params;
    }

    /** A built-in entry names a workload of the jar; a jmh or jar entry's label is no such name, and plain; jfr is refused on a jmh entry. */
    private static void checkName(MatrixParser parser, Node entry, Map<String, Node> wk, Value name, CellKey.Kind kind, Boolean jfr) {
        if (kind == CellKey.Kind.BUILTIN && !Workloads.exists(name.text())) {
            throw parser.error(name.node(), "unknown workload '" + name.text() + "'", Suggest.fix(name.text(), Workloads.NAMES, "workloads")
                    + "; or, for a jar of your own, add kind: jmh or kind: jar");
        }
        if (kind == CellKey.Kind.BUILTIN) return;
        if (Workloads.exists(name.text())) {
            throw parser.error(name.node(), "'" + name.text() + "' is the name of a built-in workload, not a label for a " + kind + " entry",
                    "name the entry after your benchmark or application, such as my-bench");
        }
        if (!name.text().matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw parser.error(name.node(), "the label '" + name.text() + "' has characters other than letters, digits, '.', '_' and '-'", "rename it, such as my-bench");
        }
        if (Boolean.TRUE.equals(jfr) && kind == CellKey.Kind.JMH) {
            throw parser.error(wk.getOrDefault("jfr", entry), "jfr: true on a jmh entry would record JMH's launcher JVM, not the fork that JMH measures",
                    "set jfr: false for this entry (JMH's own JFR profiler can be listed under profilers: [jfr])");
        }
    }

    /** The entry's combinations by kind: a jmh entry's per benchmark, mode and param set, a jar's and a built-in's over their params. */
    private static List<Combo> kindCombos(MatrixParser parser, Node entry, Map<String, Node> wk, CellKey.Kind kind, Map<String, List<Value>> all,
                                          Map<String, List<Value>> params, Profile profile) {
        List<Combo> combos = new ArrayList<>();
        switch (kind) { // every kind, no default: a new kind is a compile error here until it says how it expands
            case JMH -> {
                for (JmhCells.Expansion x : JmhCells.expand(parser, entry, wk, params)) {
                    if (profile != null && x.kind().profilers().stream().anyMatch(p -> p.startsWith("async"))) {
                        throw parser.error(wk.getOrDefault("profilers", entry), "profilers: lists async and profile: " + profile.text()
                                        + " is set: both ask for async-profiler on this entry",
                                "keep one: profile: (one profile run outside the measured ones, the library in the run image) or JMH's -prof async in profilers: "
                                        + "(every measured run, the library installed in your image by hand)");
                    }
                    Map<String, List<Value>> axesOfBenchmark = new LinkedHashMap<>(all);
                    axesOfBenchmark.putAll(x.params());
                    for (Combo c : product(axesOfBenchmark)) {
                        c.kind = x.kind();
                        combos.add(c);
                    }
                }
            }
            case JAR -> {
                WorkloadKind.Jar jar = JarCells.kind(parser, entry, wk, params.keySet());
                all.putAll(params);
                for (Combo c : product(all)) {
                    c.kind = jar;
                    combos.add(c);
                }
            }
            case BUILTIN -> {
                all.putAll(params);
                combos.addAll(product(all));
            }
        }
        return combos;
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
        c.profile = base.profile;
        c.origin = base.origin;
        c.kind = base.kind;
        return c;
    }

    /** Canonical text of an axis value, so that 1 and 1.0 or 1g and 1024m compare equal. */
    static String normalize(MatrixParser parser, String key, String raw, Node node) {
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
            throw parser.error(node, key + " must be a whole number, got '" + raw + "'", "write a whole number such as 10000");
        } catch (IllegalArgumentException e) {
            String fix = switch (key) {
                case "executor" -> Suggest.fix(raw, List.of("virtual", "cached", "thread-per-task", "fixed:cpus", "fork-join:cpus", "fixed:N", "fork-join:N"), "executors");
                case "cpus" -> "write a number of CPUs above 0 with at most 2 decimals, such as 0.5, 1 or 2";
                case "cpu-mode" -> Suggest.fix(raw, CpuMode.TEXTS, "CPU modes");
                case "memory" -> "write a size of at least 64m, such as 512m or 1g";
                case "tasks" -> "write a whole number of tasks, at least 1";
                default -> "correct the value";
            };
            throw parser.error(node, key + ": " + e.getMessage(), fix);
        }
    }
}
