package dev.jdkmatrix.suite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.RunBaseline;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A baseline ref built as a night builds it, with real git and a real build command: once per
 * commit and command, then taken from the cache; a build that fails costs the night its baseline
 * only, says why, and is tried again the next night; a plan builds nothing.
 */
class BaselineBuildsTest {

    @TempDir
    Path tmp;

    Path repo;
    Path builds; // one line per build, written by the build command outside the checkout

    static void git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(String.join(" ", cmd) + ": " + out).isZero();
    }

    @BeforeEach
    void aRepositoryWithTwoCommits() throws Exception {
        repo = Files.createDirectories(tmp.resolve("repo"));
        builds = tmp.resolve("builds.txt");
        git(repo, "init", "-q");
        Files.createDirectories(repo.resolve("bench"));
        Files.writeString(repo.resolve("bench/version.txt"), "one\n");
        git(repo, "add", ".");
        git(repo, "commit", "-qm", "one");
        git(repo, "tag", "v1");
        Files.writeString(repo.resolve("bench/version.txt"), "two\n");
        git(repo, "commit", "-qam", "two");
    }

    String matrix(String baseline) {
        return """
                baseline: %s
                matrix:
                  jdk: 25
                  workload:
                    - { name: lib, kind: jmh, jar: target/benchmarks.jar }
                """.formatted(baseline);
    }

    String build() {
        // the suite's "jar" holds the commit's version: the base side must read the baseline's, not tonight's
        return "echo built >> " + builds + " && mkdir -p bench/target && cp bench/version.txt bench/target/benchmarks.jar";
    }

    BaselineBuilds.Prepared prepare(String yaml, boolean build, StringWriter log) {
        return new BaselineBuilds(tmp.resolve("cache"), Duration.ofMinutes(2)).prepare(yaml, repo.resolve("bench"), build, new PrintWriter(log));
    }

    static String baseJar(BaselineBuilds.Prepared p) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("name: base-lib\\n(?:.*\\n)*?\\s+jar: (\\S+)").matcher(p.yaml());
        assertThat(m.find()).as(p.yaml()).isTrue();
        return m.group(1);
    }

    @Test
    void aRefIsBuiltOnceAtItsCommitAndTakenFromTheCacheAfter() throws Exception {
        String yaml = matrix("{ ref: v1, build: \"" + build() + "\" }");
        StringWriter log = new StringWriter();
        BaselineBuilds.Prepared first = prepare(yaml, true, log);
        RunBaseline b = first.baselines().get(0);
        assertThat(b.status()).as(log.toString()).isEqualTo("built");
        assertThat(b.commit()).hasSize(40);
        assertThat(b.workloads()).containsExactly("lib");
        assertThat(Files.readString(Path.of(baseJar(first)))).as("the baseline's jar, built at v1").isEqualTo("one\n");
        assertThat(first.yaml()).contains("name: head-lib", repo.resolve("bench/target/benchmarks.jar").toString());
        assertThat(log.toString()).contains("baseline ref v1 (" + b.commit().substring(0, 12) + "): built tonight", "lib against it");

        BaselineBuilds.Prepared second = prepare(yaml, true, new StringWriter());
        assertThat(second.baselines().get(0).status()).isEqualTo("cached");
        assertThat(baseJar(second)).isEqualTo(baseJar(first));
        assertThat(Files.readAllLines(builds)).as("built once for its commit").hasSize(1);

        BaselineBuilds.Prepared moved = prepare(matrix("{ ref: HEAD, build: \"" + build() + "\" }"), true, new StringWriter());
        assertThat(moved.baselines().get(0).status()).isEqualTo("built");
        assertThat(Files.readString(Path.of(baseJar(moved)))).isEqualTo("two\n");
        assertThat(Files.readAllLines(builds)).as("another commit, another build").hasSize(2);
    }

    @Test
    void aBuildThatFailsCostsTheNightItsBaselineOnlyAndIsTriedAgainTheNextNight() throws Exception {
        String yaml = matrix("{ ref: v1, build: \"echo built >> " + builds + " && echo the compiler said no && exit 3\" }");
        StringWriter log = new StringWriter();
        BaselineBuilds.Prepared night = prepare(yaml, true, log);
        RunBaseline b = night.baselines().get(0);
        assertThat(b.status()).isEqualTo("failed");
        assertThat(b.measured()).isFalse();
        assertThat(b.detail()).contains("exited 3", "the compiler said no", ".jdkmatrix-build.log", "fix: ");
        assertThat(night.failed()).containsExactly(b);
        assertThat(night.yaml()).as("tonight's side alone, named as every night").contains("name: head-lib").doesNotContain("base-lib");
        assertThat(log.toString()).contains("NOT measured tonight");
        prepare(yaml, true, new StringWriter());
        assertThat(Files.readAllLines(builds)).as("a failed build is not cached").hasSize(2);
    }

    @Test
    void aRefThatIsNotThereIsSaidWithTheFix() {
        BaselineBuilds.Prepared p = prepare(matrix("{ ref: v9, build: \"true\" }"), true, new StringWriter());
        assertThat(p.baselines().get(0).detail()).contains("no commit 'v9'", "fix: fetch it");
        BaselineBuilds.Prepared gone = prepare(matrix("{ dir: ../nowhere }"), true, new StringWriter());
        assertThat(gone.baselines().get(0).status()).isEqualTo("failed");
        assertThat(gone.baselines().get(0).detail()).contains("nowhere does not exist", "fix: ");
    }

    @Test
    void aPlanBuildsNothingAndPlansTonightsJarsInTheBaselinesPlace() throws Exception {
        BaselineBuilds.Prepared p = prepare(matrix("{ ref: v1, build: \"" + build() + "\" }"), false, new StringWriter());
        assertThat(builds).doesNotExist();
        assertThat(baseJar(p)).isEqualTo(repo.resolve("bench/target/benchmarks.jar").toString());
        assertThat(p.baselines().get(0).status()).isEqualTo("planned");
    }

    @Test
    void aRepositoryNamedByAFolderOfItIsBuiltFromItsTopWhichStandsForTheMatrixsFolderElsewhere() throws Exception {
        // the matrix in a folder outside the repository, the suite's repository named by one of its folders
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        String yaml = """
                baseline: { ref: v1, repo: %s, build: "%s" }
                matrix:
                  jdk: 25
                  workload:
                    - { name: lib, kind: jmh, jar: bench/target/benchmarks.jar }
                """.formatted(repo.resolve("bench"), build());
        BaselineBuilds.Prepared p = new BaselineBuilds(tmp.resolve("cache"), Duration.ofMinutes(2)).prepare(yaml, elsewhere, true, new PrintWriter(new StringWriter()));
        assertThat(p.baselines().get(0).status()).as(p.baselines().get(0).detail()).isEqualTo("built");
        assertThat(Files.readString(Path.of(baseJar(p)))).isEqualTo("one\n");
    }

    @Test
    void aMatrixWithoutABaselineIsLeftAsItIs() {
        assertThat(prepare("matrix:\n  jdk: 25\n  workload: [ { name: sleep } ]\n", true, new StringWriter())).isNull();
    }
}
