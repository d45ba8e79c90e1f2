package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.history.ChangeFinder;
import dev.jdkmatrix.history.Watch;
import dev.jdkmatrix.stats.EDivisive;
import picocli.CommandLine.Option;

/** The history's method and its parameters, the same for 'history' and 'index' (docs/history.md says why these defaults). */
final class HistoryOptions {

    @Option(names = "--window", paramLabel = "NIGHTS", description = "E-Divisive's window in nights (default: ${DEFAULT-VALUE})")
    int window = ChangeFinder.Options.DEFAULT.method().window();

    @Option(names = "--max-p", paramLabel = "P", description = "the largest p-value of a change (default: ${DEFAULT-VALUE})")
    double maxP = ChangeFinder.Options.DEFAULT.method().maxP();

    @Option(names = "--confirm-nights", paramLabel = "N", description = "nights after a change that confirm it; fewer: suspected (default: ${DEFAULT-VALUE})")
    int confirmNights = ChangeFinder.Options.DEFAULT.confirmNights();

    @Option(names = "--level-nights", paramLabel = "N", description = "nights on one side of a change that say what its level was; a change with fewer "
            + "on both sides is not named (default: ${DEFAULT-VALUE})")
    int levelNights = ChangeFinder.Options.DEFAULT.levelNights();

    @Option(names = "--watch-target", paramLabel = "STEP", description = "the step each figure is judged able to show or not, e.g. 5%% (default: 5%%)")
    String target = "5%";

    @Option(names = "--by-runner", description = "one series per runner class (CPU model and count, engine, or the class the team named), "
            + "as histories were kept before fleets; default: one series per fleet (CPU count and engine, or the named class), each CPU model's level taken out")
    boolean byRunner;

    ChangeFinder.Options finder() {
        try {
            return new ChangeFinder.Options(new EDivisive.Options(window, maxP, 0), confirmNights,
                    Math.max(ChangeFinder.Options.DEFAULT.minNights(), confirmNights + 1), levelNights);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, e.getMessage() + "\n  fix: --window 2 or more (default " + ChangeFinder.Options.DEFAULT.method().window()
                    + "), --max-p between 0 and 1 (default " + ChangeFinder.Options.DEFAULT.method().maxP() + "), --confirm-nights 1 or more (default "
                    + ChangeFinder.Options.DEFAULT.confirmNights() + "), --level-nights 1 or more (default " + ChangeFinder.Options.DEFAULT.levelNights() + ")");
        }
    }

    double watchTarget() {
        double t;
        try {
            t = dev.jdkmatrix.matrix.Durations.fraction(target);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, "--watch-target: " + e.getMessage() + "\n  fix: write it as 5% or 0.05");
        }
        if (!(t > 0 && t < 1)) {
            throw new ExitException(ExitException.BAD_INPUT, "--watch-target " + target + ": a step to watch for lies between 0 and 100 %\n  fix: write it as 5% or 0.05 (default "
                    + Watch.DEFAULT_TARGET * 100 + " %)");
        }
        return t;
    }
}
