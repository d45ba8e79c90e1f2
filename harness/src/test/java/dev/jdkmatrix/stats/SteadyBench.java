// Writes docs/statistics.md's steady-state block (make bench-steady): the steady-state classifier
// (stats.SteadyState, as raw.csv's steady_state, score: steady and warmup: until-steady use it) on
// synthetic JMH forks of a known class (SteadyCalibration in the harness's test classes: flat, warm-up,
// slowdown, no steady state), at 7, 10, 20 and 50 iterations a fork and 1, 2 and 5 % noise an
// iteration, without and with outliers: the share called right among the forks it classified, and the
// share it withheld. Run by its make target with the harness jar and its test classes on the class path.
package dev.jdkmatrix.stats;

import java.time.Instant;
import java.util.Locale;

public class SteadyBench {

    static final int TRIALS = Integer.getInteger("trials", 2000);

    public static void main(String[] args) {
        String command = args.length > 0 ? args[0] : "make bench-steady";
        long t0 = System.nanoTime();
        StringBuilder md = new StringBuilder();
        md.append("Written by `").append(command).append("` (harness/src/test/java/dev/jdkmatrix/stats/SteadyBench.java) on ").append(Instant.now().toString(), 0, 10).append(": ")
                .append(TRIALS).append(" synthetic forks a cell (SteadyCalibration: a time per operation, log-normal noise an iteration; with outliers, ")
                .append("one iteration in twenty 10 to 30 % slower). Each cell: the share called right among the forks the classifier classified, and ")
                .append("in brackets the share it withheld (`not classified`).\n\n")
                .append("| iterations a fork | noise | outliers | flat | warmup | slowdown | none |\n|---|---|---|---|---|---|---|\n");
        long seed = 1;
        for (int n : SteadyCalibration.ITERATIONS) {
            for (double noise : SteadyCalibration.NOISE) {
                for (boolean outliers : new boolean[] {false, true}) {
                    md.append(String.format(Locale.ROOT, "| %d | %.0f %% | %s |", n, noise * 100, outliers ? "yes" : "no"));
                    for (SteadyState.Kind k : SteadyState.Kind.values()) {
                        md.append(' ').append(SteadyCalibration.text(SteadyCalibration.rates(k, n, noise, outliers, TRIALS, seed++))).append(" |");
                    }
                    md.append('\n');
                }
            }
        }
        md.append(String.format(Locale.ROOT, "%nThe calibration took %.0f s.%n", (System.nanoTime() - t0) / 1e9));
        System.out.print(md);
    }
}
