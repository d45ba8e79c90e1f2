package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import static dev.jdkmatrix.report.chart.ChartStyle.*;

import dev.jdkmatrix.results.Comparisons;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What every chart kind draws from: a results folder's cells, and the figure names given so far
 * (one gallery's file names are unique across its kinds). Also what needs all the cells at once:
 * a workload named by the params that vary between them, and a title that fits.
 */
public final class ChartCells {

    private final List<CellSummary> cells;
    private final List<Comparisons.Row> comparisons;
    private final List<dev.jdkmatrix.results.format.IterationsCsv.Stored> iterations;
    private final Map<String, List<Double>> walls;
    private final Map<String, Integer> names = new LinkedHashMap<>();

    public ChartCells(List<CellSummary> cells, List<Comparisons.Row> comparisons) {
        this(cells, comparisons, List.of());
    }

    /** {@code iterations}: the JMH runs' iterations (iterations.csv.gz), for the warm-up charts; empty: none drawn. */
    public ChartCells(List<CellSummary> cells, List<Comparisons.Row> comparisons, List<dev.jdkmatrix.results.format.IterationsCsv.Stored> iterations) {
        this(cells, comparisons, iterations, Map.of());
    }

    /** {@code walls}: each cell's measured ok runs' wall times (ms) by its id, in the order they ran: the dots of the distribution charts. */
    public ChartCells(List<CellSummary> cells, List<Comparisons.Row> comparisons, List<dev.jdkmatrix.results.format.IterationsCsv.Stored> iterations,
                      Map<String, List<Double>> walls) {
        this.cells = List.copyOf(cells);
        this.comparisons = List.copyOf(comparisons);
        this.iterations = List.copyOf(iterations);
        this.walls = Map.copyOf(walls);
    }

    /** The wall times (ms) of a cell's measured ok runs, in the order they ran; empty where none is known. */
    List<Double> walls(CellSummary c) {
        return walls.getOrDefault(c.cell(), List.of());
    }

    /** Every JMH iteration of the folder's runs. */
    List<dev.jdkmatrix.results.format.IterationsCsv.Stored> iterations() {
        return iterations;
    }

    List<CellSummary> cells() {
        return cells;
    }

    /** Each executor of the run its colour, the same on every chart of the gallery ({@link JdkColours#executors}). */
    java.util.Map<String, java.awt.Color> executorColours() {
        if (executorColours == null) executorColours = JdkColours.executors(cells.stream().map(CellSummary::executor).filter(e -> !e.isEmpty()).toList());
        return executorColours;
    }

    private java.util.Map<String, java.awt.Color> executorColours;

    /** The comparisons of the run: every pair of cells of a group (comparisons.csv). */
    List<Comparisons.Row> comparisons() {
        return comparisons;
    }

    /**
     * {@code num}'s figure over {@code den}'s from their runs paired by round, {value, low, high},
     * where the run compared them pair by pair with at least two pairs; else null.
     */
    java.util.Optional<dev.jdkmatrix.results.RatioInterval> pairedRatio(CellSummary num, CellSummary den) {
        return Comparisons.pairedRatio(comparisons, num.cell(), den.cell());
    }

    /** The measured cells of built-in workloads: every chart but the scores is about executors and tasks. */
    List<CellSummary> measured() {
        return cells.stream().filter(CellSummary::measured).filter(CellSummary::builtin).toList();
    }

    /**
     * A cell's workload with only the params that vary between this folder's cells of that
     * workload ({@code threadlocal(mode=pool)}): short enough for an axis label.
     */
    String shortShape(CellSummary c) {
        List<String> varying = new ArrayList<>();
        for (Map.Entry<String, String> p : c.params().entrySet()) {
            boolean varies = cells.stream().filter(o -> o.workload().equals(c.workload())).map(o -> CellText.param(o, p.getKey())).distinct().count() > 1;
            if (varies) varying.add(p.getKey() + "=" + p.getValue());
        }
        return varying.isEmpty() ? c.workload() : c.workload() + "(" + String.join(";", varying) + ")";
    }

    /**
     * A chart's title: the cell's workload with all its params, then the rest; where that would need
     * a font below {@link ChartStyle#SHORT_TITLE_BELOW} points, the workload with only the params that vary in
     * this folder ({@link #shortShape}), as the axis labels and the speedup rows name it.
     */
    String title(CellSummary c, String rest) {
        String full = CellText.shape(c) + rest;
        return fitted(full, TITLE_FONT, WIDTH).getSize() >= SHORT_TITLE_BELOW ? full : shortShape(c) + rest;
    }

    /** A unique file name from the parts: lower case, only letters, digits, '.', '-' and '_'. */
    String name(Object... parts) {
        String base = java.util.Arrays.stream(parts).map(String::valueOf).filter(s -> !s.isEmpty()).collect(Collectors.joining("-"))
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-").replaceAll("-+", "-").replaceAll("^-|-$", "");
        if (base.length() > 80) base = base.substring(0, 80);
        int k = names.merge(base, 1, Integer::sum);
        return k == 1 ? base : base + "-" + k;
    }
}
