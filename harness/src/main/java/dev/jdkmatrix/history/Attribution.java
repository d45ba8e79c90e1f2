package dev.jdkmatrix.history;

import dev.jdkmatrix.results.RunMetadata;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What run.json records as different between two nights, for a figure measured on some JDKs: those
 * JDKs' builds, vendors and images; the jars' bytes; the harness's commit; the matrix; the runner
 * (CPU model, host, kernel, runner image, engine, cgroup). Each difference is one line, "what before -> after".
 */
public final class Attribution {

    /** What a change says when its two nights differ in nothing run.json records. */
    public static final String NOTHING = "nothing recorded differs between the two nights (same JDK builds, images, jars, harness commit, matrix and runner)";

    private Attribution() {}

    public static List<String> between(RunMetadata before, RunMetadata after, Set<String> jdks) {
        List<String> out = new ArrayList<>();
        for (String jdk : new TreeSet<>(jdks)) jdk(out, jdk, before, after);
        jars(out, before, after);
        if (!Objects.equals(before.gitCommit(), after.gitCommit()) || before.gitDirty() != after.gitDirty()) {
            out.add("harness commit " + commit(before) + " -> " + commit(after));
        }
        differs(out, "matrix sha256", shortHash(before.matrixSha256()), shortHash(after.matrixSha256()));
        repository(out, before.repository(), after.repository());
        runner(out, before, after);
        return out;
    }

    private static void jdk(List<String> out, String jdk, RunMetadata before, RunMetadata after) {
        differs(out, "jdk " + jdk + " build", String.join(", ", before.jdkBuilds().getOrDefault(jdk, List.of())),
                String.join(", ", after.jdkBuilds().getOrDefault(jdk, List.of())));
        RunMetadata.Image a = image(before, jdk);
        RunMetadata.Image b = image(after, jdk);
        if (a == null || b == null) return;
        differs(out, "jdk " + jdk + " vendor", a.vendor() + " " + a.vmName(), b.vendor() + " " + b.vmName());
        differs(out, "jdk " + jdk + " image", shortHash(a.imageId()) + " (" + a.reference() + ")", shortHash(b.imageId()) + " (" + b.reference() + ")");
    }

    /**
     * The team's commits between the two nights: "repository acme/lib commits 1a2b3c4d5e6f..7a8b9c0d1e2f
     * (https://github.com/acme/lib/compare/...)", the range of the last night before the change and
     * the first after it, the compare view where the repository is on GitHub.
     */
    private static void repository(List<String> out, RunMetadata.Repository a, RunMetadata.Repository b) {
        String range = RunMetadata.Repository.range(a, b);
        if (!range.isEmpty()) out.add(range);
    }

    private static RunMetadata.Image image(RunMetadata m, String jdk) {
        return m.images().stream().filter(i -> i.jdk().equals(jdk)).findFirst().orElse(null);
    }

    private static void jars(List<String> out, RunMetadata before, RunMetadata after) {
        Map<String, String> a = new LinkedHashMap<>();
        before.jars().forEach(j -> a.put(j.name(), j.sha256()));
        Map<String, String> b = new LinkedHashMap<>();
        after.jars().forEach(j -> b.put(j.name(), j.sha256()));
        if (a.isEmpty() || b.isEmpty()) return; // a run.json from before jars were recorded: their images say it
        for (String name : new TreeSet<>(a.keySet())) {
            if (!b.containsKey(name)) out.add("jar " + name + " gone (was sha256 " + shortHash(a.get(name)) + ")");
            else differs(out, "jar " + name + " sha256", shortHash(a.get(name)), shortHash(b.get(name)));
        }
        for (String name : new TreeSet<>(b.keySet())) if (!a.containsKey(name)) out.add("jar " + name + " added (sha256 " + shortHash(b.get(name)) + ")");
    }

    /**
     * The runner: its CPU model (a machine switch: the history takes each model's level out, and
     * names the switch where a change coincides with it), host, kernel, runner image, engine and its
     * cgroup version and driver: what a hosted runner's updates change under a series.
     */
    private static void runner(List<String> out, RunMetadata before, RunMetadata after) {
        if (before.host() != null && after.host() != null) {
            differs(out, "CPU model", before.cpuModel(), after.cpuModel());
            differs(out, "host", before.host().hostname(), after.host().hostname());
            differs(out, "kernel", before.host().kernel(), after.host().kernel());
            if (!before.host().runnerImage().isEmpty() || !after.host().runnerImage().isEmpty()) {
                differs(out, "runner image", before.host().runnerImage(), after.host().runnerImage());
            }
        }
        if (before.engine() != null && after.engine() != null) {
            differs(out, "engine", before.engine().name() + " " + before.engine().serverVersion(), after.engine().name() + " " + after.engine().serverVersion());
            differs(out, "cgroup", cgroup(before.engine()), cgroup(after.engine()));
        }
    }

    private static String cgroup(RunMetadata.Engine e) {
        String v = e.cgroupVersion() == null ? "" : e.cgroupVersion();
        String d = e.cgroupDriver() == null || e.cgroupDriver().isEmpty() ? "" : " (" + e.cgroupDriver() + ")";
        return ("v" + v + d).equals("v") ? "" : "v" + v + d;
    }

    private static void differs(List<String> out, String what, String a, String b) {
        String x = a == null ? "" : a;
        String y = b == null ? "" : b;
        if (!x.equals(y)) out.add(what + " " + (x.isEmpty() ? "(none)" : x) + " -> " + (y.isEmpty() ? "(none)" : y));
    }

    private static String commit(RunMetadata m) {
        return RunMetadata.Repository.shortCommit(m.gitCommit(), m.gitDirty());
    }

    /** The first 12 hex digits of a SHA-256 (after a {@code sha256:} prefix), as Docker shows an image id. */
    static String shortHash(String h) {
        if (h == null) return "";
        String s = h.startsWith("sha256:") ? h.substring(7) : h;
        return s.length() > 12 ? s.substring(0, 12) : s;
    }
}
