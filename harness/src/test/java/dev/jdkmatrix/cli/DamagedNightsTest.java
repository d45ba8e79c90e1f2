package dev.jdkmatrix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.history.SiteFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 73 item 2: every value a results folder can hold, in one night of a site of good ones: a figure that is not a number
 * (NaN, infinities, an overflow, hex, empty), a start far in the future. No reader prints a stack trace: each passes the damage
 * over by name (the night, the file, the line) or refuses with the file and the fix, and the site's other nights are read.
 */
class DamagedNightsTest {

    @TempDir
    Path tmp;

    private static final List<String> FIGURES = List.of("NaN", "Infinity", "-Infinity", "1e999", "-1e999", "0x10", "", "1,5", "12abc", "-0", "4.9e-324");

    /** Eight good nights, then night 8 as {@code damage} leaves it, and a good night 9 after it. */
    private Path site(String name, Damage damage) throws IOException {
        Path site = tmp.resolve(name);
        for (int i = 0; i < 10; i++) {
            Path night = SiteFixture.write(site, i, new SiteFixture.Night(1000, 800, 0.01, 1, 6, "a".repeat(64), "25.0.5+8", "AMD EPYC", false), 7);
            if (i == 8) damage.apply(night);
        }
        return site;
    }

    private interface Damage {
        void apply(Path night) throws IOException;
    }

    /** The night's every run of JDK 25 with {@code value} as its wall time and score. */
    private static Damage figure(String value) {
        return night -> {
            Path raw = night.resolve("raw.csv");
            List<String> lines = Files.readAllLines(raw);
            List<String> header = List.of(lines.get(0).split(",", -1));
            int wall = header.indexOf("wall_ms");
            int score = header.indexOf("score");
            List<String> out = new ArrayList<>(List.of(lines.get(0)));
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",", -1);
                if (line.contains("jdk=25") && f.length == header.size()) {
                    f[wall] = value.contains(",") ? "\"" + value + "\"" : value;
                    f[score] = f[wall];
                }
                out.add(String.join(",", f));
            }
            Files.write(raw, out);
        };
    }

    private static void noStackTrace(CommandLineTest.Result r, String what) {
        assertThat(r.err() + r.out()).as(what + ": " + r.err()).doesNotContain("\tat ").doesNotContain("Exception in");
        assertThat(r.code()).as(what + " exits 0, or 2 naming the fix: " + r.err()).isIn(0, 2);
        if (r.code() == 2) assertThat(r.err()).as(what).contains("fix:");
    }

    private void everyReader(Path site, String what) {
        Path damaged = site.resolve("nightly-008");
        noStackTrace(CommandLineTest.run("history", site.toString()), what + ", history");
        CommandLineTest.Result index = CommandLineTest.run("index", site.toString());
        noStackTrace(index, what + ", index");
        assertThat(index.code()).as(what + ": the index of a site with a damaged night is written: " + index.err()).isZero();
        noStackTrace(CommandLineTest.run("regression-issues", site.toString(), "--dry-run"), what + ", regression-issues");
        noStackTrace(CommandLineTest.run("report", damaged.toString()), what + ", report");
        noStackTrace(CommandLineTest.run("compare", site.resolve("nightly-007").toString(), damaged.toString()), what + ", compare");
        noStackTrace(CommandLineTest.run("previous", site.toString(), damaged.toString()), what + ", previous");
        noStackTrace(CommandLineTest.run("previous", site.toString(), site.resolve("nightly-009").toString()), what + ", previous of the night after");
        noStackTrace(CommandLineTest.run("label", "--runner-class", "ci-runner", damaged.toString()), what + ", label");
        assertThat(site.resolve("index.html")).exists();
    }

    @Test
    void aFigureThatIsNoNumberIsPassedOverByNameByEveryReader() throws IOException {
        for (String value : FIGURES) {
            Path site = site("figure-" + FIGURES.indexOf(value), figure(value));
            everyReader(site, "wall_ms '" + value + "'");
        }
    }

    @Test
    void aNightThatStartsFarInTheFutureOrAtNoTimeIsPassedOverByName() throws IOException {
        for (String start : List.of("2999-01-01T00:00:00Z", "+10000-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "2026-13-45T99:00:00Z", "", "yesterday")) {
            Path site = site("start-" + start.hashCode(), night -> {
                Path json = night.resolve("run.json");
                Files.writeString(json, Files.readString(json).replaceFirst("\"started_at\" : \"[^\"]*\"", "\"started_at\" : \"" + start + "\""));
            });
            everyReader(site, "started_at '" + start + "'");
            CommandLineTest.Result index = CommandLineTest.run("index", site.toString());
            if (!start.startsWith("19")) assertThat(index.out()).as("started_at '" + start + "'").contains("passed over nightly-008");
        }
    }

    @Test
    void aRunJsonThatIsNoJsonOrNoRunIsPassedOverByName() throws IOException {
        for (String json : List.of("", "{", "[]", "null", "{\"run_id\": 5}", "{\"started_at\": 1e999}")) {
            Path site = site("json-" + json.hashCode(), night -> Files.writeString(night.resolve("run.json"), json));
            everyReader(site, "run.json '" + json + "'");
            assertThat(CommandLineTest.run("index", site.toString()).out()).as("run.json '" + json + "'").contains("passed over nightly-008");
        }
    }
}
