package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.run.ItSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The outputs the docs quote are what the program prints: every {@code $ command} line of a fenced
 * block in README.md, CONTRIBUTING.md and docs/ that starts no container (a {@code plan}, a
 * {@code --help}, a run refused before Docker) is run as the page writes it, from the project's
 * folder, through bash and the shipped launcher, and the lines the page quotes after it are the
 * lines it printed. A quoted run of containers ({@code $ make quick}) is written by a script
 * instead (harness/scripts/readme-quick.sh), which DocsTest checks for its commit and date.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
class DocsIT {

    static final Path PROJECT = DocsTest.PROJECT.toAbsolutePath().normalize();
    /** Commands that start no container: what the harness refuses or lists before Docker, and make's help. */
    static final Pattern CHEAP = Pattern.compile("jdkmatrix\\.sh (plan|workloads|--help|--version|\\S+ --help)\\b|DOCKER_HOST=tcp://127\\.0\\.0\\.1:1 |^make help$");

    record Quoted(Path page, String command, List<String> output) {}

    static List<Quoted> quoted() throws IOException {
        List<Quoted> out = new ArrayList<>();
        for (Path page : DocsTest.pages()) {
            Matcher fences = DocsTest.FENCE.matcher(Files.readString(page));
            while (fences.find()) {
                String[] lines = fences.group(1).split("\n");
                for (int i = 0; i < lines.length; i++) {
                    if (!lines[i].startsWith("$ ")) continue;
                    List<String> output = new ArrayList<>();
                    for (int j = i + 1; j < lines.length && !lines[j].startsWith("$ "); j++) output.add(lines[j]);
                    out.add(new Quoted(page, lines[i].substring(2), output));
                }
            }
        }
        return out;
    }

    @Test
    void everyQuotedCommandThatStartsNoContainerPrintsWhatThePageQuotes() throws Exception {
        List<String> differ = new ArrayList<>();
        int run = 0;
        for (Quoted q : quoted()) {
            if (!CHEAP.matcher(q.command()).find()) continue;
            ProcessBuilder pb = new ProcessBuilder("bash", "-c", q.command()).directory(PROJECT.toFile()).redirectErrorStream(true);
            pb.environment().remove("JAVA_HOME"); // the launcher finds a JDK 21+ itself, as on a machine whose java is 17
            Process p = pb.start();
            String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(2, TimeUnit.MINUTES)).as(q.command()).isTrue();
            run++;
            List<String> got = printed.lines().toList();
            List<String> want = q.output().stream().filter(l -> !l.equals("...")).toList();
            if (!got.equals(want)) {
                differ.add(DocsTest.PROJECT.relativize(q.page()) + ": $ " + q.command() + "\n  the page quotes:\n    " + String.join("\n    ", want)
                        + "\n  it printed:\n    " + String.join("\n    ", got));
            }
        }
        assertThat(differ).as("quoted outputs that are not what the command prints (fix the program or the page)").isEmpty();
        assertThat(run).as("quoted commands run (docs/matrix.md's bad matrix, docs/failures.md's DOCKER_HOST that does not answer)").isGreaterThanOrEqualTo(2);
    }
}
