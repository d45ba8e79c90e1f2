package dev.jdkmatrix.matrix;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.CpuMode;
import static dev.jdkmatrix.matrix.MatrixKeys.*;

import dev.jdkmatrix.workloads.Workloads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    static List<Cell> expand(MatrixYaml yaml, Node matrixNode, Duration defaultTimeout, Map<String, Jdk> declared, Map<String, Jdk> used) {
        MappingNode m = yaml.mapping(matrixNode, "matrix", "write matrix: with jdk:, cpus:, memory:, tasks:, executor: and workload:");
        Map<String, Node> k = yaml.keys(m, MATRIX_KEYS, "keys of matrix");
        Node workloads = k.get("workload");
        if (workloads == null) throw yaml.error(m, "matrix has no 'workload:'", "add workload: with at least one entry, for example '- name: sleep'");

        Map<String, List<AxisValue>> global = new LinkedHashMap<>();
        for (String axis : SETTABLE_AXES) {
            if (k.containsKey(axis)) global.put(axis, values(yaml, k.get(axis), axis));
        }
        global.putIfAbsent("cpu-mode", List.of(new AxisValue.Mode(CpuMode.DEFAULT, matrixNode)));
        List<AxisValue.JvmArgs> globalJvm = k.containsKey("jvm-args") ? yaml.jvmArgsAxis(k.get("jvm-args")) : List.of(new AxisValue.JvmArgs(List.of(), matrixNode));
        Duration globalTimeout = k.containsKey("timeout") ? yaml.duration(k.get("timeout")) : defaultTimeout;
        Boolean globalJfr = k.containsKey("jfr") ? yaml.bool(k.get("jfr"), "jfr") : null;
        Profile globalProfile = k.containsKey("profile") ? yaml.profile(k.get("profile")) : null;

        List<Node> entries = workloads instanceof SequenceNode s ? s.getValue() : List.of(workloads);
        if (entries.isEmpty()) throw yaml.error(workloads, "workload is an empty list", "add at least one workload entry");
        List<Combo> combos = new ArrayList<>();
        for (Node entry : entries) combos.addAll(expandWorkload(yaml, entry, global, globalJvm, globalTimeout, globalJfr, globalProfile));

        if (k.containsKey("exclude")) IncludeExclude.exclude(yaml, k.get("exclude"), combos);
        if (combos.isEmpty()) throw yaml.error(k.get("exclude"), "exclude removes every combination; the matrix is empty", "narrow the exclude entries");
        if (k.containsKey("include")) IncludeExclude.include(yaml, k.get("include"), combos, global, globalJvm, globalTimeout);

        List<Cell> cells = new ArrayList<>();
        Map<String, Combo> seen = new HashMap<>();
        for (Combo c : combos) {
            Cell cell = Cells.toCell(yaml, c, declared, used);
            Combo first = seen.putIfAbsent(cell.id(), c);
            if (first != null) {
                int line = first.origin.getStartMark().map(mk -> mk.getLine() + 1).orElse(0);
                throw yaml.error(c.origin, "duplicate cell '" + cell.id() + "' (also made by line " + line + ")",
                        "remove one of the entries, or make them differ in an axis");
            }
            refuseBuiltinBelow21(yaml, cell, c, used.get(cell.jdk()));
            refuseJarNewerThanJdk(yaml, cell, c, used.get(cell.jdk()));
            cells.add(cell);
        }
        return cells;
    }

    /** A built-in workload on a JDK the matrix says is older than 21 is refused before anything starts. */
    static void refuseBuiltinBelow21(MatrixYaml yaml, Cell cell, Combo c, Jdk jdk) {
        int feature = jdk.declaredFeature();
        if (cell.kind() instanceof WorkloadKind.Builtin && feature > 0 && feature < BUILTIN_MIN_FEATURE) {
            throw yaml.error(c.origin, "cell '" + cell.id() + "' runs the built-in workload '" + cell.workload() + "' on jdk '" + jdk.name() + "', which is JDK " + feature
                    + "; the built-in workloads need JDK " + BUILTIN_MIN_FEATURE + "+ (virtual threads)",
                    "exclude those cells (exclude: [ { jdk: " + jdk.name() + ", kind: builtin } ]) or give that workload entry its own jdk: list; "
                            + "on JDK " + feature + " run a kind: jmh or kind: jar workload");
        }
    }

    /**
     * A jmh or jar cell whose jar holds classes newer than the JDK the matrix says the cell runs on
     * is refused before anything starts: that JDK cannot load them (UnsupportedClassVersionError).
     */
    static void refuseJarNewerThanJdk(MatrixYaml yaml, Cell cell, Combo c, Jdk jdk) {
        WorkloadKind.UserJar jar = switch (cell.kind()) {
            case WorkloadKind.Jmh j -> j.jar();
            case WorkloadKind.Jar j -> j.jar();
            default -> null;
        };
        int feature = jdk.declaredFeature();
        if (jar == null || feature == 0 || jar.javaFeature() <= feature) return;
        throw yaml.error(c.origin, jar.path().getFileName() + " needs Java " + jar.javaFeature() + " (class file " + jar.classFile() + "); jdk " + jdk.name()
                        + " is Java " + feature + ", which cannot load it (cell '" + cell.id() + "')",
                "exclude those cells (exclude: [ { jdk: " + jdk.name() + ", workload: " + cell.workload() + " } ]), or build the jar for Java " + feature
                        + " (javac --release " + feature + "; in Maven <maven.compiler.release>" + feature + "</maven.compiler.release>)");
    }

    static List<AxisValue> values(MatrixYaml yaml, Node node, String key) {
        List<AxisValue> out = new ArrayList<>();
        for (Node n : yaml.axis(node, key)) {
            AxisValue v = yaml.axisValue(key, n);
            for (AxisValue earlier : out) {
                if (earlier.text().equals(v.text())) {
                    String raw = ((ScalarNode) n).getValue();
                    String was = ((ScalarNode) earlier.node()).getValue();
                    throw yaml.error(n, key + " lists " + (raw.equals(was) ? "'" + raw + "' twice" : "'" + raw + "', which is the same " + key + " as '" + was + "'")
                                    + " (line " + (earlier.node().getStartMark().map(m -> m.getLine() + 1).orElse(0)) + "): every cell of it would be made twice",
                            "remove one of them from the list");
                }
            }
            out.add(v);
        }
        return out;
    }

    static List<Combo> expandWorkload(MatrixYaml yaml, Node entry, Map<String, List<AxisValue>> global, List<AxisValue.JvmArgs> globalJvm, Duration globalTimeout, Boolean globalJfr,
                                      Profile globalProfile) {
        Map<String, List<AxisValue>> axes = new LinkedHashMap<>();
        Map<String, List<AxisValue>> params = new LinkedHashMap<>();
        List<AxisValue.JvmArgs> jvm = globalJvm;
        Duration timeout = globalTimeout;
        Boolean jfr = globalJfr;
        Profile profile = globalProfile;
        AxisValue name;
        Map<String, Node> wk = Map.of();
        CellKey.Kind kind = CellKey.Kind.BUILTIN;
        if (entry instanceof ScalarNode s) {
            name = new AxisValue.Text(s.getValue(), s);
        } else {
            wk = yaml.keys(yaml.mapping(entry, "a workload entry", "write '- name: sleep' with its overrides"), WORKLOAD_KEYS, "keys of a workload entry");
            if (!wk.containsKey("name")) throw yaml.error(entry, "workload entry has no 'name'", "add name: one of " + String.join(", ", Workloads.NAMES)
                    + ", or a label of your own with kind: jmh or kind: jar");
            name = new AxisValue.Text(yaml.scalar(wk.get("name"), "name"), wk.get("name"));
            if (wk.containsKey("kind")) {
                String written = yaml.scalar(wk.get("kind"), "kind");
                if (!KINDS.contains(written)) throw yaml.error(wk.get("kind"), "unknown kind '" + written + "'", Suggest.fix(written, KINDS, "kinds"));
                kind = CellKey.Kind.parse(written);
            }
            checkKindKeys(yaml, wk, kind);
            for (String axis : SETTABLE_AXES) {
                if (wk.containsKey(axis)) axes.put(axis, values(yaml, wk.get(axis), axis));
            }
            if (wk.containsKey("jvm-args")) jvm = yaml.jvmArgsAxis(wk.get("jvm-args"));
            if (wk.containsKey("timeout")) timeout = yaml.duration(wk.get("timeout"));
            if (wk.containsKey("jfr")) jfr = yaml.bool(wk.get("jfr"), "jfr");
            if (wk.containsKey("profile")) profile = yaml.profile(wk.get("profile"));
            if (wk.containsKey("params")) params.putAll(params(yaml, wk.get("params")));
        }
        checkName(yaml, entry, wk, name, kind, jfr);
        Map<String, List<AxisValue>> all = new LinkedHashMap<>();
        all.put("workload", List.of(name));
        List<String> entryAxes = kind == CellKey.Kind.BUILTIN ? SETTABLE_AXES : List.of("jdk", "cpus", "cpu-mode", "memory");
        for (String axis : entryAxes) {
            List<AxisValue> v = axes.containsKey(axis) ? axes.get(axis) : global.get(axis);
            if (v == null) {
                throw yaml.error(entry, "workload '" + name.text() + "' has no '" + axis + "'", "set " + axis + ": under matrix: or in this workload entry");
            }
            all.put(axis, v);
        }

        List<Combo> combos = kindCombos(yaml, entry, wk, kind, all, params, profile);
        boolean jfrDefault = kind == CellKey.Kind.BUILTIN && Workloads.get(name.text()).jfrByDefault();
        List<Combo> out = new ArrayList<>();
        for (Combo base : combos) {
            for (AxisValue.JvmArgs j : jvm) {
                Combo c = base.copy();
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
    private static void checkKindKeys(MatrixYaml yaml, Map<String, Node> wk, CellKey.Kind kind) {
        for (Map.Entry<String, List<String>> k : KIND_KEYS.entrySet()) {
            for (String key : k.getValue()) {
                if (wk.containsKey(key) && !KIND_KEYS.get(kind.text()).contains(key)) {
                    throw yaml.error(wk.get(key), "'" + key + "' is a key of " + k.getKey() + " entries, and this entry is kind: " + kind,
                            key.equals("tasks") || key.equals("executor")
                                    ? "remove it: executor and tasks are axes of built-in workloads only; a " + kind + " workload sets its own concurrency"
                                    : "remove it, or set kind: " + k.getKey());
                }
            }
        }
    }

    /** An entry's {@code params:}, each given once, none an axis. */
    private static Map<String, List<AxisValue>> params(MatrixYaml yaml, Node node) {
        Map<String, List<AxisValue>> params = new LinkedHashMap<>();
        Map<String, Node> seen = new HashMap<>();
        for (NodeTuple t : yaml.mapping(node, "params", "write params: { wait-ms: [100, 50] }").getValue()) {
            String p = yaml.scalar(t.getKeyNode(), "a param name");
            yaml.plain(t.getKeyNode(), "param name", p);
            yaml.once(seen, t, p);
            seen.put(p, t.getValueNode());
            if (AXES.contains(p) || p.equals("jvm-args") || p.equals("timeout") || p.equals("jfr") || p.equals("profile") || p.equals("kind") || p.equals("benchmark")) {
                throw yaml.error(t.getKeyNode(), "'" + p + "' is an axis, not a param", "move it out of params: to the workload entry itself");
            }
            params.put(p, values(yaml, t.getValueNode(), p));
        }
        return params;
    }

    /** A built-in entry names a workload of the jar; a jmh or jar entry's label is no such name, and plain; jfr is refused on a jmh entry. */
    private static void checkName(MatrixYaml yaml, Node entry, Map<String, Node> wk, AxisValue name, CellKey.Kind kind, Boolean jfr) {
        if (kind == CellKey.Kind.BUILTIN && !Workloads.exists(name.text())) {
            throw yaml.error(name.node(), "unknown workload '" + name.text() + "'", Suggest.fix(name.text(), Workloads.NAMES, "workloads")
                    + "; or, for a jar of your own, add kind: jmh or kind: jar");
        }
        if (kind == CellKey.Kind.BUILTIN) return;
        if (Workloads.exists(name.text())) {
            throw yaml.error(name.node(), "'" + name.text() + "' is the name of a built-in workload, not a label for a " + kind + " entry",
                    "name the entry after your benchmark or application, such as my-bench");
        }
        if (!name.text().matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw yaml.error(name.node(), "the label '" + name.text() + "' has characters other than letters, digits, '.', '_' and '-'", "rename it, such as my-bench");
        }
        if (Boolean.TRUE.equals(jfr) && kind == CellKey.Kind.JMH) {
            throw yaml.error(wk.getOrDefault("jfr", entry), "jfr: true on a jmh entry would record JMH's launcher JVM, not the fork that JMH measures",
                    "set jfr: false for this entry (JMH's own JFR profiler can be listed under profilers: [jfr])");
        }
    }

    /** The entry's combinations by kind: a jmh entry's per benchmark, mode and param set, a jar's and a built-in's over their params. */
    private static List<Combo> kindCombos(MatrixYaml yaml, Node entry, Map<String, Node> wk, CellKey.Kind kind, Map<String, List<AxisValue>> all,
                                          Map<String, List<AxisValue>> params, Profile profile) {
        List<Combo> combos = new ArrayList<>();
        switch (kind) { // every kind, no default: a new kind is a compile error here until it says how it expands
            case JMH -> {
                for (JmhCells.Expansion x : JmhCells.expand(yaml, entry, wk, params)) {
                    if (profile != null && x.kind().profilers().stream().anyMatch(p -> p.startsWith("async"))) {
                        throw yaml.error(wk.getOrDefault("profilers", entry), "profilers: lists async and profile: " + profile.text()
                                        + " is set: both ask for async-profiler on this entry",
                                "keep one: profile: (one profile run outside the measured ones, the library in the run image) or JMH's -prof async in profilers: "
                                        + "(every measured run, the library installed in your image by hand)");
                    }
                    Map<String, List<AxisValue>> axesOfBenchmark = new LinkedHashMap<>(all);
                    axesOfBenchmark.putAll(x.params());
                    for (Combo c : product(axesOfBenchmark)) {
                        c.kind = x.kind();
                        combos.add(c);
                    }
                }
            }
            case JAR -> {
                WorkloadKind.Jar jar = JarCells.kind(yaml, entry, wk, params.keySet());
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
    private static List<Combo> product(Map<String, List<AxisValue>> axes) {
        List<Combo> combos = new ArrayList<>();
        combos.add(new Combo());
        for (Map.Entry<String, List<AxisValue>> ax : axes.entrySet()) {
            List<Combo> next = new ArrayList<>();
            for (Combo base : combos) {
                for (AxisValue v : ax.getValue()) {
                    Combo c = base.copy();
                    c.values.put(ax.getKey(), v);
                    c.original.add(ax.getKey());
                    next.add(c);
                }
            }
            combos = next;
        }
        return combos;
    }
}
