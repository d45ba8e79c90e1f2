package dev.jdkmatrix.run;

import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.results.RawRow;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stops a workload that cannot run: when every run of a workload entry's first round (each of its
 * cells' first run in the plan, a warm-up if there is one) failed with the same cause, its
 * remaining runs are not made but stored as {@link #SKIPPED}, with that cause. A workload of which
 * one cell runs (another JDK, other params) goes on, as does one whose runs fail in different
 * ways. Not thread-safe: {@link RunStore} calls it under its lock.
 */
final class FailFast {

    /** The status of a run not made because its workload's first round failed. */
    static final String SKIPPED = "skipped";

    /** Each workload's first round: its cells' first runs, by run key. */
    private final Map<String, Set<String>> firstRound = new HashMap<>();
    /** What each of those runs ended as: null for a success, else its cause. */
    private final Map<String, Map<String, String>> ended = new HashMap<>();
    /** How many runs of each workload come after its first round. */
    private final Map<String, Integer> later = new HashMap<>();
    /** The workloads stopped, with their cause. */
    private final Map<String, String> stopped = new LinkedHashMap<>();

    FailFast(List<PlannedRun> plan) {
        Set<String> cells = new HashSet<>();
        for (PlannedRun r : plan) {
            if (cells.add(r.cell().id())) firstRound.computeIfAbsent(r.cell().workload(), k -> new HashSet<>()).add(r.key());
            else later.merge(r.cell().workload(), 1, Integer::sum);
        }
    }

    /**
     * Takes a stored row; returns the message that stops its workload when this row ends a first
     * round that failed every run the same way and runs of it are left, else null.
     */
    String stored(RawRow row) {
        String workload = row.key().workload();
        Set<String> round = firstRound.get(workload);
        if (round == null || !round.contains(row.runKey()) || row.noisy() || stopped.containsKey(workload)) return null;
        Map<String, String> causes = ended.computeIfAbsent(workload, k -> new HashMap<>());
        causes.put(row.runKey(), row.status().equals("ok") ? null : cause(row));
        if (causes.size() < round.size() || causes.containsValue(null) || causes.values().stream().distinct().count() > 1) return null;
        String cause = causes.values().iterator().next();
        stopped.put(workload, cause);
        int left = later.getOrDefault(workload, 0);
        if (left == 0) return null;
        return "workload '" + workload + "': every run of its first round (" + round.size() + ") failed the same way (" + cause
                + "); its other " + left + " runs are skipped, stored as skipped\n  fix: mend the cause (raw.csv's status_detail and logs/ say more) and run again,"
                + " or pass --keep-going to make every run whatever fails";
    }

    /** The detail of a run this session does not make, or null when it is made. */
    String skips(PlannedRun run) {
        String cause = stopped.get(run.cell().workload());
        return cause == null ? null : "not run: the first round of workload '" + run.cell().workload() + "' failed every run the same way (" + cause
                + "); --keep-going makes it";
    }

    /** A failed run's cause: its status and the head of its detail (up to its first " | " or "; "), without the run's own log name. */
    static String cause(RawRow row) {
        String detail = row.statusDetail();
        int cut = detail.length();
        for (String sep : List.of(" | ", "; ")) {
            int at = detail.indexOf(sep);
            if (at >= 0) cut = Math.min(cut, at);
        }
        String head = detail.substring(0, cut).strip();
        return row.status() + (head.isEmpty() ? "" : ": " + head);
    }
}
