package dev.jdkmatrix.report.chart;

import java.util.List;

/**
 * One kind of chart of a gallery: from a results folder's cells, the figures it draws (none where
 * its cells are not there). A new kind is one class here and its place in {@link Charts#KINDS}.
 * Kinds depend on the shared vocabulary ({@link ChartStyle}, {@link ChartText}, {@link JdkNotes},
 * {@link ChartCells}), never on each other (ArchitectureTest holds it).
 */
public sealed interface ChartKind permits PinningChart, JdkChart, ScoreChart, IterationChart, MetricChart, SpeedupChart, WallChart, ScalingChart, MemoryChart, InternalsChart, DistributionChart, ThrottlingChart {

    List<Figure> figures(ChartCells in);
}
