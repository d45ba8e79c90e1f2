package dev.jdkmatrix.history;

import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.results.RunMetadata;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One published night (a results folder of a site): its folder's name, its run.json, when it
 * started, and every figure it measured: each cell's median and each paired comparison's ratio,
 * computed from its raw.csv by this harness's statistics (so nights written by older versions are
 * read the same way as tonight's), with each measured cell's key (its axes, as the explorer's data
 * names them) and, for a JMH cell, how JMH measured it (what a bisect of its regression measures with).
 */
public record Night(String folder, RunMetadata meta, Instant started, Map<FigureKey, Measured> figures, Map<String, CellKey> cells,
                    Map<String, JmhOptions> jmh) {

    public Night {
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(meta, "meta");
        Objects.requireNonNull(started, "started");
        figures = Map.copyOf(figures);
        cells = Map.copyOf(cells);
        jmh = Map.copyOf(jmh);
    }

    /** A night whose JMH cells' options are not known (a test's, or one kept before they were). */
    public Night(String folder, RunMetadata meta, Instant started, Map<FigureKey, Measured> figures, Map<String, CellKey> cells) {
        this(folder, meta, started, figures, cells, Map.of());
    }

    /** A night whose cells' keys are not known (made in a test or a benchmark from figures alone). */
    public Night(String folder, RunMetadata meta, Instant started, Map<FigureKey, Measured> figures) {
        this(folder, meta, started, figures, Map.of());
    }

    /** A night is its folder in its site: equal nights have equal folders and starts (a record's equality would compare every figure). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Night n && n.folder.equals(folder) && n.started.equals(started);
    }

    @Override
    public int hashCode() {
        return folder.hashCode() * 31 + started.hashCode();
    }

    /** The run id, as raw.csv's run_id and the site's table name the night. */
    public String runId() {
        return meta.runId();
    }

    /** What changes a night's figures: its CPU model and count and engine, or the class the team named ({@link RunMetadata#runnerClass()}). */
    public String runnerClass() {
        return meta.runnerClass();
    }

    /** The nights one series follows its figure across, each CPU model a level ({@link RunMetadata#fleet()}). */
    public String fleet() {
        return meta.fleet();
    }

    /** {@code 2026-11-25}: the night's date (UTC) as charts and tables show it. */
    public String date() {
        return started.toString().substring(0, 10);
    }
}
