package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.engine.EnginePing;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's failure is the engine lost only where the engine of the session stopped answering, and says which engine and how to bring it back. */
class EngineWatchTest {

    @TempDir
    Path out;

    private static EnginePing engine(boolean answers) {
        return new EnginePing(() -> answers, "the test engine", "start the test engine");
    }

    @Test
    void aFailureIsTheEngineLostOnlyWhereTheEngineStoppedAnswering() throws Exception {
        java.nio.file.Files.createDirectories(out.resolve("logs"));
        RuntimeException failure = new IllegalStateException("connection reset");
        assertThat(EngineWatch.engineLostOr(failure, engine(true), null, out, 3)).isSameAs(failure);
        RuntimeException lost = EngineWatch.engineLostOr(failure, engine(false), null, out, 3);
        assertThat(lost).isInstanceOfSatisfying(ExitException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitException.ENGINE_LOST);
            assertThat(e.getMessage()).contains("the test engine stopped answering", "The 3 runs stored", "fix: start the test engine, then finish the run: jdkmatrix run --resume");
        });
        assertThat(out.resolve("logs/engine-lost.log")).content().contains("connection reset");
    }
}
