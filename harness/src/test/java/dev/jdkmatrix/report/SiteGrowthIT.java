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
            String out = run("harness/scripts/publish.sh", site.toString(), in.toString());
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

    /** Runs a project script from the project's root with this JVM's JDK and the shipped jar; its output, or a failure that shows it. */
    private static String run(String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(ItSupport.PROJECT.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", Path.of(System.getProperty("java.home")).toString());
        pb.environment().put("JAR", ItSupport.HARNESS_JAR.toString());
        pb.environment().remove("GITHUB_STEP_SUMMARY");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as(String.join(" ", command)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + " printed:\n" + out).isZero();
        return out;
    }
}
