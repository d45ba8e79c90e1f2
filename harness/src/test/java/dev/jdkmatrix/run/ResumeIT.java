package dev.jdkmatrix.run;

import dev.jdkmatrix.results.format.SummaryColumns;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An interrupted run is finished by --resume: no run lost, none stored twice. */
@Tag(ItSupport.SIDE_BY_SIDE)
class ResumeIT {

    @TempDir
    Path tmp;

    /** The command line in this JVM, beside the other side-by-side classes ({@link ItSupport#NO_LEASE}). */
    static int run(StringWriter err, String... args) {
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of(args));
        all.add(ItSupport.NO_LEASE);
        return ItSupport.cli(err, all.toArray(String[]::new));
    }

    /** A param value with ; = and a line break: one cell, its runs stored under the id the plan has, a resume running only what is missing. */
    @Test
    void aParamValueWithAnyCharacterIsOneCellAndResumedOnce() throws IOException {
        Path m = tmp.resolve("hostile.yaml");
        Files.writeString(m, """
                name: hostile-params
                repetitions: 2
                warmup: 0
                %s
                matrix:
                  jdk: 25
                  cpus: 1
                  memory: 256m
                  workload:
                    - name: sort
                      kind: jar
                      jar: %s
                      args: [--size, '1000', --rounds, '1']
                      params: { label: ["a;b=c,d", "line1\\nline2"] }
                """.formatted(ItSupport.jdks("25"), ItSupport.PROJECT.resolve("examples/jar/target/app.jar")));
        Path out = tmp.resolve("hostile");
        StringWriter err = new StringWriter();
        assertThat(run(err, "run", "--matrix", m.toString(), "--out", out.toString(), "--workloads-jar", ItSupport.JAR.toString(), "--progress", "lines", "--no-report"))
                .as(err.toString()).isZero();
        Path raw = out.resolve("raw.csv");
        List<String> lines = Files.readAllLines(raw);
        assertThat(lines).as("a header and 4 rows, each on its line").hasSize(1 + 4);
        // as a kill -9 would leave it: two rows stored, the third cut mid-line
        Files.writeString(raw, String.join("\n", lines.subList(0, 3)) + "\n" + lines.get(3).substring(0, 20));
        assertThat(run(err, "run", "--resume", out.toString(), "--workloads-jar", ItSupport.JAR.toString(), "--progress", "lines", "--no-report")).as(err.toString()).isZero();
        assertThat(err.toString()).contains("resuming: 2 of 4 runs are stored already");
        List<RawRow> rows = RawCsv.read(raw);
        assertThat(rows).hasSize(4).allSatisfy(r -> assertThat(r.column("status")).isEqualTo("ok"));
        assertThat(rows).extracting(RawRow::runKey).doesNotHaveDuplicates();
        assertThat(rows).extracting(r -> r.column("param_label")).containsOnly("a;b=c,d", "line1\nline2");
        var summary = dev.jdkmatrix.results.format.SummaryCsv.read(out.resolve("summary.csv"));
        assertThat(summary).hasSize(2).allSatisfy(s -> assertThat(SummaryColumns.column(s, "n")).isEqualTo("2"));
        assertThat(summary).extracting(s -> SummaryColumns.column(s, "param_label")).containsExactlyInAnyOrder("a;b=c,d", "line1\nline2");
    }

    @Test
    void resumeRunsOnlyWhatIsMissing() throws IOException {
        Path m = tmp.resolve("resume.yaml");
        Files.writeString(m, """
                name: resume
                repetitions: 2
                warmup: 1
                %s
                matrix:
                  jdk: 25
                  cpus: 1
                  memory: 256m
                  tasks: 3
                  executor: [virtual, fixed:1]
                  workload: sleep
                """.formatted(ItSupport.jdks("25")));
        Path out = tmp.resolve("out");
        String jar = ItSupport.JAR.toString();
        StringWriter err = new StringWriter();
        assertThat(run(err, "run", "--matrix", m.toString(), "--out", out.toString(), "--workloads-jar", jar, "--progress", "lines")).as(err.toString()).isZero();
        Path raw = out.resolve("raw.csv");
        List<String> lines = Files.readAllLines(raw);
        assertThat(lines).hasSize(1 + 6);

        String startedAt = dev.jdkmatrix.results.format.RunJson.read(out.resolve("run.json")).startedAt();
        // As a kill -9 would leave it: three rows stored, the fourth cut mid-line.
        Files.writeString(raw, String.join("\n", lines.subList(0, 4)) + "\n" + lines.get(4).substring(0, 20));
        assertThat(run(err, "run", "--resume", out.toString(), "--matrix", m.toString(), "--workloads-jar", jar, "--progress", "lines"))
                .as(err.toString()).isZero();
        List<RawRow> rows = RawCsv.read(raw);
        assertThat(rows).hasSize(6);
        // the run's record says it was interrupted and resumed: two sessions, with the rows each stored
        var sessions = dev.jdkmatrix.results.format.RunJson.read(out.resolve("run.json")).sessions();
        assertThat(sessions).extracting(dev.jdkmatrix.results.RunMetadata.Session::runsStored).containsExactly(6, 3); // the first stored all 6, of which the kill above lost 3
        assertThat(sessions).allSatisfy(x -> assertThat(x.endedAt()).isNotNull());
        assertThat(rows).extracting(RawRow::runKey).doesNotHaveDuplicates();
        assertThat(rows).extracting(r -> r.column("run_id")).containsOnly(rows.get(0).column("run_id"));
        assertThat(Files.readAllLines(out.resolve("summary.csv"))).hasSize(1 + 2);
        assertThat(dev.jdkmatrix.results.format.RunJson.read(out.resolve("run.json")).startedAt()).isEqualTo(startedAt);

        // A new run into a folder that holds runs is refused, and so is a resume of a changed matrix.
        StringWriter refused = new StringWriter();
        assertThat(run(refused, "run", "--matrix", m.toString(), "--out", out.toString(), "--workloads-jar", jar)).isEqualTo(ExitException.BAD_INPUT);
        assertThat(refused.toString()).contains("holds 6 stored runs", "--resume");
        Files.writeString(m, Files.readString(m).replace("tasks: 3", "tasks: 4"));
        StringWriter changed = new StringWriter();
        assertThat(run(changed, "run", "--resume", out.toString(), "--matrix", m.toString(), "--workloads-jar", jar)).isEqualTo(ExitException.BAD_INPUT);
        assertThat(changed.toString()).contains("changed since run");
        assertThat(RawCsv.read(raw)).hasSize(6);
        // another matrix file named for a resume is refused as another file, not as a change
        Path other = tmp.resolve("other.yaml");
        Files.writeString(other, Files.readString(m));
        StringWriter another = new StringWriter();
        assertThat(run(another, "run", "--resume", out.toString(), "--matrix", other.toString(), "--workloads-jar", jar)).isEqualTo(ExitException.BAD_INPUT);
        assertThat(another.toString()).contains("was started with the matrix", "another file", "leave out --matrix").doesNotContain("changed since");
    }
}
