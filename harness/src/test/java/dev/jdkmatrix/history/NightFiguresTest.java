package dev.jdkmatrix.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A night's kept figures (figures.json.gz): written by a read that keeps them, read back equal to the figures computed from
 * the runs, used only under the night's own digest, and never trusted over runs that changed; and the figures of a committed
 * night held to the ones NightFigures.VERSION was set for, so a change to how figures are computed cannot leave sites' kept
 * figures stale.
 */
class NightFiguresTest {

    static final Path PROJECT = Path.of(System.getProperty("user.dir")).getParent();
    /** A real night of the quick matrix: 12 cells and their comparisons. */
    static final Path NIGHT = PROJECT.resolve("docs/runs/nights/2026-11-27-0025");

    /**
     * {@link #canonical} of {@link #NIGHT}'s figures as the code computed them when NightFigures.VERSION was last set: every
     * figure a line, its numbers held to 1e-9 of themselves (Math's functions may differ by an ulp between machines). When a
     * change makes this test fail, the figures of the same runs changed: raise NightFigures.VERSION (every site's kept figures
     * are then read from their runs again), set {@link #GOLDEN_VERSION} to it and copy the file the failure names over this one.
     */
    static final String GOLDEN = "/history/night-figures-golden.txt";
    static final int GOLDEN_VERSION = 2; // 2: a JMH cell's options kept too; the figures themselves as 1's

    @TempDir
    Path tmp;

    private Path site() throws IOException {
        Path night = tmp.resolve("site").resolve("2026-11-27-0025");
        Files.createDirectories(night);
        for (String f : new String[] {"raw.csv.gz", "run.json"}) Files.copy(NIGHT.resolve(f), night.resolve(f));
        return night.getParent();
    }

    @Test
    void aReadThatKeepsFiguresWritesThemAndTheNextReadTakesThemEqualToTheRuns() throws IOException {
        Path site = site();
        Night fromRuns = only(Nights.read(site));
        assertThat(site.resolve("2026-11-27-0025").resolve(NightFigures.FILE)).as("a read that does not keep them writes nothing").doesNotExist();
        assertThat(fromRuns.figures()).hasSizeGreaterThan(12);
        assertThat(fromRuns.cells()).hasSize(12);

        assertThat(only(Nights.read(site, true)).figures()).isEqualTo(fromRuns.figures());
        assertThat(site.resolve("2026-11-27-0025").resolve(NightFigures.FILE)).isRegularFile();
        Night kept = only(Nights.read(site));
        assertThat(kept.figures()).isEqualTo(fromRuns.figures());
        assertThat(kept.cells()).isEqualTo(fromRuns.cells());
        assertThat(kept.meta()).isEqualTo(fromRuns.meta());
    }

    @Test
    void keptFiguresAreUsedOnlyUnderTheNightsOwnDigestAndNeverOverChangedRuns() throws IOException {
        Path site = site();
        Path night = site.resolve("2026-11-27-0025");
        Night fromRuns = only(Nights.read(site, true));
        // the kept file's first value doubled: a read that takes it shows it, so the kept file is what was read
        Path kept = night.resolve(NightFigures.FILE);
        String text = gunzip(kept);
        String doubled = text.replaceFirst("\"value\":([0-9.E-]+)", "\"value\":" + 2 * Double.parseDouble(text.replaceFirst("(?s).*?\"value\":([0-9.E-]+).*", "$1")));
        gzip(kept, doubled);
        assertThat(only(Nights.read(site)).figures()).isNotEqualTo(fromRuns.figures());

        // the night's runs changed (a row dropped): its digest is another, so the kept file is passed over and the runs read
        Path raw = night.resolve("raw.csv.gz");
        String rows = gunzip(raw);
        gzip(raw, rows.substring(0, rows.stripTrailing().lastIndexOf('\n') + 1));
        Night changed = only(Nights.read(site));
        assertThat(changed.figures()).isEqualTo(Nights.figures(RawCsv.read(raw), RunJson.read(night.resolve("run.json"))));

        // a kept file that is no JSON at all, or of another version, is read from the runs too
        gzip(kept, "{ not json");
        assertThat(only(Nights.read(site)).figures()).isEqualTo(changed.figures());
        gzip(kept, doubled.replace("\"version\":" + NightFigures.VERSION, "\"version\":" + (NightFigures.VERSION + 1)));
        assertThat(only(Nights.read(site)).figures()).isEqualTo(changed.figures());
    }

    @Test
    void aKeptFileThatIsALinkIsNeitherReadNorWrittenThrough() throws IOException {
        Path site = site();
        Path outside = Files.writeString(tmp.resolve("outside.txt"), "not the night's");
        Path kept = site.resolve("2026-11-27-0025").resolve(NightFigures.FILE);
        Files.createSymbolicLink(kept, outside);
        Night read = only(Nights.read(site, true));
        assertThat(read.figures()).hasSizeGreaterThan(12);
        assertThat(Files.readString(outside)).isEqualTo("not the night's");
        assertThat(kept).isRegularFile();
        assertThat(Files.isSymbolicLink(kept)).isFalse();
    }

    @Test
    void theFiguresOfACommittedNightAreTheOnesTheVersionWasSetFor() throws Exception {
        RunMetadata meta = RunJson.read(NIGHT.resolve("run.json"));
        String now = canonical(Nights.figures(RawCsv.read(NIGHT.resolve("raw.csv.gz")), meta));
        Path actual = Path.of("target", "night-figures-actual.txt").toAbsolutePath();
        Files.createDirectories(actual.getParent());
        Files.writeString(actual, now);
        assertThat(NightFigures.VERSION).as("NightFigures.VERSION was raised: set GOLDEN_VERSION to it and copy %s over src/test/resources%s", actual, GOLDEN)
                .isEqualTo(GOLDEN_VERSION);
        String golden;
        try (InputStream in = NightFiguresTest.class.getResourceAsStream(GOLDEN)) {
            assertThat(in).as("the golden figures %s", GOLDEN).isNotNull();
            golden = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        List<String> was = golden.lines().toList();
        List<String> is = now.lines().toList();
        String fix = "the figures of " + NIGHT + "'s runs are no longer the ones NightFigures.VERSION " + NightFigures.VERSION + " was set for: raise "
                + "NightFigures.VERSION, set GOLDEN_VERSION to it and copy " + actual + " over src/test/resources" + GOLDEN;
        assertThat(is).as(fix).hasSameSizeAs(was);
        for (int i = 0; i < was.size(); i++) assertThat(same(was.get(i), is.get(i))).as("%s; line %d was '%s', is '%s'", fix, i + 1, was.get(i), is.get(i)).isTrue();
    }

    /** Two lines of {@link #canonical} alike: their words equal, each number within 1e-9 of the other's size. */
    static boolean same(String a, String b) {
        String[] x = a.split(" ");
        String[] y = b.split(" ");
        if (x.length != y.length) return false;
        for (int i = 0; i < x.length; i++) {
            if (x[i].equals(y[i])) continue;
            try {
                double u = Double.parseDouble(x[i]);
                double v = Double.parseDouble(y[i]);
                if (!(Math.abs(u - v) <= 1e-9 * Math.max(Math.abs(u), Math.abs(v)))) return false;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }

    /** Every figure of a night, a line each in key order, each number exactly. */
    static String canonical(Map<FigureKey, Measured> figures) {
        StringBuilder out = new StringBuilder();
        new TreeMap<>(figures).forEach((k, m) -> out.append(k.kind()).append(' ').append(k.cells()).append(' ').append(m.value()).append(' ')
                .append(m.low()).append(' ').append(m.high()).append(' ').append(m.level()).append(' ').append(m.n()).append(' ').append(m.unit())
                .append(' ').append(m.higherIsBetter()).append(' ').append(m.compared()).append(' ').append(new java.util.TreeSet<>(m.jdks()))
                .append(' ').append(m.withinSd()).append('\n'));
        return out.toString();
    }

    private static Night only(Nights.Read read) {
        assertThat(read.skipped()).isEmpty();
        assertThat(read.nights()).hasSize(1);
        return read.nights().get(0);
    }

    private static String gunzip(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private static void gzip(Path file, String text) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}
