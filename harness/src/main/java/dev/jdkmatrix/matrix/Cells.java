package dev.jdkmatrix.matrix;

import dev.jdkmatrix.model.CpuLimit;
import dev.jdkmatrix.model.CpuMode;
import dev.jdkmatrix.model.MemoryLimit;
import static dev.jdkmatrix.matrix.MatrixKeys.*;

import dev.jdkmatrix.workloads.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.snakeyaml.engine.v2.nodes.Node;

/** A combination made a cell: a built-in workload's params checked by its descriptor, a jmh or jar entry's as given, the JDK and CPU mode resolved. */
final class Cells {

    private Cells() {}

    static Cell toCell(MatrixYaml yaml, Combo c, Map<String, Jdk> declared, Map<String, Jdk> used) {
        if (c.kind != null) return userCell(yaml, c, declared, used);
        String workload = c.values.get("workload").text();
        Map<String, String> rawParams = new LinkedHashMap<>();
        for (Map.Entry<String, AxisValue> e : c.values.entrySet()) {
            if (!AXES.contains(e.getKey())) rawParams.put(e.getKey(), e.getValue().text());
        }
        Map<String, String> params;
        try {
            params = Workloads.get(workload).create(rawParams).params();
        } catch (IllegalArgumentException e) {
            Node at = rawParams.keySet().stream().map(key -> c.values.get(key).node()).findFirst().orElse(c.origin);
            throw yaml.error(at, e.getMessage(), "use only the parameters the workload lists, with valid values");
        }
        AxisValue jdkValue = c.values.get("jdk");
        used.put(jdkValue.text(), jdk(yaml, jdkValue, declared));
        try {
            Limits limits = limits(yaml, c);
            return new Cell(new WorkloadKind.Builtin(Workloads.get(workload)), workload, new TreeMap<>(params), c.values.get("executor").text(), c.axis("tasks", AxisValue.Tasks.class).count(),
                    jdkValue.text(), limits.cpus(), limits.mode(), limits.memory(),
                    c.jvmArgs.args(), c.timeout, c.jfr,
                    c.profile == null ? Profile.NONE : c.profile);
        } catch (IllegalArgumentException e) {
            throw yaml.error(c.origin, e.getMessage(), "correct the entry");
        }
    }

    /** A cell of a jmh or jar entry: its params as given, no executor or tasks. */
    static Cell userCell(MatrixYaml yaml, Combo c, Map<String, Jdk> declared, Map<String, Jdk> used) {
        Map<String, String> params = new TreeMap<>();
        for (Map.Entry<String, AxisValue> e : c.values.entrySet()) {
            if (!AXES.contains(e.getKey())) params.put(e.getKey(), e.getValue().text());
        }
        AxisValue jdkValue = c.values.get("jdk");
        used.put(jdkValue.text(), jdk(yaml, jdkValue, declared));
        try {
            Limits limits = limits(yaml, c);
            return new Cell(c.kind, c.values.get("workload").text(), new TreeMap<>(params), "", 0, jdkValue.text(),
                    limits.cpus(), limits.mode(), limits.memory(),
                    c.jvmArgs.args(), c.timeout, c.jfr,
                    c.profile == null ? Profile.NONE : c.profile);
        } catch (IllegalArgumentException e) {
            throw yaml.error(c.origin, e.getMessage(), "correct the entry");
        }
    }

    /** A combination's limits, each read once from its text. */
    record Limits(CpuLimit cpus, CpuMode mode, MemoryLimit memory) {}

    /** The combination's limits; cpuset with a fractional CPU limit is refused where cpu-mode was written. */
    static Limits limits(MatrixYaml yaml, Combo c) {
        AxisValue.Mode mode = c.axis("cpu-mode", AxisValue.Mode.class);
        CpuLimit cpus = c.axis("cpus", AxisValue.Cpus.class).limit();
        if (mode.mode() == CpuMode.CPUSET && cpus.value() != Math.rint(cpus.value())) {
            throw yaml.error(mode.node(), "cpu-mode cpuset pins whole CPUs to a container, and this cell's cpus " + cpus.text() + " is a fraction of one",
                    "use a whole number of CPUs with cpuset, or cpu-mode: quota for fractional limits (exclude: [ { cpus: " + cpus.text() + ", cpu-mode: cpuset } ])");
        }
        return new Limits(cpus, mode.mode(), c.axis("memory", AxisValue.Memory.class).limit());
    }

    /** ", nor among jdkmatrix's own (17, 21, 25, 27 in FOLDER)", or empty where there is no such folder. */
    private static String ownJdks(Path dockerfiles) {
        if (dockerfiles == null || !Files.isDirectory(dockerfiles)) return "";
        try (var files = Files.list(dockerfiles)) {
            List<String> own = files.map(p -> p.getFileName().toString()).filter(f -> f.matches("Dockerfile\\.jdk[A-Za-z0-9._-]+"))
                    .map(f -> f.substring("Dockerfile.jdk".length())).sorted().toList();
            return own.isEmpty() ? "" : ", nor among jdkmatrix's own (" + String.join(", ", own) + " in " + dockerfiles + ")";
        } catch (java.io.IOException e) {
            return "";
        }
    }

    static Jdk jdk(MatrixYaml yaml, AxisValue v, Map<String, Jdk> declared) {
        Jdk j = declared.get(v.text());
        if (j != null) return j;
        Path implicit = yaml.resolve("Dockerfile.jdk" + v.text());
        boolean name = v.text().matches("[A-Za-z0-9][A-Za-z0-9._-]*");
        if (Files.isRegularFile(implicit) && name) {
            return new Jdk(v.text(), new Jdk.Dockerfile(implicit));
        }
        Path own = yaml.dockerfiles == null || !name ? null : yaml.dockerfiles.resolve("Dockerfile.jdk" + v.text());
        if (own != null && Files.isRegularFile(own)) return new Jdk(v.text(), new Jdk.Dockerfile(own));
        List<String> names = new ArrayList<>(declared.keySet());
        throw yaml.error(v.node(), "unknown jdk '" + v.text() + "': it is not under 'jdks:' and there is no " + implicit.getFileName() + " beside the matrix"
                        + ownJdks(yaml.dockerfiles),
                names.isEmpty() ? "declare it under jdks: with a dockerfile or an image" : Suggest.fix(v.text(), names, "jdks"));
    }
}
