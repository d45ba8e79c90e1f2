package dev.jdkmatrix.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.format.ComparisonsCsv;
import dev.jdkmatrix.results.format.FolderEnd;
import dev.jdkmatrix.results.format.ResultsFolder;
import dev.jdkmatrix.results.format.SummaryCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every committed results folder's derived files (summary.csv, comparisons.csv) are what the current code derives from its
 * raw.csv and run.json: a figure a page or a doc quotes from them is today's, not an older version's. When the code's
 * statistics change, write them again: {@code jdkmatrix merge --out DIR DIR} (or {@code make report RESULTS=DIR} for
 * results/reference), and say so in the commit.
 */
class CommittedResultsTest {

    static final Path PROJECT = Path.of(System.getProperty("jdkmatrix.projectDir", "..")).toAbsolutePath().normalize();

    @Test
    void everyCommittedFoldersSummaryAndComparisonsAreWhatTheCodeDerivesToday(@TempDir Path tmp) throws IOException {
        List<Path> folders = committedFolders();
        assertThat(folders).as("committed results folders with derived files").hasSizeGreaterThanOrEqualTo(2);
        List<String> stale = new ArrayList<>();
        for (Path dir : folders) {
            ResultsFolder s = ResultsFolder.read(dir, null, true);
            FolderEnd end = FolderEnd.of(s.raw().rows(), s.meta(), List.of());
            Path out = Files.createDirectories(tmp.resolve(PROJECT.relativize(dir).toString().replace('/', '_')));
            SummaryCsv.EXPORT.write(end, out);
            ComparisonsCsv.EXPORT.write(end, out);
            for (String file : List.of(ResultsFolder.SUMMARY, ResultsFolder.COMPARISONS)) {
                if (!Files.isRegularFile(dir.resolve(file))) continue;
                List<String> committed = Files.readAllLines(dir.resolve(file));
                List<String> derived = Files.isRegularFile(out.resolve(file)) ? Files.readAllLines(out.resolve(file)) : List.of();
                if (!committed.equals(derived)) stale.add(PROJECT.relativize(dir.resolve(file)) + ": " + difference(committed, derived));
            }
        }
        assertThat(stale).as("derived files that the current code derives otherwise (write them again: jdkmatrix merge --out DIR DIR)").isEmpty();
    }

    /**
     * A cell's summary read back from summary.csv is the summary that was written, figure for figure: the figures a summary
     * holds are those its file keeps (each rounded by its format), so the report of a run's end and a report made again from
     * the folder read the same numbers. Held on every committed folder, a JMH suite's metrics and steady states among them.
     */
    @Test
    void aSummaryReadBackFromItsFileIsTheSummaryThatWasWritten() throws IOException {
        int cells = 0;
        for (Path dir : committedFolders()) {
            if (!Files.isRegularFile(dir.resolve(ResultsFolder.SUMMARY))) continue;
            ResultsFolder s = ResultsFolder.read(dir, null, true);
            FolderEnd end = FolderEnd.of(s.raw().rows(), s.meta(), List.of());
            List<CellSummary> made = Summarizer.summarize(end.rows(), end.meta().repetitionTarget(), end.meta().cellIds());
            List<CellSummary> read = SummaryCsv.read(dir.resolve(ResultsFolder.SUMMARY));
            assertThat(read).as(PROJECT.relativize(dir).toString()).isEqualTo(made);
            cells += read.size();
        }
        assertThat(cells).as("cells read back").isGreaterThan(20);
    }

    /**
     * The committed reference gallery as a fresh clone has it: every link and picture of its pages names a committed file (a
     * reader of a clone clicks no dead link), and its explorer's own script and style are the harness's (uPlot's code, not ours
     * to commit, is left out: the explorer's page says how to write it).
     */
    @Test
    void theCommittedReferenceGallerysLinksAllResolveInAClone() throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "ls-files", "results/reference").directory(PROJECT.toFile()).redirectErrorStream(true).start();
        List<String> committed = new String(git.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList();
        assertThat(git.waitFor()).as("git ls-files: %s", committed).isZero();
        assertThat(committed).as("the committed gallery").contains("results/reference/index.html", "results/reference/explore.html");
        List<String> dead = new ArrayList<>();
        int links = 0;
        for (String page : List.of("index.html", "explore.html")) {
            String html = Files.readString(PROJECT.resolve("results/reference").resolve(page));
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?:href|src)=\"([^\"#?]+)[^\"]*\"").matcher(html);
            while (m.find()) {
                String target = m.group(1);
                if (target.contains("://") || target.startsWith("explore/uPlot") || target.equals("explore/site.js")) continue; // elsewhere; uPlot's; a site's only
                links++;
                if (!committed.contains("results/reference/" + target)) dead.add(page + " -> " + target);
            }
        }
        assertThat(links).as("links read").isGreaterThan(20);
        assertThat(dead).as("links of the committed gallery to files a clone does not have").isEmpty();
        for (String f : List.of("explore.html", "explore/explore.js", "explore/explore.css")) {
            String resource = "/dev/jdkmatrix/export/" + f.substring(f.lastIndexOf('/') + 1);
            try (var in = CommittedResultsTest.class.getResourceAsStream(resource)) {
                assertThat(in).as(resource).isNotNull();
                assertThat(Files.readString(PROJECT.resolve("results/reference").resolve(f))).as("results/reference/%s is the harness's (make report RESULTS=results/reference)", f)
                        .isEqualTo(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            }
        }
    }

    /** The folders under results/reference and docs/runs that hold a summary.csv or comparisons.csv beside their raw.csv. */
    static List<Path> committedFolders() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path root : List.of(PROJECT.resolve("results/reference"), PROJECT.resolve("docs/runs"))) {
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(p -> p.getFileName().toString().equals(ResultsFolder.SUMMARY) || p.getFileName().toString().equals(ResultsFolder.COMPARISONS))
                        .map(Path::getParent).filter(d -> ResultsFolder.at(d).rawFile().isPresent()).distinct().sorted().forEach(out::add);
            }
        }
        return out;
    }

    /** The first line that differs, both ways, and how many do. */
    static String difference(List<String> committed, List<String> derived) {
        int differ = 0;
        int first = -1;
        for (int i = 0; i < Math.max(committed.size(), derived.size()); i++) {
            String a = i < committed.size() ? committed.get(i) : "";
            String b = i < derived.size() ? derived.get(i) : "";
            if (!a.equals(b)) {
                differ++;
                if (first < 0) first = i;
            }
        }
        return differ + " of " + Math.max(committed.size(), derived.size()) + " lines differ; line " + (first + 1) + " committed '"
                + (first < committed.size() ? committed.get(first) : "") + "', derived '" + (first < derived.size() ? derived.get(first) : "") + "'";
    }
}
