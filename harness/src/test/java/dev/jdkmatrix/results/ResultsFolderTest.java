package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.format.FolderProblem;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.ResultsFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A results folder held: each file read once, rows appended as the file holds them, one writer at a time, refusals with their fix. */
class ResultsFolderTest {

    @TempDir
    Path tmp;

    private static RawRow row(int seq, String detail) {
        return Rows.of("c").run("r", seq).rep(seq).wall(100 + seq).with("status_detail", detail).build();
    }

    private Path folderWith(List<RawRow> rows) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("f"));
        try (RawCsv csv = RawCsv.append(dir.resolve(ResultsFolder.RAW), List.of())) {
            rows.forEach(csv::write);
        }
        return dir;
    }

    /** The rows are read when first asked and kept: a later change of the file is not read again (a session's end reads what its start read, and what it appended). */
    @Test
    void eachFileIsReadOnceAndKept() throws IOException {
        Path dir = folderWith(List.of(row(1, ""), row(2, "")));
        ResultsFolder folder = ResultsFolder.at(dir);
        assertThat(folder.meta()).isNull();
        assertThat(folder.rows()).hasSize(2);
        Files.writeString(dir.resolve(ResultsFolder.RAW), "");
        assertThat(folder.rows()).hasSize(2);
        assertThat(ResultsFolder.at(dir).rows()).isEmpty();
    }

    /** What a process appends is kept as raw.csv now holds it (a detail of several lines on one), the same rows a fresh read gives. */
    @Test
    void appendedRowsAreKeptAsTheFileHoldsThem() throws IOException {
        Path dir = folderWith(List.of(row(1, "")));
        try (ResultsFolder folder = ResultsFolder.lock(dir)) {
            try (ResultsFolder.Appending rows = folder.append(List.of())) {
                rows.write(row(2, "first line\nsecond line"));
                rows.write(row(3, "one\r\ntwo"));
            }
            List<RawRow> held = folder.rows();
            assertThat(held).hasSize(3);
            assertThat(held.get(1).statusDetail()).isEqualTo("first line | second line");
            assertThat(held).isEqualTo(ResultsFolder.at(dir).rows());
        }
    }

    /** One process writes a folder: a second lock is refused with its fix, and the folder is free again once let go. */
    @Test
    void aSecondWriterIsRefusedUntilTheFirstLetsGo() throws IOException {
        Path dir = tmp.resolve("new/folder");
        try (ResultsFolder first = ResultsFolder.lock(dir)) {
            assertThat(dir.resolve("logs")).isDirectory();
            assertThatThrownBy(() -> ResultsFolder.lock(dir)).isInstanceOfSatisfying(ExitException.class, e -> {
                assertThat(e.exitCode()).isEqualTo(ExitException.BAD_INPUT);
                assertThat(e.getMessage()).contains("is in use by another jdkmatrix process", "fix: wait for it to finish, or write to another folder with --out");
            });
        }
        try (ResultsFolder again = ResultsFolder.lock(dir)) {
            assertThat(again.dir()).isEqualTo(dir);
        }
    }

    /** A folder a command cannot take is refused with what it lacks and what to name instead; a published night (raw.csv.gz alone) is read, and not appended to. */
    @Test
    void refusalsNameWhatIsMissingAndTheFix() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertThatThrownBy(() -> ResultsFolder.read(empty, "merge", false)).isInstanceOf(ExitException.class)
                .hasMessageContaining("merge: " + empty + " is not a results folder: it has no raw.csv").hasMessageContaining("fix: name a folder written by 'run' or 'merge'");
        Path dir = folderWith(List.of(row(1, "")));
        assertThatThrownBy(() -> ResultsFolder.read(dir, "pr-verdict", true)).isInstanceOf(ExitException.class)
                .hasMessageContaining("has raw.csv but no run.json");
        Path gz = Files.createDirectories(tmp.resolve("gz"));
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz.resolve(ResultsFolder.RAW_GZ)))) {
            out.write(Files.readAllBytes(dir.resolve(ResultsFolder.RAW)));
        }
        assertThat(ResultsFolder.read(gz, null, false).rows()).hasSize(1);
        try (ResultsFolder held = ResultsFolder.lock(gz)) {
            assertThatThrownBy(() -> held.append(List.of())).isInstanceOf(ExitException.class).hasMessageContaining("holds raw.csv.gz")
                    .hasMessageContaining("fix: write to a new folder with --out");
        }
    }

    /** Each refusal is a typed problem a command can act on: the kind, the folder, what it lacks; the rows passed over are one too, refusing nothing. */
    @Test
    void problemsAreTypedValues() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("nothing"));
        assertThat(ResultsFolder.at(empty).missing(false)).containsInstanceOf(FolderProblem.NoRows.class);
        Files.writeString(empty.resolve(ResultsFolder.RUN_JSON), "{}");
        assertThat(ResultsFolder.at(empty).missing(false)).hasValueSatisfying(p -> {
            assertThat(p).isInstanceOf(FolderProblem.NoRowsBesideRunJson.class);
            assertThat(p.where()).isEqualTo(empty);
            assertThat(p.text()).isEqualTo(empty + " is not a results folder: it has run.json but no raw.csv (nor raw.csv.gz, as a published night keeps it)\n  fix: " + p.fix());
        });
        Path dir = folderWith(List.of(row(1, ""), row(2, "")));
        assertThat(ResultsFolder.at(dir).missing(false)).isEmpty();
        assertThat(ResultsFolder.at(dir).missing(true)).contains(new FolderProblem.NoRunJson(dir, "raw.csv"));
        assertThatThrownBy(() -> ResultsFolder.at(dir).requireRunJson("label")).isInstanceOfSatisfying(FolderProblem.Refused.class, e -> {
            assertThat(e.problem()).isEqualTo(new FolderProblem.NoRunJson(dir, "raw.csv"));
            assertThat(e.exitCode()).isEqualTo(ExitException.BAD_INPUT);
            assertThat(e.getMessage()).startsWith("label: " + dir + " has raw.csv but no run.json\n  fix: ");
        });
        try (ResultsFolder first = ResultsFolder.lock(dir)) {
            assertThatThrownBy(() -> ResultsFolder.lock(dir)).isInstanceOfSatisfying(FolderProblem.Refused.class,
                    e -> assertThat(e.problem()).isEqualTo(new FolderProblem.InUse(dir)));
        }
        assertThat(ResultsFolder.at(dir).passedOver()).isEmpty();
        Files.writeString(dir.resolve(ResultsFolder.RAW), "1,2\n", java.nio.file.StandardOpenOption.APPEND);
        ResultsFolder cut = ResultsFolder.at(dir);
        assertThat(cut.rows()).hasSize(2);
        assertThat(cut.passedOver()).hasValueSatisfying(p -> {
            assertThat(p.lines()).containsExactly(4L);
            assertThat(p.note()).isEqualTo("raw.csv: 1 row cut short or damaged (line 4) passed over");
        });
        assertThat(cut.cut()).isEqualTo(cut.passedOver().orElseThrow().note());
    }
}
