package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Rows;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Broken data as it comes: a raw.csv row cut in half, profile stacks cut, empty or not gzipped, a
 * failed profile run, a cell whose every run failed, two runs with no cell in common. Each is
 * named and passed over (on screen and in the gallery), and the rest of the work is done.
 */
class DamagedDataTest {

    @TempDir
    Path tmp;

    /** Six ok rounds of two cells (JDK 21 and 25) of a sleep cell, in a folder of its own. */
    static Path folder(Path dir, String workload, double wall25, String status25) throws IOException {
        Files.createDirectories(dir);
        List<RawRow> rows = new ArrayList<>();
        for (int rep = 1; rep <= 6; rep++) {
            rows.add(seq(Rows.measured(workload, "wait-ms=20", "virtual", "21", "1", rep, 100 + rep, "ok"), rows.size() + 1));
            rows.add(seq(Rows.measured(workload, "wait-ms=20", "virtual", "25", "1", rep, wall25 + rep, status25), rows.size() + 1));
        }
        try (var csv = RawCsv.append(dir.resolve("raw.csv"), List.of())) {
            rows.forEach(csv::write);
        }
        return dir;
    }

    static RawRow seq(RawRow r, int seq) {
        Rows.Builder v = Rows.from(r);
        v.with("seq", Integer.toString(seq));
        return v.build();
    }

    /** Appends a row cut in half, as a harness killed in the middle of a write leaves it. */
    static void cut(Path raw) throws IOException {
        Files.writeString(raw, "t,99,sleep(wait-ms=20) virtual tasks=100 jdk=21 cpus=1 mem=1g,meas\n", java.nio.file.StandardOpenOption.APPEND);
    }

    @Test
    void compareNamesACutRowAFailedCellAndRefusesToPassAGateThatComparedNothing() throws IOException {
        Path base = folder(tmp.resolve("base"), "sleep", 100, "ok");
        Path now = folder(tmp.resolve("now"), "sleep", 100, "oom"); // every JDK 25 run failed
        cut(now.resolve("raw.csv"));
        CommandLineTest.Result r = CommandLineTest.run("compare", base.toString(), now.toString(), "--fail-on-regression");
        assertThat(r.err()).contains("passed over:", "raw.csv: 1 row cut short or damaged (line 14) passed over");
        assertThat(r.out()).contains("**failed** (every new run failed (oom=6))", "1 failed, 1 unchanged");
        assertThat(r.code()).as("a cell whose every new run failed fails the gate").isEqualTo(ExitException.RUNS_FAILED);

        // two runs with no cell in common: said on standard error, and the gate fails
        Path other = folder(tmp.resolve("other"), "pinning", 100, "ok");
        CommandLineTest.Result none = CommandLineTest.run("compare", base.toString(), other.toString(), "--fail-on-regression");
        assertThat(none.err()).contains("share no cell", "nothing was compared", "--fail-on-regression fails", "fix:");
        assertThat(none.code()).isEqualTo(ExitException.RUNS_FAILED);
        assertThat(CommandLineTest.run("compare", base.toString(), other.toString()).code()).as("without a gate: said, not failed").isZero();

        // a threshold of 5 is 500 %: refused with what it reads as
        CommandLineTest.Result five = CommandLineTest.run("compare", base.toString(), now.toString(), "--threshold", "5");
        assertThat(five.code()).isEqualTo(ExitException.BAD_INPUT);
        assertThat(five.err()).contains("reads as 500 %", "0.05 is 5 %", "fix:");
    }

    @Test
    void aCellWithNoOkRunIsAFailedComparisonNotAMissingOne() throws IOException {
        Path run = folder(tmp.resolve("failing"), "sleep", 100, "oom"); // every JDK 25 run ran out of memory
        CommandLineTest.Result r = CommandLineTest.run("report", "--results", run.toString());
        assertThat(r.code()).as(r.err()).isZero();
        dev.jdkmatrix.report.ReportFolder folder = dev.jdkmatrix.report.ReportFolder.load(run);
        assertThat(folder.comparisons()).singleElement().satisfies(c -> {
            assertThat(c.verdict()).isEqualTo(dev.jdkmatrix.results.Comparisons.Verdict.FAILED);
            assertThat(c.note()).isEqualTo("no ok run of b (oom=6)");
        });
        String page = Files.readString(run.resolve("index.html"));
        assertThat(page).contains("failed<br><small>no ok run of b (oom=6)</small>");
        assertThat(page).contains("1 failed: a cell of the pair has no ok run.").doesNotContain("rest on intervals below 95 %");
        // where its bar would be, the wall times' section names it
        assertThat(page).contains("<h2 id=\"wall\">", "1 cell has no ok run, so no figure below: sleep(wait-ms=20) virtual tasks=100 jdk=25 cpus=1 mem=1g (oom=6)");
    }

    @Test
    void compareKeepsAHostileCellLiteralInItsMarkdown() throws IOException {
        String params = "wait-ms=`<script>alert(1)</script>`|1";
        for (String side : List.of("b", "n")) {
            Path d = Files.createDirectories(tmp.resolve(side));
            try (var csv = RawCsv.append(d.resolve("raw.csv"), List.of())) {
                for (int rep = 1; rep <= 6; rep++) csv.write(seq(Rows.measured("sleep", params, "virtual", "25", "1", rep, 100 + rep, "ok"), rep));
            }
        }
        CommandLineTest.Result r = CommandLineTest.run("compare", tmp.resolve("b").toString(), tmp.resolve("n").toString());
        assertThat(r.code()).as(r.err()).isZero();
        // a code span fenced by more backticks than the value holds, its pipe escaped: one table cell, read as written
        String row = r.out().lines().filter(l -> l.contains("alert(1)")).findFirst().orElseThrow();
        assertThat(row).startsWith("| ``sleep(wait-ms=`<script>alert(1)</script>`\\|1) virtual tasks=100 jdk=25 cpus=1 mem=1g`` |");
        assertThat(row.split("(?<!\\\\)\\|", -1)).as("cells of the table row").hasSize(9);
    }

    @Test
    void reportNamesACutRowAndDamagedOrFailedProfilesAndDrawsTheRest() throws IOException {
        Path run = folder(tmp.resolve("run"), "sleep", 150, "ok");
        Path profiles = Files.createDirectories(run.resolve("profiles"));
        // three profile runs of the JDK 25 cell: stacks cut short, not gzip at all, and a profile run that failed
        byte[] gz;
        try (var bytes = new java.io.ByteArrayOutputStream(); var out = new GZIPOutputStream(bytes)) {
            out.write("java/lang/Thread.run;Sleep.run 40\n".repeat(200).getBytes(StandardCharsets.UTF_8));
            out.finish();
            gz = bytes.toByteArray();
        }
        Files.write(profiles.resolve("00100.collapsed.gz"), java.util.Arrays.copyOf(gz, gz.length / 2));
        Files.writeString(profiles.resolve("00101.collapsed.gz"), "not gzip");
        Files.write(profiles.resolve("00102.collapsed.gz"), gz);
        try (var csv = RawCsv.append(run.resolve("raw.csv"), List.of())) {
            String[][] p = {{"100", "ok"}, {"101", "ok"}, {"102", "error"}};
            for (String[] x : p) {
                Rows.Builder v = Rows.from(Rows.measured("sleep", "wait-ms=20", "virtual", "25", "1", 1, 150, x[1]));
                v.with("seq", x[0]);
                v.with("phase", "profile");
                v.with("profile_event", "cpu");
                v.with("profile_file", "profiles/00" + x[0] + ".collapsed.gz");
                v.with("status_detail", x[1].equals("ok") ? "" : "exit 1: the agent did not start");
                csv.write(v.build());
            }
        }
        cut(run.resolve("raw.csv"));
        CommandLineTest.Result r = CommandLineTest.run("report", "--results", run.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("raw.csv: 1 row cut short or damaged (line 17) passed over",
                "profiles/00100.collapsed.gz is damaged", "profiles/00101.collapsed.gz is damaged", "the profile run ended error: exit 1: the agent did not start");
        String page = Files.readString(run.resolve("index.html"));
        assertThat(page).contains("4 damaged part(s) of this folder passed over", "left out: profiles/00100.collapsed.gz is damaged",
                "3 profile(s) left out, failed or damaged");
        assertThat(run.resolve("profiles/00100.html")).doesNotExist();
        assertThat(run.resolve("profiles/00102.html")).as("a failed profile run is no flame graph").doesNotExist();
        assertThat(page).contains("<img").contains("Summary table"); // the rest is drawn
    }
}
