package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * make release (harness/scripts/release.sh), on a clone of this repository: the tag's reusable workflows, setup action and
 * documented callers name jdkmatrix at the tag, never at @main; the branch keeps @main; a second release of one version is refused.
 */
class ReleaseTest {

    static final Path PROJECT = Path.of(System.getProperty("jdkmatrix.projectDir", "..")).toAbsolutePath().normalize();
    static final Pattern REF = Pattern.compile("jdkmatrix/jdkmatrix/\\.github/[A-Za-z0-9_./-]*@([A-Za-z0-9_.-]+)");

    record Ran(int code, String out) {}

    static Ran run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Ran(p.waitFor(), out);
    }

    @Test
    void theTagsWorkflowsNameJdkmatrixAtTheTagAndTheBranchKeepsMain(@TempDir Path tmp) throws Exception {
        Path clone = tmp.resolve("clone");
        assertThat(run(tmp, "git", "clone", "-q", PROJECT.toString(), clone.toString()).code()).isZero();
        // the release script and the version as they are in this checkout (their committed ones may be older)
        for (String f : List.of("harness/scripts/release.sh", "pom.xml")) {
            Files.copy(PROJECT.resolve(f), clone.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        run(clone, "git", "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qam", "the script under test");
        String version = Files.readString(clone.resolve("pom.xml")).lines().filter(l -> l.startsWith("  <version>")).findFirst().orElseThrow()
                .replaceAll(".*<version>(.*)</version>.*", "$1");
        Ran ran = run(clone, "bash", "harness/scripts/release.sh");
        assertThat(ran.code()).as(ran.out()).isZero();
        String tag = "v" + version;
        assertThat(ran.out()).contains("release: tagged " + tag);
        for (String file : List.of(".github/workflows/jdkmatrix.yml", ".github/workflows/jdkmatrix-pr.yml", "docs/release.md")) {
            String tagged = run(clone, "git", "show", tag + ":" + file).out();
            Matcher m = REF.matcher(tagged);
            int refs = 0;
            while (m.find()) {
                refs++;
                assertThat(m.group(1)).as("%s at %s: %s", file, tag, m.group()).isEqualTo(tag);
            }
            assertThat(refs).as("%s names jdkmatrix's workflows or action", file).isPositive();
            assertThat(Files.readString(clone.resolve(file))).as("the branch's %s keeps @main", file).contains("@main");
        }
        Ran again = run(clone, "bash", "harness/scripts/release.sh");
        assertThat(again.code()).isEqualTo(2);
        assertThat(again.out()).contains("tag " + tag + " exists already", "fix: raise the version");
    }
}
