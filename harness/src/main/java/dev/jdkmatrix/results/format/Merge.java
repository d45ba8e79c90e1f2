package dev.jdkmatrix.results.format;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunFigures;
import dev.jdkmatrix.results.RunMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds one results folder from several (the shards of one plan): every raw row once, in plan
 * order, summaries recomputed from them, and run.json listing every source with its host and shard.
 * Refuses folders of different matrices and a run stored in two folders.
 */
public final class Merge {

    private Merge() {}

    public static RunMetadata merge(List<Path> sources, Path out) throws IOException {
        return merge(sources, out, note -> {});
    }

    /**
     * Merges, and tells {@code notes} of every group of compared cells whose cells came from
     * folders of different hosts: their comparison measures two machines (shards of one plan
     * never split a group; folders of different plans or runs of another harness may).
     */
    public static RunMetadata merge(List<Path> sources, Path out, java.util.function.Consumer<String> notes) throws IOException {
        return merge(sources, out, notes, null);
    }

    /**
     * As above; {@code runnerClass} (null: none given) names the merged night's runner class
     * ({@code merge --runner-class}), else the class the folders named is kept (the first, with a
     * note, where they named several).
     */
    public static RunMetadata merge(List<Path> sources, Path out, java.util.function.Consumer<String> notes, String runnerClass) throws IOException {
        if (sources.isEmpty()) throw new ExitException(ExitException.BAD_INPUT, "merge needs at least one results folder\n  fix: name the shard folders");
        ResultsFolder target = ResultsFolder.at(out);
        if (Files.exists(target.rawCsv())) {
            throw new ExitException(ExitException.BAD_INPUT, "merge output " + out + " holds a raw.csv already\n  fix: merge into a new folder");
        }
        List<RunMetadata> metas = new ArrayList<>();
        List<RawRow> rows = new ArrayList<>();
        Map<String, Path> seen = new HashMap<>();
        Map<String, java.util.Set<String>> hostsOfCell = new HashMap<>();
        List<List<IterationsCsv.Stored>> iterations = new ArrayList<>();
        for (Path dir : sources) {
            ResultsFolder stored = ResultsFolder.read(dir, "merge", true);
            RunMetadata m = stored.meta();
            if (!metas.isEmpty() && !m.matrixSha256().equals(metas.get(0).matrixSha256())) {
                throw new ExitException(ExitException.BAD_INPUT, dir + " ran another matrix (sha256 " + m.matrixSha256() + ") than " + sources.get(0)
                        + " (" + metas.get(0).matrixSha256() + ")\n  fix: merge only the shards of one plan");
            }
            metas.add(m);
            iterations.add(stored.iterations());
            if (!stored.cut().isEmpty()) notes.accept(dir + "/" + stored.cut() + ": not merged");
            for (RawRow r : stored.rows()) {
                String key = r.runKey();
                Path first = seen.putIfAbsent(key, dir);
                if (first != null) {
                    throw new ExitException(ExitException.BAD_INPUT, "run " + key + " is stored in both " + first + " and " + dir
                            + "\n  fix: merge shards of one plan, each once");
                }
                rows.add(r);
                hostsOfCell.computeIfAbsent(r.cell(), k -> new java.util.TreeSet<>()).add(m.host() == null ? dir.toString() : m.host().hostname());
            }
        }
        rows.sort(Comparator.comparingInt(RawRow::seq));
        Files.createDirectories(out);
        try (ResultsFolder.Appending csv = target.append(RawCsv.paramColumns(rows))) {
            for (RawRow r : rows) csv.write(r);
        }
        RunMetadata merged = merged(sources, metas, rows, notes, runnerClass);
        List<Comparisons.Row> comparisons = target.writeEnd(merged, IterationsCsv.union(iterations)).comparisons();
        java.util.Set<Integer> reported = new java.util.HashSet<>();
        for (Comparisons.Row c : comparisons) {
            java.util.Set<String> hosts = new java.util.TreeSet<>(hostsOfCell.getOrDefault(c.cellA(), java.util.Set.of()));
            hosts.addAll(hostsOfCell.getOrDefault(c.cellB(), java.util.Set.of()));
            if (hosts.size() > 1 && reported.add(c.group())) {
                notes.accept("group " + c.group() + " (" + c.cellA() + " and the cells compared with it) ran on " + String.join(" and ", hosts)
                        + ": its comparisons (" + c.compared() + ", ...) measure the machines as well as what differs between the cells");
            }
        }
        return merged;
    }

    /** The merged folder's run.json: the first folder's plan over every row, each source with its host and shard, the runner class named. */
    private static RunMetadata merged(List<Path> sources, List<RunMetadata> metas, List<RawRow> rows, java.util.function.Consumer<String> notes,
                                      String runnerClass) {
        RunMetadata first = metas.get(0);
        Map<String, RunMetadata.Image> images = new LinkedHashMap<>();
        List<RunMetadata.Source> from = new ArrayList<>();
        String startedAt = first.startedAt();
        String endedAt = first.endedAt();
        for (int i = 0; i < metas.size(); i++) {
            RunMetadata m = metas.get(i);
            m.images().forEach(img -> images.putIfAbsent(img.jdk() + " " + img.imageId(), img));
            from.add(new RunMetadata.Source(m.runId(), m.plan() == null ? "" : m.plan().shard(), m.host() == null ? "" : m.host().hostname(),
                    sources.get(i).toString(), m.startedAt(), m.endedAt(), m.engine() == null ? "" : m.engine().describe(), m.kubernetes()));
            if (m.startedAt().compareTo(startedAt) < 0) startedAt = m.startedAt();
            if (m.endedAt() != null && (endedAt == null || m.endedAt().compareTo(endedAt) > 0)) endedAt = m.endedAt();
        }
        RunFigures figures = RunFigures.of(rows);
        RunMetadata.Plan plan = first.plan() == null ? null : new RunMetadata.Plan((int) rows.stream().map(r -> r.cell()).distinct().count(),
                rows.size(), first.plan().repetitions(), first.plan().warmup(), first.plan().order(),
                metas.stream().mapToDouble(m -> m.plan() == null ? 0 : m.plan().estimatedSeconds()).sum(), "merged", first.plan().compareThreshold(),
                first.plan().repetitionsMax(), first.plan().repetitionTarget(), first.plan().maxSteal(), first.plan().compareAlong(), first.plan().seed(),
                first.plan().groups(), first.plan().cellIds(), List.of(), first.plan().minDifference());
        return new RunMetadata(RunMetadata.SCHEMA, first.runId(), first.matrixFile(), first.matrixName(), first.matrixSha256(),
                first.gitCommit(), first.gitDirty(), startedAt, endedAt, first.host(), first.engine(), List.copyOf(images.values()),
                figures.jdkBuilds(), plan, figures.statusCounts(), figures.overhead(), 0, from, List.of(), metas.stream().flatMap(m -> m.jars().stream()).distinct().toList(),
                runnerClass != null ? runnerClass : namedClass(metas, notes), first.repository(),
                metas.stream().flatMap(m -> m.baselines().stream()).distinct().toList()); // each shard's baseline, a failed one too
    }

    /** The runner class the folders named: none, the one they share, or the first of several (said). */
    private static String namedClass(List<RunMetadata> metas, java.util.function.Consumer<String> notes) {
        List<String> named = metas.stream().map(RunMetadata::namedClass).filter(java.util.Objects::nonNull).distinct().toList();
        if (named.size() > 1) notes.accept("the folders name " + named.size() + " runner classes (" + String.join(", ", named) + "): the merged night is of "
                + named.get(0) + " (merge --runner-class names another)");
        return named.isEmpty() ? null : named.get(0);
    }
}
