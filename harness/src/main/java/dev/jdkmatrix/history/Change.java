package dev.jdkmatrix.history;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A change of a figure found over its series: the last night before it and the first after it,
 * its size (the ratio of the segments' geometric means after / before, with a 95 % interval), the
 * method's p-value, whether the nights after it confirm it, whether it is a regression in the
 * figure's own direction, what run.json records as different between the two nights, and, for a
 * figure measured on several CPU models, its size on each ({@code byMachine}: whether they agree).
 */
public record Change(String runnerClass, FigureKey figure, Night before, Night after, int index, int nightsBefore, int nightsAfter,
                     double ratio, double low, double high, double pValue, Status status, String unit, boolean higherIsBetter,
                     String compared, List<String> whatChanged, String byMachine) {

    /** Confirmed: at least the finder's confirm-nights lie after it; suspected: the newest nights suggest it, too few yet to say. */
    public enum Status {
        CONFIRMED, SUSPECTED;

        public String text() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Change {
        Objects.requireNonNull(figure, "figure");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(status, "status");
        if (!(ratio > 0)) throw new IllegalArgumentException("a change's ratio is positive, got " + ratio);
        if (nightsBefore < 1 || nightsAfter < 1) throw new IllegalArgumentException("a change has nights on both sides, got " + nightsBefore + " and " + nightsAfter);
        whatChanged = List.copyOf(whatChanged);
        compared = compared == null ? "" : compared;
        byMachine = byMachine == null ? "" : byMachine;
    }

    /** Worse in the figure's own direction: a time (or a ratio of times) up, a throughput down. */
    public boolean regression() {
        return higherIsBetter ? ratio < 1 : ratio > 1;
    }

    /** {@code regression} or {@code improvement}. */
    public String direction() {
        return regression() ? "regression" : "improvement";
    }

    /** The change in percent of the level before it: +5.1 for 5.1 % more. */
    public double percent() {
        return (ratio - 1) * 100;
    }

    /** {@code +5.1 % [+3.9, +6.3]}. */
    public String sizeText() {
        return String.format(Locale.ROOT, "%+.1f %% [%+.1f, %+.1f]", percent(), (low - 1) * 100, (high - 1) * 100);
    }

    /** The differences as one line: "jdk 25 build A -> B; harness commit X -> Y", or what says none was recorded. */
    public String whatChangedText() {
        return whatChanged.isEmpty() ? Attribution.NOTHING : String.join("; ", whatChanged);
    }
}
