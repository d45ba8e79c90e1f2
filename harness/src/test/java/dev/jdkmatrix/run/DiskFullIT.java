package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A results folder on a 96 KB tmpfs that fills up mid-run: the message names the file and what
 * failed, says the stored rows are intact and how to resume, and never blames the lock; no
 * temporary file is left. Mounting needs root, which CI here has (CI=true makes a missing mount a
 * failure, never a skip); a developer without root sees the test skipped with the reason.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
class DiskFullIT {

    @TempDir
    Path tmp;

    Path mount;

    static boolean run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    }

    @AfterEach
    void unmount() throws Exception {
        if (mount != null) run("umount", mount.toString());
    }

    @Test
    void aDiskThatFillsUpMidRunEndsWithTheFileTheOperationAndTheResume() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("small"));
        boolean mounted = run("mount", "-t", "tmpfs", "-o", "size=96k", "tmpfs", dir.toString());
        if (!mounted && "true".equals(System.getenv("CI"))) throw new AssertionError("CI runs as root and must mount a tmpfs at " + dir + " for this test");
        Assumptions.assumeTrue(mounted, "mounting a tmpfs needs root");
        mount = dir;
        Path m = tmp.resolve("full.yaml");
        // each run prints its garbage-free record and stores a row and a log of a few KB: 40 runs do not fit in 96 KB
        TestMatrix.named("full").repetitions(40).axis("tasks", 1).axis("executor", "virtual").workloads("""
                - name: fault
                  params: { hold-ms: 1 }
                """).write(m);
        Path out = dir.resolve("run");
        StringWriter err = new StringWriter();
        int code = ItSupport.attempt(err, m, out, "--run-id", "full", ItSupport.NO_LEASE);
        String text = err.toString();
        assertThat(code).as(text).isEqualTo(ExitException.ENVIRONMENT);
        assertThat(text).contains("No space left on device", "cannot write", "are intact", "--resume " + out).doesNotContain("cannot lock");
        int stored = RawCsv.read(out.resolve("raw.csv")).size();
        assertThat(stored).as(text).isBetween(1, 39);
        try (var files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }
}
