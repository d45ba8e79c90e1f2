package dev.jdkmatrix.run;

import dev.jdkmatrix.engine.RunSlot;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.WorkloadKind;
import dev.jdkmatrix.model.JmhIteration;
import dev.jdkmatrix.output.JmhIterations;
import dev.jdkmatrix.output.JmhResult;
import dev.jdkmatrix.stats.SteadyState;
import java.util.List;

/**
 * When a JMH run warmed up until steady ({@code warmup: until-steady}) has what it needs: read
 * iteration by iteration as JMH prints them, its scores so far have settled ({@link
 * SteadyState#settled}: a steady state that has held for the entry's {@code steady-iterations} and
 * is not moving now). One rule a run attempt: it keeps the lines it has read.
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
            return new UntilSteady(JmhResult.higherIsBetter(j.mode()), u.steady());
        }
        return null;
    }

    @Override
    public synchronized boolean enough(String line) {
        boolean iteration = line.startsWith("Iteration") || line.startsWith("# Warmup Iteration");
        if (!iteration && !line.startsWith("# Fork:")) return false;
        lines.append(line).append('\n');
        if (!iteration) return false;
        List<JmhIteration> its = JmhIterations.parse(lines.toString());
        return SteadyState.settled(its.stream().mapToDouble(JmhIteration::score).toArray(), higherIsBetter, steady);
    }

    /**
     * Whether a run that went to its end (an engine that cannot stop it, as Kubernetes; or one that
     * ended as the rule said yes) had held a steady state at some iteration: the rule replayed over
     * its iterations in order.
     */
    static boolean heldAtSomePoint(List<JmhIteration> iterations, Cell cell) {
        UntilSteady rule = of(cell);
        if (rule == null) return false;
        double[] scores = iterations.stream().mapToDouble(JmhIteration::score).toArray();
        for (int n = 1; n <= scores.length; n++) {
            if (SteadyState.settled(java.util.Arrays.copyOf(scores, n), rule.higherIsBetter, rule.steady)) return true;
        }
        return false;
    }
}
