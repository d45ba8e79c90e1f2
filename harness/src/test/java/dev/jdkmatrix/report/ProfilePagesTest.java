package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The profiles' pages of a gallery, with and without a byte budget. */
class ProfilePagesTest {

    static final String A = "java/lang/Thread.run;Bench.slow;java/util/Arrays.sort 70\njava/lang/Thread.run;Bench.slow 30\n";
    static final String B = "java/lang/Thread.run;Bench.slow;java/util/Arrays.sort 20\njava/lang/Thread.run;Bench.slow 50\njava/lang/Thread.run;Bench.slow;java/lang/Math.abs 30\n";

    private static Path profiled(Path tmp, String a, String b) throws Exception {
        Path run = tmp.resolve("profiled");
        ProfiledFolder.write(run, JmhReportTest.rows(), r -> r.column("jmh_mode").equals("thrpt"), jdk -> jdk.equals("21") ? a : b);
        return run;
    }

    @Test
    void withoutABudgetEveryFlameGraphAndDifferentialIsDrawnAndLinked(@TempDir Path tmp) throws Exception {
        Path run = profiled(tmp, A, B);
        Report.render(run, Report.Options.DEFAULT);
        String page = Files.readString(run.resolve("index.html"));
        try (var files = Files.list(run.resolve("profiles"))) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly("00041.collapsed.gz", "00041.html", "00042.collapsed.gz", "00042.html", "diff-00041-00042.svg");
        }
        assertThat(page).contains("JDK 25: 71 % fewer samples in Arrays.sort (20.0 % of 100 samples, was 70.0 % of 100)", "href=\"profiles/diff-00041-00042.svg\"",
                "href=\"profiles/00041.html\"").doesNotContain("not drawn");
    }

    @Test
    void aBudgetKeepsTheTablesAndStacksAndDrawsOnlyThePagesThatFitDifferentialsFirst(@TempDir Path tmp) throws Exception {
        // made-up stacks of 4,000 lines: each flame graph page weighs about 750 kB, the differential about 70 kB
        Path run = profiled(tmp, ProfiledFolder.manyStacks(1, 4000), ProfiledFolder.manyStacks(2, 4000));
        Report.render(run, new Report.Options(false, true, null, 400_000)); // a quarter for the profiles' pages: 100 kB
        String page = Files.readString(run.resolve("index.html"));
        assertThat(page).contains("JDK 25:", "href=\"profiles/00041.collapsed.gz\"", "href=\"profiles/00042.collapsed.gz\"", "href=\"profiles/diff-00041-00042.svg\"",
                "2 flame graph(s) and 0 differential flame graph(s) were not drawn within this gallery's bytes");
        assertThat(run.resolve("profiles/diff-00041-00042.svg")).isNotEmptyFile();
        assertThat(Files.size(run.resolve("profiles/diff-00041-00042.svg"))).isLessThanOrEqualTo(100_000);
        assertThat(run.resolve("profiles/00041.html")).doesNotExist();
        assertThat(page).doesNotContain("href=\"profiles/00041.html\"");

        Report.render(run, new Report.Options(false, true, null, 200_000)); // 50 kB: nothing fits, the table stays
        page = Files.readString(run.resolve("index.html"));
        assertThat(run.resolve("profiles/diff-00041-00042.svg")).as("removed: it no longer fits").doesNotExist();
        assertThat(page).contains("JDK 25:", "2 flame graph(s) and 1 differential flame graph(s) were not drawn").doesNotContain("diff-00041-00042.svg");

        Report.render(run, Report.Options.DEFAULT); // no budget: everything
        assertThat(run.resolve("profiles/diff-00041-00042.svg")).isNotEmptyFile();
        assertThat(run.resolve("profiles/00041.html")).isNotEmptyFile();
        assertThat(Files.readString(run.resolve("index.html"))).doesNotContain("not drawn");
    }
}
