package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.history.SiteFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** jdkmatrix history on a site of nights: the table, the files, and --fail-on-regression failing once a regression is confirmed, not before. */
class HistoryCommandTest {

    @TempDir
    Path site;

    private void nights(int from, int to, int stepAt) throws IOException {
        for (int i = from; i < to; i++) {
            SiteFixture.Night n = SiteFixture.Night.steady(0.01);
            SiteFixture.write(site, i, i >= stepAt ? n.level25(880).jar("d".repeat(64)) : n, 3);
        }
    }

    @Test
    void printsTheChangesWithWhatChangedAndFailsOnlyOnAConfirmedRegression() throws IOException {
        nights(0, 21, 20);
        CommandLineTest.Result excursion = CommandLineTest.run("history", site.toString(), "--fail-on-regression");
        assertThat(excursion.code()).as(excursion.err()).isZero();
        assertThat(excursion.out()).as("one night out of line is no change yet").contains("0 change(s)").doesNotContain("suspected  regression");
        nights(21, 22, 20);
        CommandLineTest.Result suspected = CommandLineTest.run("history", site.toString(), "--fail-on-regression");
        assertThat(suspected.code()).as(suspected.err()).isZero();
        assertThat(suspected.out()).contains("suspected  regression").contains("nightly-020").contains("2 night(s) after it so far");
        nights(22, 23, 20);
        Path md = site.resolve("summary.md");
        CommandLineTest.Result confirmed = CommandLineTest.run("history", site.toString(), "--fail-on-regression", "--csv", site.resolve("c.csv").toString(),
                "--markdown", md.toString(), "--export", "newest");
        assertThat(confirmed.code()).as(confirmed.out()).isEqualTo(ExitException.RUNS_FAILED);
        assertThat(confirmed.out()).contains("confirmed  regression   yes").contains("jar workloads.jar sha256 aaaaaaaaaaaa -> dddddddddddd");
        assertThat(Files.readString(md)).contains("### Confirmed tonight", "**regression**", "`nightly-020`", "jar workloads.jar sha256 aaaaaaaaaaaa -&gt; dddddddddddd");
        assertThat(Files.readAllLines(site.resolve("c.csv"))).hasSizeGreaterThan(1);
        assertThat(site.resolve("nightly-022/bencher.json")).isNotEmptyFile();
        assertThat(site.resolve("nightly-021/bencher.json")).as("--export newest: tonight's only").doesNotExist();
        assertThat(CommandLineTest.run("history", site.toString(), "--export", "nightly-003").code()).isZero();
        assertThat(site.resolve("nightly-003/bencher.json")).as("--export NIGHT: that night's").isNotEmptyFile();
        nights(23, 24, 20);
        assertThat(CommandLineTest.run("history", site.toString(), "--fail-on-regression").code()).as("an old regression fails no later night").isZero();
    }

    @Test
    void badInputIsExitCode2WithAFix() throws java.io.IOException {
        CommandLineTest.Result none = CommandLineTest.run("history", site.resolve("nope").toString());
        assertThat(none.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(none.err()).contains("no such folder", "fix:");
        CommandLineTest.Result window = CommandLineTest.run("history", site.toString(), "--window", "1");
        assertThat(window.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(window.err()).contains("at least 2 points", "fix: --window 2 or more");
        CommandLineTest.Result target = CommandLineTest.run("history", site.toString(), "--watch-target", "150%");
        assertThat(target.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(target.err()).contains("between 0 and 100 %", "fix:");
        CommandLineTest.Result export = CommandLineTest.run("history", site.toString(), "--export", "some");
        assertThat(export.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(export.err()).contains("no night of", "fix: --export all");
        CommandLineTest.Result empty = CommandLineTest.run("history", site.toString());
        assertThat(empty.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(empty.err()).contains("holds no night", "a site is a folder of nights", "fix: add a night with make publish");
        // a results folder is no site: said, with how to make one from it
        Path run = java.nio.file.Files.createDirectories(site.resolve("a-run"));
        java.nio.file.Files.writeString(run.resolve("run.json"), "{}");
        CommandLineTest.Result folder = CommandLineTest.run("history", run.toString());
        assertThat(folder.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(folder.err()).contains("is a results folder, not a site", "fix: make one with make publish SITE=site NEW=" + run);
    }
}
