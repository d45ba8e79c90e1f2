// Writes docs/history.md (make bench-history): how the history's change finder does on histories
// whose night-to-night noise is drawn from nights measured here (docs/runs/history-real, made by
// make history-real): false changes per 100 nights over every figure of the quick matrix, detection
// rate and delay of steps of 3, 5 and 10 %, for cells and for paired ratios, for each of a few
// settings of the method; detection against the step in units of a figure's own spread; the real
// history itself; and the time to read and analyse 365 nights. Run by its make target with
// the harness jar on the class path, so that it finds changes as the harness does.
package dev.jdkmatrix.bench;

import static dev.jdkmatrix.bench.BenchStats.median;
import static dev.jdkmatrix.bench.BenchStats.countInterval;

import dev.jdkmatrix.history.ChangeFinder;
import dev.jdkmatrix.history.FigureKey;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.HistoryReport;
import dev.jdkmatrix.history.Night;
import dev.jdkmatrix.history.Nights;
import dev.jdkmatrix.history.Series;
import dev.jdkmatrix.history.Watch;
import dev.jdkmatrix.stats.EDivisive;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

public class HistoryBench {

    static final int NIGHTS = 60;
    static final int HISTORIES = Integer.getInteger("histories", 100);
    static final double[] STEPS = {0.03, 0.05, 0.10};
    static final int LATE = 6; // a step counts as found when it alerts: confirmed within twice the confirm-nights of it

    /** A figure's night-to-night noise: the log residuals of its real nights around their level, and their robust spread. */
    record Pool(FigureKey key, String label, boolean ratio, double[] residuals, double spread) {}

    /** When a step was first confirmed: the nights at the new level by then (0: never within LATE), and the false changes confirmed meanwhile. */
    record Run(int delay, int falseChanges) {}

    public static void main(String[] args) throws Exception {
        Path nights = Path.of(args[0]);
        String changeNight = args[1];
        String command = args.length > 2 ? args[2] : "make bench-history";
        Path work = Path.of(args.length > 3 ? args[3] : "target/bench-history");
        long t0 = System.nanoTime();
        Nights.Read read = Nights.read(nights);
        History real = History.of(read, ChangeFinder.Options.DEFAULT, Watch.DEFAULT_TARGET);
        int changeAt = indexOf(read.nights(), changeNight);
        List<Pool> pools = pools(real, changeAt);
        List<Pool> quick = pools.stream().filter(p -> p.key().cells().stream().noneMatch(c -> c.startsWith("work"))).toList();
        double[] shape = shape(pools);

        List<ChangeFinder.Options> settings = new ArrayList<>(List.of(options(50, 0.001), options(30, 0.001), options(30, 0.0001), options(30, 0.00005),
                options(30, 0.00003), options(30, 0.00001), options(50, 0.00001), options(30, 0.000001)));
        if (!settings.contains(ChangeFinder.Options.DEFAULT)) settings.add(0, ChangeFinder.Options.DEFAULT);
        StringBuilder md = new StringBuilder();
        header(md, command, read, real, changeNight);
        md.append("### False alerts and detection, by setting\n\n")
                .append("Each setting on ").append(HISTORIES).append(" synthetic histories of ").append(NIGHTS).append(" nights per figure of the quick matrix (")
                .append(quick.size()).append(" figures: ").append(quick.stream().filter(p -> !p.ratio()).count()).append(" cells, ")
                .append(quick.stream().filter(Pool::ratio).count()).append(" paired ratios), each night's value drawn (with replacement) from that figure's ")
                .append("own nights in docs/runs/history-real, around its level. The finder runs as the nightly does: on night t it looks at nights 1..t, ")
                .append("and a change confirmed on a night that was not confirmed the night before, at most ").append(LATE).append(" nights after it, is an alert (as History's new_tonight). False: alerts in histories with no step, ")
                .append("per 100 nights over all ").append(quick.size()).append(" figures together. Found: a step at a random night between 20 and 45 alerted ")
                .append("within ").append(LATE).append(" nights of it (at it, or one night off), in the figure's direction; delay: the nights at the new level when ")
                .append("it was first confirmed (3 is the earliest).\n\n")
                .append("| window | p | false alerts per 100 nights, all figures [95 % CI] | 3 % step found (cells / ratios) | 5 % | 10 % | median delay of 5 % (cells / ratios) |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (ChangeFinder.Options o : settings) settingRow(md, o, quick);
        md.append("\n");
        controlled(md, shape);
        perFigure(md, quick, ChangeFinder.Options.DEFAULT);
        timing(md, read, nights, work);
        md.append("\nThe whole benchmark took ").append(String.format(Locale.ROOT, "%.0f s", (System.nanoTime() - t0) / 1e9)).append(".\n");
        System.out.print(md);
    }

    static ChangeFinder.Options options(int window, double p) {
        return new ChangeFinder.Options(new EDivisive.Options(window, p, 0), 3, 6);
    }

    static int indexOf(List<Night> nights, String folder) {
        for (int i = 0; i < nights.size(); i++) if (nights.get(i).folder().equals(folder)) return i;
        throw new IllegalArgumentException("no night " + folder + " among " + nights.stream().map(Night::folder).toList());
    }

    /** Every figure's residuals: a figure of the changed cell around its level before and after the known change, others around their one level. */
    static List<Pool> pools(History h, int changeAt) {
        List<Pool> out = new ArrayList<>();
        for (Series s : h.allSeries()) {
            if (s.entries().size() < 12) continue;
            boolean changed = s.key().cells().stream().anyMatch(c -> c.startsWith("work") && c.contains("jdk=25"));
            double[] z = s.logs();
            int split = changed ? firstAtOrAfter(s, h.nights().get(changeAt)) : z.length;
            double[] r = new double[z.length];
            residuals(z, 0, split, r);
            residuals(z, split, z.length, r);
            out.add(new Pool(s.key(), s.key().label(), s.key() instanceof FigureKey.Pair, r, 1.4826 * median(abs(r))));
        }
        return out;
    }

    static int firstAtOrAfter(Series s, Night n) {
        for (int i = 0; i < s.entries().size(); i++) if (!s.entries().get(i).night().started().isBefore(n.started())) return i;
        return s.entries().size();
    }

    static void residuals(double[] z, int from, int to, double[] out) {
        if (to <= from) return;
        double m = median(Arrays.copyOfRange(z, from, to));
        for (int i = from; i < to; i++) out[i] = z[i] - m;
    }

    /** Every figure's residuals over its own spread: the shape of our noise, to scale to any spread. */
    static double[] shape(List<Pool> pools) {
        return pools.stream().filter(p -> p.spread() > 0).flatMapToDouble(p -> Arrays.stream(p.residuals()).map(x -> x / p.spread())).toArray();
    }

    static double[] history(double[] residuals, double scale, SplittableRandom r, double step, int at) {
        double[] z = new double[NIGHTS];
        for (int i = 0; i < NIGHTS; i++) z[i] = scale * residuals[r.nextInt(residuals.length)] + (i >= at ? Math.log1p(step) : 0);
        return z;
    }

    /**
     * The nightly, on nights 1..t for every t, alerting by History's own rule ({@link History#isNew}:
     * a confirmed change with no confirmed one the same way within a night of it the night before, and
     * at most twice the confirm-nights after it). When the step at {@code at} first alerted, and how
     * many other alerts there were.
     */
    static Run nightly(double[] z, int at, double step, ChangeFinder.Options o) {
        List<History.Candidate> before = List.of();
        int falses = 0;
        int end = at < 0 ? z.length : Math.min(z.length, at + LATE);
        for (int t = o.minNights(); t <= end; t++) {
            List<History.Candidate> confirmed = new ArrayList<>();
            for (ChangeFinder.Point p : ChangeFinder.points(Arrays.copyOf(z, t), o)) {
                // the direction as a change states it: the mean of its level after against the level before it
                if (p.confirmed(o) && ChangeFinder.named(p, z, 0, o)) confirmed.add(new History.Candidate(p.at(), mean(z, p.at(), p.to()) > mean(z, p.from(), p.at()), p.to() - p.at()));
            }
            for (History.Candidate c : confirmed) {
                if (!History.isNew(c, before, o)) continue; // History's own alert rule, as new_tonight
                boolean theStep = at >= 0 && Math.abs(c.index() - at) <= 1 && c.regression() == (step > 0);
                if (theStep) return new Run(t - at, falses);
                falses++;
            }
            before = confirmed;
        }
        return new Run(0, falses);
    }

    static void settingRow(StringBuilder md, ChangeFinder.Options o, List<Pool> quick) {
        // false alerts: every quick figure, HISTORIES histories with no step
        long[] alerts = quick.parallelStream().mapToLong(p -> {
            SplittableRandom r = new SplittableRandom(p.label().hashCode());
            long n = 0;
            for (int h = 0; h < HISTORIES; h++) n += nightly(history(p.residuals(), 1, r, 0, NIGHTS), -1, 0, o).falseChanges();
            return n;
        }).toArray();
        long total = Arrays.stream(alerts).sum();
        double nightsSeen = (double) HISTORIES * (NIGHTS - o.minNights() + 1);
        double per100 = 100.0 * total / nightsSeen;
        double[] ci = countInterval(total);
        boolean dflt = o.equals(ChangeFinder.Options.DEFAULT);
        md.append("| ").append(o.method().window()).append(dflt ? " (default)" : "").append(" | ").append(o.method().maxPText()).append(dflt ? " (default)" : "").append(" | ")
                .append(String.format(Locale.ROOT, "%.2f [%.2f, %.2f] (%d in %,.0f nights)", per100, 100 * ci[0] / nightsSeen, 100 * ci[1] / nightsSeen, total, nightsSeen)).append(" | ");
        String delays = "";
        for (double step : STEPS) {
            double[] cells = detection(quick.stream().filter(p -> !p.ratio()).toList(), step, o, 1);
            double[] ratios = detection(quick.stream().filter(Pool::ratio).toList(), step, o, 1);
            md.append(String.format(Locale.ROOT, "%.0f %% / %.0f %%", cells[0] * 100, ratios[0] * 100)).append(" | ");
            if (step == 0.05) delays = String.format(Locale.ROOT, "%s / %s", delay(cells[1]), delay(ratios[1]));
        }
        md.append(delays).append(" |\n");
    }

    static String delay(double d) {
        return Double.isNaN(d) ? "-" : String.format(Locale.ROOT, "%.0f", d);
    }

    /** {found fraction, median delay} of a step over these figures' noise (scaled by {@code scale}). */
    static double[] detection(List<Pool> pools, double step, ChangeFinder.Options o, double scale) {
        List<int[]> runs = pools.parallelStream().flatMap(p -> {
            SplittableRandom r = new SplittableRandom(p.label().hashCode() * 31L + Double.hashCode(step));
            List<int[]> out = new ArrayList<>();
            for (int h = 0; h < HISTORIES; h++) {
                int at = 20 + r.nextInt(26);
                out.add(new int[] {nightly(history(p.residuals(), scale, r, step, at), at, step, o).delay()});
            }
            return out.stream();
        }).toList();
        int[] delays = runs.stream().mapToInt(x -> x[0]).filter(d -> d > 0).sorted().toArray();
        return new double[] {(double) delays.length / runs.size(), delays.length == 0 ? Double.NaN : delays[delays.length / 2]};
    }

    /** Detection against the step in units of the spread, on our noise's shape scaled to spreads of 1 to 8 %. */
    static void controlled(StringBuilder md, double[] shape) {
        ChangeFinder.Options o = ChangeFinder.Options.DEFAULT;
        md.append("### What a figure's spread lets it show\n\n")
                .append("The noise of every figure above, each over its own spread (").append(shape.length).append(" residuals), scaled to a night-to-night spread s ")
                .append("and given a step at a random night between 20 and 45; the default setting (window ").append(o.method().window()).append(", p ")
                .append(o.method().maxPText()).append("). Found within 3: alerted on the third night at the new level (the earliest a change is confirmed); ")
                .append("within ").append(LATE).append(": by the last night a change still alerts. Predicted: the power of the t-test of 3 nights after against up to ").append(o.method().window() - 3)
                .append(" before at p ").append(o.method().maxPText()).append(" (the formula behind figures.csv.gz's resolvable_pct).\n\n")
                .append("| spread s | step | step / s | found within 3 nights | within ").append(LATE).append(" | predicted within 3 | false alerts per 100 nights (one figure) |\n|---|---|---|---|---|---|---|\n");
        for (double s : new double[] {0.01, 0.015, 0.02, 0.04, 0.08}) {
            Pool p = new Pool(new FigureKey.Cell("shape"), "shape" + s, true, shape, s);
            double falses = 0;
            SplittableRandom r = new SplittableRandom(Double.hashCode(s));
            for (int h = 0; h < HISTORIES; h++) falses += nightly(history(shape, s, r, 0, NIGHTS), -1, 0, o).falseChanges();
            double falsePer100 = 100 * falses / (HISTORIES * (NIGHTS - o.minNights() + 1.0));
            for (double step : STEPS) {
                double[] withinLate = detection(List.of(p), step, o, s);
                double within3 = within(List.of(p), step, o, s, 3);
                md.append(String.format(Locale.ROOT, "| %.1f %% | %.0f %% | %.1f | %.0f %% | %.0f %% | %.0f %% | %.2f |%n", s * 100, step * 100, Math.log1p(step) / s,
                        within3 * 100, withinLate[0] * 100, predicted(Math.log1p(step) / s, o) * 100, falsePer100));
            }
        }
        md.append("\n");
    }

    static double within(List<Pool> pools, double step, ChangeFinder.Options o, double scale, int nights) {
        SplittableRandom r = new SplittableRandom(Double.hashCode(step * scale) + nights);
        int found = 0;
        int n = 0;
        for (Pool p : pools) {
            for (int h = 0; h < HISTORIES; h++) {
                int at = 20 + r.nextInt(26);
                Run run = nightly(history(p.residuals(), scale, r, step, at), at, step, o);
                if (run.delay() > 0 && run.delay() <= nights) found++;
                n++;
            }
        }
        return (double) found / n;
    }

    /** The t-test's power to confirm a step of k spreads with 3 nights after it and window - 3 before, at p (normal approximation). */
    static double predicted(double k, ChangeFinder.Options o) {
        int after = o.confirmNights();
        int before = o.method().window() - after;
        double t = org.apache.commons.statistics.distribution.TDistribution.of(before + after - 2).inverseSurvivalProbability(o.method().maxP() / 2);
        double ncp = k / Math.sqrt(1.0 / before + 1.0 / after);
        return org.apache.commons.statistics.distribution.NormalDistribution.of(0, 1).survivalProbability(t - ncp);
    }

    static void perFigure(StringBuilder md, List<Pool> quick, ChangeFinder.Options o) {
        md.append("### Each figure of the quick matrix\n\n")
                .append("Its night-to-night spread over the real nights (the robust standard deviation of the log), the step figures.csv.gz says it can show ")
                .append("within 3 nights, and how often steps of 3, 5 and 10 % drawn on its own noise were found within ").append(LATE).append(" nights.\n\n")
                .append("| figure | spread | resolvable step (3 nights, 90 %) | 3 % found | 5 % | 10 % |\n|---|---|---|---|---|---|\n");
        for (Pool p : quick) {
            md.append("| ").append(p.ratio() ? "ratio " : "").append('`').append(p.label().replace("|", "\\|")).append("` | ")
                    .append(String.format(Locale.ROOT, "%.1f %%", p.spread() * 100)).append(" | ")
                    .append(String.format(Locale.ROOT, "%.1f %%", Math.expm1(factor(o) * p.spread()) * 100));
            for (double step : STEPS) md.append(String.format(Locale.ROOT, " | %.0f %%", detection(List.of(p), step, o, 1)[0] * 100));
            md.append(" |\n");
        }
        md.append("\n");
    }

    static double factor(ChangeFinder.Options o) {
        int after = o.confirmNights();
        int before = o.method().window() - after;
        double t = org.apache.commons.statistics.distribution.TDistribution.of(before + after - 2).inverseSurvivalProbability(o.method().maxP() / 2);
        return (t + 1.2815515655446004) * Math.sqrt(1.0 / before + 1.0 / after);
    }

    static void header(StringBuilder md, String command, Nights.Read read, History real, String changeNight) {
        md.append("Written by `").append(command).append("` (bench/src/main/java/dev/jdkmatrix/bench/HistoryBench.java) on ").append(Instant.now().toString(), 0, 10)
                .append(" from the ").append(read.nights().size()).append(" nights in docs/runs/history-real (made by `make history-real`: ")
                .append("harness/matrices/history-real.yaml one night after another on this project's 2-CPU VM, the work jar 5 % slower on JDK 25 from ")
                .append(changeNight).append(" on).\n\n")
                .append("### The real history\n\n`jdkmatrix history docs/runs/history-real` on those nights:\n\n```\n")
                .append(HistoryReport.table(real)).append("```\n\n");
    }

    static void timing(StringBuilder md, Nights.Read read, Path nights, Path work) throws Exception {
        Path site = work.resolve("site-365");
        if (Files.exists(site)) try (var walk = Files.walk(site)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        Files.createDirectories(site);
        List<Night> real = read.nights();
        for (int i = 0; i < 365; i++) {
            Path srcDir = nights.resolve(real.get(i % real.size()).folder());
            Path dir = Files.createDirectories(site.resolve(String.format(Locale.ROOT, "night-%03d", i)));
            Files.copy(srcDir.resolve("raw.csv.gz"), dir.resolve("raw.csv.gz"));
            String json = Files.readString(srcDir.resolve("run.json"))
                    .replaceFirst("\"started_at\" : \"[^\"]*\"", "\"started_at\" : \"" + Instant.parse("2025-01-01T02:00:00Z").plusSeconds(86400L * i) + "\"");
            Files.writeString(dir.resolve("run.json"), json);
        }
        long[] ms = new long[3];
        History h = null;
        for (int k = 0; k < 3; k++) {
            long t = System.nanoTime();
            h = History.of(Nights.read(site), ChangeFinder.Options.DEFAULT, Watch.DEFAULT_TARGET);
            ms[k] = (System.nanoTime() - t) / 1_000_000;
        }
        Arrays.sort(ms);
        md.append("### Time\n\nThe history of 365 nights of harness/matrices/history-real.yaml (the real nights again and again, a day apart; ")
                .append(h.findings().size()).append(" series): reading every night's raw.csv.gz and run.json, computing its figures, finding the changes ")
                .append("of every series and what tonight made new: median of 3 runs ").append(String.format(Locale.ROOT, "%.1f s", ms[1] / 1e3))
                .append(" (").append(Arrays.toString(ms)).append(" ms) on ").append(Runtime.getRuntime().availableProcessors()).append(" CPUs. Target: 10 s.\n");
    }

    static double mean(double[] z, int from, int to) {
        return IntStream.range(from, to).mapToDouble(i -> z[i]).average().orElse(0);
    }

    static double[] abs(double[] x) {
        return Arrays.stream(x).map(Math::abs).toArray();
    }

}
