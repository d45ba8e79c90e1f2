package dev.jdkmatrix.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history of a site made of SiteFixture's nights: changes found, confirmed, attributed; nothing found where nothing changed. */
class HistoryTest {

    private static History history(Path site) throws IOException {
        return History.of(Nights.read(site), ChangeFinder.Options.DEFAULT, Watch.DEFAULT_TARGET);
    }

    @Test
    void aFivePercentStepIsNamedAtItsNightWithWhatChanged(@TempDir Path site) throws IOException {
        SiteFixture.Night steady = SiteFixture.Night.steady(0.01);
        SplittableNights.write(site, 25, i -> {
            SiteFixture.Night n = steady.factor(1 + 0.06 * Math.sin(i)); // the runner's day moves both cells
            return i >= 12 ? n.level25(840).jar("b".repeat(64)) : n;
        });
        History h = history(site);
        assertThat(h.nights()).hasSize(25);
        assertThat(h.skipped()).isEmpty();
        List<Change> confirmed = h.changes().stream().filter(c -> c.status() == Change.Status.CONFIRMED).toList();
        assertThat(confirmed).as("the step in the JDK 25 cell and in the ratio 25 / 21, nothing in the JDK 21 cell").hasSizeBetween(1, 2)
                .allSatisfy(c -> {
                    assertThat(c.figure().cells()).contains(SiteFixture.CELL_25);
                    assertThat(c.after().folder()).isIn("nightly-011", "nightly-012", "nightly-013");
                    assertThat(c.regression()).isTrue();
                    assertThat(c.percent()).isBetween(2.0, 8.0);
                });
        Change ratio = confirmed.stream().filter(c -> c.figure() instanceof FigureKey.Pair).findFirst().orElseThrow();
        assertThat(ratio.after().folder()).isEqualTo("nightly-012");
        assertThat(ratio.low()).isGreaterThan(1.0);
        assertThat(ratio.whatChanged()).containsExactly("jar workloads.jar sha256 aaaaaaaaaaaa -> bbbbbbbbbbbb");
        assertThat(ratio.compared()).isEqualTo("jdk 21 -> 25");
        assertThat(h.changes()).noneMatch(c -> c.figure().equals(new FigureKey.Cell(SiteFixture.CELL_21)));
    }

    @Test
    void nothingIsFoundWhereNothingChanged(@TempDir Path site) throws IOException {
        SplittableNights.write(site, 40, i -> SiteFixture.Night.steady(0.02).factor(1 + 0.05 * Math.sin(1.7 * i)));
        History h = history(site);
        assertThat(h.findings()).hasSize(3).allMatch(ChangeFinder.Finding::examined);
        assertThat(h.changes()).isEmpty();
        assertThat(h.watches().values()).allSatisfy(w -> assertThat(w.spread()).isPositive());
    }

    @Test
    void aChangeOnlyTheNewestNightSuggestsIsSuspectedUntilTheNightsAfterItHoldIt(@TempDir Path site) throws IOException {
        SiteFixture.Night steady = SiteFixture.Night.steady(0.01);
        SplittableNights.write(site, 21, i -> i >= 20 ? steady.level25(880) : steady);
        History tonight = history(site);
        assertThat(tonight.changes()).isNotEmpty().allMatch(c -> c.status() == Change.Status.SUSPECTED && c.nightsAfter() == 1);
        assertThat(tonight.newRegressions()).isEmpty();
        SiteFixture.write(site, 21, steady.level25(880), 1);
        History twoAfter = history(site);
        assertThat(twoAfter.newRegressions()).isEmpty();
        assertThat(twoAfter.suspected()).isNotEmpty().allMatch(c -> c.nightsAfter() == 2);
        SiteFixture.write(site, 22, steady.level25(880), 1);
        History confirmed = history(site);
        assertThat(confirmed.newRegressions()).as("confirmed on the third night after it").isNotEmpty()
                .allSatisfy(c -> assertThat(c.after().folder()).isEqualTo("nightly-020"));
        SiteFixture.write(site, 23, steady.level25(880), 1);
        assertThat(history(site).newRegressions()).as("new once, not every night after").isEmpty();
    }

    @Test
    void nightsOfAnOlderHarnessAreReadAndABrokenOneIsNamedAndPassedOver(@TempDir Path site) throws IOException {
        SplittableNights.write(site, 12, i -> SiteFixture.Night.steady(0.01));
        SiteFixture.oldSchema(site.resolve("nightly-003"));
        Path broken = site.resolve("nightly-007/raw.csv.gz");
        byte[] bytes = Files.readAllBytes(broken);
        Files.write(broken, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Files.createDirectories(site.resolve("trends"));
        History h = history(site);
        assertThat(h.nights()).hasSize(11).anyMatch(n -> n.folder().equals("nightly-003") && n.figures().size() == 3);
        assertThat(h.skipped()).singleElement().asString().startsWith("nightly-007: its raw.csv.gz cannot be read").endsWith("passed over");
        assertThat(h.findings()).hasSize(3).allMatch(f -> f.series().entries().size() == 11);
    }

    @Test
    void aSeriesTooShortToLookAtSaysSo(@TempDir Path site) throws IOException {
        SplittableNights.write(site, 4, i -> SiteFixture.Night.steady(0.01));
        History h = history(site);
        assertThat(h.findings()).hasSize(3).allSatisfy(f -> {
            assertThat(f.examined()).isFalse();
            assertThat(f.note()).isEqualTo("4 nights, 6 needed to look for changes");
        });
        assertThat(HistoryReport.table(h)).contains("3 figure(s) (3 with too few nights to look at)");
    }

    @Test
    void nightsOfAnotherRunnerClassAreASeriesOfTheirOwn(@TempDir Path site) throws IOException {
        SplittableNights.write(site, 20, i -> i % 2 == 0 ? SiteFixture.Night.steady(0.01) : SiteFixture.Night.steady(0.01).cpu("Intel Xeon").factor(1.5));
        History h = history(site);
        assertThat(h.runnerClasses()).hasSize(2);
        assertThat(h.findings()).hasSize(6).allMatch(f -> f.series().entries().size() == 10)
                .allMatch(f -> f.series().entries().stream().allMatch(e -> e.night().runnerClass().equals(f.series().runnerClass())));
        assertThat(h.changes()).as("a runner 1.5x slower every other night is not a change").isEmpty();
    }

    /** Nights made on a Kubernetes cluster are a runner class of their own: a cluster's pods are not the Docker engine's containers of the same machine. */
    @Test
    void nightsOnAClusterAreASeriesOfTheirOwn(@TempDir Path site) throws IOException {
        SplittableNights.write(site, 20, i -> SiteFixture.Night.steady(0.01).factor(i % 2 == 0 ? 1 : 1.5));
        for (int i = 1; i < 20; i += 2) {
            Path json = site.resolve(String.format(java.util.Locale.ROOT, "nightly-%03d/run.json", i));
            dev.jdkmatrix.results.RunMetadata m = dev.jdkmatrix.results.format.RunJson.read(json);
            dev.jdkmatrix.results.format.RunJson.write(json, onCluster(m));
        }
        History h = history(site);
        assertThat(h.runnerClasses()).hasSize(2).anyMatch(c -> c.endsWith(", Kubernetes v1.34.2")).anyMatch(c -> !c.contains("Kubernetes"));
        assertThat(h.findings()).allMatch(f -> f.series().entries().size() == 10);
        assertThat(h.changes()).as("the cluster's nights 1.5x the Docker engine's are no change").isEmpty();
        var docker = SiteFixture.meta("a", SiteFixture.FIRST, SiteFixture.Night.steady(0.01));
        assertThat(onCluster(docker).machineDifference(docker)).isEqualTo("Kubernetes none vs v1.34.2");
        assertThat(docker.machineDifference(onCluster(docker))).isEqualTo("Kubernetes v1.34.2 vs none");
        assertThat(docker.cluster()).isNull();
        // a node pool is other machines: its own class, named
        var pool = onCluster(docker, "Kubernetes v1.34.2 at https://10.0.0.1:6443, namespace bench, 9 node(s), 4 of them taking its pods "
                + "(node label pool=bench, tolerating pool=bench:NoSchedule), run images pushed to ghcr.io/me/bench");
        assertThat(pool.cluster()).isEqualTo("v1.34.2 (node label pool=bench, tolerating pool=bench:NoSchedule)");
        assertThat(pool.runnerClass()).isNotEqualTo(onCluster(docker).runnerClass()).endsWith(", Kubernetes v1.34.2 (node label pool=bench, tolerating pool=bench:NoSchedule)");
        assertThat(onCluster(docker, "Kubernetes v1.34.2 at https://127.0.0.1:6443/, namespace default, 2 node(s), 1 of them taking its pods, run images x")
                .runnerClass()).as("no pool named: the cluster's class as before").isEqualTo(onCluster(docker).runnerClass());
    }

    private static dev.jdkmatrix.results.RunMetadata onCluster(dev.jdkmatrix.results.RunMetadata m) {
        return onCluster(m, "Kubernetes v1.34.2 at https://127.0.0.1:6443, namespace default, 1 node(s), run images imported into make k8s-up's containerd");
    }

    private static dev.jdkmatrix.results.RunMetadata onCluster(dev.jdkmatrix.results.RunMetadata m, String engine) {
        var session = new dev.jdkmatrix.results.RunMetadata.Session(m.startedAt(), m.endedAt(), "runner-1", 10, engine);
        return new dev.jdkmatrix.results.RunMetadata(m.schema(), m.runId(), m.matrixFile(), m.matrixName(), m.matrixSha256(), m.gitCommit(), m.gitDirty(),
                m.startedAt(), m.endedAt(), m.host(), m.engine(), m.images(), m.jdkBuilds(), m.plan(), m.statusCounts(), m.harnessOverheadMs(),
                m.imagesSeconds(), m.mergedFrom(), List.of(session), m.jars());
    }

    @Test
    void nightsThatDifferInNothingRecordedSaySo() {
        var meta = SiteFixture.meta("a", SiteFixture.FIRST, SiteFixture.Night.steady(0.01));
        assertThat(Attribution.between(meta, meta, java.util.Set.of("21", "25"))).isEmpty();
        var other = SiteFixture.meta("b", SiteFixture.FIRST, SiteFixture.Night.steady(0.01).cpu("Intel"));
        var newer = SiteFixture.meta("b", SiteFixture.FIRST, new SiteFixture.Night(1, 1, 0, 1, 5, "a".repeat(64), "25.0.6+1", "AMD EPYC", true));
        assertThat(Attribution.between(meta, newer, java.util.Set.of("25"))).contains("jdk 25 build 25.0.5+8 -> 25.0.6+1")
                .anyMatch(s -> s.startsWith("jdk 25 image "));
        assertThat(Attribution.between(meta, newer, java.util.Set.of("21"))).as("the JDK 21 cell's figure names no JDK 25 change").isEmpty();
        assertThat(other.runnerClass()).isNotEqualTo(meta.runnerClass());
    }
}
