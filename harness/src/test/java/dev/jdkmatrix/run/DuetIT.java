package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.format.RunJson;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * order: duet on the real engine: each round's pair of runs created, then started together, each
 * pinned to a CPU of its own, the CPUs swapped from round to round; the two runs overlap in time,
 * their start skew is recorded and small; an A/A duet is not called different; a quota cell is
 * refused at plan. Alone: the start skew is the engine's answer time, which a loaded machine stretches.
 */
@Tag(ItSupport.ALONE)
class DuetIT {

    /** What the test holds a duet's start skew to: 5 times more than a quiet engine's start calls take here (docs/duet.md). */
    static final double SKEW_BOUND_MS = 1000;

    @TempDir
    Path tmp;

    @Test
    void aDuetsRunsStartTogetherOnDisjointCpusThatAlternateAndAnAaPairIsNotCalledDifferent() throws Exception {
        int host = Runtime.getRuntime().availableProcessors();
        // adaptive rounds decide in duet order as in blocked: an A/A sleep pair is within ±50 % after its 6 rounds, so the 2 more are left out
        Path m = TestMatrix.named("duet").repetitions("{ min: 6, max: 8, target: 50% }").option("order", "duet").option("compare-along", "[jvm-args]").option("min-difference", "5%")
                .axis("cpu-mode", "cpuset").axis("tasks", 10).axis("executor", "virtual").axis("jvm-args", "[[-Dside=a], [-Dside=b]]")
                .workloads("- name: sleep\n  params: { wait-ms: 300 }").write(tmp.resolve("duet.yaml"));
        String runId = "it-duet-" + ProcessHandle.current().pid();
        ItSupport.Ran ran = ItSupport.run(m, tmp.resolve("out"), runId, 0);
        List<RawRow> rows = ran.rows();
        assertThat(rows).as(ran.err()).hasSize(12).allSatisfy(r -> assertThat(r.status()).isEqualTo("ok"));
        assertThat(ran.err()).contains("16 runs at most, fewer as cells reach the target");
        Map<String, RawRow> bySeq = rows.stream().collect(Collectors.toMap(r -> r.column("seq"), Function.identity()));
        for (RawRow r : rows) {
            RawRow partner = bySeq.get(r.column("duet_with"));
            assertThat(partner).as("seq %s names its partner", r.column("seq")).isNotNull();
            assertThat(partner.column("duet_with")).isEqualTo(r.column("seq"));
            assertThat(partner.column("rep")).isEqualTo(r.column("rep"));
            assertThat(partner.column("jvm_args")).isNotEqualTo(r.column("jvm_args"));
            // each on a CPU of its own
            assertThat(r.column("cpuset")).matches("\\d+");
            assertThat(partner.column("cpuset")).isNotEqualTo(r.column("cpuset"));
            // started together: the skew recorded is Docker's start stamps' distance, small, and the two runs overlap in time
            double skew = Double.parseDouble(r.column("start_skew_ms"));
            assertThat(skew).isBetween(0.0, SKEW_BOUND_MS).isEqualTo(Double.parseDouble(partner.column("start_skew_ms")));
            double apart = java.time.Duration.between(Instant.parse(r.column("started_at")), Instant.parse(partner.column("started_at"))).abs().toNanos() / 1e6;
            assertThat(apart).as("Docker's start stamps of seq %s and %s", r.column("seq"), partner.column("seq")).isCloseTo(skew, org.assertj.core.data.Offset.offset(0.01));
            assertThat(apart).isLessThan(Double.parseDouble(r.column("container_wall_ms")) / 2);
        }
        // the sides swap CPUs from round to round
        for (String side : List.of("-Dside=a", "-Dside=b")) {
            List<String> cpus = rows.stream().filter(r -> r.column("jvm_args").equals(side)).sorted(java.util.Comparator.comparingInt(RawRow::rep))
                    .map(r -> r.column("cpuset")).toList();
            for (int i = 1; i < cpus.size(); i++) assertThat(cpus.get(i)).as("%s in rounds %d and %d", side, i, i + 1).isNotEqualTo(cpus.get(i - 1));
        }
        if (host == 2) assertThat(rows).extracting(r -> r.column("cpuset")).containsOnly("0", "1");

        // the comparison is read as pairs, says it was measured in duet, and an A/A pair is not called different
        List<Comparisons.Row> comparisons = Comparisons.of(rows, RunJson.read(tmp.resolve("out/run.json")));
        assertThat(comparisons).hasSize(1);
        assertThat(comparisons.get(0).pairing()).isEqualTo("duet");
        assertThat(comparisons.get(0).paired()).isTrue();
        assertThat(comparisons.get(0).pairs()).isEqualTo(6);
        assertThat(comparisons.get(0).verdict().text()).isIn("same", "undecided");
        assertThat(java.nio.file.Files.readString(tmp.resolve("out/comparisons.csv"))).contains(",duet,6,");
        assertThat(ItSupport.containers(runId)).isEmpty();
    }

    @Test
    void aQuotaCellInDuetOrderIsRefusedAtPlanWithTheFix() throws Exception {
        Path m = TestMatrix.named("duet-quota").repetitions(2).option("order", "duet").axis("jvm-args", "[[-Dside=a], [-Dside=b]]")
                .option("compare-along", "[jvm-args]").axis("tasks", 2).axis("executor", "virtual").workloads("sleep").write(tmp.resolve("quota.yaml"));
        StringWriter err = new StringWriter();
        assertThat(ItSupport.cli(err, "plan", "--matrix", m.toString())).isEqualTo(ExitException.BAD_INPUT);
        assertThat(err.toString()).contains("order duet: cell '").contains("limits its CPUs by a quota")
                .contains("fix: set cpu-mode: cpuset for the cells compared, or use order: blocked");
        // the same matrix given --order duet on the command line, blocked in its file, is refused by run before any image or container
        Path blocked = TestMatrix.named("duet-quota2").repetitions(2).axis("jvm-args", "[[-Dside=a], [-Dside=b]]")
                .option("compare-along", "[jvm-args]").axis("tasks", 2).axis("executor", "virtual").workloads("sleep").write(tmp.resolve("quota2.yaml"));
        StringWriter err2 = new StringWriter();
        assertThat(ItSupport.attempt(err2, blocked, tmp.resolve("never"), "--order", "duet")).isEqualTo(ExitException.BAD_INPUT);
        assertThat(err2.toString()).contains("with --order duet: cell '").contains("quota");
        assertThat(tmp.resolve("never")).doesNotExist();
    }
}
