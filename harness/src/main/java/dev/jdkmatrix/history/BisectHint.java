package dev.jdkmatrix.history;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.results.RunBaseline;
import dev.jdkmatrix.results.RunMetadata;
import java.util.List;
import java.util.Objects;

/**
 * The command that would find the commit of a regression the history confirmed in a benchmark's ratio to its baseline
 * ({@code jdkmatrix bisect}, docs/nightly.md): your repository's commits of the nights either side of the change as good and
 * bad, the baseline's build command, the jar it writes (relative to the repository's top, read off where the baseline's
 * build put it), the benchmark with the JMH options the night measured it with, and the cell's JDK, CPUs and memory. Where the nights do not say a part (a night of an
 * older harness, a baseline jar given as it is), the command holds a placeholder in angle brackets for it.
 */
public final class BisectHint {

    private BisectHint() {}

    /**
     * The command, or "" where the change is not a confirmed regression of a head / base ratio (a suspected one may yet go) or its
     * nights name no two commits of your repository.
     */
    public static String of(Change c) {
        if (c.status() != Change.Status.CONFIRMED || !c.regression() || !(c.figure() instanceof FigureKey.Pair p) || BaselineEpochs.of(c.figure(), c.after()).isEmpty()) return "";
        String good = commit(c.before().meta());
        String bad = commit(c.after().meta());
        if (good.isEmpty() || bad.isEmpty() || good.equals(bad)) return "";
        CellKey head = c.after().cells().get(p.cellB());
        if (head == null) return "";
        RunBaseline baseline = baseline(c.after().meta(), head.workload());
        StringBuilder b = new StringBuilder("jdkmatrix bisect --repo . --good ").append(good, 0, Math.min(12, good.length()))
                .append(" --bad ").append(bad, 0, Math.min(12, bad.length()))
                .append(" --build ").append(quoted(baseline == null || baseline.build().isEmpty() ? "<your build command>" : baseline.build()))
                .append(" --jar ").append(quoted(jar(c.after().meta(), baseline)));
        if (head.kind() == CellKey.Kind.JMH) {
            b.append(" --benchmarks ").append(quoted("^" + head.benchmark().replace(".", "\\.") + "$"));
            JmhOptions jmh = c.after().jmh().get(p.cellB());
            if (jmh != null) b.append(" --jmh-args ").append(quoted(String.join(" ", jmh.words())));
        } else {
            b.append(" --kind jar");
        }
        b.append(" --jdk ").append(head.jdk()).append(" --cpus ").append(head.cpus().text()).append(" --cpu-mode ").append(head.cpuMode().text())
                .append(" --memory ").append(head.memory().text());
        return b.toString();
    }

    /** The folder of a site that keeps what bisects found ({@code jdkmatrix bisect --keep-in SITE}, the workflow's bisect job). */
    public static final String RESULTS = "bisect";

    /** Where a site keeps what the bisect of a confirmed regression {@code c} found ({@link #resultFile(String, String)}); "" where it has no bisect command. */
    public static String resultFile(Change c) {
        if (of(c).isEmpty()) return "";
        return resultFile(commit(c.before().meta()), commit(c.after().meta()));
    }

    /** {@code bisect/0123456789ab-ba9876543210.md}: a bisect's result between two commits, named by their first 12 hex digits. */
    public static String resultFile(String good, String bad) {
        if (!good.matches("[0-9a-f]{12,64}") || !bad.matches("[0-9a-f]{12,64}")) {
            throw new IllegalArgumentException("a bisect's result is named by two commits' hex ids of 12 or more digits, got '" + good + "' and '" + bad + "'");
        }
        return RESULTS + "/" + good.substring(0, 12) + "-" + bad.substring(0, 12) + ".md";
    }

    private static String commit(RunMetadata m) {
        return m.repository() == null ? "" : m.repository().commit();
    }

    /** The baseline {@code workload} (the head's name: {@code head-NAME}) was measured against, or null. */
    private static RunBaseline baseline(RunMetadata m, String workload) {
        String name = workload.startsWith("head-") ? workload.substring("head-".length()) : workload;
        return m.baselines().stream().filter(b -> b.workloads().contains(name)).findFirst().orElse(null);
    }

    /** The jar the build writes, relative to the repository's top: the one jar of the night that lies in the baseline's checkout; else a placeholder. */
    static String jar(RunMetadata m, RunBaseline baseline) {
        if (baseline == null || baseline.path().isEmpty() || baseline.commit().isEmpty()) return "<the jar your build writes>";
        java.nio.file.Path checkout = java.nio.file.Path.of(baseline.path());
        List<String> in = m.jars().stream().map(j -> java.nio.file.Path.of(j.path())).filter(j -> j.startsWith(checkout) && !j.equals(checkout))
                .map(j -> checkout.relativize(j).toString()).distinct().toList();
        return in.size() == 1 ? in.get(0) : "<the jar your build writes>";
    }

    /** A shell word: as it is where it is plain, else in single quotes. */
    static String quoted(String s) {
        Objects.requireNonNull(s, "s");
        return s.matches("[A-Za-z0-9_./:=,+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
