package dev.jdkmatrix.export;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.CellSummary;
import dev.jdkmatrix.results.format.Exporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A night's data for the explorer, beside its gallery ({@value #FILE}): every cell's figure with its
 * interval, every comparison's ratio with its interval and verdict, each suite's verdict in words,
 * and the run's machine, JDK builds and commits; column by column (one array per field), as the page reads it.
 */
public final class ExplorerNight {

    public static final String FILE = "explore-night.js";

    /** What a gallery's folder holds that the explorer reads; {@code meta} null for a folder from before run.json; {@code profiled}: its gallery has flame graphs. */
    public record Folder(RunMetadata meta, List<CellSummary> summary, List<Comparisons.Row> comparisons, boolean profiled, List<dev.jdkmatrix.results.SuiteVerdict> suites) {
        public Folder {
            summary = List.copyOf(summary);
            comparisons = List.copyOf(comparisons);
            suites = suites == null ? List.of() : List.copyOf(suites);
        }

        /** A folder whose suites are not given (none shown). */
        public Folder(RunMetadata meta, List<CellSummary> summary, List<Comparisons.Row> comparisons, boolean profiled) {
            this(meta, summary, comparisons, profiled, List.of());
        }
    }

    public static final Exporter<Folder> EXPORT = Exporter.of("explorer night",
            "the explorer's data of one night: every cell's figure and every comparison, for its overview of every cell",
            List.of(FILE), (folder, dir) -> write(folder, dir.resolve(FILE)));

    private ExplorerNight() {}

    /** Writes the night's script; returns its bytes. */
    public static long write(Folder folder, Path file) throws IOException {
        return ExploreScript.write(file, "night", data(folder));
    }

    /** The night's data as the page reads it. */
    static Map<String, Object> data(Folder folder) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("v", 1);
        Map<String, Object> run = run(folder.meta());
        run.put("profiles", folder.profiled() ? 1 : 0);
        d.put("run", run);
        d.put("axes", Axes.NAMES);
        Map<String, Integer> index = new HashMap<>();
        Columns cells = new Columns();
        for (CellSummary r : folder.summary()) {
            CellKey k = r.key();
            index.put(r.cell(), index.size());
            cells.add("id", r.cell()).add("ax", Axes.of(k)).add("u", r.scoreUnit()).add("hb", r.higherIsBetter() ? 1 : 0)
                    .add("v", ExploreScript.sig(r.score())).add("lo", ExploreScript.sig(r.scoreCiLow()))
                    .add("hi", ExploreScript.sig(r.scoreCiHigh())).add("n", r.n()).add("failed", r.nFailed());
        }
        d.put("cells", cells.map());
        Columns pairs = new Columns();
        for (Comparisons.Row c : folder.comparisons()) {
            Integer a = index.get(c.cellA());
            Integer b = index.get(c.cellB());
            if (a == null || b == null || c.ratio() == null) continue;
            pairs.add("a", a).add("b", b).add("cmp", c.compared()).add("r", ExploreScript.sig(c.ratio().ratio()))
                    .add("lo", ExploreScript.sig(c.ratio().low())).add("hi", ExploreScript.sig(c.ratio().high()))
                    .add("lvl", ExploreScript.sig(c.ratio().level())).add("n", c.ratio().n()).add("verdict", c.verdict().text())
                    .add("note", c.note()).add("steady", c.steady())
                    .add("answer", dev.jdkmatrix.results.Answer.of(c, folder.meta() == null ? 0.10 : folder.meta().compareThreshold()));
        }
        d.put("pairs", pairs.map());
        // each suite's verdict in words, as the gallery and the terminal say it: what a suite of more than one benchmark came to
        d.put("suites", folder.suites().stream().filter(v -> v.benchmarks() > 1).map(dev.jdkmatrix.results.SuiteVerdict::words).toList());
        return d;
    }

    /** The run as a night's point names it: id, start, machine, JDK builds, commits. */
    static Map<String, Object> run(RunMetadata m) {
        Map<String, Object> r = new LinkedHashMap<>();
        if (m == null) {
            for (String k : List.of("id", "started", "runner", "machine", "harness", "repo", "gh", "commit", "jdks")) r.put(k, "");
            return r;
        }
        r.put("id", m.runId());
        r.put("started", m.startedAt());
        r.put("runner", m.runnerClass());
        r.put("machine", m.cpuModel());
        r.put("harness", RunMetadata.Repository.shortCommit(m.gitCommit(), m.gitDirty()));
        RunMetadata.Repository repo = m.repository();
        r.put("repo", repo == null ? "" : repo.name());
        r.put("gh", repo == null || repo.github() == null ? "" : repo.github());
        r.put("commit", repo == null ? "" : repo.commit());
        r.put("jdks", jdks(m));
        return r;
    }

    /** "21: 21.0.13+9-1; 25: 25.0.5+8-1": each JDK's builds, as run.json records them. */
    static String jdks(RunMetadata m) {
        if (m.jdkBuilds() == null) return "";
        List<String> out = new ArrayList<>();
        new java.util.TreeMap<>(m.jdkBuilds()).forEach((jdk, builds) -> out.add(jdk + ": " + String.join(", ", builds)));
        return String.join("; ", out);
    }
}
