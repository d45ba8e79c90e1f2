package dev.jdkmatrix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.run.ItSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code make publish} (harness/scripts/publish.sh, with the shipped jar) of the reference run,
 * night after night: each night adds at most {@link #NIGHT_BOUND} bytes to the site while every
 * kept gallery is new (the most a night adds), its data is kept gzipped, and a night
 * whose gallery was pruned is rendered again from that data. The second night profiled a cell on
 * two JDKs: it keeps the stacks, the differential table and the profile pages that fit.
 */
@Tag(ItSupport.SIDE_BY_SIDE)
@Order(6) // ItOrder: among the longest side-by-side classes
class SiteGrowthIT {

    /** What one published night may add to a site: 2 MB. */
    static final long NIGHT_BOUND = 2_000_000;

    @Test
    void aPublishedReferenceNightAddsAtMostTwoMegabytesAndStaysReadable(@TempDir Path tmp) throws Exception {
        Path site = tmp.resolve("site");
        Path reference = ItSupport.PROJECT.resolve("results/reference");
        long before = 0;
        for (String night : List.of("night-1", "night-2")) {
            Path in = tmp.resolve("in").resolve(night);
            Files.createDirectories(in);
            if (night.equals("night-1")) Files.copy(reference.resolve("raw.csv"), in.resolve("raw.csv"));
            else { // night 2 profiled one cell on both JDKs: its stacks (300 made-up lines each; a real profile of a sort has 80 to 190) come with it
                ProfiledFolder.write(in, dev.jdkmatrix.results.format.RawCsv.read(reference.resolve("raw.csv")), r -> true,
                        jdk -> ProfiledFolder.manyStacks(jdk.hashCode(), 300));
            }
            Files.copy(reference.resolve("summary.csv"), in.resolve("summary.csv"));
            Files.writeString(in.resolve("run.json"), Files.readString(reference.resolve("run.json"))
                    .replaceFirst("\"run_id\" : \"[^\"]*\"", "\"run_id\" : \"" + night + "\""));
            // night 2 names the site relative to the folder publish runs in, as the reusable workflow does (jdkmatrix-site)
            String out = run("harness/scripts/publish.sh", night.equals("night-1") ? site.toString() : ItSupport.PROJECT.relativize(site).toString(), in.toString());
            long after = bytes(site);
            assertThat(after - before).as("bytes " + night + " added to the site (publish said: " + out + ")").isLessThanOrEqualTo(NIGHT_BOUND);
            before = after;
            assertThat(site.resolve(night + "/raw.csv.gz")).as("the night's data, gzipped").isNotEmptyFile();
            assertThat(site.resolve(night + "/summary.csv.gz")).isNotEmptyFile();
            assertThat(site.resolve(night + "/raw.csv")).doesNotExist();
            assertThat(site.resolve(night + "/summary.csv")).doesNotExist();
            assertThat(site.resolve(night + "/index.html")).isNotEmptyFile();
        }
        // the profiled night keeps its stacks, its differential table, and the pages its bytes allow, linked
        try (Stream<Path> stacks = Files.list(site.resolve("night-2/profiles"))) {
            assertThat(stacks.filter(p -> p.toString().endsWith(".collapsed.gz")).count()).isEqualTo(2);
        }
        String night2 = Files.readString(site.resolve("night-2/index.html"));
        assertThat(night2).contains("<h2 id=\"profiles\">", "<strong>JDK 25: ", "href=\"profiles/diff-");
        try (Stream<Path> pages = Files.list(site.resolve("night-2/profiles"))) {
            for (Path p : pages.filter(p -> !p.toString().endsWith(".gz")).toList()) assertThat(night2).contains("href=\"profiles/" + p.getFileName() + "\"");
        }
        assertThat(site.resolve("night-2/compare.csv")).as("the second night is compared with the first, read from raw.csv.gz").isNotEmptyFile();
        String index = Files.readString(site.resolve("index.html"));
        assertThat(index).contains("href=\"night-1/index.html\"", "href=\"night-2/index.html\"");

        // all or nothing: a damaged night (run.json no JSON), an empty one, and one that links out of itself are refused, the site
        // byte for byte as it was and no copy of it left beside it
        String was = digest(site);
        Path damaged = Files.createDirectories(tmp.resolve("in/night-3"));
        Files.copy(reference.resolve("raw.csv"), damaged.resolve("raw.csv"));
        Files.writeString(damaged.resolve("run.json"), "{ \"run_id\" : \"night-3\", not json");
        Path empty = Files.createDirectories(tmp.resolve("in/night-4"));
        Files.writeString(empty.resolve("raw.csv"), Files.readAllLines(reference.resolve("raw.csv")).get(0) + "\n");
        Files.copy(reference.resolve("run.json"), empty.resolve("run.json"));
        Path linked = Files.createDirectories(tmp.resolve("in/night-5"));
        Files.copy(reference.resolve("raw.csv"), linked.resolve("raw.csv"));
        Files.createSymbolicLink(linked.resolve("run.json"), reference.resolve("run.json"));
        Path noNumbers = Files.createDirectories(tmp.resolve("in/night-6")); // every run's wall time NaN: no run of it can be read
        try (var in = new com.opencsv.CSVReader(Files.newBufferedReader(reference.resolve("raw.csv")));
             var out = new com.opencsv.CSVWriter(Files.newBufferedWriter(noNumbers.resolve("raw.csv")), ',', '"', '"', "\n")) {
            String[] header = in.readNext();
            int wall = List.of(header).indexOf("wall_ms");
            out.writeNext(header, false);
            for (String[] row; (row = in.readNext()) != null; ) {
                row[wall] = "NaN";
                out.writeNext(row, false);
            }
        }
        Files.writeString(noNumbers.resolve("run.json"), Files.readString(reference.resolve("run.json")).replaceFirst("\"run_id\" : \"[^\"]*\"", "\"run_id\" : \"night-6\""));
        java.util.Map<Path, String> said = new java.util.HashMap<>();
        for (Path bad : List.of(damaged, empty, linked, noNumbers)) {
            Result r = publish(site, bad);
            said.put(bad, r.out());
            assertThat(r.code()).as("publish of %s: %s", bad.getFileName(), r.out()).isNotZero();
            assertThat(digest(site)).as("the site after the refused %s (publish said: %s)", bad.getFileName(), r.out()).isEqualTo(was);
            try (Stream<Path> beside = Files.list(tmp)) {
                assertThat(beside.map(p -> p.getFileName().toString())).as("no staged copy left").noneMatch(n -> n.startsWith(".publish-"));
            }
        }
        assertThat(said.get(empty)).contains("holds no run");
        assertThat(said.get(linked)).contains("holds symbolic links");
        assertThat(said.get(noNumbers)).contains("none of its runs can be read (raw.csv", "rows cut short or damaged (lines 2, 3", "fix: ")
                .doesNotContain("\tat ");

        // keep one gallery: night-1 keeps its data only; report renders it again from raw.csv.gz
        run("harness/scripts/jdkmatrix.sh", "index", site.toString(), "--keep-galleries", "1");
        assertThat(site.resolve("night-1/index.html")).doesNotExist();
        run("harness/scripts/jdkmatrix.sh", "report", "--results", site.resolve("night-1").toString());
        int runs = dev.jdkmatrix.results.format.RawCsv.read(reference.resolve("raw.csv")).size();
        assertThat(Files.readString(site.resolve("night-1/index.html"))).contains("href=\"raw.csv.gz\"", "href=\"summary.csv.gz\"", runs + " runs");
    }

    private static long bytes(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).sum();
        }
    }

    /** Every file of a folder, its path and its bytes' SHA-256, in path order: equal for a folder byte for byte the same. */
    private static String digest(Path dir) throws IOException {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted().toList()) {
                b.append(dir.relativize(p)).append(Files.isDirectory(p) ? "/" : " " + java.util.HexFormat.of().formatHex(sha256(Files.readAllBytes(p)))).append('\n');
            }
        }
        return b.toString();
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return java.security.MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    record Result(int code, String out) {}

    private static Result publish(Path site, Path night) throws Exception {
        return exec("harness/scripts/publish.sh", site.toString(), night.toString());
    }

    /** Runs a project script from the project's root with this JVM's JDK and the shipped jar; its output, or a failure that shows it. */
    private static String run(String... command) throws Exception {
        Result r = exec(command);
        assertThat(r.code()).as(String.join(" ", command) + " printed:\n" + r.out()).isZero();
        return r.out();
    }

    private static Result exec(String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(ItSupport.PROJECT.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", Path.of(System.getProperty("java.home")).toString());
        pb.environment().put("JAR", ItSupport.HARNESS_JAR.toString());
        pb.environment().remove("GITHUB_STEP_SUMMARY");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as(String.join(" ", command)).isTrue();
        return new Result(p.exitValue(), out);
    }
}
