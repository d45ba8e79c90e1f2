package dev.jdkmatrix.matrix;

import static dev.jdkmatrix.matrix.MatrixKeys.*;

import dev.jdkmatrix.workloads.Descriptor;
import dev.jdkmatrix.workloads.Workloads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * {@code exclude} and {@code include}, with the semantics of GitHub Actions' {@code strategy.matrix}:
 * excludes remove every combination matching all their keys; an include entry extends every
 * combination whose original values it does not overwrite, or else adds a new combination.
 */
final class IncludeExclude {

    private IncludeExclude() {}

    /** Keys an exclude or include entry may name: the axes, and every param of a built-in workload or of this matrix's cells. */
    static Set<String> knownKeys(MatrixYaml yaml, List<Combo> combos) {
        Set<String> keys = new LinkedHashSet<>(AXES);
        keys.add("kind");
        keys.add("benchmark");
        for (Descriptor d : Workloads.ALL) keys.addAll(d.paramNames());
        for (Combo c : combos) keys.addAll(c.values.keySet());
        return keys;
    }

    static void exclude(MatrixYaml yaml, Node node, List<Combo> combos) {
        Set<String> known = knownKeys(yaml, combos);
        for (Map<String, Node> entry : yaml.entries(node, "exclude")) {
            Map<String, String> want = new LinkedHashMap<>();
            String jvm = null;
            for (Map.Entry<String, Node> e : entry.entrySet()) {
                if (e.getKey().equals("jvm-args")) {
                    jvm = yaml.jvmArgs(e.getValue()).text();
                    continue;
                }
                if (!known.contains(e.getKey())) {
                    throw yaml.error(e.getValue(), "exclude key '" + e.getKey() + "' is neither an axis, a param nor jvm-args", Suggest.fix(e.getKey(), known, "keys"));
                }
                want.put(e.getKey(), yaml.typed(e.getKey(), e.getValue()).text());
            }
            String jvmWanted = jvm;
            combos.removeIf(c -> want.entrySet().stream().allMatch(w -> w.getValue().equals(comboValue(c, w.getKey())))
                    && (jvmWanted == null || jvmWanted.equals(c.jvmArgs.text())));
        }
    }

    static void include(MatrixYaml yaml, Node node, List<Combo> combos, Map<String, List<AxisValue>> global, List<AxisValue.JvmArgs> globalJvm, Duration globalTimeout) {
        Set<String> known = knownKeys(yaml, combos);
        List<Combo> added = new ArrayList<>();
        for (Map<String, Node> entry : yaml.entries(node, "include")) {
            Map<String, AxisValue> vals = new LinkedHashMap<>();
            AxisValue.JvmArgs jvm = null;
            Duration timeout = null;
            Boolean jfr = null;
            Profile profile = null;
            Node entryNode = entry.values().iterator().next();
            for (Map.Entry<String, Node> e : entry.entrySet()) {
                switch (e.getKey()) {
                    case "jvm-args" -> jvm = yaml.jvmArgs(e.getValue());
                    case "timeout" -> timeout = yaml.duration(e.getValue());
                    case "jfr" -> jfr = yaml.bool(e.getValue(), "jfr");
                    case "profile" -> profile = yaml.profile(e.getValue());
                    default -> {
                        if (!known.contains(e.getKey())) {
                            throw yaml.error(e.getValue(), "include key '" + e.getKey() + "' is neither an axis, a param, jvm-args, timeout, jfr nor profile",
                                    Suggest.fix(e.getKey(), known, "keys"));
                        }
                        vals.put(e.getKey(), yaml.axisValue(e.getKey(), e.getValue()));
                    }
                }
            }
            boolean matched = false;
            for (Combo c : combos) {
                if (!extends_(yaml, c, vals)) continue;
                matched = true;
                vals.forEach((key, v) -> {
                    if (!c.original.contains(key)) c.values.put(key, v);
                });
                if (jvm != null) c.jvmArgs = jvm;
                if (timeout != null) c.timeout = timeout;
                if (jfr != null) c.jfr = jfr;
                if (profile != null) c.profile = profile;
            }
            if (!matched) {
                Combo c = new Combo();
                c.origin = entryNode;
                if (vals.containsKey("workload") && !Workloads.exists(vals.get("workload").text())) {
                    throw yaml.error(entryNode, "this include entry matches no cell of '" + vals.get("workload").text() + "', and include adds new cells of built-in workloads only",
                            "make the entry match cells of that workload, or add a workload entry for the new cells");
                }
                for (String axis : AXES) {
                    if (vals.containsKey(axis)) {
                        c.values.put(axis, vals.get(axis));
                    } else if (!axis.equals("workload") && global.containsKey(axis) && global.get(axis).size() == 1) {
                        c.values.put(axis, global.get(axis).get(0));
                    } else {
                        throw yaml.error(entryNode, "this include entry matches no combination, so it adds a new cell, but it has no '" + axis + "'",
                                "give '" + axis + "' in the entry (a new cell needs every axis), or make the entry match existing cells");
                    }
                }
                vals.forEach((key, v) -> c.values.putIfAbsent(key, v));
                c.original.addAll(c.values.keySet());
                c.jvmArgs = jvm != null ? jvm : globalJvm.get(0);
                c.timeout = timeout != null ? timeout : globalTimeout;
                c.jfr = jfr != null ? jfr : Workloads.get(c.values.get("workload").text()).jfrByDefault();
                c.profile = profile;
                added.add(c);
            }
        }
        combos.addAll(added);
    }

    /** GitHub Actions: an include entry extends a combination when it overwrites none of its original values. */
    static boolean extends_(MatrixYaml yaml, Combo c, Map<String, AxisValue> vals) {
        Set<String> params = c.kind != null ? c.values.keySet() : new LinkedHashSet<>(Workloads.get(c.values.get("workload").text()).paramNames());
        for (Map.Entry<String, AxisValue> e : vals.entrySet()) {
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
}
