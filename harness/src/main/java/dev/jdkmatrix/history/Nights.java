package dev.jdkmatrix.history;

import dev.jdkmatrix.results.Comparisons;
import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.RunMetadata;
import dev.jdkmatrix.results.Statistics;
import dev.jdkmatrix.results.format.FolderProblem;
import dev.jdkmatrix.results.format.ResultsFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the nights of a site: every sub-folder with a run.json and a raw.csv (or raw.csv.gz), its
 * figures recomputed from its raw rows. A folder whose files cannot be read is named and passed
 * over; the others are read. Folders of neither (the site's trends, a history folder) are not nights.
 */
public final class Nights {

    private Nights() {}

    /** The nights read, oldest first, one line per folder passed over (what, where, why), and the changes the team accepted ({@link Acceptance}). */
    public record Read(List<Night> nights, List<String> skipped, List<Acceptance> accepted) {
        public Read {
            nights = List.copyOf(nights);
            skipped = List.copyOf(skipped);
            accepted = List.copyOf(accepted);
        }

        /** Nights with no change accepted. */
        public Read(List<Night> nights, List<String> skipped) {
            this(nights, skipped, List.of());
        }
    }

    /** How far after this machine's clock a night may say it started (clocks and time zones disagree) before it is damage. */
    public static final java.time.Duration FUTURE = java.time.Duration.ofDays(1);

    public static Read read(Path site) throws IOException {
        return read(site, false);
    }

    /**
     * As above; with {@code keepFigures}, each night read from its runs has its figures kept beside them
     * ({@link NightFigures}), so the next read takes them from there: what {@code index} does, which rewrites the site anyway.
     */
    public static Read read(Path site, boolean keepFigures) throws IOException {
        if (!Files.isDirectory(site)) throw new IOException(site + " is not a folder");
        List<Path> folders;
        try (var dirs = Files.list(site)) {
            folders = dirs.filter(Files::isDirectory).sorted().toList();
        }
        // a cell's key is the same every night: one key per cell across the nights, not one per night
        Map<String, dev.jdkmatrix.model.CellKey> keys = new java.util.concurrent.ConcurrentHashMap<>();
        List<Object> read = folders.parallelStream().map(dir -> readOne(dir, keys, keepFigures)).toList();
        List<Night> nights = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Object o : read) {
            if (o instanceof Night n) nights.add(n);
            else if (o instanceof String s) skipped.add(s);
        }
        nights.sort(Comparator.comparing(Night::started).thenComparing(Night::folder));
        return new Read(nights, skipped, Acceptance.read(site));
    }

    /** A night, a line saying why the folder was passed over, or null for a folder that is not a night. */
    private static Object readOne(Path dir, Map<String, dev.jdkmatrix.model.CellKey> keys, boolean keepFigures) {
        ResultsFolder folder = ResultsFolder.at(dir);
        String name = dir.getFileName().toString();
        var missing = folder.missing(true);
        if (missing.isPresent()) {
            return switch (missing.get()) {
                case FolderProblem.NoRows p -> null; // neither file: not a night
                case FolderProblem.NoRunJson p -> name + ": " + p.what() + "; passed over (publish a night with both)";
                case FolderProblem p -> name + ": " + p.what() + "; passed over";
            };
        }
        Path raw = folder.rawFile().orElseThrow();
        Path json = folder.runJsonFile();
        RunMetadata meta;
        try {
            meta = folder.meta();
        } catch (IOException | RuntimeException e) {
            return name + ": its run.json cannot be read (" + oneLine(e) + "); passed over";
        }
        Instant started;
        try {
            started = Instant.parse(meta.startedAt());
        } catch (RuntimeException e) {
            return name + ": its run.json's started_at '" + meta.startedAt() + "' is not a time; passed over";
        }
        if (started.isAfter(Instant.now().plus(FUTURE))) {
            return name + ": its run.json's started_at " + started + " is in the future (more than a day after this machine's clock); passed over "
                    + "(fix the measuring machine's clock, then publish the night again)";
        }
        String digest;
        try {
            digest = NightFigures.digest(raw, json);
        } catch (IOException | RuntimeException e) {
            return name + ": its files cannot be read (" + oneLine(e) + "); passed over";
        }
        var kept = NightFigures.read(dir, digest, keys);
        if (kept.isPresent()) return new Night(name, meta, started, kept.get().figures(), kept.get().cells(), kept.get().jmh());
        List<RawRow> rows;
        try {
            rows = folder.rows();
        } catch (IOException | RuntimeException e) {
            return name + ": its " + raw.getFileName() + " cannot be read (" + oneLine(e) + "); passed over";
        }
        Night night;
        try {
            Map<String, dev.jdkmatrix.model.CellKey> cells = new HashMap<>();
            Map<String, JmhOptions> jmh = new HashMap<>();
            for (RawRow r : rows) {
                if (!r.measured() || cells.containsKey(r.cell())) continue;
                cells.put(r.cell(), keys.computeIfAbsent(r.cell(), c -> r.key()));
                JmhOptions.read(r::column).ifPresent(o -> jmh.put(r.cell(), o));
            }
            night = new Night(name, meta, started, figures(rows, meta), cells, jmh);
        } catch (RuntimeException e) {
            return name + ": its figures cannot be computed (" + oneLine(e) + "); passed over";
        }
        if (keepFigures) {
            try {
                NightFigures.write(dir, digest, night.figures(), night.cells(), night.jmh());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("cannot keep the figures of night " + name + " in " + dir.resolve(NightFigures.FILE) + ": " + e.getMessage()
                        + " (index writes into the site's folders: make it writable)", e);
            }
        }
        return night;
    }

    private static String oneLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /** Every cell's median and every paired comparison's ratio of one night's rows. */
    public static Map<FigureKey, Measured> figures(List<RawRow> rows, RunMetadata meta) {
        Map<String, List<RawRow>> byCell = new LinkedHashMap<>();
        for (RawRow r : rows) if (r.measured()) byCell.computeIfAbsent(r.cell(), k -> new ArrayList<>()).add(r);
        Map<FigureKey, Measured> out = new HashMap<>();
        byCell.forEach((cell, runs) -> {
            double[] v = Comparisons.okFigures(runs);
            if (v.length == 0) return;
            Statistics s = Statistics.of(v);
            if (!(s.median() > 0)) return;
            RawRow first = runs.get(0);
            out.put(new FigureKey.Cell(cell), new Measured(s.median(), s.ciLow(), s.ciHigh(), s.ciLevel(), s.n(), first.scoreUnit(),
                    first.higherIsBetter(), "", Set.of(first.key().jdk()), medianError(v)));
        });
        for (Comparisons.PairedFigure c : Comparisons.pairedFigures(rows, meta)) {
            Set<String> jdks = new java.util.TreeSet<>(List.of(byCell.get(c.cellA()).get(0).key().jdk(), byCell.get(c.cellB()).get(0).key().jdk()));
            out.put(new FigureKey.Pair(c.cellA(), c.cellB()), new Measured(c.ratio().ratio(), c.ratio().low(), c.ratio().high(), c.ratio().level(),
                    c.ratio().n(), "x", c.higherIsBetter(), c.compared(), jdks, standardError(c.logRatios())));
        }
        return out;
    }

    /** The standard error of a median of these figures on the log scale: 1.2533 sd / sqrt(n) (normal efficiency); NaN under two. */
    static double medianError(double[] v) {
        double[] logs = java.util.Arrays.stream(v).map(Math::log).toArray();
        return 1.2533 * standardError(logs);
    }

    /** sd / sqrt(n) of these values; NaN under two. */
    static double standardError(double[] x) {
        return x.length < 2 ? Double.NaN : Statistics.of(x).stddev() / Math.sqrt(x.length);
    }
}
