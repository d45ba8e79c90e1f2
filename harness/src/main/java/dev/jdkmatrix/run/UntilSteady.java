package dev.jdkmatrix.run;

import dev.jdkmatrix.engine.RunSlot;
import dev.jdkmatrix.history.SteadyState;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.WorkloadKind;
import dev.jdkmatrix.output.JmhIterations;
import java.util.List;

/**
 * When a JMH run warmed up until steady ({@code warmup: until-steady}) has what it needs: read
 * iteration by iteration as JMH prints them, its scores so far are classified ({@link
 * SteadyState#classify}, the method a finished run is classified with); it is enough once they
 * reached a steady state (flat, warm-up or slowdown: not none) that has held for the entry's
 * {@code steady-iterations} K, and whose level is not moving now: the mean of its last w iterations
 * within {@link SteadyState#EQUIVALENT} (2 %) of the mean of the w before them (w = K / 2, at least
 * 2; a slow climb or fall, which E-Divisive does not split into segments of 2 %, goes on). One rule
 * a run attempt: it keeps the lines it has read.
 */
final class UntilSteady implements RunSlot.StopWhen {

    private final boolean higherIsBetter;
    private final int steady;
    private final StringBuilder lines = new StringBuilder();

    private UntilSteady(boolean higherIsBetter, int steady) {
        this.higherIsBetter = higherIsBetter;
        this.steady = steady;
    }

    /** The rule for a run of {@code cell}, or null when it runs to its end (not a JMH cell warmed up until steady). */
    static UntilSteady of(Cell cell) {
        if (cell.kind() instanceof WorkloadKind.Jmh j && j.warmup() instanceof WorkloadKind.Jmh.Warmup.UntilSteady u) {
            return new UntilSteady(j.mode().equals("thrpt"), u.steady());
        }
        return null;
    }

    @Override
    public synchronized boolean enough(String line) {
        boolean iteration = line.startsWith("Iteration") || line.startsWith("# Warmup Iteration");
        if (!iteration && !line.startsWith("# Fork:")) return false;
        lines.append(line).append('\n');
        if (!iteration) return false;
        List<JmhIterations.Iteration> its = JmhIterations.parse(lines.toString());
        return steady(its.stream().mapToDouble(JmhIterations.Iteration::score).toArray(), higherIsBetter, steady);
    }

    /**
     * Whether a run that went to its end (an engine that cannot stop it, as Kubernetes; or one that
     * ended as the rule said yes) had held a steady state at some iteration: the rule replayed over
     * its iterations in order.
     */
    static boolean heldAtSomePoint(List<JmhIterations.Iteration> iterations, Cell cell) {
        UntilSteady rule = of(cell);
        if (rule == null) return false;
        double[] scores = iterations.stream().mapToDouble(JmhIterations.Iteration::score).toArray();
        for (int n = 1; n <= scores.length; n++) {
            if (steady(java.util.Arrays.copyOf(scores, n), rule.higherIsBetter, rule.steady)) return true;
        }
        return false;
    }

    /** Whether these scores (one fork's, in order) hold a steady state of at least {@code steady} iterations whose level is not moving now. */
    static boolean steady(double[] scores, boolean higherIsBetter, int steady) {
        SteadyState s = SteadyState.classify(scores, higherIsBetter);
        if (s == null || s.kind() == SteadyState.Kind.NONE) return false;
        int n = scores.length;
        int held = n - (s.from() - 1);
        int w = Math.max(2, steady / 2);
        if (held < Math.max(steady, 2 * w)) return false;
        double before = mean(scores, n - 2 * w, n - w);
        double last = mean(scores, n - w, n);
        return Math.abs(last / before - 1) <= SteadyState.EQUIVALENT;
    }

    private static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) s += x[i];
        return s / (to - from);
    }
}
