package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.history.BaselineHistoryTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A confirmed regression the team accepts: kept in the site, shown as accepted, and the nightly's verdict passes; a change that is not there is refused with the ones that are. */
class AcceptCommandTest {

    @TempDir
    Path site;

    @Test
    void anAcceptedRegressionIsShownAsAcceptedAndTheVerdictPassesOnIt() throws IOException {
        SplittableRandom r = new SplittableRandom(81);
        // a 5 % step against the baseline from night 16, confirmed by the third night after it: tonight, night 18
        for (int i = 0; i < 19; i++) BaselineHistoryTest.night(site, i, i >= 16 ? 1.05 : 1.0, r);
        CommandLineTest.Result before = CommandLineTest.run("history", site.toString(), "--fail-on-regression");
        assertThat(before.code()).as(before.out() + before.err()).isEqualTo(ExitException.RUNS_FAILED);

        CommandLineTest.Result wrong = CommandLineTest.run("accept", site.toString(), "--figure", "head-lib", "--night", "nightly-005", "--note", "expected");
        assertThat(wrong.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(wrong.err()).contains("no change of", "fix: name one of its", "nightly-01");
        assertThat(site.resolve("accepted.json")).doesNotExist();

        CommandLineTest.Result accepted = CommandLineTest.run("accept", site.toString(), "--figure", "head-lib", "--night", "nightly-016",
                "--note", "the parser now validates its input, on purpose", "--by", "alice");
        assertThat(accepted.code()).as(accepted.err()).isZero();
        assertThat(accepted.out()).contains("accepted 1 change(s)", "by alice (jdkmatrix accept): the parser now validates its input, on purpose");
        assertThat(Files.readString(site.resolve("accepted.json"))).contains("\"figure\" : \"head-lib\"", "\"night\" : \"nightly-016\"", "\"by\" : \"alice\"");

        CommandLineTest.Result after = CommandLineTest.run("history", site.toString(), "--fail-on-regression");
        assertThat(after.code()).as("an accepted regression fails no nightly: " + after.out()).isZero();
        assertThat(after.out()).contains("by alice (jdkmatrix accept): the parser now validates its input");
        Path md = site.resolveSibling(site.getFileName() + ".md");
        CommandLineTest.run("history", site.toString(), "--markdown", md.toString());
        assertThat(Files.readString(md)).contains("regression, accepted").doesNotContain("**regression**")
                .containsPattern("[0-9]+ of 3 figures can show a 5 % step within 3 nights; of the 1 head / base ratios against a baseline, [01]");

        CommandLineTest.Result index = CommandLineTest.run("index", site.toString());
        assertThat(index.code()).as(index.err()).isZero();
        String page = Files.readString(site.resolve("index.html"));
        assertThat(page).as("the index shows the change as accepted, and the baseline's own cell as the runner's day")
                .contains("by alice (jdkmatrix accept): the parser now validates its input", "the baseline&#39;s own figure: the runner&#39;s day");
    }
}
