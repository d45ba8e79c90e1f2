package dev.jdkmatrix.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdkmatrix.matrix.Repetitions;
import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.PairedRatio;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.format.RawCsv;
import dev.jdkmatrix.results.format.RunJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Adaptive repetitions replayed on recorded A/A rounds (docs/runs/verdicts-1 and -2: two cells that
 * differ only in an inert flag, 40 rounds each, 16 pairs): each pair's log ratios, centred so that
 * the truth is exactly 1x, drawn round by round and stopped by the harness's own rule
 * (RunDecisions.enoughGroup, min 6, max 20, target 3 %). The final interval must miss 1x in at most
 * 5 % of the tries: an optional stop must not say more than the runs show.
 */
class AdaptiveReplayTest {

    static final Path PROJECT = Path.of(System.getProperty("user.dir")).getParent();
    static final int TRIES = 400;

    /** Every A/A pair's centred log ratios. */
    static List<double[]> aaPairs() throws IOException {
        List<double[]> out = new ArrayList<>();
        for (String run : List.of("verdicts-1", "verdicts-2")) {
            Path dir = PROJECT.resolve("docs/runs").resolve(run);
            RunMetadata meta = RunJson.read(dir.resolve("run.json"));
            List<RawRow> rows = RawCsv.read(dir.resolve("raw.csv.gz"));
            Map<String, List<RawRow>> byCell = new LinkedHashMap<>();
            for (RawRow r : rows) if (r.measured()) byCell.computeIfAbsent(r.column("cell"), k -> new ArrayList<>()).add(r);
            for (Comparisons.Row c : Comparisons.of(rows, meta)) {
                if (!c.compared().equals("jvm-args none -> -Dnoop=1")) continue;
                Comparisons.Pairs p = Comparisons.pairs(byCell.get(c.cellA()), byCell.get(c.cellB()));
                double[] d = new double[p.a().length];
                for (int i = 0; i < d.length; i++) d[i] = Math.log(p.b()[i] / p.a()[i]);
                double[] sorted = d.clone();
                java.util.Arrays.sort(sorted);
                double median = dev.jdkmatrix.stats.Median.ofSorted(sorted);
                for (int i = 0; i < d.length; i++) d[i] -= median;
                out.add(d);
            }
        }
        return out;
    }

    static RawRow row(String cell, int rep, double wall) {
        return dev.jdkmatrix.results.Rows.of(cell).rep(rep).wall(wall).build();
    }

    /** The share of tries whose final interval misses 1x, the rule stopping from {@code reps}. */
    static double missRate(List<double[]> pairs, Repetitions reps, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int misses = 0;
        int tries = 0;
        for (double[] d : pairs) {
            for (int t = 0; t < TRIES; t++) {
                Map<String, List<RawRow>> group = new LinkedHashMap<>();
                group.put("a", new ArrayList<>());
                group.put("b", new ArrayList<>());
                for (int round = 1; round <= reps.max(); round++) {
                    group.get("a").add(row("a", round, 1000));
                    group.get("b").add(row("b", round, 1000 * Math.exp(d[random.nextInt(d.length)])));
                    if (RunDecisions.enoughGroup(group, reps) != null) break;
                }
                PairedRatio r = Comparisons.paired(group.get("a"), group.get("b"));
                if (r.low() > 1 || r.high() < 1) misses++;
                tries++;
            }
        }
        return (double) misses / tries;
    }

    @Test
    void anAdaptiveStopMissesTheTruthInAtMostFivePercentOfTries() throws IOException {
        List<double[]> pairs = aaPairs();
        assertThat(pairs).as("A/A pairs of the two recorded series").hasSize(16).allMatch(d -> d.length == 40);
        double six = missRate(pairs, new Repetitions(6, 20, 0.03), 1);
        assertThat(six).as("the final interval's miss rate, stopping from 6 rounds").isLessThanOrEqualTo(0.05)
                .as("intervals of this noise do miss now and then: the replay is not one that cannot fail").isGreaterThan(0);
    }
}
