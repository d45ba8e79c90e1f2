package dev.jdkmatrix.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nights measured against a baseline as a matrix's {@code baseline:} makes them: each benchmark's
 * {@code base-} and {@code head-} cells back to back in every round, compared along workload. A
 * runner whose day moves every cell by 15 % from night to night hides a 5 % step in tonight's build
 * from the cells' own series; the head / base ratio of the same nights shows it.
 */
public class BaselineHistoryTest {

    static final String BASE = "base-lib(size=10) virtual tasks=1 jdk=25 cpus=1 mem=1g";
    static final String HEAD = "head-lib(size=10) virtual tasks=1 jdk=25 cpus=1 mem=1g";
    static final Instant FIRST = Instant.parse("2026-10-01T02:17:00Z");

    /** Night {@code i}: the runner's day a factor drawn with a 15 % spread, each run 1 % noise of its own, tonight's build {@code step} times the baseline. */
    public static void night(Path site, int i, double step, SplittableRandom r) throws IOException {
        night(site, i, step, 'a', 1.0, r);
    }

    /** As above, against the baseline at commit {@code commit} (a letter, 40 times), whose own speed is {@code baseline} times the first's. */
    static void night(Path site, int i, double step, char commit, double baseline, SplittableRandom r) throws IOException {
        night(site, i, step, commit, baseline, r, Map.of());
    }

    /** As above, each run's row given the columns {@code extra} besides (a JMH run's kind, benchmark and settings). */
    static void night(Path site, int i, double step, char commit, double baseline, SplittableRandom r, Map<String, String> extra) throws IOException {
        String id = String.format(Locale.ROOT, "nightly-%03d", i);
        Path dir = Files.createDirectories(site.resolve(id));
        double day = Math.exp(0.15 * SiteFixture.gauss(r));
        List<RawRow> rows = new ArrayList<>();
        int seq = 0;
        int rounds = 6;
        for (int round = 1; round <= rounds; round++) {
            double burst = 1 + 0.01 * SiteFixture.gauss(r); // what a round shares: both sides back to back
            for (String cell : List.of(BASE, HEAD)) {
                double v = 100 * day * burst * (cell.equals(HEAD) ? step : baseline) * (1 + 0.01 * SiteFixture.gauss(r));
                var row = dev.jdkmatrix.results.Rows.of(cell).run(id, ++seq).rep(round)
                        .builtin(cell.substring(0, 8), "size=10", "virtual", 1, "25", "1", "1g").wall(v)
                        .with("kind", "builtin").with("score", String.format(Locale.ROOT, "%.4f", v)).with("score_unit", "ms").with("score_better", "lower");
                extra.forEach(row::with);
                rows.add(row.build());
            }
        }
        try (RawCsv csv = RawCsv.append(dir.resolve("raw.csv"), List.of())) {
            for (RawRow row : rows) csv.write(row);
        }
        Instant started = FIRST.plus(i, ChronoUnit.DAYS);
        RunMetadata.Plan plan = new RunMetadata.Plan(2, 2 * rounds, rounds, 0, "blocked", 10, "1/1", 0.1, rounds, 0, 0,
                List.of("workload"), 7, 1, List.of(BASE, HEAD), List.of(), 0.005);
        RunMetadata meta = new RunMetadata(1, id, "matrix.yaml", "nightly", "0".repeat(64), "1234567890abcdef", false, started.toString(),
                started.plusSeconds(60).toString(), new RunMetadata.Host("runner-1", "AMD EPYC", 2, 8L << 30, "Linux", "6.1", "25.0.3"),
                new RunMetadata.Engine("20.10.24", "1.41", "Debian", "6.1", 2, 8L << 30, "1", "cgroupfs", "unix:///var/run/docker.sock", "x", "runner"),
                List.of(), Map.of("25", List.of("25.0.5+8")), plan, Map.of("ok", 2 * rounds), null, 0, List.of(), List.of(), List.of(), null, null,
                List.of(new dev.jdkmatrix.results.RunBaseline("ref v1.0", String.valueOf(commit).repeat(40), "/cache/" + commit, "cached", "", List.of("lib"))));
        RunJson.write(dir.resolve("run.json"), meta);
    }

    static History history(Path site) throws IOException {
        return History.of(Nights.read(site), ChangeFinder.Options.DEFAULT, Watch.DEFAULT_TARGET);
    }

    @Test
    void aFivePercentStepAgainstTheBaselineIsFoundWhereTheCellsOwnSeriesFindNothing(@TempDir Path site) throws IOException {
        SplittableRandom r = new SplittableRandom(77);
        int stepAt = 16;
        for (int i = 0; i < 24; i++) night(site, i, i >= stepAt ? 1.05 : 1.0, r);
        History h = history(site);
        assertThat(h.nights()).hasSize(24);
        assertThat(Nights.read(site).nights().get(0).meta().baselines()).as("run.json keeps the night's baseline").hasSize(1);
        List<Change> confirmed = h.changes().stream().filter(c -> c.status() == Change.Status.CONFIRMED).toList();
        assertThat(confirmed).as("the head / base ratio's step, and nothing in the cells: %s", h.changes()).hasSize(1);
        Change c = confirmed.get(0);
        assertThat(c.figure()).isEqualTo(new FigureKey.Pair(BASE, HEAD));
        assertThat(c.after().folder()).isIn("nightly-015", "nightly-016", "nightly-017");
        assertThat(c.regression()).isTrue();
        assertThat(c.percent()).isBetween(3.0, 7.0);
        assertThat(h.changes()).as("a 15 %% runner's day hides the step from the cells' own series").noneMatch(x -> x.figure() instanceof FigureKey.Cell);
    }

    @Test
    void aYoungSiteConfirmsAStepOfManySpreadsInTheRatioOnItsThirdNight(@TempDir Path site) throws IOException {
        SplittableRandom r = new SplittableRandom(79);
        // 11 nights: 8 before an 8 % step, 3 after it; the ratio moves well under 1 % a night, the cells 15 %
        for (int i = 0; i < 11; i++) night(site, i, i >= 8 ? 1.08 : 1.0, r);
        History h = history(site);
        assertThat(h.changes()).as("fewer than 10 nights on either side, the step some 10 spreads").filteredOn(c -> c.status() == Change.Status.CONFIRMED)
                .singleElement().satisfies(c -> {
                    assertThat(c.figure()).isEqualTo(new FigureKey.Pair(BASE, HEAD));
                    assertThat(c.after().folder()).isEqualTo("nightly-008");
                    assertThat(h.newTonight()).contains(c);
                });
        String md = HistoryReport.markdown(h);
        assertThat(md).contains("<details><summary>The smallest step each figure can show within 3 nights");
        String table = md.substring(md.indexOf("| figure | nights |"));
        assertThat(table.lines().skip(2).findFirst().orElseThrow()).as("the head / base ratio leads the steps").contains("`" + HEAD + " / " + BASE + "`");
    }

    @Test
    void aConfirmedRegressionCarriesTheBisectCommandThatFindsItsCommit(@TempDir Path site) throws IOException {
        SplittableRandom r = new SplittableRandom(80);
        for (int i = 0; i < 15; i++) { // the third night after the step: its change is confirmed tonight
            night(site, i, i >= 12 ? 1.08 : 1.0, r);
            // each night at its own commit of the team's repository, against a ref built by its build command
            Path json = site.resolve(String.format(Locale.ROOT, "nightly-%03d", i)).resolve("run.json");
            RunMetadata m = RunJson.read(json);
            RunJson.write(json, m.withRepository(new RunMetadata.Repository("https://github.com/team/lib.git", String.valueOf((char) ('a' + i)).repeat(40), false))
                    .withBaselines(List.of(new dev.jdkmatrix.results.RunBaseline("ref v1.0", "f".repeat(40), "/cache/f", "cached", "", List.of("lib"), "./mvnw -q package"))));
        }
        History h = history(site);
        Change c = h.changes().stream().filter(x -> x.status() == Change.Status.CONFIRMED).findFirst().orElseThrow(() -> new AssertionError(h.changes()));
        assertThat(c.after().folder()).isEqualTo("nightly-012");
        assertThat(BisectHint.of(c)).isEqualTo("jdkmatrix bisect --repo . --good llllllllllll --bad mmmmmmmmmmmm --build './mvnw -q package' "
                + "--jar '<the jar your build writes>' --kind jar --jdk 25 --cpus 1 --cpu-mode quota --memory 1g");
        assertThat(HistoryReport.markdown(h)).contains("Find the commit of `" + HEAD + " / " + BASE + "`: `jdkmatrix bisect --repo . --good llllllllllll");
        assertThat(HistoryReport.table(h)).contains("find its commit: jdkmatrix bisect --repo . --good llllllllllll --bad mmmmmmmmmmmm");
    }

    @Test
    void aJmhRegressionsBisectCommandMeasuresWithTheOptionsItsNightsMeasuredWith(@TempDir Path site) throws IOException {
        SplittableRandom r = new SplittableRandom(80);
        Map<String, String> jmh = Map.ofEntries(Map.entry("kind", "jmh"), Map.entry("benchmark", "dev.team.LibBench.parse"), Map.entry("jmh_mode", "avgt"),
                Map.entry("jmh_forks", "1"), Map.entry("jmh_warmup_iterations", "2"), Map.entry("jmh_iterations", "5"), Map.entry("jmh_warmup_time", "500 ms"),
                Map.entry("jmh_measurement_time", "1 s"), Map.entry("jmh_threads", "2"), Map.entry("jmh_warmup_batch_size", "1"), Map.entry("jmh_batch_size", "1"));
        for (int i = 0; i < 15; i++) {
            night(site, i, i >= 12 ? 1.08 : 1.0, 'a', 1.0, r, jmh);
            Path json = site.resolve(String.format(Locale.ROOT, "nightly-%03d", i)).resolve("run.json");
            RunJson.write(json, RunJson.read(json).withRepository(new RunMetadata.Repository("https://github.com/team/lib.git", String.valueOf((char) ('a' + i)).repeat(40), false))
                    .withBaselines(List.of(new dev.jdkmatrix.results.RunBaseline("ref v1.0", "f".repeat(40), "/cache/f", "cached", "", List.of("lib"), "./mvnw -q package"))));
        }
        String expected = "jdkmatrix bisect --repo . --good llllllllllll --bad mmmmmmmmmmmm --build './mvnw -q package' --jar '<the jar your build writes>' "
                + "--benchmarks '^dev\\.team\\.LibBench\\.parse$' --jmh-args '-f 1 -wi 2 -i 5 -w 500ms -r 1s -t 2' --jdk 25 --cpus 1 --cpu-mode quota --memory 1g";
        for (String pass : List.of("read from the runs, keeping the figures", "read from the figures kept")) {
            History h = History.of(Nights.read(site, true), ChangeFinder.Options.DEFAULT, Watch.DEFAULT_TARGET);
            Change c = h.changes().stream().filter(x -> x.status() == Change.Status.CONFIRMED).findFirst().orElseThrow(() -> new AssertionError(h.changes()));
            assertThat(BisectHint.of(c)).as(pass).isEqualTo(expected);
            assertThat(site.resolve("nightly-012").resolve(NightFigures.FILE)).isRegularFile();
        }
    }

    @Test
    void theRunnersDayInBothCellsIsShownAndFailsNoNightTheirRatioHoldsSteady(@TempDir Path site) throws IOException {
        SplittableRandom r = new SplittableRandom(81);
        // from night 12 the runner is twice as slow: both sides of the benchmark, base and head alike
        for (int i = 0; i < 15; i++) night(site, i, i >= 12 ? 2.0 : 1.0, 'a', i >= 12 ? 2.0 : 1.0, r);
        History h = history(site);
        assertThat(h.changes()).as("the cells' own series step with the runner").filteredOn(c -> c.status() == Change.Status.CONFIRMED)
                .isNotEmpty().allMatch(c -> c.figure() instanceof FigureKey.Cell && c.regression());
        assertThat(h.newTonight()).isNotEmpty();
        assertThat(h.newRegressions()).as("a night fails for its code by the benchmark's ratio, which held").isEmpty();
        assertThat(HistoryReport.markdown(h)).contains("slower: the runner's day (its ratio to the baseline decides)").doesNotContain("**regression**");
    }

    @Test
    void withNoStepTheRatioToTheBaselineRaisesNothing(@TempDir Path site) throws IOException {
        SplittableRandom r = new SplittableRandom(78);
        for (int i = 0; i < 24; i++) night(site, i, 1.0, r);
        assertThat(history(site).changes()).isEmpty();
    }

    @Test
    void aBaselineJdkIsSideAOfEveryPairWhateverItsNameAndItsBuildALevelOfTheRatio() {
        // 25-tip sorts after 25-ga by name; named the baseline, it is side a of the pair, so the ratio reads 25-ga / 25-tip
        String ga = "lib(size=10) virtual tasks=1 jdk=25-ga cpus=1 mem=1g";
        String tip = "lib(size=10) virtual tasks=1 jdk=25-tip cpus=1 mem=1g";
        List<RawRow> rows = new ArrayList<>();
        int seq = 0;
        for (int round = 1; round <= 6; round++) {
            for (String cell : List.of(ga, tip)) {
                double v = cell.equals(ga) ? 110 + round % 2 : 100 + round % 3;
                rows.add(dev.jdkmatrix.results.Rows.of(cell).run("n", ++seq).rep(round)
                        .builtin("lib", "size=10", "virtual", 1, cell.equals(ga) ? "25-ga" : "25-tip", "1", "1g").wall(v)
                        .with("kind", "builtin").with("score", String.format(Locale.ROOT, "%.4f", v)).with("score_unit", "ms").with("score_better", "lower").build());
            }
        }
        RunMetadata.Plan plan = new RunMetadata.Plan(2, 12, 6, 0, "blocked", 10, "1/1", 0.1, 6, 0, 0, List.of("jdk"), 7, 1, List.of(ga, tip), List.of(), 0.005);
        java.util.function.Function<String, RunMetadata> meta = baseline -> new RunMetadata(1, "n", "matrix.yaml", "nightly", "0".repeat(64), "", false,
                FIRST.toString(), FIRST.plusSeconds(60).toString(), null, null, List.of(), Map.of("25-tip", List.of("25.0.6+3")), plan, Map.of("ok", 12), null, 0,
                List.of(), List.of(), List.of(), null, null, baseline == null ? List.of()
                        : List.of(new dev.jdkmatrix.results.RunBaseline(baseline, "", "", "given", "", List.of("lib"))));
        assertThat(Nights.figures(rows, meta.apply(null)).keySet()).as("by name: 25-ga first").contains(new FigureKey.Pair(ga, tip));
        java.util.Map<FigureKey, Measured> against = Nights.figures(rows, meta.apply("jdk 25-tip"));
        assertThat(against.keySet()).as("the baseline JDK first").contains(new FigureKey.Pair(tip, ga)).doesNotContain(new FigureKey.Pair(ga, tip));
        assertThat(against.get(new FigureKey.Pair(tip, ga)).value()).as("25-ga / 25-tip").isGreaterThan(1.05);
        Night n = new Night("n", meta.apply("jdk 25-tip"), FIRST, against, Map.of(ga, rows.get(0).key(), tip, rows.get(1).key()));
        assertThat(BaselineEpochs.of(new FigureKey.Pair(tip, ga), n)).isEqualTo("jdk 25-tip (25.0.6+3)");
        assertThat(BaselineEpochs.of(new FigureKey.Pair(ga, tip), n)).isEmpty();
    }

    @Test
    void movingTheBaselineReBasesTheRatioAndCallsNoStepThere(@TempDir Path site) throws IOException {
        SplittableRandom r = new SplittableRandom(79);
        // from night 12 a faster baseline (a release that took in an accepted 10 % gain): head / base 1.11 from there, nothing else changed
        for (int i = 0; i < 24; i++) night(site, i, 1.0, i >= 12 ? 'b' : 'a', i >= 12 ? 0.9 : 1.0, r);
        History h = history(site);
        assertThat(h.baselineMoves()).singleElement().satisfies(m -> {
            assertThat(m.night().folder()).isEqualTo("nightly-012");
            assertThat(m.workloads()).isEqualTo("lib");
            assertThat(m.text()).contains("moved from ref v1.0 (aaaaaaaaaaaa) to ref v1.0 (bbbbbbbbbbbb)", "no step called");
        });
        assertThat(h.changes()).as("the move re-bases the ratio: no step of it").noneMatch(c -> c.figure() instanceof FigureKey.Pair);
        assertThat(HistoryReport.table(h)).contains("baseline moved: ");
        assertThat(HistoryReport.markdown(h)).doesNotContain("The baseline moved"); // twelve nights ago: not tonight's news

        // the same nights with the move not recorded: the ratio's 11 % step is called, so it is the record of the move that re-bases it
        Path unrecorded = Files.createDirectories(site.resolveSibling(site.getFileName() + "-unrecorded"));
        SplittableRandom again = new SplittableRandom(79);
        for (int i = 0; i < 24; i++) night(unrecorded, i, 1.0, 'a', i >= 12 ? 0.9 : 1.0, again);
        assertThat(history(unrecorded).changes()).anyMatch(c -> c.figure() instanceof FigureKey.Pair && c.status() == Change.Status.CONFIRMED);
    }

    @Test
    void aStepAfterTheBaselineMovedIsStillFound(@TempDir Path site) throws IOException {
        SplittableRandom r = new SplittableRandom(80);
        for (int i = 0; i < 30; i++) night(site, i, i >= 20 ? 1.06 : 1.0, i >= 8 ? 'b' : 'a', i >= 8 ? 0.9 : 1.0, r);
        History h = history(site);
        assertThat(h.changes().stream().filter(c -> c.status() == Change.Status.CONFIRMED && c.figure() instanceof FigureKey.Pair))
                .singleElement().satisfies(c -> assertThat(c.after().folder()).isIn("nightly-019", "nightly-020", "nightly-021"));
    }
}
