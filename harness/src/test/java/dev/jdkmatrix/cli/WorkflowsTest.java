package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the workflows a team calls (and this repository's own) may not do, read from their YAML: an expression inside a
 * shell line (where a value would be spliced into the script, not passed to it), a token left in a checkout's
 * .git/config for a job that pushes nothing, two publishes of one site at once. make check-workflows runs them under act.
 */
class WorkflowsTest {

    static final Path PROJECT = Path.of(System.getProperty("jdkmatrix.projectDir", "..")).toAbsolutePath().normalize();

    @SuppressWarnings("unchecked")
    static Map<String, Object> load(Path file) throws IOException {
        return (Map<String, Object>) new org.snakeyaml.engine.v2.api.Load(org.snakeyaml.engine.v2.api.LoadSettings.builder().build()).loadFromString(Files.readString(file));
    }

    static List<Path> files() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(PROJECT.resolve(".github/workflows"))) {
            s.filter(p -> p.toString().endsWith(".yml")).sorted().forEach(out::add);
        }
        out.add(PROJECT.resolve(".github/actions/setup/action.yml"));
        return out;
    }

    /** Every step of a workflow's jobs, or of a composite action, with where it is. */
    @SuppressWarnings("unchecked")
    static Map<String, Map<String, Object>> steps(Path file) throws IOException {
        Map<String, Object> y = load(file);
        Map<String, Map<String, Object>> out = new java.util.LinkedHashMap<>();
        Map<String, Object> jobs = (Map<String, Object>) y.get("jobs");
        if (jobs == null) jobs = Map.of("action", Map.of("steps", ((Map<String, Object>) y.get("runs")).getOrDefault("steps", List.of())));
        jobs.forEach((job, j) -> {
            List<Map<String, Object>> steps = (List<Map<String, Object>>) ((Map<String, Object>) j).getOrDefault("steps", List.of());
            for (int i = 0; i < steps.size(); i++) out.put(PROJECT.relativize(file) + " job " + job + " step " + (i + 1), steps.get(i));
        });
        return out;
    }

    @Test
    void noExpressionIsSplicedIntoAShellLine() throws IOException {
        List<String> spliced = new ArrayList<>();
        int runs = 0;
        for (Path f : files()) {
            for (Map.Entry<String, Map<String, Object>> s : steps(f).entrySet()) {
                Object run = s.getValue().get("run");
                if (run == null) continue;
                runs++;
                if (run.toString().contains("${{")) spliced.add(s.getKey() + ": " + run.toString().lines().filter(l -> l.contains("${{")).findFirst().orElse(""));
            }
        }
        assertThat(runs).as("run: steps read").isGreaterThan(10);
        assertThat(spliced).as("an expression inside run: (pass it through env: instead)").isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void aCheckoutKeepsNoTokenInAJobThatPushesNothing() throws IOException {
        int checkouts = 0;
        for (Path f : files()) {
            Map<String, Object> jobs = (Map<String, Object>) load(f).get("jobs");
            if (jobs == null) continue;
            for (Map.Entry<String, Object> job : jobs.entrySet()) {
                Map<String, Object> j = (Map<String, Object>) job.getValue();
                Object permissions = j.get("permissions");
                boolean writes = permissions instanceof Map<?, ?> p && "write".equals(p.get("contents"));
                for (Map<String, Object> step : (List<Map<String, Object>>) j.getOrDefault("steps", List.of())) {
                    if (!String.valueOf(step.get("uses")).startsWith("actions/checkout@")) continue;
                    checkouts++;
                    Map<String, Object> with = (Map<String, Object>) step.getOrDefault("with", Map.of());
                    if (!writes) {
                        assertThat(with.get("persist-credentials")).as("%s job %s: its checkout keeps no token (persist-credentials: false)", f.getFileName(), job.getKey())
                                .isEqualTo(false);
                    }
                }
            }
        }
        assertThat(checkouts).as("checkouts read").isGreaterThanOrEqualTo(4);
    }

    @Test
    @SuppressWarnings("unchecked")
    void oneSiteIsPublishedByOneNightAtATime() throws IOException {
        Map<String, Object> publish = (Map<String, Object>) ((Map<String, Object>) load(PROJECT.resolve(".github/workflows/jdkmatrix.yml")).get("jobs")).get("publish");
        Map<String, Object> concurrency = (Map<String, Object>) publish.get("concurrency");
        assertThat(concurrency).as("the publish job's concurrency group").isNotNull();
        assertThat(concurrency.get("group").toString()).contains("inputs.site-branch");
        assertThat(concurrency.get("cancel-in-progress")).as("a night waits for the one publishing; none is cancelled").isEqualTo(false);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aBisectReplacesTheNightBuildsWithNoTokenThatWritesAndIsKeptByOnePublishAtATime() throws IOException {
        Map<String, Object> jobs = (Map<String, Object>) load(PROJECT.resolve(".github/workflows/jdkmatrix.yml")).get("jobs");
        Map<String, Object> build = (Map<String, Object>) jobs.get("build");
        Map<String, Object> bisect = (Map<String, Object>) jobs.get("bisect");
        Map<String, Object> keep = (Map<String, Object>) jobs.get("bisect-keep");
        assertThat(String.valueOf(build.get("if"))).as("a bisect runs instead of a night: the night's first job is skipped").isEqualTo("inputs.bisect-good == ''");
        assertThat(String.valueOf(bisect.get("if"))).isEqualTo("inputs.bisect-good != ''");
        assertThat(bisect.get("permissions")).as("the job that builds your commits may write nothing").isEqualTo(Map.of("contents", "read"));
        assertThat(steps(PROJECT.resolve(".github/workflows/jdkmatrix.yml")).entrySet()).filteredOn(e -> e.getKey().contains("job bisect-keep "))
                .as("the job that pushes builds nothing").noneMatch(e -> String.valueOf(e.getValue().get("env")).contains("inputs.build"));
        assertThat(((Map<String, Object>) keep.get("concurrency")).get("group")).as("it pushes to the site as a night's publish does, one at a time")
                .isEqualTo(((Map<String, Object>) ((Map<String, Object>) jobs.get("publish")).get("concurrency")).get("group"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyBisectInputIsDocumentedAndForwardedByTheCallersADispatchStartsFrom() throws IOException {
        Map<String, Object> inputs = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) load(PROJECT.resolve(".github/workflows/jdkmatrix.yml"))
                .get("on")).get("workflow_call")).get("inputs");
        List<String> bisect = inputs.keySet().stream().filter(k -> k.startsWith("bisect-")).toList();
        assertThat(bisect).as("the bisect's refs, jar, benchmark, options and JMH options").contains("bisect-good", "bisect-bad", "bisect-jmh-args");
        String docs = Files.readString(PROJECT.resolve("docs/release.md"));
        for (Path caller : List.of(PROJECT.resolve("harness/act/sample/nightly.yml"), PROJECT.resolve("docs/release.md"))) {
            String text = Files.readString(caller);
            for (String k : bisect) {
                assertThat(text).as("%s takes %s on a dispatch and hands it on", caller.getFileName(), k)
                        .contains("      " + k + ": { type: string, default: \"\" }").contains("      " + k + ": ${{ inputs." + k + " }}");
            }
        }
        for (String k : bisect) assertThat(docs).as("release.md's table of inputs says what %s does", k).contains("| `" + k + "` |");
    }

    @Test
    @SuppressWarnings("unchecked")
    void noStepThatStartsJdkmatrixSetsWhatItsLauncherReads() throws IOException {
        // harness/scripts/jdkmatrix.sh takes $JAR for its own jar: a step's JAR (the bisect's jar, once) made it refuse to start
        List<String> launcher = List.of("JAR");
        List<String> wrong = new ArrayList<>();
        for (Path f : List.of(PROJECT.resolve(".github/workflows/jdkmatrix.yml"), PROJECT.resolve(".github/workflows/jdkmatrix-pr.yml"))) {
            steps(f).forEach((where, step) -> {
                Object env = step.get("env");
                if (String.valueOf(step.get("run")).contains("jdkmatrix") && env instanceof Map<?, ?> m) {
                    launcher.stream().filter(m::containsKey).forEach(k -> wrong.add(where + " sets " + k));
                }
            });
        }
        assertThat(wrong).as("a step's environment the launcher would read as its own").isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theIssuesJobRunsOnlyWhenAskedAndItsTokenWritesIssuesAlone() throws IOException {
        Map<String, Object> y = load(PROJECT.resolve(".github/workflows/jdkmatrix.yml"));
        Map<String, Object> inputs = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) y.get("on")).get("workflow_call")).get("inputs");
        assertThat(((Map<String, Object>) inputs.get("open-issues")).get("default")).as("off unless a team asks").isEqualTo(false);
        Map<String, Object> issues = (Map<String, Object>) ((Map<String, Object>) y.get("jobs")).get("issues");
        assertThat(String.valueOf(issues.get("if"))).contains("inputs.open-issues", "needs.publish.result == 'success'");
        assertThat(issues.get("permissions")).isEqualTo(Map.of("contents", "read", "issues", "write"));
        for (Path caller : List.of(PROJECT.resolve("harness/act/sample/nightly.yml"), PROJECT.resolve(".github/workflows/nightly.yml"))) {
            String job = caller.endsWith(".github/workflows/nightly.yml") ? "nightly" : "bench";
            Map<String, Object> bench = (Map<String, Object>) ((Map<String, Object>) load(caller).get("jobs")).get(job);
            assertThat((Map<String, Object>) bench.get("permissions")).as("%s grants what the called jobs ask (GitHub refuses the run otherwise)", caller.getFileName())
                    .containsEntry("issues", "write").containsEntry("contents", "write");
        }
        String docs = Files.readString(PROJECT.resolve("docs/release.md"));
        assertThat(docs).as("docs/release.md's caller grants it too").contains("      issues: write       # open-issues");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aPullRequestCannotBendItsCheckAndOnlyTheCommentJobMayWriteToIt() throws IOException {
        Path file = PROJECT.resolve(".github/workflows/jdkmatrix-pr.yml");
        Map<String, Object> jobs = (Map<String, Object>) load(file).get("jobs");
        Map<String, Object> check = (Map<String, Object>) jobs.get("check");
        Map<String, Object> comment = (Map<String, Object>) jobs.get("comment");
        assertThat(check.get("permissions")).as("the job that runs the pull request's build reads the repository alone").isEqualTo(Map.of("contents", "read"));
        assertThat(comment.get("permissions")).as("the comment's job writes to the pull request alone").isEqualTo(Map.of("pull-requests", "write"));
        assertThat(String.valueOf(comment.get("if"))).contains("needs.check.outputs.comment == 'true'");
        List<Map<String, Object>> commenting = (List<Map<String, Object>>) comment.get("steps");
        assertThat(commenting).as("the comment's job checks nothing out and builds nothing")
                .noneMatch(st -> String.valueOf(st.get("uses")).startsWith("actions/checkout@") || String.valueOf(st).contains("BUILD") || String.valueOf(st).contains("inputs.build"));
        List<Map<String, Object>> steps = (List<Map<String, Object>>) check.get("steps");
        List<String> names = steps.stream().map(st -> String.valueOf(st.getOrDefault("name", st.get("uses")))).toList();
        int worktrees = index(names, "clean worktrees");
        int base = index(names, "build the base's suite and seal it");
        int head = index(names, "build the head's suite");
        int measure = index(names, "measure base and head");
        assertThat(List.of(worktrees, base, head, measure)).as("worktrees, then the base built and sealed, then the head's build, then the measure: " + names).isSorted();
        assertThat(String.valueOf(steps.get(worktrees).get("run"))).contains("git worktree add --detach \"$RUNNER_TEMP/jdkmatrix-base\"", "git worktree add --detach \"$RUNNER_TEMP/jdkmatrix-head\"");
        assertThat(String.valueOf(steps.get(base).get("run"))).contains("--print-build", "--digest-base");
        assertThat(steps.get(head).get("working-directory")).isEqualTo("${{ runner.temp }}/jdkmatrix-head");
        String measured = String.valueOf(steps.get(measure).get("run"));
        assertThat(measured).as("the base's matrix, both seals checked").contains("--matrix \"$base/$MATRIX\"", "--expect-base-digest \"$SEAL\"", "\"$TOOLS\"");
        Map<String, Object> verdict = steps.stream().filter(st -> "verdict".equals(st.get("id"))).findFirst().orElseThrow();
        assertThat(String.valueOf(((Map<String, Object>) verdict.get("env")).get("FORK"))).contains("github.event.pull_request.head.repo.full_name != github.repository");
        assertThat(steps.indexOf(verdict)).isLessThan(index(names, "fail on a decided regression"));
    }

    private static int index(List<String> names, String start) {
        for (int i = 0; i < names.size(); i++) if (names.get(i).startsWith(start)) return i;
        throw new AssertionError("no step named '" + start + "...' among " + names);
    }
}
