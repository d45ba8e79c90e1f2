package dev.jdkmatrix;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** The stages talk through records: matrix and results know nothing of Docker, the CLI or output. */
@AnalyzeClasses(packages = "dev.jdkmatrix", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule matrixIsPure = noClasses().that().resideInAPackage("dev.jdkmatrix.matrix..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.run..", "dev.jdkmatrix.images..", "dev.jdkmatrix.cli..",
                    "dev.jdkmatrix.results..", "org.testcontainers..", "com.github.dockerjava..", "picocli..", "com.opencsv..");

    @ArchTest
    static final ArchRule resultsModelIsPure = noClasses().that().resideInAPackage("dev.jdkmatrix.results")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.run..", "dev.jdkmatrix.images..", "dev.jdkmatrix.cli..",
                    "dev.jdkmatrix.matrix..", "dev.jdkmatrix.results.format..", "org.testcontainers..", "com.github.dockerjava..",
                    "picocli..", "com.opencsv..", "com.fasterxml..", "java.io..", "java.nio.file..");

    @ArchTest
    static final ArchRule reportReadsOnlyStoredResults = noClasses().that().resideInAPackage("dev.jdkmatrix.report..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.run..", "dev.jdkmatrix.images..", "dev.jdkmatrix.cli..",
                    "dev.jdkmatrix.matrix..", "org.testcontainers..", "com.github.dockerjava..", "picocli..");

    @ArchTest
    static final ArchRule claimsReadOnlyStoredResults = noClasses().that().resideInAPackage("dev.jdkmatrix.claims..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.run..", "dev.jdkmatrix.images..", "dev.jdkmatrix.cli..",
                    "dev.jdkmatrix.report..", "dev.jdkmatrix.matrix..", "org.testcontainers..", "com.github.dockerjava..", "picocli..");

    @ArchTest
    static final ArchRule historyReadsOnlyStoredResults = noClasses().that().resideInAPackage("dev.jdkmatrix.history..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.run..", "dev.jdkmatrix.images..", "dev.jdkmatrix.cli..",
                    "dev.jdkmatrix.report..", "dev.jdkmatrix.claims..", "dev.jdkmatrix.matrix..", "org.testcontainers..", "com.github.dockerjava..",
                    "picocli..", "org.knowm..");

    @ArchTest
    static final ArchRule githubKnowsOnlyItsApi = noClasses().that().resideInAPackage("dev.jdkmatrix.github..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.run..", "dev.jdkmatrix.engine..", "dev.jdkmatrix.images..", "dev.jdkmatrix.cli..",
                    "dev.jdkmatrix.matrix..", "dev.jdkmatrix.results..", "dev.jdkmatrix.report..", "dev.jdkmatrix.history..", "dev.jdkmatrix.export..",
                    "dev.jdkmatrix.suite..", "dev.jdkmatrix.claims..", "dev.jdkmatrix.output..", "dev.jdkmatrix.model..")
            .because("the door to GitHub's REST API knows its requests and nothing of the harness's");

    /** The formats (export) are written from stored results and the history: nothing of a session, the engine, the gallery or the command line. */
    @ArchTest
    static final ArchRule formatsKnowOnlyWhatTheyWrite = noClasses().that().resideInAPackage("dev.jdkmatrix.export..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.run..", "dev.jdkmatrix.engine..", "dev.jdkmatrix.images..",
                    "dev.jdkmatrix.cli..", "dev.jdkmatrix.report..", "dev.jdkmatrix.matrix..", "org.testcontainers..", "com.github.dockerjava..", "picocli..")
            .allowEmptyShould(false);

    /** A chart kind draws from the shared vocabulary (ChartStyle, ChartText, JdkNotes, ChartCells), never from another kind: each is a room of its own. */
    @ArchTest
    static final ArchRule chartKindsDoNotDependOnEachOther = noClasses().that().implement("dev.jdkmatrix.report.chart.ChartKind")
            .should().dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe("are another chart kind",
                    (com.tngtech.archunit.core.domain.JavaClass c) -> c.isAssignableTo("dev.jdkmatrix.report.chart.ChartKind") && !c.getName().equals("dev.jdkmatrix.report.chart.ChartKind")))
            .allowEmptyShould(false);

    /** report's rooms: the chart kinds and their vocabulary (report.chart) and the profile pages (report.profile) under the gallery (report), the HTML escaper (report.html) under all. */
    @ArchTest
    static final ArchRule reportChartsStandAlone = noClasses().that().resideInAPackage("dev.jdkmatrix.report.chart")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.report", "dev.jdkmatrix.report.profile")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule reportProfilesStandAlone = noClasses().that().resideInAPackage("dev.jdkmatrix.report.profile")
            .should().dependOnClassesThat().resideInAPackage("dev.jdkmatrix.report")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule htmlIsTheReportsGroundFloor = noClasses().that().resideInAPackage("dev.jdkmatrix.report.html")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.report", "dev.jdkmatrix.report.chart", "dev.jdkmatrix.report.profile")
            .allowEmptyShould(false);

    /** The readers of a run's output are the floor under the session and the engine: what a container gave back, read, with nothing of either. */
    @ArchTest
    static final ArchRule outputKnowsNoSessionNorEngine = noClasses().that().resideInAPackage("dev.jdkmatrix.output")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.run..", "dev.jdkmatrix.engine..", "dev.jdkmatrix.cli..")
            .allowEmptyShould(false);

    /**
     * The engine room (what a run is measured on: Docker and Kubernetes behind EngineSession and RunEngine, the labels, lock-down,
     * lease, sweep and prune) knows nothing of the session: the session (run) uses it, never the reverse.
     */
    @ArchTest
    static final ArchRule theEngineRoomKnowsNoSession = noClasses().that().resideInAPackage("dev.jdkmatrix.engine")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.run..", "dev.jdkmatrix.cli..", "dev.jdkmatrix.report..",
                    "dev.jdkmatrix.claims..", "dev.jdkmatrix.history..")
            .allowEmptyShould(false);

    /**
     * The Docker client stays behind the engine's door (engine.EngineSession: the Docker session, the runners, the lease, the
     * probe, the sweep) and inside image building (images): the session, the results and the commands ask the engine, never
     * the client (before 2026-12-02 it was imported by 5 files of run).
     */
    @ArchTest
    static final ArchRule theDockerClientStaysBehindTheEngine = noClasses().that().resideOutsideOfPackages("dev.jdkmatrix.engine..", "dev.jdkmatrix.images..")
            .should().dependOnClassesThat().resideInAnyPackage("com.github.dockerjava..", "org.testcontainers..")
            .because("a session talks to its engine through engine.EngineSession, which keeps the Docker client inside");

    @ArchTest
    static final ArchRule onlyCliPrints = noClasses().that().resideOutsideOfPackages("dev.jdkmatrix.cli..", "dev.jdkmatrix.workloads..")
            .should().accessField(System.class, "out").orShould().accessField(System.class, "err")
            .orShould().callMethod(System.class, "exit", int.class);

    @ArchTest
    static final ArchRule noStageReachesIntoTheCli = noClasses().that().resideOutsideOfPackage("dev.jdkmatrix.cli..")
            .should().dependOnClassesThat().resideInAPackage("dev.jdkmatrix.cli..");

    /** The model (a cell's key and its limits) is the ground floor both the matrix and the results stand on: it depends on no other package of ours. */
    @ArchTest
    static final ArchRule modelIsTheGroundFloor = noClasses().that().resideInAPackage("dev.jdkmatrix.model")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.matrix..", "dev.jdkmatrix.results..", "dev.jdkmatrix.run..", "dev.jdkmatrix.images..",
                    "dev.jdkmatrix.report..", "dev.jdkmatrix.claims..", "dev.jdkmatrix.history..", "dev.jdkmatrix.cli..", "dev.jdkmatrix.workloads..")
            .allowEmptyShould(false);

    /**
     * The statistics of a series (E-Divisive, the steady-state classifier) stand beside the model, beneath the results, the
     * readers of a run's output and the history that all use them: of ours they know only the model (a JMH iteration).
     */
    @ArchTest
    static final ArchRule statsStandOnTheModelAlone = noClasses().that().resideInAPackage("dev.jdkmatrix.stats")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jdkmatrix.matrix..", "dev.jdkmatrix.results..", "dev.jdkmatrix.run..", "dev.jdkmatrix.images..",
                    "dev.jdkmatrix.output..", "dev.jdkmatrix.engine..", "dev.jdkmatrix.suite..", "dev.jdkmatrix.export..", "dev.jdkmatrix.github..",
                    "dev.jdkmatrix.report..", "dev.jdkmatrix.claims..", "dev.jdkmatrix.history..", "dev.jdkmatrix.cli..", "dev.jdkmatrix.workloads..")
            .allowEmptyShould(false);

    /**
     * A raw row's columns are read by name only in the CSV views (results.format) and the row itself: everything else reads the
     * typed model (a cell's key, RunFigure, the named accessors). A cell's summary is typed through and through ({@code CellSummary});
     * its text is made and read only by the CSV view ({@code SummaryColumns}). The claims read a column a person named through
     * RunFigure and SummaryFigure too.
     */
    @ArchTest
    static final ArchRule columnsAreReadByNameOnlyInTheViews = noClasses().that().resideOutsideOfPackages("dev.jdkmatrix.results.format..")
            .and().doNotHaveFullyQualifiedName(dev.jdkmatrix.results.RawRow.class.getName())
            .should().callMethod(dev.jdkmatrix.results.RawRow.class, "column", String.class)
            .orShould().callMethod(dev.jdkmatrix.results.RawRow.class, "values")
            .orShould().dependOnClassesThat().haveFullyQualifiedName(dev.jdkmatrix.results.format.SummaryColumns.class.getName());

    /**
     * The matrix package's files form no cycle: each section of the parser takes the file being read ({@code MatrixYaml}) as a
     * value and its keys from {@code MatrixKeys}; none knows {@code MatrixParser}, which calls them (before 2026-11-28 eleven files
     * were one cycle through it). A nested class counts as its file.
     */
    @ArchTest
    static void theMatrixFilesFormNoCycle(JavaClasses classes) {
        String pkg = "dev.jdkmatrix.matrix";
        Map<String, Set<String>> uses = new TreeMap<>();
        for (JavaClass c : classes) {
            if (!c.getPackageName().equals(pkg)) continue;
            Set<String> out = uses.computeIfAbsent(file(c), k -> new TreeSet<>());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass t = d.getTargetClass().getBaseComponentType();
                if (t.getPackageName().equals(pkg) && !file(t).equals(file(c))) out.add(file(t));
            }
        }
        assertThat(uses).as("the matrix package's classes").containsKeys("MatrixParser", "MatrixYaml", "Combinations", "Cells");
        for (String start : uses.keySet()) {
            List<String> cycle = cycleFrom(start, start, uses, new ArrayList<>(List.of(start)), new TreeSet<>());
            assertThat(cycle).as("a cycle among the matrix package's files: %s; fix: pass what the callee needs as a value instead of its caller", cycle).isEmpty();
        }
    }

    private static String file(JavaClass c) {
        String name = c.getName().substring(c.getPackageName().length() + 1);
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }

    /** A path from {@code at} back to {@code start} (the files in order), or an empty list. */
    private static List<String> cycleFrom(String start, String at, Map<String, Set<String>> uses, List<String> path, Set<String> seen) {
        for (String next : uses.getOrDefault(at, Set.of())) {
            if (next.equals(start)) {
                List<String> cycle = new ArrayList<>(path);
                cycle.add(start);
                return cycle;
            }
            if (!seen.add(next)) continue;
            path.add(next);
            List<String> found = cycleFrom(start, next, uses, path, seen);
            if (!found.isEmpty()) return found;
            path.remove(path.size() - 1);
        }
        return List.of();
    }
}
