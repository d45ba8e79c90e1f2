package dev.jdkmatrix;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

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
    static final ArchRule onlyCliPrints = noClasses().that().resideOutsideOfPackages("dev.jdkmatrix.cli..", "dev.jdkmatrix.workloads..")
            .should().accessField(System.class, "out").orShould().accessField(System.class, "err")
            .orShould().callMethod(System.class, "exit", int.class);

    @ArchTest
    static final ArchRule noStageReachesIntoTheCli = noClasses().that().resideOutsideOfPackage("dev.jdkmatrix.cli..")
            .should().dependOnClassesThat().resideInAPackage("dev.jdkmatrix.cli..");
}
