// Writes docs/history.md's fleet block (make bench-history): the history run night after night, by
// History's own code, on synthetic 60-night histories of a fleet of hosted runners, whose noise is
// drawn from nights measured here (docs/runs/history-real) in blocks of consecutive real nights with
// every figure of a night together (a busy night moves many figures at once, as on a real runner):
// fleets of 1, 2 and 3 CPU models of speeds up to 20 % apart (drawn 60/40 or 60/30/10 %, the third
// model joining the fleet part way), Docker and kernel updates at random nights, steps of 3, 5 and
// 10 % at random nights. It counts what a nightly would raise: confirmed changes new tonight and
// suspected ones new tonight, false ones apart from the step, per 100 nights over all figures, and
// which figures raised the false confirmed ones and how many of those left their figure's first level
// (on the few real nights of make bench-history-nights, also at other p-value thresholds);
// whether every figure with 6 nights is looked at; and how soon a step is found against its size in
// units of the figure's spread. Run by its make target with the harness jar on the class path.
package dev.jdkmatrix.bench;

import static dev.jdkmatrix.bench.BenchStats.median;
import static dev.jdkmatrix.bench.BenchStats.countInterval;

import dev.jdkmatrix.history.Change;
import dev.jdkmatrix.history.ChangeFinder;
import dev.jdkmatrix.history.FigureKey;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.Measured;
import dev.jdkmatrix.history.Night;
import dev.jdkmatrix.history.Nights;
import dev.jdkmatrix.history.Series;
import dev.jdkmatrix.history.Watch;
import dev.jdkmatrix.results.RunMetadata;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

public class FleetBench {

    static final int NIGHTS = 60;
    static final int HISTORIES = Integer.getInteger("histories", 100);
    static final int BLOCK = Integer.getInteger("block", 4);
    /** {@code false-alarms}: only the false alerts of fleets with no step (the calibration on a few real nights: make bench-history-nights). */
    static final boolean FALSE_ALARMS_ONLY = "false-alarms".equals(System.getProperty("part"));
    static final double[] STEPS = {0.03, 0.05, 0.10};
    static final String[] MODELS = {"AMD EPYC 7763 64-Core Processor", "Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz", "AMD EPYC 9V74 80-Core Processor"};
    static final ChangeFinder.Options O = ChangeFinder.Options.DEFAULT;

    /** The real nights' noise: per real night, each figure's log residual around its level; and each figure's spread. */
    record Noise(List<FigureKey> keys, double[][] residual, double[] spread, Map<FigureKey, Measured> template, RunMetadata meta) {}

    /** A synthetic history: its nights' figures and metadata, the night of its step (-1: none) and the figure stepped. */
    record Synthetic(List<Night> nights, int stepAt, FigureKey stepped, Set<FigureKey> moved, int joins, int update) {}

    /**
     * What a nightly raised over a history: alerts of each kind, false or the step's, and when the step was first alerted;
     * {@code firstLevel}: the false confirmed changes that left the figure's first level (no earlier level they could return to).
     */
    record Raised(int falseConfirmed, int falseSuspected, Map<FigureKey, int[]> step, int lookedAt, int withSix, int events, int atSwitch, Map<FigureKey, Integer> falseByFigure, int firstLevel) {}

    public static void main(String[] args) throws Exception {
        Path real = Path.of(args[0]);
        String command = args.length > 1 ? args[1] : "make bench-history";
        long t0 = System.nanoTime();
        Noise noise = noise(Nights.read(real));
        StringBuilder md = new StringBuilder();
        md.append("Written by `").append(command).append("` (bench/src/main/java/dev/jdkmatrix/bench/FleetBench.java) on ").append(Instant.now().toString(), 0, 10)
                .append(": ").append(HISTORIES).append(" synthetic histories of ").append(NIGHTS).append(FALSE_ALARMS_ONLY ? " nights for each fleet, no step," : " nights for each fleet and step,").append(" the nightly replayed ")
                .append("night by night with History's own code (`History.of` on nights 1..t for every t, as `make publish` runs it: its `new_tonight` confirmed ")
                .append("changes and the suspected changes it shows). Noise: the ").append(noise.keys().size()).append(" figures of the quick matrix from the ")
                .append(noise.residual().length).append(" nights of ").append(args[0]).append(", drawn in blocks of ").append(BLOCK)
                .append(" consecutive real nights, every figure of a night together. A fleet of k CPU models: drawn 100 %, 60/40 % or 60/30/10 % a night ")
                .append("(the third model joins at a random night between 15 and 40), speeds of the models after the first drawn between x0.85 and x1.18 ")
                .append("(up to 20 % apart), each cell's sensitivity to the speed between 0.3 and 1 (a paired ratio moves by the difference of its cells'); ")
                .append("a Docker and kernel update at a random night (run.json only: an update that changed the figures would be a change).")
                .append(FALSE_ALARMS_ONLY ? "" : " Steps: one cell of the quick matrix, drawn at random, a step at a random night between 25 and 45 (its paired ratios step with it).")
                .append("\n\n");
        falseAlarms(md, noise);
        if (FALSE_ALARMS_ONLY) byMaxP(md, noise);
        if (!FALSE_ALARMS_ONLY) {
            levelNights(md, noise);
            steps(md, noise);
        }
        md.append(String.format(Locale.ROOT, "%nThe fleet calibration took %.0f s.%n", (System.nanoTime() - t0) / 1e9));
        System.out.print(md);
    }

    /** How soon a step is found, on the real nights' noise and on it scaled to spreads of 1 and 2 %. */
    static void steps(StringBuilder md, Noise noise) {
        md.append("### A fleet, a step: how soon it is found\n\n")
                .append("Each trial: one figure the step moved (its cell, and the paired ratios it is in), counted by the step over the figure's spread ")
                .append("(its noise over the real nights, the robust standard deviation, the machines' levels not in it). Found within 3 nights: a confirmed ")
                .append("change new tonight at the step (one night off allowed) on the third night at the new level or before; shown within 3: suspected or ")
                .append("confirmed by then; confirmed within 6: by the sixth night. On the quick matrix's own noise first (its figures spread 1.7 to 25 %), then ")
                .append("on the same noise scaled so that every figure spreads 1 % and 2 % (its shape kept: heavy tails, modes, nights in runs).\n\n")
                .append("| noise | CPU models | step / spread | figure-trials | confirmed within 3 nights | shown within 3 | confirmed within 6 |\n")
                .append("|---|---|---|---|---|---|---|\n");
        detection(md, noise, "the quick matrix's");
        detection(md, scaled(noise, 0.01), "1 % spread");
        detection(md, scaled(noise, 0.02), "2 % spread");
        md.append('\n');
    }

    /** The real nights' residuals of the quick matrix's figures (the work jar's left out: its known step), around each figure's median. */
    static Noise noise(Nights.Read read) {
        History h = History.of(read, O, Watch.DEFAULT_TARGET);
        List<Night> nights = read.nights();
        List<FigureKey> keys = new ArrayList<>();
        for (Series s : h.allSeries()) {
            if (s.key().cells().stream().anyMatch(c -> c.startsWith("work"))) continue;
            if (s.entries().size() == nights.size()) keys.add(s.key());
        }
        double[][] r = new double[nights.size()][keys.size()];
        double[] spread = new double[keys.size()];
        for (int f = 0; f < keys.size(); f++) {
            double[] z = new double[nights.size()];
            for (int j = 0; j < nights.size(); j++) z[j] = Math.log(nights.get(j).figures().get(keys.get(f)).value());
            double m = median(z);
            double[] abs = new double[z.length];
            for (int j = 0; j < z.length; j++) {
                r[j][f] = z[j] - m;
                abs[j] = Math.abs(r[j][f]);
            }
            spread[f] = 1.4826 * median(abs);
        }
        Night last = nights.get(nights.size() - 1);
        return new Noise(keys, r, spread, last.figures(), last.meta());
    }

    /** The same noise, each figure's scaled to a night-to-night spread of {@code s}: its shape kept, every figure as noisy as the next. */
    static Noise scaled(Noise n, double s) {
        double[][] r = new double[n.residual().length][n.keys().size()];
        double[] spread = new double[n.keys().size()];
        for (int f = 0; f < n.keys().size(); f++) {
            double k = n.spread()[f] > 0 ? s / n.spread()[f] : 0;
            for (int j = 0; j < r.length; j++) r[j][f] = n.residual()[j][f] * k;
            spread[f] = s;
        }
        return new Noise(n.keys(), r, spread, n.template(), n.meta());
    }

    /** One synthetic history of a fleet of {@code models} CPU models, a step of {@code step} at a random night (0: none). */
    static Synthetic synthetic(Noise n, int models, double step, SplittableRandom r) {
        double[] speed = new double[models];
        speed[0] = 1;
        for (int m = 1; m < models; m++) speed[m] = Math.exp(-0.16 + 0.33 * r.nextDouble());
        int joins = 15 + r.nextInt(26);
        int update = 10 + r.nextInt(41);
        Map<String, Double> sensitivity = new HashMap<>();
        for (FigureKey k : n.keys()) for (String c : k.cells()) sensitivity.computeIfAbsent(c, x -> 0.3 + 0.7 * r.nextDouble());
        List<FigureKey> cells = n.keys().stream().filter(k -> k instanceof FigureKey.Cell).toList();
        FigureKey stepped = step > 0 ? cells.get(r.nextInt(cells.size())) : null;
        int stepAt = step > 0 ? 25 + r.nextInt(21) : -1;
        Set<FigureKey> moved = new HashSet<>();
        int[] source = new int[NIGHTS];
        for (int i = 0; i < NIGHTS; i += BLOCK) {
            int start = r.nextInt(n.residual().length - BLOCK + 1);
            for (int j = 0; j < BLOCK && i + j < NIGHTS; j++) source[i + j] = start + j;
        }
        List<Night> nights = new ArrayList<>();
        Instant first = Instant.parse("2026-01-01T02:00:00Z");
        for (int i = 0; i < NIGHTS; i++) {
            double u = r.nextDouble();
            int m = models == 1 ? 0 : models == 2 ? (u < 0.6 ? 0 : 1) : (u < 0.6 ? 0 : u < 0.9 || i < joins ? 1 : 2);
            Map<FigureKey, Measured> figures = new LinkedHashMap<>();
            for (int f = 0; f < n.keys().size(); f++) {
                FigureKey k = n.keys().get(f);
                double log = n.residual()[source[i]][f];
                if (k instanceof FigureKey.Pair p) {
                    log += (sensitivity.get(p.cellB()) - sensitivity.get(p.cellA())) * Math.log(speed[m]);
                    if (stepped != null && i >= stepAt && p.cells().contains(stepped.cells().get(0))) {
                        log += (p.cellB().equals(stepped.cells().get(0)) ? 1 : -1) * Math.log1p(step);
                        moved.add(k);
                    }
                } else {
                    log += sensitivity.get(k.cells().get(0)) * Math.log(speed[m]);
                    if (k.equals(stepped) && i >= stepAt) log += Math.log1p(step);
                }
                Measured t = n.template().get(k);
                double v = t.value() * Math.exp(log);
                double w = t.high() / t.low();
                figures.put(k, new Measured(v, v / Math.sqrt(w), v * Math.sqrt(w), t.level(), t.n(), t.unit(), t.higherIsBetter(), t.compared(), t.jdks(), t.withinSd()));
            }
            if (stepped != null) moved.add(stepped);
            Instant started = first.plusSeconds(86400L * i);
            nights.add(new Night(String.format(Locale.ROOT, "night-%03d", i), meta(n.meta(), "night-" + i, started, MODELS[m], i >= update), started, figures));
        }
        return new Synthetic(nights, stepAt, stepped, moved, models == 3 ? joins : -1, update);
    }

    static RunMetadata meta(RunMetadata t, String id, Instant started, String cpu, boolean updated) {
        RunMetadata.Host h = t.host();
        RunMetadata.Engine e = t.engine();
        String kernel = updated ? "6.8.0-1017-azure" : "6.5.0-1025-azure";
        return new RunMetadata(t.schema(), id, t.matrixFile(), t.matrixName(), t.matrixSha256(), t.gitCommit(), t.gitDirty(), started.toString(),
                started.plusSeconds(600).toString(), new RunMetadata.Host("runner-" + id, cpu, 4, h.memoryBytes(), h.os(), kernel, h.javaVersion(),
                updated ? "ubuntu24 20261118.1" : "ubuntu24 20261103.1"), new RunMetadata.Engine(updated ? "26.1.3" : "24.0.9", e.apiVersion(), e.os(), kernel,
                4, e.memoryBytes(), "2", "systemd", e.endpoint(), e.id(), "runner-" + id), t.images(), t.jdkBuilds(), t.plan(), t.statusCounts(),
                t.harnessOverheadMs(), t.imagesSeconds(), t.mergedFrom(), t.sessions(), t.jars());
    }

    /**
     * The nightly over a history: History.of on nights 1..t for every t from {@code from}; the alerts
     * it raised, false ones apart from the step's, and for each figure the step moved the night it
     * was first confirmed new tonight and first shown (suspected or confirmed), -1 when not.
     */
    static Raised replay(Synthetic s, int from, int to, ChangeFinder.Options o) {
        int falseConfirmed = 0;
        int falseSuspected = 0;
        Map<FigureKey, int[]> step = new HashMap<>();
        for (FigureKey k : s.moved()) step.put(k, new int[] {-1, -1});
        Set<String> suspectedSeen = new HashSet<>();
        int lookedAt = 0;
        int withSix = 0;
        int events = 0;
        int atSwitch = 0;
        int firstLevel = 0;
        Map<FigureKey, Integer> byFigure = new HashMap<>();
        for (int t = from; t <= to; t++) {
            History h = History.of(new Nights.Read(s.nights().subList(0, t), List.of()), o, Watch.DEFAULT_TARGET);
            if (t == to) {
                events = h.events().size();
                for (ChangeFinder.Finding f : h.findings()) {
                    if (f.nights() >= o.minNights()) withSix++;
                    if (f.nights() >= o.minNights() && f.examined()) lookedAt++;
                }
            }
            for (Change c : h.changes()) {
                int[] found = s.stepAt() >= 0 && Math.abs(index(s, c.after()) - s.stepAt()) <= 1 ? step.get(c.figure()) : null;
                if (c.status() == Change.Status.SUSPECTED) {
                    if (!suspectedSeen.add(c.figure() + "@" + c.after().folder())) continue;
                    if (found == null) {
                        falseSuspected++;
                        if (atSwitch(s, c)) atSwitch++;
                    } else if (found[1] < 0) {
                        found[1] = t - 1;
                    }
                } else if (h.newTonight().contains(c)) {
                    if (found == null) {
                        falseConfirmed++;
                        byFigure.merge(c.figure(), 1, Integer::sum);
                        if (c.index() == c.nightsBefore()) firstLevel++;
                        if (atSwitch(s, c)) atSwitch++;
                    } else {
                        if (found[0] < 0) found[0] = t - 1;
                        if (found[1] < 0) found[1] = t - 1;
                    }
                }
            }
        }
        return new Raised(falseConfirmed, falseSuspected, step, lookedAt, withSix, events, atSwitch, byFigure, firstLevel);
    }

    /** Whether a change's first night after it is the third model's arrival or the update (or one of the two nights after). */
    static boolean atSwitch(Synthetic s, Change c) {
        int at = index(s, c.after());
        return (s.joins() >= 0 && at >= s.joins() && at <= s.joins() + 2) || (at >= s.update() && at <= s.update() + 2);
    }

    static int index(Synthetic s, Night n) {
        return s.nights().indexOf(n);
    }

    static void falseAlarms(StringBuilder md, Noise n) {
        md.append("### A fleet, no step: what a nightly raises\n\n")
                .append("Per 100 nights over all ").append(n.keys().size()).append(" figures together (a site's nightly, not one figure), each night from the 6th ")
                .append("to the 60th: confirmed changes new tonight (what `--fail-on-regression` fails on when they are regressions) and suspected changes ")
                .append("first shown tonight (on the index and in the job summary), each with its 95 % interval (Poisson). Goal: at most 1 of each. Looked at: ")
                .append("the figures with at least 6 nights that the finder examined on the 60th night.\n\n")
                .append("| CPU models | confirmed per 100 nights [95 % CI] | suspected per 100 nights [95 % CI] | of them at a model's arrival or an update | runner events a history | looked at |\n|---|---|---|---|---|---|\n");
        Map<FigureKey, Integer> byFigure = new HashMap<>();
        int firstLevel = 0;
        for (int models = 1; models <= 3; models++) {
            final int k = models;
            List<Raised> all = java.util.stream.IntStream.range(0, HISTORIES).parallel().mapToObj(h -> {
                Synthetic s = synthetic(n, k, 0, new SplittableRandom(1000L * k + h));
                return replay(s, O.minNights(), NIGHTS, O);
            }).toList();
            long confirmed = all.stream().mapToLong(Raised::falseConfirmed).sum();
            long suspected = all.stream().mapToLong(Raised::falseSuspected).sum();
            double nights = (double) HISTORIES * (NIGHTS - O.minNights() + 1);
            long looked = all.stream().mapToLong(Raised::lookedAt).sum();
            long six = all.stream().mapToLong(Raised::withSix).sum();
            md.append(String.format(Locale.ROOT, "| %d | %s | %s | %d | %.1f | %.1f %% (%d of %d) |%n", k, rate(confirmed, nights), rate(suspected, nights),
                    all.stream().mapToInt(Raised::atSwitch).sum(), all.stream().mapToInt(Raised::events).average().orElse(0), 100.0 * looked / Math.max(1, six), looked, six));
            all.forEach(r -> r.falseByFigure().forEach((f, c) -> byFigure.merge(f, c, Integer::sum)));
            firstLevel += all.stream().mapToInt(Raised::firstLevel).sum();
        }
        md.append('\n').append(mostFalse(byFigure, firstLevel)).append('\n');
    }

    /**
     * The figures that raised the most false confirmed changes over the three fleets, each with its share: where they come from;
     * and how many of them left their figure's first level ({@code firstLevel}), where no earlier level was there to return to.
     */
    static String mostFalse(Map<FigureKey, Integer> byFigure, int firstLevel) {
        int total = byFigure.values().stream().mapToInt(Integer::intValue).sum();
        if (total == 0) return "No false confirmed change was raised.\n";
        StringBuilder b = new StringBuilder("The false confirmed changes by figure, the three fleets together (the most first, those of at least 5 %): ");
        List<String> parts = new ArrayList<>();
        byFigure.entrySet().stream().sorted(Map.Entry.<FigureKey, Integer>comparingByValue().reversed()).filter(e -> e.getValue() * 20 >= total)
                .forEach(e -> parts.add(String.format(Locale.ROOT, "%s %s %.0f %% (%d)", e.getKey().kind(), e.getKey().label(), 100.0 * e.getValue() / total, e.getValue())));
        return b.append(String.join("; ", parts)).append(String.format(Locale.ROOT, "; of %d in all over %d figures. Of them %.0f %% (%d) left their figure's "
                + "first level in the history (no earlier level it could have returned to).%n", total, byFigure.size(), 100.0 * firstLevel / total, firstLevel)).toString();
    }

    static String rate(long k, double nights) {
        double[] ci = countInterval(k);
        return String.format(Locale.ROOT, "%.2f [%.2f, %.2f] (%d in %,.0f nights)", 100 * k / nights, 100 * ci[0] / nights, 100 * ci[1] / nights, k, nights);
    }

    /** The level-nights rule's effect on false changes: the three fleets together, at a few settings. */
    static void levelNights(StringBuilder md, Noise n) {
        md.append("The rule that a change needs ").append(O.levelNights()).append(" nights on one side of it to name a level (`--level-nights`), on the same ")
                .append("histories (the three fleets together, ").append(HISTORIES / 4).append(" histories each):\n\n")
                .append("| level-nights | confirmed per 100 nights [95 % CI] | suspected per 100 nights [95 % CI] |\n|---|---|---|\n");
        for (int level : new int[] {3, 8, 10, 14}) {
            md.append(String.format(Locale.ROOT, "| %d%s | %s |%n", level, level == O.levelNights() ? " (default)" : "",
                    pooled(n, new ChangeFinder.Options(O.method(), O.confirmNights(), O.minNights(), level), HISTORIES / 4)));
        }
        md.append('\n');
    }

    /**
     * The p-value threshold's effect on false changes (`--max-p`), the three fleets together: what a team whose nights spread as
     * these do would set to keep to the goal; what it costs in steps found, the back-to-back calibration's table by setting says (the same settings).
     */
    static void byMaxP(StringBuilder md, Noise n) {
        md.append("The same at other p-value thresholds (`--max-p`), on the table's first ").append(HISTORIES / 3)
                .append(" histories of each fleet, the three fleets together:\n\n")
                .append("| max-p | confirmed per 100 nights [95 % CI] | suspected per 100 nights [95 % CI] |\n|---|---|---|\n");
        // the default and the thresholds around it, the largest first
        for (double p : java.util.stream.DoubleStream.of(O.method().maxP(), 0.00003, 0.00001, 0.000001).distinct().map(x -> -x).sorted().map(x -> -x).toArray()) {
            ChangeFinder.Options o = new ChangeFinder.Options(new dev.jdkmatrix.stats.EDivisive.Options(O.method().window(), p, O.method().minMagnitude()),
                    O.confirmNights(), O.minNights(), O.levelNights());
            md.append(String.format(Locale.ROOT, "| %s%s | %s |%n", o.method().maxPText(), p == O.method().maxP() ? " (default)" : "", pooled(n, o, HISTORIES / 3)));
        }
        md.append('\n');
    }

    /** Confirmed and suspected false changes per 100 nights at options {@code o}: the first {@code each} histories of each of the three fleets (no step) that falseAlarms draws. */
    static String pooled(Noise n, ChangeFinder.Options o, int each) {
        List<Raised> all = java.util.stream.IntStream.range(0, 3 * each).parallel()
                .mapToObj(h -> replay(synthetic(n, 1 + h % 3, 0, new SplittableRandom(1000L * (1 + h % 3) + h / 3)), o.minNights(), NIGHTS, o)).toList();
        double nights = 3.0 * each * (NIGHTS - o.minNights() + 1);
        return rate(all.stream().mapToLong(Raised::falseConfirmed).sum(), nights) + " | " + rate(all.stream().mapToLong(Raised::falseSuspected).sum(), nights);
    }

    static void detection(StringBuilder md, Noise n, String noise) {
        double[][] buckets = {{0, 1}, {1, 2}, {2, 3}, {3, 5}, {5, 1e9}};
        for (int models = 1; models <= 3; models++) {
            final int k = models;
            List<double[]> trials = java.util.stream.IntStream.range(0, HISTORIES * STEPS.length).parallel().boxed().flatMap(h -> {
                double step = STEPS[h % STEPS.length];
                Synthetic s = synthetic(n, k, step, new SplittableRandom(7_000_000L + 1000L * k + h));
                Raised r = replay(s, s.stepAt() - 1, Math.min(NIGHTS, s.stepAt() + 6), O);
                return r.step().entrySet().stream().map(e -> new double[] {Math.log1p(step) / n.spread()[n.keys().indexOf(e.getKey())],
                        e.getValue()[0] < 0 ? 99 : e.getValue()[0] - s.stepAt() + 1, e.getValue()[1] < 0 ? 99 : e.getValue()[1] - s.stepAt() + 1});
            }).toList();
            for (double[] b : buckets) {
                List<double[]> in = trials.stream().filter(t -> t[0] >= b[0] && t[0] < b[1]).toList();
                if (in.isEmpty()) continue;
                md.append(String.format(Locale.ROOT, "| %s | %d | %s | %d | %.0f %% | %.0f %% | %.0f %% |%n", noise, k, b[1] > 1e8 ? "5 or more" : (int) b[0] + " to " + (int) b[1],
                        in.size(), 100.0 * in.stream().filter(t -> t[1] <= 3).count() / in.size(), 100.0 * in.stream().filter(t -> t[2] <= 3).count() / in.size(),
                        100.0 * in.stream().filter(t -> t[1] <= 6).count() / in.size()));
            }
        }
    }

}
