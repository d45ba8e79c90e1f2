package dev.jdkmatrix.report.chart;

import java.util.Objects;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * One chart of a gallery: its file name (without extension), the section it belongs to, the
 * caption that states what was measured in it, and the group it heads or follows inside its
 * section (a JMH benchmark's class; empty: none).
 */
public record Figure(String name, Section section, String caption, Chart<?, ?> chart, String group) {

    public Figure(String name, Section section, String caption, Chart<?, ?> chart) {
        this(name, section, caption, chart, "");
    }

    /** The gallery's sections, in page order. */
    public enum Section {
        PINNING("Pinning before and after JEP 491"),
        JDKS("JDK against JDK: the speedup of each cell"),
        SCORE("Your workloads: JMH and jar scores by JDK and CPU limit"),
        METRICS("Your workloads: JMH's secondary metrics by JDK (allocation per op, GC)"),
        SPEEDUP("Speedup of virtual threads"),
        WALL("Median wall time by executor"),
        SCALING("Scaling"),
        MEMORY("Memory"),
        INTERNALS("Inside the JVM: GC pauses, safepoints, JIT compilation"),
        DISTRIBUTION("Distribution of repetitions"),
        THROTTLING("CPU throttling under a quota"),
        TREND("Trends across runs");

        public final String title;

        Section(String title) {
            this.title = title;
        }
    }

    public Figure {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(caption, "caption");
        Objects.requireNonNull(chart, "chart");
        group = group == null ? "" : group;
        if (!name.matches("[a-z0-9][a-z0-9._-]*")) throw new IllegalArgumentException("figure name '" + name + "' must be a plain file name");
    }
}
