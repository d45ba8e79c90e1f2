package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The README and the pages under docs/ hold together: the workload table is the one {@code jdkmatrix
 * workloads} prints, the README's first matrix is the file it names, the README fits on a screen, and
 * every relative link (a file, or a heading of a Markdown file) resolves.
 */
@Isolated // it swaps System.err to catch picocli's warnings: no other class may print meanwhile
class DocsTest {

    static final Path PROJECT = Path.of(System.getProperty("jdkmatrix.projectDir", ".."));
    static final Path README = PROJECT.resolve("README.md");
    static final Path WORKLOADS_PAGE = PROJECT.resolve("docs/workloads.md");
    static final int README_MAX_LINES = 250;

    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    /** A fenced block of Markdown; its group 1 is the block's text, without the fences. */
    static final Pattern FENCE = Pattern.compile("(?ms)^```[^\\n]*\\n(.*?)^```");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} +(.+?) *#*$");

    @Test
    void theWorkloadTableIsPrintedFromTheDescriptors() throws IOException {
        assertThat(between(WORKLOADS_PAGE, "workloads"))
                .as("docs/workloads.md's table; refresh it with: harness/scripts/jdkmatrix.sh workloads")
                .isEqualTo(WorkloadsCommand.table());
    }

    /**
     * docs/architecture.md's list of the files a new workload kind touches names files that exist (each
     * `package.Class[.member]` in it), and the count it says is theirs plus the new kind's own parser.
     */
    @Test
    void theFilesANewWorkloadKindTouchesAreListedOnceAndExist() throws IOException {
        theFilesANewThingTouches("**A new workload kind**");
    }

    /** The same of the files a new engine touches: each exists, and the count is theirs plus the engine's own runner. */
    @Test
    void theFilesANewEngineTouchesAreListedOnceAndExist() throws IOException {
        theFilesANewThingTouches("**A new engine**");
    }

    /** The same of the files a new measured figure touches: each exists, and the count is theirs plus the file that measures it. */
    @Test
    void theFilesANewMeasuredFigureTouchesAreListedOnceAndExist() throws IOException {
        theFilesANewThingTouches("**A new measured figure**");
    }

    /** The same of the files a new export format touches: each exists, and the count is theirs plus the format's own writer. */
    @Test
    void theFilesANewExportFormatTouchesAreListedOnceAndExist() throws IOException {
        theFilesANewThingTouches("**A new export format**");
    }

    /** Every input of the reusable workflow has its row in docs/release.md's table of inputs, and every row there is an input. */
    @Test
    @SuppressWarnings("unchecked")
    void everyInputOfTheReusableWorkflowIsInReleasesTable() throws IOException {
        Map<String, Object> workflow = (Map<String, Object>) new org.snakeyaml.engine.v2.api.Load(org.snakeyaml.engine.v2.api.LoadSettings.builder().build())
                .loadFromString(Files.readString(PROJECT.resolve(".github/workflows/jdkmatrix.yml")));
        Map<String, Object> call = (Map<String, Object>) ((Map<String, Object>) workflow.get("on")).get("workflow_call");
        Set<String> inputs = ((Map<String, Object>) call.get("inputs")).keySet();
        Set<String> rows = new HashSet<>();
        Matcher m = Pattern.compile("(?m)^\\| `([a-z-]+)` \\|").matcher(Files.readString(PROJECT.resolve("docs/release.md")));
        while (m.find()) rows.add(m.group(1));
        assertThat(rows).as("docs/release.md's table of the reusable workflow's inputs (.github/workflows/jdkmatrix.yml)").isEqualTo(inputs);
    }

    /** Every package of the harness is in docs/architecture.md's drawing and in CONTRIBUTING.md's layout. */
    @Test
    void everyPackageIsInTheDrawingAndInContributingsLayout() throws IOException {
        List<String> packages;
        try (java.util.stream.Stream<Path> s = Files.list(PROJECT.resolve("harness/src/main/java/dev/jdkmatrix"))) {
            packages = s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(packages).as("the harness's packages").hasSizeGreaterThan(10);
        String page = Files.readString(PROJECT.resolve("docs/architecture.md"));
        int at = page.indexOf("```", page.indexOf("## Architecture"));
        String drawing = page.substring(at, page.indexOf("```", at + 3));
        String contributing = Files.readString(PROJECT.resolve("CONTRIBUTING.md"));
        int from = contributing.indexOf("The architecture is in");
        String layout = contributing.substring(from, contributing.indexOf("\n\n", from));
        for (String p : packages) {
            assertThat(drawing).as("docs/architecture.md's drawing names package " + p).containsPattern("(?m)(^|[\\s─])" + p + "(:|──)");
            assertThat(layout).as("CONTRIBUTING.md's layout names package " + p).contains("`" + p + "`");
        }
    }

    private static void theFilesANewThingTouches(String heading) throws IOException {
        String page = Files.readString(PROJECT.resolve("docs/architecture.md"));
        int start = page.indexOf(heading);
        assertThat(start).as("docs/architecture.md names the files " + heading + " touches").isNotNegative();
        assertThat(page.indexOf(heading, start + 1)).as(heading + " is listed once").isNegative();
        String paragraph = page.substring(start, page.indexOf(" files (", start) + " files (".length());
        java.util.regex.Matcher named = java.util.regex.Pattern.compile("`((?:[a-z]+\\.)+)([A-Z][A-Za-z]*)[^`]*`").matcher(paragraph);
        java.util.Set<Path> files = new java.util.TreeSet<>();
        while (named.find()) {
            Path file = PROJECT.resolve("harness/src/main/java/dev/jdkmatrix").resolve(named.group(1).replace('.', '/')).resolve(named.group(2) + ".java");
            assertThat(file).as("the list names " + named.group()).isRegularFile();
            files.add(file);
        }
        java.util.regex.Matcher count = java.util.regex.Pattern.compile("(\\d+) files \\($").matcher(paragraph);
        assertThat(count.find()).as(paragraph).isTrue();
        // the new thing's own file, or as many as the list says are new: "9 files (2 of them new; ..."
        java.util.regex.Matcher fresh = java.util.regex.Pattern.compile("^(\\d+) of them new").matcher(page.substring(start + paragraph.length()));
        int own = fresh.find() ? Integer.parseInt(fresh.group(1)) : 1;
        assertThat(Integer.parseInt(count.group(1))).as("the named files and the new one's own files").isEqualTo(files.size() + own);
    }

    /** docs/architecture.md names every registered format, in the registry's order, and no other. */
    @Test
    void theFormatsTheArchitectureNamesAreTheRegistrys() throws IOException {
        String page = Files.readString(PROJECT.resolve("docs/architecture.md"));
        int start = page.indexOf("The registry, as `Exporters.all()` holds it");
        assertThat(start).as("docs/architecture.md lists the registered formats").isNotNegative();
        String list = page.substring(start, page.indexOf("**A new export", start));
        java.util.List<String> named = new java.util.ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("`([^`]+)`").matcher(list);
        while (m.find()) if (!m.group(1).startsWith("Exporters") && !m.group(1).contains(" --") && !m.group(1).equals("report") && !m.group(1).equals("index")) named.add(m.group(1));
        named.removeIf(n -> n.startsWith("history"));
        assertThat(named).isEqualTo(dev.jdkmatrix.export.Exporters.all().stream().map(dev.jdkmatrix.results.format.Exporter::name).toList());
    }

    @Test
    void theReadmesFirstMatrixIsTheFileItNames() throws IOException {
        String block = between(README, "minimal");
        String yaml = block.substring(block.indexOf('\n') + 1, block.lastIndexOf("```"));
        assertThat(yaml).as("README's minimal matrix; copy examples/minimal.yaml into it")
                .isEqualTo(Files.readString(PROJECT.resolve("examples/minimal.yaml")));
    }

    /** The opening of a quoted run's block, as harness/scripts/quote-run.sh writes it: where and when it came from. */
    static String stamp(String marker, String target) {
        return "<!-- " + marker + ":begin written by harness/scripts/quote-run\\.sh \\(make " + target + "\\) at [0-9a-f]{7,}[^>]* on \\d{4}-\\d{2}-\\d{2}: "
                + "the run took \\d+ s -->\\n```\\n";
    }

    @Test
    void theDocsQuotedRunsSayWhereTheyCameFrom() throws IOException {
        assertThat(Files.readString(README)).as("README's make quick block: rewrite it with make readme-quick")
                .containsPattern(stamp("quick", "readme-quick") + "\\$ make quick\\njdkmatrix: (\\S+: )?12 cells");
        assertThat(Files.readString(PROJECT.resolve("docs/nightly.md"))).as("docs/nightly.md's remote-engine demo: rewrite it with make remote-demo")
                .containsPattern(stamp("remote-demo", "remote-demo") + "\\$ DOCKER_HOST=tcp://127\\.0\\.0\\.1:2375 make quick .*\\njdkmatrix: (\\S+: )?12 cells");
        assertThat(Files.readString(PROJECT.resolve("docs/history.md"))).as("docs/history.md's calibration: rewrite it with make bench-history")
                .containsPattern("<!-- bench-history:begin written by make bench-history at [0-9a-f]{7,}[^>]* on \\d{4}-\\d{2}-\\d{2} -->\\nWritten by `make bench-history`");
    }

    /** The reference run is quoted by make reference-docs only, and what the README says of the claims is what they come to on results/reference. */
    @Test
    void theReferenceRunIsQuotedFromItsFolder() throws IOException {
        String readme = Files.readString(README);
        String page = Files.readString(PROJECT.resolve("docs/reference-run.md"));
        for (String block : List.of("reference-run", "reference-figures", "reference-cells", "reference-claims")) {
            assertThat(page).as("docs/reference-run.md's " + block + ": rewrite it with make reference-docs")
                    .containsPattern("<!-- " + block + ":begin written by make reference-docs at [0-9a-f]{7,}[^>]* on \\d{4}-\\d{2}-\\d{2} -->\\n\\S");
        }
        assertThat(readme).containsPattern("<!-- reference-summary:begin written by make reference-docs at [0-9a-f]{7,}[^>]* on \\d{4}-\\d{2}-\\d{2} -->\\nOn the reference run");
        dev.jdkmatrix.report.ReportFolder folder = dev.jdkmatrix.report.ReportFolder.load(PROJECT.resolve("results/reference"));
        dev.jdkmatrix.claims.Claims claims = dev.jdkmatrix.claims.Claims.read(PROJECT.resolve("claims.yaml"));
        List<dev.jdkmatrix.claims.Verdicts.ClaimResult> verdicts = dev.jdkmatrix.claims.Verdicts.claims(claims, folder.summary(), folder.raw(), folder.comparisons());
        Map<dev.jdkmatrix.claims.Verdicts.Verdict, Long> n = new HashMap<>();
        verdicts.forEach(v -> n.merge(v.verdict(), 1L, Long::sum));
        String counts = n.getOrDefault(dev.jdkmatrix.claims.Verdicts.Verdict.HOLDS, 0L) + " hold, " + n.getOrDefault(dev.jdkmatrix.claims.Verdicts.Verdict.FAILS, 0L)
                + " fail, " + n.getOrDefault(dev.jdkmatrix.claims.Verdicts.Verdict.UNDECIDED, 0L) + " undecided";
        assertThat(between(README, "reference-summary")).as("README's claims line against results/reference: make reference-docs").contains(counts);
        assertThat(between(PROJECT.resolve("docs/reference-run.md"), "reference-claims")).contains(counts);
    }

    /** A newcomer's first command is on the README's first screen, and it is the one-command run of their own jar, quoted from a real run with its answer. */
    @Test
    void theReadmeStartsAUserOffWithTheirOwnJar() throws IOException {
        List<String> lines = Files.readAllLines(README);
        int first = -1;
        for (int i = 0; i < lines.size() && first < 0; i++) if (lines.get(i).startsWith("make ")) first = i + 1;
        assertThat(first).as("the README's first command's line").isBetween(1, 30);
        assertThat(lines.get(first - 1)).startsWith("make jmh JMH_JAR=");
        assertThat(Files.readString(README)).as("README's make jmh block: rewrite it with make readme-jmh")
                .containsPattern(stamp("jmh", "readme-jmh") + "\\$ make jmh [^\\n]+\\n(?s).*jdkmatrix: the answer .*\\n  .*(faster|slower|the same|undecided)");
    }

    /** Every make target and jdkmatrix command the getting-started page and the README tell a user to run exists. */
    @Test
    void theGettingStartedCommandsExist() throws IOException {
        String makefile = Files.readString(PROJECT.resolve("Makefile"));
        java.util.Set<String> subs = new picocli.CommandLine(new Main()).getSubcommands().keySet();
        List<String> missing = new ArrayList<>();
        for (Path page : List.of(README, PROJECT.resolve("docs/getting-started.md"))) {
            Matcher fences = FENCE.matcher(Files.readString(page));
            String text = Files.readString(page);
            Matcher make = Pattern.compile("(?m)(?:`|^\\s*)make ([a-z][a-z0-9-]*)").matcher(text);
            while (make.find()) if (!Pattern.compile("(?m)^" + Pattern.quote(make.group(1)) + ":").matcher(makefile).find()) missing.add(page.getFileName() + ": make " + make.group(1));
            Matcher cmd = Pattern.compile("(?:jdkmatrix\\.sh|`jdkmatrix) ([a-z][a-z-]*)").matcher(text);
            while (cmd.find()) {
                String sub = cmd.group(1);
                if (!subs.contains(sub) && !List.of("setup", "publish").contains(sub)) missing.add(page.getFileName() + ": jdkmatrix " + sub);
            }
            assertThat(fences.find()).isTrue();
        }
        assertThat(missing).as("commands the pages name that do not exist").isEmpty();
    }

    @Test
    void theReadmeFitsOnAScreen() throws IOException {
        assertThat(Files.readAllLines(README)).as("README.md lines; move reference material into a page under docs/")
                .hasSizeLessThanOrEqualTo(README_MAX_LINES);
    }

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(README, PROJECT.resolve("CONTRIBUTING.md")));
        try (Stream<Path> docs = Files.walk(PROJECT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        assertThat(pages).as("the pages under docs/").hasSizeGreaterThan(10);
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            for (String target : links(Files.readString(page))) {
                if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                    continue; // https:, mailto:, file: ... are not ours to check
                }
                checked++;
                String problem = problem(page, target);
                if (problem != null) {
                    broken.add(PROJECT.relativize(page) + ": (" + target + ") " + problem);
                }
            }
        }
        assertThat(broken).as("broken relative links in README.md and docs/").isEmpty();
        assertThat(checked).as("relative links checked").isGreaterThan(50);
    }

    /** The pages whose fenced commands a reader copies (the performance pages quote older harnesses on purpose). */
    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(README, PROJECT.resolve("CONTRIBUTING.md")));
        try (Stream<Path> docs = Files.list(PROJECT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md") && !p.getFileName().toString().startsWith("performance")).sorted().forEach(pages::add);
        }
        return pages;
    }

    private static final Pattern PLAN_COMMAND = Pattern.compile("^\\$? *(?:make plan MATRIX=(\\S+)|harness/scripts/jdkmatrix\\.sh plan --matrix (\\S+?);?)(?:\\s|$)");

    @Test
    void theDocsCheapCommandsRunAsWritten() throws IOException {
        int checked = 0;
        List<String> failed = new ArrayList<>();
        for (Path page : pages()) {
            Matcher fences = FENCE.matcher(Files.readString(page));
            while (fences.find()) {
                for (String line : fences.group().split("\n")) {
                    assertThat(line).as(PROJECT.relativize(page) + ": a bare java -jar fails where the default java is 17; use harness/scripts/jdkmatrix.sh or make")
                            .doesNotContain("java -jar harness/target/jdkmatrix.jar");
                    Matcher m = PLAN_COMMAND.matcher(line);
                    if (!m.find() || line.contains("exit $?")) continue; // a quoted refusal: DocsIT compares it with the page
                    Path matrix = PROJECT.resolve(m.group(1) != null ? m.group(1) : m.group(2));
                    if (!Files.isRegularFile(matrix)) continue; // a file the page shows, not one of the project's
                    StringWriter err = new StringWriter();
                    int code = Main.execute(new String[] {"plan", "--matrix", matrix.toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err));
                    checked++;
                    if (code != 0) failed.add(PROJECT.relativize(page) + ": " + line.strip() + " -> exit " + code + ": " + err);
                }
            }
        }
        assertThat(failed).isEmpty();
        assertThat(checked).as("plan commands of the docs run").isGreaterThanOrEqualTo(1);
    }

    @Test
    void everyCommandsHelpPrintsWithoutAWarningAndVersionSaysWhichJdkmatrix() {
        java.io.PrintStream was = System.err;
        java.io.ByteArrayOutputStream stderr = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(stderr, true));
        try {
            List<String> subs = new ArrayList<>(new picocli.CommandLine(new Main()).getSubcommands().keySet());
            assertThat(subs).contains("run", "plan", "compare", "prune");
            for (String sub : subs) {
                if (sub.equals("help")) continue;
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int code = Main.execute(new String[] {sub, "--help"}, new PrintWriter(out), new PrintWriter(err));
                assertThat(code).as(sub + " --help: " + err).isZero();
                assertThat(out.toString()).as(sub + " --help").contains("Usage: jdkmatrix " + sub);
            }
            StringWriter version = new StringWriter();
            assertThat(Main.execute(new String[] {"--version"}, new PrintWriter(version), new PrintWriter(new StringWriter()))).isZero();
            assertThat(version.toString()).startsWith("jdkmatrix ");
        } finally {
            System.setErr(was);
        }
        assertThat(stderr.toString()).as("picocli's warnings (a '%' not written '%%' in a description)").doesNotContain("picocli WARN");
    }

    /** Targets of the Makefile that only other targets use. */
    static final Set<String> INTERNAL_TARGETS = Set.of("help", "jdk", "check-no-jdk", "check-resume", "check-scripts", "check-explorer", "check-dist", "setup", "chromium");

    @Test
    void makeHelpNamesEveryTargetAPersonRuns() throws IOException {
        String makefile = Files.readString(PROJECT.resolve("Makefile"));
        Matcher phony = Pattern.compile("(?m)^\\.PHONY: *(.+)$").matcher(makefile);
        assertThat(phony.find()).isTrue();
        String help = makefile.lines().filter(l -> l.startsWith("#   ")).collect(java.util.stream.Collectors.joining("\n"));
        List<String> missing = new ArrayList<>();
        for (String target : phony.group(1).trim().split("\\s+")) {
            if (!INTERNAL_TARGETS.contains(target) && !Pattern.compile("make " + Pattern.quote(target) + "\\b").matcher(help).find()) missing.add(target);
        }
        assertThat(missing).as("targets make help does not name (the lines starting '#   ' at the top of the Makefile)").isEmpty();
    }

    @Test
    void aBrokenLinkIsSeen() throws IOException {
        Path page = WORKLOADS_PAGE;
        assertThat(problem(page, "matrix.md")).isNull();
        assertThat(problem(page, "no-such-page.md")).contains("no such file");
        assertThat(problem(page, "jdks.md#air-gapped-mode")).isNull();
        assertThat(problem(page, "jdks.md#no-such-heading")).contains("no heading");
        assertThat(problem(page, "#your-own-workload")).isNull();
        assertThat(slug("Reference run: the write-ups against this machine")).isEqualTo("reference-run-the-write-ups-against-this-machine");
        assertThat(slug("A. 10,000 sleeping tasks: `fixed:200` vs virtual")).isEqualTo("a-10000-sleeping-tasks-fixed200-vs-virtual");
    }

    /** Why a link from {@code page} to {@code target} does not resolve, or null when it does. */
    static String problem(Path page, String target) throws IOException {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!Files.exists(resolved)) {
            return "no such file: " + PROJECT.relativize(resolved);
        }
        if (anchor != null && resolved.toString().endsWith(".md") && !anchors(resolved).contains(anchor)) {
            return "no heading with the anchor #" + anchor + " in " + PROJECT.relativize(resolved);
        }
        return null;
    }

    /** GitHub's anchors of a Markdown file's headings (outside code blocks), duplicates numbered. */
    static Set<String> anchors(Path markdown) throws IOException {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        Matcher m = HEADING.matcher(FENCE.matcher(Files.readString(markdown)).replaceAll(""));
        while (m.find()) {
            String slug = slug(m.group(1));
            int n = seen.merge(slug, 1, Integer::sum);
            anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
        }
        return anchors;
    }

    /** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
    static String slug(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    private static List<String> links(String markdown) {
        String prose = INLINE_CODE.matcher(FENCE.matcher(markdown).replaceAll("")).replaceAll("");
        List<String> targets = new ArrayList<>();
        Matcher m = LINK.matcher(prose);
        while (m.find()) {
            targets.add(m.group(1));
        }
        return targets;
    }

    /** The text between {@code <!-- NAME:begin ... -->}'s line and {@code <!-- NAME:end -->}. */
    static String between(Path file, String name) throws IOException {
        String text = Files.readString(file);
        int begin = text.indexOf("<!-- " + name + ":begin");
        int end = text.indexOf("<!-- " + name + ":end -->");
        assertThat(begin).as(file + " has the " + name + ":begin marker").isNotNegative();
        assertThat(end).as(file + " has the " + name + ":end marker").isGreaterThan(begin);
        return text.substring(text.indexOf('\n', begin) + 1, end);
    }
}
