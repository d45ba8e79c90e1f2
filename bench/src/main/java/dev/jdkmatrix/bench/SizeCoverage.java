// Writes docs/history.md's block on a change's size (make bench-history): how often the interval a change
// states covers the true step, on histories whose night-to-night noise is drawn from the real nights of
// docs/runs/history-real, by step (in units of a figure's own spread, 1.5 to 6: the detection limit and
// above) and by the nights after the change when it is read (3: the night it is first confirmed). The
// harness's own ChangeFinder finds the change and states its size; Welch's interval on the same nights
// (what a change said before) stands beside it. Fresh histories: the seeds differ from those the widening
// was calibrated on. Run by its make target with the harness jar on the class path.
package dev.jdkmatrix.bench;

import dev.jdkmatrix.history.ChangeFinder;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.Nights;
import dev.jdkmatrix.history.Series;
import dev.jdkmatrix.history.Watch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.commons.statistics.distribution.TDistribution;

public class SizeCoverage {

    static final int NIGHTS = 60;
    static final int HISTORIES = Integer.getInteger("histories", 1000);
    static final double SPREAD = 0.02;
    static final double[] UNITS = {1.5, 2, 3, 4, 6};
    /** Nights after a change when it is read: the first confirmed night, then ranges. */
    static final int[][] BUCKETS = {{3, 3}, {4, 6}, {7, 10}, {11, 15}};

    public static void main(String[] args) throws Exception {
        Path nights = Path.of(args[0]);
        String changeNight = args[1];
        String command = args.length > 2 ? args[2] : "make bench-history";
        Nights.Read read = Nights.read(nights);
        History real = History.of(read, ChangeFinder.Options.DEFAULT, Watch.DEFAULT_TARGET);
        double[] shape = shape(real, read, changeNight);
        ChangeFinder.Options o = ChangeFinder.Options.DEFAULT;
        StringBuilder md = new StringBuilder();
        md.append("Written by `").append(command).append("` (bench/src/main/java/dev/jdkmatrix/bench/SizeCoverage.java): ").append(HISTORIES)
                .append(" histories of ").append(NIGHTS).append(" nights per step, each night's noise drawn from the ").append(shape.length)
                .append(" residuals of docs/runs/history-real's figures over their own spreads, scaled to a spread of ").append(fmt(SPREAD * 100, 0))
                .append(" %, a step at a random night between 20 and 45; the nightly replayed night by night with the default setting (window ")
                .append(o.method().window()).append(", p ").append(o.method().maxPText()).append("). Each cell: of the nights on which the step's change ")
                .append("was confirmed (found within a night of it) with that many nights after it, the share whose stated interval covers the true step, ")
                .append("as the harness states it now / as Welch's interval on the same nights did; n in brackets.\n\n");
        md.append("| step (spreads, %) |");
        for (int[] b : BUCKETS) md.append(b[0] == b[1] ? " " + b[0] + " nights after (first confirmed) |" : " " + b[0] + " to " + b[1] + " nights after |");
        md.append("\n|---|");
        for (int[] b : BUCKETS) md.append("---:|");
        md.append("\n");
        double worst = 1;
        for (double units : UNITS) {
            double truth = units * SPREAD;
            int[][] counts = new int[BUCKETS.length][3]; // n, covered now, covered by Welch
            SplittableRandom r = new SplittableRandom(20261127L + (long) (units * 100));
            for (int h = 0; h < HISTORIES; h++) {
                int at = 20 + r.nextInt(26);
                double[] z = new double[NIGHTS];
                for (int i = 0; i < NIGHTS; i++) z[i] = SPREAD * shape[r.nextInt(shape.length)] + (i >= at ? truth : 0);
                for (int t = o.minNights(); t <= Math.min(NIGHTS, at + 15); t++) {
                    for (ChangeFinder.Point p : ChangeFinder.points(Arrays.copyOf(z, t), o)) {
                        if (!p.confirmed(o) || Math.abs(p.at() - at) > 1) continue;
                        int k = p.to() - p.at();
                        for (int b = 0; b < BUCKETS.length; b++) {
                            if (k < BUCKETS[b][0] || k > BUCKETS[b][1]) continue;
                            counts[b][0]++;
                            double[] now = ChangeFinder.logDifference(z, p.from(), p.at(), p.to());
                            if (now[1] <= truth && truth <= now[2]) counts[b][1]++;
                            double[] w = welch(z, p.from(), p.at(), p.to());
                            if (w[0] <= truth && truth <= w[1]) counts[b][2]++;
                        }
                    }
                }
            }
            md.append("| ").append(fmt(units, 1)).append(" (").append(fmt(Math.expm1(truth) * 100, 1)).append(" %) |");
            for (int[] c : counts) {
                if (c[0] == 0) {
                    md.append(" - |");
                    continue;
                }
                double now = (double) c[1] / c[0];
                worst = Math.min(worst, now);
                md.append(" ").append(fmt(100.0 * now, 1)).append(" % / ").append(fmt(100.0 * c[2] / c[0], 1)).append(" % (").append(c[0]).append(") |");
            }
            md.append("\n");
        }
        md.append("\nThe lowest coverage of the interval as stated now: ").append(fmt(100 * worst, 1))
                .append(" % (goal: at least 95 % at confirmation and later, near the detection limit included).\n");
        System.out.print(md);
    }

    /** Every figure's residuals around its level (the changed work cell's around its two levels) over its own spread. */
    static double[] shape(History h, Nights.Read read, String changeNight) {
        int changeAt = 0;
        for (int i = 0; i < read.nights().size(); i++) if (read.nights().get(i).folder().equals(changeNight)) changeAt = i;
        List<Double> out = new ArrayList<>();
        for (Series s : h.allSeries()) {
            if (s.entries().size() < 12) continue;
            boolean changed = s.key().cells().stream().anyMatch(c -> c.startsWith("work") && c.contains("jdk=25"));
            double[] z = s.logs();
            int split = z.length;
            if (changed) {
                for (int i = 0; i < s.entries().size(); i++) {
                    if (!s.entries().get(i).night().started().isBefore(h.nights().get(changeAt).started())) {
                        split = i;
                        break;
                    }
                }
            }
            double[] r = new double[z.length];
            residuals(z, 0, split, r);
            residuals(z, split, z.length, r);
            double[] abs = Arrays.stream(r).map(Math::abs).sorted().toArray();
            double spread = 1.4826 * abs[abs.length / 2];
            if (spread > 0) for (double x : r) out.add(x / spread);
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static void residuals(double[] z, int from, int to, double[] out) {
        if (to <= from) return;
        double[] c = Arrays.copyOfRange(z, from, to);
        Arrays.sort(c);
        double m = c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2;
        for (int i = from; i < to; i++) out[i] = z[i] - m;
    }

    /** Welch's 95 % interval of the difference of the means, as a change stated it before (with one night after, the nights before give both spreads). */
    static double[] welch(double[] z, int from, int at, int to) {
        int n1 = at - from;
        int n2 = to - at;
        double m1 = Arrays.stream(z, from, at).average().orElse(0);
        double m2 = Arrays.stream(z, at, to).average().orElse(0);
        double v1 = Arrays.stream(z, from, at).map(x -> (x - m1) * (x - m1)).sum() / (n1 - 1);
        double v2 = n2 >= 2 ? Arrays.stream(z, at, to).map(x -> (x - m2) * (x - m2)).sum() / (n2 - 1) : v1;
        double a = v1 / n1;
        double b = v2 / n2;
        double se = Math.sqrt(a + b);
        double df = n2 >= 2 ? (a + b) * (a + b) / (a * a / (n1 - 1) + b * b / (n2 - 1)) : n1 - 1;
        double t = TDistribution.of(Math.max(1, df)).inverseSurvivalProbability(0.025);
        return new double[] {m2 - m1 - t * se, m2 - m1 + t * se};
    }

    static String fmt(double x, int digits) {
        return String.format(Locale.ROOT, "%." + digits + "f", x);
    }
}
