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
    void aChangeTheNewestNightsSuggestIsSuspectedUntilTheNightsAfterItHoldItAndOneNightOutOfLineIsNone(@TempDir Path site) throws IOException {
        SiteFixture.Night steady = SiteFixture.Night.steady(0.01);
        SplittableNights.write(site, 21, i -> i >= 20 ? steady.level25(880) : steady);
        History tonight = history(site);
        assertThat(tonight.changes()).as("one night out of line is an excursion, not a change").isEmpty();
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

    /** A fleet: nights on two CPU models, one 10 % slower, alternating: one series of each figure, each model at its own level, no change. */
    @Test
    void alternatingCpuModelsAreOneSeriesEachAtItsOwnLevelAndNoChange(@TempDir Path site) throws IOException {
        SplittableNights.write(site, 30, i -> i % 2 == 0 ? SiteFixture.Night.steady(0.01) : SiteFixture.Night.steady(0.01).cpu("Intel Xeon").factor(1.1));
        History h = history(site);
        assertThat(h.runnerClasses()).as("one fleet: the CPU count and the engine").containsExactly("CPUs 2");
        assertThat(h.machines()).containsExactly("AMD EPYC", "Intel Xeon");
        assertThat(h.findings()).hasSize(3).allMatch(ChangeFinder.Finding::examined).allMatch(f -> f.nights() == 30 && f.levels().fleet());
        ChangeFinder.Finding cell = h.findings().stream().filter(f -> f.series().key() instanceof FigureKey.Cell).findFirst().orElseThrow();
        assertThat(cell.levels().machines().get("Intel Xeon").factor()).as("the slower model's level, estimated from the nights").isBetween(1.08, 1.12);
        assertThat(cell.levels().text()).contains("AMD EPYC 1.000x (15 nights)", "Intel Xeon 1.").endsWith("x (15 nights)");
        assertThat(h.watches().values()).as("the spread with the machines' levels taken out: the night's own noise, not 10 %")
                .allSatisfy(w -> assertThat(w.spread()).isLessThan(0.03));
        assertThat(h.changes()).as("a runner 1.1x slower every other night is not a change").isEmpty();
        History byRunner = History.of(Nights.read(site), ChangeFinder.Options.DEFAULT, Watch.DEFAULT_TARGET, true);
        assertThat(byRunner.runnerClasses()).as("--by-runner: a series per CPU model, as before fleets").hasSize(2);
        assertThat(byRunner.findings()).hasSize(6).allMatch(f -> f.series().entries().size() == 15)
                .allMatch(f -> f.series().entries().stream().allMatch(e -> e.night().runnerClass().equals(f.series().runnerClass())));
        assertThat(byRunner.changes()).isEmpty();
    }

    /** A 5 % step in a steady figure whose nights alternate between two CPU models 10 % apart: found, at its night, in the figures it is in. */
    @Test
    void aFivePercentStepOverAlternatingCpuModelsIsFoundAtItsNight(@TempDir Path site) throws IOException {
        SplittableNights.write(site, 40, i -> {
            SiteFixture.Night n = i % 2 == 0 ? SiteFixture.Night.steady(0.01) : SiteFixture.Night.steady(0.01).cpu("Intel Xeon").factor(1.1);
            return i >= 20 ? n.level25(840) : n;
        });
        History h = history(site);
        List<Change> confirmed = h.changes().stream().filter(c -> c.status() == Change.Status.CONFIRMED).toList();
        assertThat(confirmed).as("the JDK 25 cell and the ratio 25 / 21").hasSizeBetween(1, 2).allSatisfy(c -> {
            assertThat(c.figure().cells()).contains(SiteFixture.CELL_25);
            assertThat(c.after().folder()).isIn("nightly-019", "nightly-020", "nightly-021");
            assertThat(c.regression()).isTrue();
            assertThat(c.percent()).isBetween(3.0, 7.0);
            assertThat(c.byMachine()).as("its size on each CPU model, which agree").startsWith("by CPU model: AMD EPYC +").doesNotContain("disagree");
        });
        assertThat(h.changes()).noneMatch(c -> c.figure().equals(new FigureKey.Cell(SiteFixture.CELL_21)));
        assertThat(h.events()).isEmpty();
    }

    /** A step on one CPU model only: the figure's models disagree about it, and the change says so. */
    @Test
    void aStepOnOneCpuModelOnlySaysTheModelsDisagree(@TempDir Path site) throws IOException {
        SplittableNights.write(site, 40, i -> {
            SiteFixture.Night n = i % 2 == 0 ? SiteFixture.Night.steady(0.01) : SiteFixture.Night.steady(0.01).cpu("Intel Xeon").factor(1.1);
            return i >= 20 && i % 2 == 0 ? n.level25(920) : n;
        });
        Change c = history(site).changes().stream().filter(x -> x.figure() instanceof FigureKey.Pair).findFirst().orElseThrow();
        assertThat(c.byMachine()).contains("AMD EPYC +1", "Intel Xeon", "the CPU models disagree");
    }

    /** A new CPU model whose nights are all slower: its level, not a regression, and the switch is named where a night is compared with the last. */
    @Test
    void aNewCpuModelThatIsSlowerIsItsLevelNotARegression(@TempDir Path site) throws IOException {
        SplittableNights.write(site, 30, i -> i < 20 ? SiteFixture.Night.steady(0.01) : SiteFixture.Night.steady(0.01).cpu("AMD EPYC 9V74").factor(1.15));
        History h = history(site);
        assertThat(h.findings()).allSatisfy(f -> assertThat(f.levels().machines()).containsKeys("AMD EPYC", "AMD EPYC 9V74"));
        assertThat(h.changes()).as("every night after the switch on the new model: its level").isEmpty();
        var before = SiteFixture.meta("a", SiteFixture.FIRST, SiteFixture.Night.steady(0.01));
        var after = SiteFixture.meta("b", SiteFixture.FIRST, SiteFixture.Night.steady(0.01).cpu("AMD EPYC 9V74"));
        assertThat(Attribution.between(before, after, java.util.Set.of("25"))).containsExactly("CPU model AMD EPYC -> AMD EPYC 9V74");
    }

    /** Docker, the kernel and the cgroup driver updated under the runner mid-history: one series, the update named where a change meets it, no change from it. */
    @Test
    void aDockerAndKernelUpdateMidHistoryIsOneSeriesAndIsNamed(@TempDir Path site) throws IOException {
        SiteFixture.Night steady = SiteFixture.Night.steady(0.01);
        SplittableNights.write(site, 30, i -> i >= 15 ? steady.level25(840) : steady);
        for (int i = 15; i < 30; i++) rewrite(site, i, m -> updated(m, "24.0.7", "6.8.0-1017-azure", "2", "systemd", "ubuntu24 20261118.1"));
        History h = history(site);
        assertThat(h.runnerClasses()).as("an update is not a new series").hasSize(1);
        assertThat(h.findings()).allMatch(f -> f.nights() == 30);
        assertThat(h.changes()).noneMatch(c -> c.figure().equals(new FigureKey.Cell(SiteFixture.CELL_21)));
        Change step = h.changes().stream().filter(c -> c.figure() instanceof FigureKey.Pair).findFirst().orElseThrow();
        assertThat(step.after().folder()).isEqualTo("nightly-015");
        assertThat(step.whatChanged()).contains("kernel 6.1 -> 6.8.0-1017-azure", "engine runner 20.10.24 -> runner 24.0.7", "cgroup v1 (cgroupfs) -> v2 (systemd)",
                "runner image (none) -> ubuntu24 20261118.1");
    }

    /**
     * A site published by an earlier version: its run.json has no runner image, no named class, and
     * its Docker updates made a runner class each then; read now, its nights are one series.
     */
    @Test
    void aSiteOfAnEarlierVersionIsReadAndItsNightsJoinTheirFleet(@TempDir Path site) throws IOException {
        SplittableNights.write(site, 12, i -> SiteFixture.Night.steady(0.01));
        for (int i = 0; i < 12; i++) {
            Path json = site.resolve(String.format(java.util.Locale.ROOT, "nightly-%03d/run.json", i));
            String text = Files.readString(json).replaceAll(",\\s*\"runner_image\" : \"[^\"]*\"", "").replaceAll(",\\s*\"named_class\" : null", "");
            if (i >= 6) text = text.replace("\"server_version\" : \"20.10.24\"", "\"server_version\" : \"24.0.7\"");
            assertThat(text).doesNotContain("runner_image", "named_class");
            Files.writeString(json, text);
        }
        History h = history(site);
        assertThat(h.nights()).hasSize(12);
        assertThat(h.runnerClasses()).containsExactly("CPUs 2");
        assertThat(h.findings()).hasSize(3).allMatch(f -> f.nights() == 12 && f.examined());
        assertThat(h.nights().get(0).meta().host().runnerImage()).isEmpty();
    }

    /** The two newest nights' runner slow for every cell, the paired ratio steady: one event of the machine, no suspected regression of each cell. */
    @Test
    void aNightTheRunnerMovedEveryCellIsOneEventNotRegressions(@TempDir Path site) throws IOException {
        SiteFixture.Night steady = SiteFixture.Night.steady(0.01);
        SplittableNights.write(site, 22, i -> i >= 20 ? steady.factor(1.6) : steady);
        History h = history(site);
        assertThat(h.events()).hasSize(2).allSatisfy(e -> {
            assertThat(e.night().folder()).isIn("nightly-020", "nightly-021");
            assertThat(e.slower()).isTrue();
            assertThat(e.text()).contains("the runner was slow, 2 of 2 cells", "every paired ratio (1) within its spread");
        });
        assertThat(h.changes()).as("the two slow nights are the runner's: left out of the cells' search").isEmpty();
        assertThat(h.findings()).filteredOn(f -> f.series().key() instanceof FigureKey.Cell).hasSize(2)
                .allSatisfy(f -> assertThat(f.excursions()).extracting(e -> e.night().folder()).containsExactly("nightly-020", "nightly-021"));
        assertThat(h.findings()).filteredOn(f -> f.series().key() instanceof FigureKey.Pair).allMatch(f -> f.excursions().isEmpty());
        SiteFixture.write(site, 22, steady.factor(1.6), 1);
        History three = history(site);
        assertThat(three.changes()).as("three slow nights in a row: a level of the runner, which the cells show").isNotEmpty()
                .allMatch(c -> c.figure() instanceof FigureKey.Cell && c.status() == Change.Status.CONFIRMED);
    }

    /** The team's suite changed between two nights: the change names the commits between them and, on GitHub, links their compare view. */
    @Test
    void aChangeNamesTheTeamsCommitsBetweenItsTwoNights(@TempDir Path site) throws IOException {
        SiteFixture.Night steady = SiteFixture.Night.steady(0.01);
        SplittableNights.write(site, 30, i -> i >= 15 ? steady.level25(860) : steady);
        for (int i = 0; i < 30; i++) {
            String commit = (i < 12 ? "a" : i < 15 ? "b" : i < 20 ? "c" : "d").repeat(40);
            rewrite(site, i, m -> m.withRepository(new dev.jdkmatrix.results.RunMetadata.Repository(
                    "https://x-access-token:ghs_secret@github.com/acme/json-lib.git", commit, false)));
        }
        History h = history(site);
        Change step = h.changes().stream().filter(c -> c.figure() instanceof FigureKey.Pair).findFirst().orElseThrow();
        assertThat(step.after().folder()).isEqualTo("nightly-015");
        assertThat(step.whatChanged()).contains("repository acme/json-lib commits bbbbbbbbbbbb..cccccccccccc "
                + "(https://github.com/acme/json-lib/compare/" + "b".repeat(40) + "..." + "c".repeat(40) + ")");
        assertThat(Files.readString(site.resolve("nightly-015/run.json"))).as("a token in the remote never reaches run.json")
                .contains("https://github.com/acme/json-lib.git").doesNotContain("ghs_secret");
        var local = new dev.jdkmatrix.results.RunMetadata.Repository("/srv/git/lib", "1".repeat(40), true);
        assertThat(local.compareUrl(new dev.jdkmatrix.results.RunMetadata.Repository("/srv/git/lib", "0".repeat(40), false))).as("not on GitHub").isNull();
        assertThat(new dev.jdkmatrix.results.RunMetadata.Repository("git@github.com:acme/lib.git", "", false).github()).isEqualTo("acme/lib");
        assertThat(Attribution.between(SiteFixture.meta("a", SiteFixture.FIRST, steady).withRepository(local.withCommit("0".repeat(40), false)),
                SiteFixture.meta("b", SiteFixture.FIRST, steady).withRepository(local), java.util.Set.of("25")))
                .containsExactly("repository /srv/git/lib commits 000000000000..111111111111 (dirty)");
    }

    private static void rewrite(Path site, int night, java.util.function.UnaryOperator<dev.jdkmatrix.results.RunMetadata> change) throws IOException {
        Path json = site.resolve(String.format(java.util.Locale.ROOT, "nightly-%03d/run.json", night));
        dev.jdkmatrix.results.format.RunJson.write(json, change.apply(dev.jdkmatrix.results.format.RunJson.read(json)));
    }

    private static dev.jdkmatrix.results.RunMetadata updated(dev.jdkmatrix.results.RunMetadata m, String docker, String kernel, String cgroup, String driver, String image) {
        var h = m.host();
        var e = m.engine();
        return new dev.jdkmatrix.results.RunMetadata(m.schema(), m.runId(), m.matrixFile(), m.matrixName(), m.matrixSha256(), m.gitCommit(), m.gitDirty(),
                m.startedAt(), m.endedAt(), new dev.jdkmatrix.results.RunMetadata.Host(h.hostname(), h.cpuModel(), h.cpus(), h.memoryBytes(), h.os(), kernel,
                h.javaVersion(), image), new dev.jdkmatrix.results.RunMetadata.Engine(docker, e.apiVersion(), e.os(), kernel, e.cpus(), e.memoryBytes(), cgroup,
                driver, e.endpoint(), e.id(), e.name()), m.images(), m.jdkBuilds(), m.plan(), m.statusCounts(), m.harnessOverheadMs(), m.imagesSeconds(),
                m.mergedFrom(), m.sessions(), m.jars());
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
        assertThat(h.runnerClasses()).as("a fleet is the CPU count and the engine").contains("CPUs 2", "CPUs 2, Kubernetes v1.34.2");
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

    /** run.json records the cluster as typed values: read before the sentence, kept through run.json and a merge (whose sources name it). */
    @Test
    void aTypedClusterIsReadBeforeTheSentenceAndKeptThroughRunJsonAndAMerge(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        var docker = SiteFixture.meta("a", SiteFixture.FIRST, SiteFixture.Night.steady(0.01));
        var typed = new dev.jdkmatrix.results.RunMetadata.KubernetesCluster("v1.35.0", "https://10.0.0.1:6443", "node label pool=bench");
        var session = new dev.jdkmatrix.results.RunMetadata.Session(docker.startedAt(), docker.endedAt(), "runner-1", 10,
                "Kubernetes v1.34.2 at https://127.0.0.1:6443, namespace default, a sentence that says another version", "", typed);
        var m = new dev.jdkmatrix.results.RunMetadata(docker.schema(), docker.runId(), docker.matrixFile(), docker.matrixName(), docker.matrixSha256(),
                docker.gitCommit(), docker.gitDirty(), docker.startedAt(), docker.endedAt(), docker.host(), docker.engine(), docker.images(), docker.jdkBuilds(),
                docker.plan(), docker.statusCounts(), docker.harnessOverheadMs(), docker.imagesSeconds(), docker.mergedFrom(), List.of(session), docker.jars());
        assertThat(m.cluster()).as("the typed value, not the sentence").isEqualTo("v1.35.0 (node label pool=bench)");
        java.nio.file.Path json = dir.resolve("run.json");
        dev.jdkmatrix.results.format.RunJson.write(json, m);
        var read = dev.jdkmatrix.results.format.RunJson.read(json);
        assertThat(read.kubernetes()).isEqualTo(typed);
        assertThat(read.runnerClass()).endsWith("Kubernetes v1.35.0 (node label pool=bench)");
        var merged = new dev.jdkmatrix.results.RunMetadata(docker.schema(), "merged", docker.matrixFile(), docker.matrixName(), docker.matrixSha256(),
                docker.gitCommit(), docker.gitDirty(), docker.startedAt(), docker.endedAt(), docker.host(), docker.engine(), docker.images(), docker.jdkBuilds(),
                docker.plan(), docker.statusCounts(), docker.harnessOverheadMs(), docker.imagesSeconds(),
                List.of(new dev.jdkmatrix.results.RunMetadata.Source("a", "1/2", "runner-1", "shard-1", docker.startedAt(), docker.endedAt(),
                        docker.engine().describe(), read.kubernetes())), List.of(), docker.jars());
        assertThat(merged.runnerClass()).as("a merged night of the cluster is of the cluster's class").isEqualTo(read.runnerClass());
        assertThat(onCluster(docker).cluster()).as("an older run.json: its sentence read").isEqualTo("v1.34.2");
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
