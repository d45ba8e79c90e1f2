package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One CLI: a folder taken the same way by every command, every command in --help with its own help, did-you-mean, limits as the host has them. */
class CliRulesTest {

    @TempDir
    Path tmp;

    @Test
    void reportAndClaimsTakeTheirFolderAsAnArgumentWithTheOlderOptionKept() {
        Path nope = tmp.resolve("nope");
        for (String cmd : new String[] {"report", "claims"}) {
            CommandLineTest.Result positional = CommandLineTest.run(cmd, nope.toString());
            CommandLineTest.Result option = CommandLineTest.run(cmd, "--results", nope.toString());
            assertThat(positional.code()).as(cmd).isEqualTo(ExitException.BAD_INPUT);
            assertThat(positional.err()).as(cmd + " DIR reads DIR").contains(nope.toString());
            assertThat(option.err()).as(cmd + " --results DIR, the same").isEqualTo(positional.err());
            CommandLineTest.Result both = CommandLineTest.run(cmd, nope.toString(), "--results", tmp.resolve("other").toString());
            assertThat(both.code()).isEqualTo(ExitException.BAD_INPUT);
            assertThat(both.err()).contains("names two results folders", "fix: name one: jdkmatrix " + cmd + " DIR");
            CommandLineTest.Result none = CommandLineTest.run(cmd);
            assertThat(none.code()).isEqualTo(ExitException.BAD_INPUT);
            assertThat(none.err()).contains("needs a results folder", "fix: jdkmatrix " + cmd + " DIR");
        }
    }

    @Test
    void setupAndPublishAreListedAndTheirHelpRunsNothing() {
        CommandLineTest.Result help = CommandLineTest.run("--help");
        assertThat(help.out()).contains("setup", "publish", "jmh", "jar");
        for (String cmd : new String[] {"setup", "publish"}) {
            CommandLineTest.Result h = CommandLineTest.run(cmd, "--help");
            assertThat(h.code()).isZero();
            assertThat(h.out()).contains("Usage: jdkmatrix " + cmd, "launcher");
        }
        CommandLineTest.Result through = CommandLineTest.run("setup");
        assertThat(through.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(through.err()).contains("fix: harness/scripts/jdkmatrix.sh setup");
    }

    @Test
    void anUnknownCommandGetsTheNearestOne() {
        CommandLineTest.Result r = CommandLineTest.run("rnu", "--matrix", "x.yaml");
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("unknown command 'rnu'", "did you mean 'run'?");
    }

    @Test
    void aMemoryWithoutItsUnitOrAboveTheHostsIsRefusedAsCpusAreWithTheFix() throws IOException {
        Files.writeString(tmp.resolve("Dockerfile.jdk21"), "FROM debian:trixie-slim\n");
        for (String[] c : new String[][] {{"512", "memory 512 has no unit", "write its unit as Docker does: 512m or 512g"},
                {"100000g", "memory 100000g is more than the", "use at most"}}) {
            Path m = Files.writeString(tmp.resolve("m.yaml"), "matrix:\n  jdk: 21\n  cpus: 1\n  memory: " + c[0] + "\n  tasks: 1\n  executor: virtual\n  workload: sleep\n");
            CommandLineTest.Result r = CommandLineTest.run("plan", "--matrix", m.toString());
            assertThat(r.code()).as(c[0] + ": " + r.err()).isEqualTo(ExitException.BAD_INPUT);
            assertThat(r.err()).contains(m + ":4:11", c[1], "fix: " + c[2]);
        }
    }
}
