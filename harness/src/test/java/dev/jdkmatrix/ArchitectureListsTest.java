package dev.jdkmatrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md's lists of the files a new workload kind and a new engine touch, held to the code rather than to
 * themselves (issue 75 item 5): the files that tell one member of the closed set from another are found in the harness's
 * sources, and each must be named in its paragraph. A switch naming a member in a case label, or a test of one member by
 * {@code ==}, must answer for a new member and is counted; a type test ({@code instanceof}) of one member, where a new one
 * takes the other branch, is named in the paragraph's list of files to read. DocsTest holds that every named file exists
 * and that the count is the named files' plus the new member's own.
 */
class ArchitectureListsTest {

    static final Path PROJECT = Path.of(System.getProperty("jdkmatrix.projectDir", ".."));
    static final Path MAIN = PROJECT.resolve("harness/src/main/java/dev/jdkmatrix");

    /** The workload kinds: WorkloadKind's records and CellKey.Kind's constants, as the code names them. */
    @Test
    void theFilesThatTellAWorkloadKindFromAnotherAreInItsList() throws IOException {
        String records = names(dev.jdkmatrix.matrix.WorkloadKind.class.getPermittedSubclasses());
        String constants = names(dev.jdkmatrix.model.CellKey.Kind.values());
        assertThat(records.split("\\|")).as("WorkloadKind's records").hasSizeGreaterThanOrEqualTo(3);
        Found found = found(
                "case (WorkloadKind\\.)?(" + records + ") \\w+ ->|case (CellKey\\.)?(Kind\\.)?(" + constants + ")\\b(?! *\\()",
                "[!=]= (CellKey\\.)?Kind\\.(" + constants + ")\\b",
                "instanceof (WorkloadKind\\.)?(" + records + ")\\b(?!\\.)");
        assertThat(found.answering()).as("switches over the kinds in the code").hasSizeGreaterThanOrEqualTo(5);
        holds("**A new workload kind**", found, "matrix/WorkloadKind.java", "model/CellKey.java");
    }

    /** The engines: Matrix.Engine's constants and the runners and session engines the sealed interfaces permit. */
    @Test
    void theFilesThatTellAnEngineFromAnotherAreInItsList() throws IOException {
        String constants = names(dev.jdkmatrix.matrix.Matrix.Engine.values());
        String runners = names(dev.jdkmatrix.engine.RunEngine.class.getPermittedSubclasses());
        String sessions = names(dev.jdkmatrix.engine.EngineSession.class.getPermittedSubclasses());
        Found found = found(
                "case (Matrix\\.)?(Engine\\.)?(" + constants + ")\\b|case (EngineSession\\.)?(" + sessions + "|" + runners + ") \\w+ ->",
                "[!=]= (Matrix\\.)?Engine\\.(" + constants + ")\\b",
                "instanceof (EngineSession\\.)?(" + sessions + "|" + runners + ")\\b");
        assertThat(found.answering()).as("switches over the engines in the code").isNotEmpty();
        holds("**A new engine**", found, "matrix/Matrix.java", "engine/RunEngine.java", "engine/EngineSession.java");
    }

    /** Files (relative to the harness's package root) that answer for every member, and those that test for one by type. */
    record Found(Set<String> answering, Set<String> typeTests) {}

    private static Found found(String caseLabel, String equality, String typeTest) throws IOException {
        Set<String> answering = new TreeSet<>();
        Set<String> typeTests = new TreeSet<>();
        Pattern answers = Pattern.compile(caseLabel + "|" + equality);
        Pattern tests = Pattern.compile(typeTest);
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String code = withoutComments(Files.readString(p));
                String name = MAIN.relativize(p).toString().replace('\\', '/');
                if (answers.matcher(code).find()) answering.add(name);
                else if (tests.matcher(code).find()) typeTests.add(name);
            }
        }
        return new Found(answering, typeTests);
    }

    /** Every file found (and the set's own declarations) is named in the paragraph: the answering ones before its count, the others after. */
    private static void holds(String heading, Found found, String... declaring) throws IOException {
        String page = Files.readString(PROJECT.resolve("docs/architecture.md"));
        int start = page.indexOf(heading);
        assertThat(start).as("docs/architecture.md has the list " + heading).isNotNegative();
        int count = page.indexOf(" files (", start);
        int end = Stream.of("\n\n", "\n- ", "\n  **").mapToInt(s -> page.indexOf(s, start + 1)).filter(i -> i > 0).min().orElse(page.length());
        assertThat(count).as(heading + "'s paragraph says how many files").isBetween(start, end);
        Set<String> counted = named(page.substring(start, count));
        Set<String> read = named(page.substring(count, end));
        Set<String> answering = new TreeSet<>(found.answering());
        answering.addAll(Arrays.asList(declaring));
        assertThat(counted).as("docs/architecture.md's " + heading + " names every file whose switch or == must answer for a new one (found in the code)")
                .containsAll(answering);
        Set<String> typeTests = new TreeSet<>(found.typeTests());
        typeTests.removeAll(counted);
        assertThat(read).as("docs/architecture.md's " + heading + " names, after its count, every file that tests for one by type (found in the code)")
                .containsAll(typeTests);
    }

    /** The files a text names as {@code `package.Class`} or {@code `package.Class.member`}, as paths under the package root. */
    private static Set<String> named(String text) {
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("`((?:[a-z]+\\.)+)([A-Z][A-Za-z]*)[^`]*`").matcher(text);
        while (m.find()) out.add(m.group(1).replace('.', '/') + m.group(2) + ".java");
        return out;
    }

    private static String names(Object[] members) {
        return String.join("|", Stream.of(members).map(m -> m instanceof Class<?> c ? c.getSimpleName() : m.toString()).toList());
    }

    private static String withoutComments(String code) {
        return code.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("(?m)//.*$", "");
    }
}
