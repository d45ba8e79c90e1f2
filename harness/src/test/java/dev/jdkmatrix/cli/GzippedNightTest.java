package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that reads a results folder reads one holding raw.csv.gz only, as a published night
 * keeps its data (results.format.ResultsFolder owns the folder's files): merge, report, claims,
 * compare, plan --from, pr-verdict, history and previous, on a real night of this machine.
 */
class GzippedNightTest {

    static final Path PROJECT = Path.of(System.getProperty("user.dir")).getParent();
    static final Path NIGHT = PROJECT.resolve("docs/runs/nights/2026-11-27-0025");

    @TempDir
    Path tmp;

    @Test
    void everyCommandReadsAFolderOfRawCsvGzAndRunJsonAlone() throws IOException {
        Path site = tmp.resolve("site");
        Path a = copy(NIGHT, site.resolve("night-a"));
        Path b = copy(NIGHT, site.resolve("night-b"));
        try (Stream<Path> files = Files.list(a)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("raw.csv.gz", "run.json");
        }

        CommandLineTest.Result merged = CommandLineTest.run("merge", "--out", tmp.resolve("merged").toString(), a.toString());
        assertThat(merged.code()).as(merged.err()).isZero();
        for (String f : new String[] {"raw.csv", "summary.csv", "comparisons.csv", "run.json"}) assertThat(tmp.resolve("merged").resolve(f)).isRegularFile();
        // the night's comparisons are in the merged folder: a header and a row per pair of compared cells
        assertThat(Files.readString(tmp.resolve("merged/comparisons.csv")).lines().count()).isGreaterThan(1);

        ok(CommandLineTest.run("report", "--results", a.toString()));
        assertThat(a.resolve("index.html")).isRegularFile();
        ok(CommandLineTest.run("compare", a.toString(), b.toString()));
        ok(CommandLineTest.run("plan", "--matrix", PROJECT.resolve("harness/matrices/quick.yaml").toString(), "--from", a.toString()));
        ok(CommandLineTest.run("history", site.toString()));
        ok(CommandLineTest.run("previous", site.toString(), b.toString()));
        // claims exits 1 on a claim that fails: never on a folder it cannot read
        CommandLineTest.Result claims = CommandLineTest.run("claims", "--results", a.toString(), "--claims", PROJECT.resolve("claims.yaml").toString());
        assertThat(claims.code()).as(claims.err()).isIn(0, 1);
        assertThat(claims.out()).isNotEmpty();
        // pr-verdict read the night's rows and compared them: a night is no pull request's run, and it says so (not that it found no rows)
        CommandLineTest.Result pr = CommandLineTest.run("pr-verdict", a.toString());
        assertThat(pr.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(pr.err()).contains("compares no head with its base").doesNotContain("not a results folder");
    }

    @Test
    void aFolderWithoutRawRowsIsRefusedWithTheFormsItTakes() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Files.copy(NIGHT.resolve("run.json"), empty.resolve("run.json"));
        CommandLineTest.Result r = CommandLineTest.run("merge", "--out", tmp.resolve("m").toString(), empty.toString());
        assertThat(r.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r.err()).contains("merge: " + empty + " is not a results folder: it has run.json but no raw.csv (nor raw.csv.gz, as a published night keeps it)")
                .contains("fix: name a folder written by 'run' or 'merge'");
        Path noJson = Files.createDirectories(tmp.resolve("nojson"));
        Files.copy(NIGHT.resolve("raw.csv.gz"), noJson.resolve("raw.csv.gz"));
        CommandLineTest.Result r2 = CommandLineTest.run("pr-verdict", noJson.toString());
        assertThat(r2.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(r2.err()).contains("pr-verdict: " + noJson + " has raw.csv.gz but no run.json");
    }

    private static void ok(CommandLineTest.Result r) {
        assertThat(r.code()).as(r.out() + r.err()).isZero();
    }

    private static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) Files.copy(f, to.resolve(f.getFileName()));
        }
        return to;
    }
}
