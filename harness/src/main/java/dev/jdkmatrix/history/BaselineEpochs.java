package dev.jdkmatrix.history;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.model.PullRequestSide;
import dev.jdkmatrix.results.RunBaseline;
import dev.jdkmatrix.results.RunMetadata;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Which baseline each night measured a benchmark against (run.json's {@code baselines}), and the
 * nights the team moved it. A benchmark's {@code head / base} ratio is a figure of its baseline: a
 * move (a new ref, after a release, or to take in accepted changes) sets a new level of it, not a
 * step. So {@link Levels} takes each baseline as a level of its own, as it takes each CPU model:
 * a new baseline's first night is shown and left out of the search, and from its second night on
 * its level is estimated from the history and taken out; the series goes on re-based, and the move
 * is said once, as an event ({@link Move}).
 */
public final class BaselineEpochs {

    private BaselineEpochs() {}

    /** A night on which a benchmark's baseline was another than the night before's. */
    public record Move(Night night, String workloads, String from, String to) {
        /** "2026-11-20 nightly-020: the baseline of strings, words moved from ref v1.3.0 (1a2b3c4d5e6f) to ref v1.4.0 (7a8b9c0d1e2f): their head / base ratios go on re-based". */
        public String text() {
            return String.format(Locale.ROOT, "%s %s: the baseline of %s moved from %s to %s: their head / base ratios go on re-based, no step called at the move",
                    night.date(), night.runId(), workloads, from, to);
        }
    }

    /** The baseline {@code workload} (its name in the matrix, without base- or head-) was measured against on night {@code n}, as text; "" for none. */
    public static String of(Night n, String workload) {
        for (RunBaseline b : n.meta().baselines()) {
            if (b.measured() && b.workloads().contains(workload)) return identity(b, n.meta());
        }
        return "";
    }

    /** The baseline a figure's night stands on: a base / head pair's, or a pair's whose side a is the baseline JDK; "" for any other figure. */
    public static String of(FigureKey key, Night n) {
        if (!(key instanceof FigureKey.Pair p)) return "";
        String jdk = baselineJdk(n.meta());
        if (jdk != null) {
            CellKey a = n.cells().get(p.cellA());
            CellKey b = n.cells().get(p.cellB());
            if (a != null && b != null && a.jdk().equals(jdk) && !b.jdk().equals(jdk)) {
                List<String> builds = n.meta().jdkBuilds().getOrDefault(jdk, List.of());
                return RunBaseline.JDK + jdk + (builds.isEmpty() ? "" : " (" + String.join(", ", builds) + ")");
            }
        }
        String a = workload(n, p.cellA());
        String b = workload(n, p.cellB());
        String base = PullRequestSide.BASE.prefix();
        String head = PullRequestSide.HEAD.prefix();
        if (a == null || b == null || !a.startsWith(base) || !b.startsWith(head) || !a.substring(base.length()).equals(b.substring(head.length()))) return "";
        return of(n, a.substring(base.length()));
    }

    /** Whether a figure is a baseline's own cell ({@code base-NAME} of a night measured against a baseline): the runner's day, not the code's. */
    public static boolean baselineCell(FigureKey key, Night n) {
        if (!(key instanceof FigureKey.Cell c)) return false;
        String w = workload(n, c.cell());
        String base = PullRequestSide.BASE.prefix();
        return w != null && w.startsWith(base) && !of(n, w.substring(base.length())).isEmpty();
    }

    /**
     * Whether a figure is a cell of a benchmark measured against its baseline ({@code base-NAME} or {@code head-NAME} of a night
     * with that baseline): its median carries the runner's day, and the benchmark's head / base ratio is what says its code moved.
     */
    public static boolean pairedCell(FigureKey key, Night n) {
        if (!(key instanceof FigureKey.Cell c)) return false;
        String w = workload(n, c.cell());
        if (w == null) return false;
        for (PullRequestSide side : List.of(PullRequestSide.BASE, PullRequestSide.HEAD)) {
            if (w.startsWith(side.prefix()) && !of(n, w.substring(side.prefix().length())).isEmpty()) return true;
        }
        return false;
    }

    /** Every move of these nights (oldest first), within each group of nights a series follows. */
    public static List<Move> moves(List<Night> nights, Function<Night, String> group) {
        Map<String, Map<String, String>> last = new LinkedHashMap<>(); // group -> workload -> identity
        List<Move> out = new ArrayList<>();
        for (Night n : nights) {
            Map<String, String> before = last.computeIfAbsent(group.apply(n), g -> new LinkedHashMap<>());
            Map<String, List<String>> moved = new LinkedHashMap<>(); // "from\nto" -> workloads
            for (RunBaseline b : n.meta().baselines()) {
                if (!b.measured()) continue;
                String id = identity(b, n.meta());
                for (String w : b.workloads()) {
                    String was = before.put(w, id);
                    if (was != null && !was.equals(id)) moved.computeIfAbsent(was + "\n" + id, k -> new ArrayList<>()).add(w);
                }
            }
            moved.forEach((k, ws) -> out.add(new Move(n, String.join(", ", ws), k.substring(0, k.indexOf('\n')), k.substring(k.indexOf('\n') + 1))));
        }
        return out;
    }

    /** The matrix's baseline JDK of a night ({@code baseline: { jdk: NAME }}), or null. */
    static String baselineJdk(RunMetadata meta) {
        for (RunBaseline b : meta.baselines()) if (b.measured() && b.baseline().startsWith(RunBaseline.JDK)) return b.baseline().substring(RunBaseline.JDK.length());
        return null;
    }

    /** "ref v1.4.0 (1a2b3c4d5e6f)", "jar /x/b.jar (sha256 0f1e2d3c4b5a)", "dir /x/base": what tells two baselines apart. */
    static String identity(RunBaseline b, RunMetadata meta) {
        if (b.baseline().startsWith(RunBaseline.JDK)) {
            List<String> builds = meta.jdkBuilds().getOrDefault(b.baseline().substring(RunBaseline.JDK.length()), List.of());
            return b.baseline() + (builds.isEmpty() ? "" : " (" + String.join(", ", builds) + ")");
        }
        if (!b.commit().isEmpty()) return b.baseline() + " (" + b.commit().substring(0, Math.min(12, b.commit().length())) + ")";
        for (RunMetadata.Jar j : meta.jars()) {
            if (j.path().equals(b.path()) && j.sha256() != null && j.sha256().length() >= 12) return b.baseline() + " (sha256 " + j.sha256().substring(0, 12) + ")";
        }
        return b.baseline();
    }

    private static String workload(Night n, String cell) {
        CellKey k = n.cells().get(cell);
        return k == null ? null : k.workload();
    }
}
