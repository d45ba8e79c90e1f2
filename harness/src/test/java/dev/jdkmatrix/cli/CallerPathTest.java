package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * make -C jdkmatrix with a relative path reads it as its user means it (harness/scripts/caller-path.sh): the
 * caller's file where it is there, never jdkmatrix's own default in its place without a word.
 */
class CallerPathTest {

    static final Path PROJECT = DocsTest.PROJECT.toAbsolutePath().normalize();

    @TempDir
    Path caller;

    record Out(int code, String out, String err) {}

    /** caller-path.sh run as make runs it: in jdkmatrix's folder, the caller's folder given. */
    static Out resolve(String name, String value, Path callerDir, String... more) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", PROJECT.resolve("harness/scripts/caller-path.sh").toString(), name, value,
                callerDir == null ? "" : callerDir.toString()));
        cmd.addAll(List.of(more));
        Process p = new ProcessBuilder(cmd).directory(PROJECT.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Out(p.exitValue(), out, err);
    }

    @Test
    void aRelativePathIsTheCallersWhereItIsThereAndRefusedWhereBothHaveIt() throws Exception {
        Files.writeString(caller.resolve("mine.yaml"), "x");
        Files.writeString(caller.resolve("matrix.yaml"), "x"); // jdkmatrix has its own matrix.yaml: both have one
        Path real = caller.toRealPath();
        assertThat(resolve("MATRIX", "mine.yaml", caller)).isEqualTo(new Out(0, real.resolve("mine.yaml").toString(), ""));
        Out both = resolve("MATRIX", "matrix.yaml", caller);
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("MATRIX=matrix.yaml names " + real.resolve("matrix.yaml"), "jdkmatrix's own", "fix: write the path you mean in full: MATRIX=" + real.resolve("matrix.yaml"));
        // jdkmatrix's own files, an absolute path, no caller (a default) and make called in jdkmatrix's folder stay as given
        assertThat(resolve("MATRIX", "examples/jmh.yaml", caller).out()).isEqualTo("examples/jmh.yaml");
        assertThat(resolve("MATRIX", real.resolve("mine.yaml").toString(), caller).out()).isEqualTo(real.resolve("mine.yaml").toString());
        assertThat(resolve("MATRIX", "matrix.yaml", null).out()).isEqualTo("matrix.yaml");
        assertThat(resolve("MATRIX", "matrix.yaml", PROJECT).out()).isEqualTo("matrix.yaml");
        // a folder to be made (OUT=) goes where the caller is
        assertThat(resolve("OUT", "results/mine", caller, "new").out()).isEqualTo(real.resolve("results/mine").toString());
    }

    @Test
    void everyTargetThatTakesAUsersPathReadsItThroughTheCallersFolder() throws IOException {
        String makefile = Files.readString(PROJECT.resolve("Makefile"));
        for (String target : List.of("plan", "matrix", "jmh", "report")) {
            int at = makefile.indexOf("\n" + target + ":");
            assertThat(at).as(target).isPositive();
            String recipe = makefile.substring(at, makefile.indexOf("\n\n", at));
            assertThat(recipe).as("make " + target + "'s recipe").contains("$(CALLER_PATH)");
        }
    }
}
