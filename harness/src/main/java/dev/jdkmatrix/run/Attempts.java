package dev.jdkmatrix.run;

import dev.jdkmatrix.engine.JdkProbe;
import dev.jdkmatrix.engine.RunEngine;
import dev.jdkmatrix.engine.RunSlot;
import dev.jdkmatrix.images.ImageRef;
import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.PlannedRun;
import dev.jdkmatrix.results.RawRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * A run's attempts: made again while the host's steal passed max-steal, up to
 * {@link RunDecisions#MAX_ATTEMPTS}, each stored (the noisy ones as such); a run image removed under
 * the session is built again, once, and the attempt made on it.
 */
record Attempts(RunEngine runner, StealMeter steal, SessionImages images, Map<String, JdkProbe> probes, String runId, Path out,
                double maxSteal, RunStore store, BooleanSupplier stopping) implements EngineWatch.RunAttempts {

    @Override
    public void run(PlannedRun run, ImageRef given, RunSlot slot) throws IOException {
        ImageRef image = given;
        for (int attempt = 1; ; attempt++) {
            // a run made again for steal goes alone: its duet's partners are not made again
            RunSlot where = attempt == 1 ? slot : RunSlot.alone(slot.cpuset());
            RawRow row;
            try {
                row = once(run, image, where, attempt);
            } catch (RuntimeException e) {
                if (!Images.missingImage(e)) throw e;
                // removed under this session (docker rmi -f, an engine's cleanup): built again from the same inputs, once
                image = images.rebuilt(run.cell().jdk(), image, out);
                row = once(run, image, RunSlot.alone(where.cpuset()), attempt);
            }
            String noisy = RunDecisions.stealTooHigh(row, run, maxSteal, attempt);
            if (noisy == null || stopping.getAsBoolean()) {
                store.store(run, row);
                return;
            }
            store.store(run, row.withStatus("noisy", noisy));
        }
    }

    private RawRow once(PlannedRun run, ImageRef image, RunSlot slot, int attempt) throws IOException {
        return RunOutcome.runOne(runner, steal, run, image, probes.get(run.cell().jdk()), runId, out, slot, attempt);
    }
}
