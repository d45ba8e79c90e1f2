package dev.jdkmatrix.report.chart;

import dev.jdkmatrix.results.CellSummary;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every chart of a results folder, kind by kind ({@link ChartKind}: wall time by executor, speedup
 * of virtual threads, scaling, memory, pinning before and after JEP 491, the distribution of
 * repetitions, CFS throttling, the scores of the user's workloads). Each chart carries its title,
 * axis units, the JDK builds, the CPU and memory limits and n; each figure a caption with the
 * measured takeaway. Pure: no files.
 */
public final class Charts {

    /** The kinds, in the gallery's order: a new kind is registered here. */
    static final List<ChartKind> KINDS = List.of(new PinningChart(), new JdkChart(), new ScoreChart(), new IterationChart(), new MetricChart(), new SpeedupChart(), new WallChart(), new ScalingChart(),
            new MemoryChart(), new InternalsChart(), new DistributionChart(), new ThrottlingChart());

    private final List<CellSummary> cells;
    private final Map<String, List<Double>> walls;
    private final List<Comparisons.Row> comparisons;
    private final List<dev.jdkmatrix.results.format.IterationsCsv.Stored> iterations;

    /** The charts of rows with no run.json: their comparisons along jdk and executor, paired by round. */
    public Charts(List<CellSummary> summary, List<RawRow> raw) {
        this(summary, raw, Comparisons.of(raw, (dev.jdkmatrix.results.RunMetadata) null));
    }

    public Charts(List<CellSummary> summary, List<RawRow> raw, List<Comparisons.Row> comparisons) {
        this(summary, raw, comparisons, List.of());
    }

    /** {@code iterations}: the folder's JMH iterations (iterations.csv.gz), drawn beside the scores. */
    public Charts(List<CellSummary> summary, List<RawRow> raw, List<Comparisons.Row> comparisons, List<dev.jdkmatrix.results.format.IterationsCsv.Stored> iterations) {
        this.cells = List.copyOf(summary);
        // every measured ok run a dot of the distribution charts
        this.walls = raw.stream().filter(r -> r.measured() && r.ok() && Double.isFinite(r.figure(dev.jdkmatrix.results.RunFigure.WALL_MS)))
                .collect(Collectors.groupingBy(RawRow::cell, Collectors.mapping(r -> r.figure(dev.jdkmatrix.results.RunFigure.WALL_MS), Collectors.toList())));
        this.comparisons = List.copyOf(comparisons);
        this.iterations = List.copyOf(iterations);
    }

    public List<CellSummary> cells() {
        return cells;
    }

    /** The wall times (ms) of a cell's measured ok runs, in the order they ran: the dots of its distribution chart. */
    public List<Double> walls(CellSummary c) {
        return walls.getOrDefault(c.cell(), List.of());
    }

    /** Every figure, kind by kind. */
    public List<Figure> all() {
        ChartCells in = new ChartCells(cells, comparisons, iterations, walls);
        List<Figure> out = new ArrayList<>();
        for (ChartKind k : KINDS) out.addAll(k.figures(in));
        return out;
    }
}
