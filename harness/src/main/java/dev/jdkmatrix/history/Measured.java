package dev.jdkmatrix.history;

import java.util.Objects;
import java.util.Set;

/**
 * A figure as one night measured it: {@code value} with its interval [{@code low}, {@code high}]
 * at {@code level} from {@code n} runs (a cell) or pairs of runs (a comparison); its unit and
 * direction; for a comparison, how its cells differ ({@code jdk 21 -> 25}); the JDKs its cells ran
 * on; and {@code withinSd}, the standard error of the night's value on the log scale from its own
 * runs' spread (NaN with fewer than two), which says how much of the night-to-night spread more
 * rounds would take away.
 */
public record Measured(double value, double low, double high, double level, int n, String unit, boolean higherIsBetter, String compared,
                       Set<String> jdks, double withinSd) {

    public Measured {
        if (!(value > 0 && Double.isFinite(value))) throw new IllegalArgumentException("a night's figure is positive and finite, got " + value);
        if (n < 1) throw new IllegalArgumentException("a night's figure comes from at least one run, got " + n);
        Objects.requireNonNull(unit, "unit");
        compared = compared == null ? "" : compared;
        jdks = Set.copyOf(jdks);
    }
}
