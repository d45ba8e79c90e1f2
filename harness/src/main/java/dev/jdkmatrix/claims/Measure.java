package dev.jdkmatrix.claims;

import java.util.Locale;
import java.util.Objects;

/**
 * What a claim or a published figure is measured by. A closed set: the median wall time of cells,
 * their median score (in its unit: a JMH score, a jar's figure), their throughput, the ratio of two
 * cells' medians, or a per-run value (a raw.csv column or one of the workload's metrics) over every
 * measured run.
 */
public sealed interface Measure {

    /** Median wall time of the matching cells, in ms. */
    record Wall(Selector cells) implements Measure {
        public Wall {
            Objects.requireNonNull(cells, "cells");
        }
    }

    /**
     * Median score of the matching cells, in each cell's own unit (a built-in cell's is its wall
     * time in ms; a JMH cell's its score, ops/s or time per op): select cells of one unit.
     */
    record Score(Selector cells) implements Measure {
        public Score {
            Objects.requireNonNull(cells, "cells");
        }
    }

    /** Tasks per second of the matching cells: tasks / median wall time. */
    record Throughput(Selector cells) implements Measure {
        public Throughput {
            Objects.requireNonNull(cells, "cells");
        }
    }

    /**
     * A summary.csv column ({@code of}, by default the median wall time) of a numerator cell over
     * the same of its partner: the cell equal to it in every axis and param except those the
     * denominator names.
     */
    record Ratio(Selector numerator, Selector denominator, String of) implements Measure {
        public static final String DEFAULT_OF = "wall_ms_median";

        public Ratio {
            Objects.requireNonNull(numerator, "numerator");
            Objects.requireNonNull(denominator, "denominator");
            of = of == null ? DEFAULT_OF : of;
        }
    }

    /**
     * A value per measured run: a raw.csv column, {@code metrics.NAME} of the workload's record, or
     * one derived per run: {@code heap_growth_mb}, {@code cgroup_peak_kb_per_task},
     * {@code rss_peak_kb_per_task}.
     */
    record PerRun(Selector cells, String value) implements Measure {
        /** The values derived per run from its columns. */
        public static final java.util.List<String> DERIVED = java.util.List.of("heap_growth_mb", "cgroup_peak_kb_per_task", "rss_peak_kb_per_task");

        public PerRun {
            Objects.requireNonNull(cells, "cells");
            Objects.requireNonNull(value, "value");
        }
    }

    /** The unit a value of this measure is written with. */
    default String format(double v) {
        return switch (this) {
            case Wall w -> String.format(Locale.ROOT, "%,.0f ms", v);
            case Score s -> Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.4g", v);
            case Throughput t -> String.format(Locale.ROOT, "%,.0f tasks/s", v);
            case Ratio r -> v >= 10 ? String.format(Locale.ROOT, "%,.1fx", v) : String.format(Locale.ROOT, "%.2fx", v);
            case PerRun p -> v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.2f", v);
        };
    }
}
