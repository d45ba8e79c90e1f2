package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.run.ItSupport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jdkmatrix jmh JAR --jdk 21,25} in real containers, as a newcomer runs it: examples/jmh's
 * jar on jdkmatrix's own JDK 21 and 25, no matrix file, with the data file its benchmark reads; the matrix it ran in the results folder,
 * both JDKs in every round, and the run's last lines its answer.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
class OwnJarIT {

    @TempDir
    Path tmp;

    @Test
    void oneCommandRunsAJmhJarOnTwoJdksAndEndsWithItsAnswer() throws IOException {
        Path out = tmp.resolve("first");
        StringWriter printed = new StringWriter();
        PrintWriter w = new PrintWriter(printed, true);
        String before = System.getProperty("jdkmatrix.dockerfiles");
        System.setProperty("jdkmatrix.dockerfiles", ItSupport.PROJECT.toString()); // as the launcher names jdkmatrix's own Dockerfile.jdkNN
        int code;
        try {
            code = Main.execute(new String[] {"jmh", ItSupport.PROJECT.resolve("examples/jmh/target/benchmarks.jar").toString(), "--jdk", "21,25",
                    "--benchmarks", "WordsBench\\.countWords", "--files", ItSupport.PROJECT.resolve("examples/jmh/data").toString(), "--jmh-args", "-f 1 -wi 1 -i 2 -w 300ms -r 300ms", "--repetitions", "3",
                    "--out", out.toString(), "--no-report", "--progress", "lines", ItSupport.NO_LEASE, "--workloads-jar", ItSupport.JAR.toString()}, w, w);
        } finally {
            if (before == null) System.clearProperty("jdkmatrix.dockerfiles");
            else System.setProperty("jdkmatrix.dockerfiles", before);
        }
        String text = printed.toString();
        assertThat(code).as(text).isZero();
        assertThat(out.resolve("matrix.yaml")).exists();
        assertThat(text).contains("jdkmatrix: the matrix of this command is " + out.resolve("matrix.yaml"), out.resolve("matrix.yaml") + ": 2 cells, 6 runs");
        java.util.List<RawRow> rows = dev.jdkmatrix.results.format.RawCsv.read(out.resolve("raw.csv"));
        for (int round = 1; round <= 3; round++) {
            int r = round;
            assertThat(rows.stream().filter(x -> x.rep() == r && x.ok()).map(x -> x.key().jdk())).as("round %d", r).containsExactlyInAnyOrder("21", "25");
        }
        // the answer last: 3 rounds decide nothing, and it says so in words
        String answer = text.substring(text.indexOf("jdkmatrix: the answer"));
        assertThat(answer).contains("0 of 1 comparison decided:", "undecided: JDK 25 is ", " than JDK 21 [", "3 rounds of the 6 a verdict takes", "undecided: 1; 1 ran fewer than the 6 rounds");
        assertThat(out.resolve("suites.csv")).exists();
        assertThat(Files.readString(out.resolve("comparisons.csv"))).contains("undecided: JDK 25 is");
    }
}
