package dev.jdkmatrix.report;

import dev.jdkmatrix.report.chart.ChartFiles;
import dev.jdkmatrix.report.chart.Charts;
import dev.jdkmatrix.report.chart.Figure;
import dev.jdkmatrix.report.profile.ProfilePages;
import dev.jdkmatrix.claims.Claims;
import dev.jdkmatrix.claims.Verdicts;
import dev.jdkmatrix.history.ChangeFinder;
import dev.jdkmatrix.history.FigureKey;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.export.ExplorerNight;
import dev.jdkmatrix.export.ExplorerPage;
import dev.jdkmatrix.export.Exporters;
import dev.jdkmatrix.history.Night;
import dev.jdkmatrix.history.Nights;
import dev.jdkmatrix.history.Watch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The report stage: charts and a gallery page for a results folder, written inside that folder
 * only; and, when asked, the index of a site (a folder of results folders). Reads only raw.csv and
 * run.json, so it works on any results folder, merged or not.
 */
public final class Report {

    private Report() {}

    /**
     * How to render: {@code svg} also writes each chart as SVG (PNG is always written);
     * {@code indexLink} links the gallery to {@code ../index.html}, the index of the site the folder
     * is published in; {@code claims} is the write-ups' figures and claims (null: claims.yaml beside
     * the run's matrix, when there is one); {@code maxBytes} bounds the gallery (its charts and
     * index.html; 0: no bound): the charts are drawn in the order of {@link #priority} while they
     * fit, the tables show their first {@link #BUDGET_ROWS} rows, and the page says what was left out.
     */
    public record Options(boolean svg, boolean indexLink, Path claims, long maxBytes) {
        public static final Options DEFAULT = new Options(false, false, null);

        public Options {
            if (maxBytes < 0) throw new IllegalArgumentException("a gallery's byte budget is positive, or 0 for none; got " + maxBytes);
        }

        public Options(boolean svg, boolean indexLink, Path claims) {
            this(svg, indexLink, claims, 0);
        }
    }

    /** Rows of each table of a gallery with a byte budget: the CSV files hold them all. */
    static final int BUDGET_ROWS = 200;

    /** What was written, and where the time went: reading the folder, building the figures, drawing and encoding them, the page. */
    /** {@code problems}: the damaged parts of the folder the report passed over (ReportFolder's). */
    public record Result(Path gallery, int charts, long readMs, long figuresMs, long drawMs, long pageMs, List<String> problems) {
        public Result {
            problems = List.copyOf(problems);
            if (charts < 0 || readMs < 0 || figuresMs < 0 || drawMs < 0 || pageMs < 0) {
                throw new IllegalArgumentException("a report's chart count and phase times are never negative: " + charts + ", " + readMs + ", " + figuresMs + ", " + drawMs + ", " + pageMs);
            }
        }

        /** "read 0.4 s, figures 0.2 s, drawing 4.1 s, page 0.3 s". */
        public String phases() {
            return String.format(java.util.Locale.ROOT, "read %.1f s, figures %.1f s, drawing and encoding %.1f s, page %.1f s",
                    readMs / 1e3, figuresMs / 1e3, drawMs / 1e3, pageMs / 1e3);
        }
    }

    /** What an index wrote: its page, the runs it lists, the galleries it removed, and each folder it passed over with why. */
    public record Indexed(Path page, int runs, int galleriesRemoved, List<String> passedOver) {
        public Indexed {
            passedOver = List.copyOf(passedOver);
        }
    }

    /** Renders {@code dir}/charts/*.png (and .svg when asked) and {@code dir}/index.html; nothing outside {@code dir}. */
    public static Result render(Path dir, Options options) throws IOException {
        System.setProperty("java.awt.headless", "true");
        long t0 = System.nanoTime();
        ReportFolder folder = ReportFolder.load(dir);
        Path file = options.claims() != null ? options.claims() : Claims.besideMatrix(folder.meta()).orElse(null);
        Claims claims = null;
        if (file != null) {
            try {
                claims = Claims.read(file);
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        long t1 = System.nanoTime();
        Charts charts = new Charts(folder.summary(), folder.raw(), folder.comparisons(), folder.iterations());
        List<Figure> figures = charts.all();
        long t2 = System.nanoTime();
        long explorer = writeExplorer(folder, dir, options.indexLink());
        Path chartDir = dir.resolve("charts");
        Files.createDirectories(chartDir);
        deleteCharts(chartDir);
        Gallery.Writeups writeups = claims == null ? null : new Gallery.Writeups(claims.file().getFileName().toString(),
                Verdicts.figures(claims, folder.summary(), folder.raw(), folder.comparisons()),
                Verdicts.claims(claims, folder.summary(), folder.raw(), folder.comparisons()));
        // a run that measures nothing the claims file names (a JMH suite's, beside the project's claims.yaml) gets no sections about it
        if (writeups != null && writeups.figures().stream().allMatch(f -> f.values().isEmpty())
                && writeups.claims().stream().allMatch(c -> c.verdict() == Verdicts.Verdict.NOT_MEASURED)) {
            writeups = null;
        }
        List<Figure> drawn = figures;
        List<Figure> notDrawn = List.of();
        int rows = 0;
        List<ProfilePages.Profiled> profiles = folder.profiles();
        if (options.maxBytes() > 0) {
            rows = BUDGET_ROWS;
            // the profiles' pages first, within a quarter of the budget (the differential flame graphs before the flame graphs)
            long profilePages = ProfilePages.writePages(profiles, dir, options.maxBytes() / 4);
            // what the page costs without a chart, and each chart's figure on it, come out of the budget first
            long page = utf8(Gallery.page(folder, List.of(), charts.cells(), options.indexLink(), options.svg(), writeups, rows, figures, options.maxBytes()));
            drawn = writeWithin(figures, chartDir, options.svg(), options.maxBytes() - page - profilePages - explorer);
            java.util.Set<Figure> kept = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            kept.addAll(drawn);
            notDrawn = figures.stream().filter(f -> !kept.contains(f)).toList();
            drawn = figures.stream().filter(kept::contains).toList(); // in the gallery's order
        } else {
            writeAll(figures, chartDir, options.svg());
            ProfilePages.writePages(profiles, dir, Long.MAX_VALUE);
        }
        long t3 = System.nanoTime();
        Path page = dir.resolve("index.html");
        Files.writeString(page, Gallery.page(folder, drawn, charts.cells(), options.indexLink(), options.svg(), writeups, rows, notDrawn, options.maxBytes()),
                StandardCharsets.UTF_8);
        long t4 = System.nanoTime();
        return new Result(page, drawn.size(), (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000, (t4 - t3) / 1_000_000, folder.problems());
    }

    /**
     * The explorer beside the gallery: the night's data ({@link Exporters#GALLERY}), and the page and
     * its assets unless the gallery is published in a site ({@code inSite}), whose explorer it links; their bytes.
     */
    private static long writeExplorer(ReportFolder folder, Path dir, boolean inSite) throws IOException {
        ExplorerNight.Folder night = new ExplorerNight.Folder(folder.meta(), folder.summary(), folder.comparisons(), !folder.profiles().isEmpty(), folder.suites());
        long bytes = 0;
        if (inSite) ExplorerPage.remove(dir);
        else bytes += ExplorerPage.write(dir);
        for (var format : Exporters.GALLERY) {
            format.write(night, dir);
            for (String f : format.files()) bytes += Files.size(dir.resolve(f));
        }
        return bytes;
    }

    private static long utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * The order in which a gallery with a byte budget draws its charts: the first page of every JDK
     * pair's overview (the cells decided faster or slower first, then those whose interval clears 1x, largest change first), then every other
     * section in the gallery's order, then the overview's further pages.
     */
    static List<Figure> priority(List<Figure> figures) {
        List<Figure> overview = figures.stream().filter(f -> f.section() == Figure.Section.JDKS).toList();
        // a page past the first says so in its title: "... speedup per cell (2 of 15)"
        List<Figure> firstPages = overview.stream().filter(f -> !f.chart().getTitle().matches(".*\\((?!1 of )[0-9]+ of [0-9]+\\)$")).toList();
        List<Figure> out = new ArrayList<>(firstPages);
        for (Figure.Section s : Figure.Section.values()) {
            if (s != Figure.Section.JDKS) figures.stream().filter(f -> f.section() == s).forEach(out::add);
        }
        overview.stream().filter(f -> !firstPages.contains(f)).forEach(out::add);
        return out;
    }

    /**
     * Draws the figures in {@link #priority} order, a CPU's worth of them at a time, keeping each
     * while the PNGs and their figures on the page stay within {@code bytes}; the first that does not
     * fit, and all after it, are deleted and not drawn. The figures kept.
     */
    private static List<Figure> writeWithin(List<Figure> figures, Path dir, boolean svg, long bytes) throws IOException {
        List<Figure> order = priority(figures);
        List<Figure> kept = new ArrayList<>();
        long used = 0;
        int batch = 2 * Math.max(1, Runtime.getRuntime().availableProcessors());
        for (int from = 0; from < order.size(); from += batch) {
            List<Figure> these = order.subList(from, Math.min(order.size(), from + batch));
            writeAll(these, dir, svg);
            for (int i = 0; i < these.size(); i++) {
                Figure f = these.get(i);
                long cost = Files.size(dir.resolve(f.name() + ".png")) + (svg ? Files.size(dir.resolve(f.name() + ".svg")) : 0) + utf8(Gallery.figureHtml(f, svg));
                if (used + cost > bytes) {
                    for (Figure rest : these.subList(i, these.size())) {
                        Files.deleteIfExists(dir.resolve(rest.name() + ".png"));
                        Files.deleteIfExists(dir.resolve(rest.name() + ".svg"));
                    }
                    return kept;
                }
                used += cost;
                kept.add(f);
            }
        }
        return kept;
    }

    /**
     * Writes {@code site}/index.html, {@code site}/trends/ (each figure's nights as a chart),
     * {@code site}/changes.csv and {@code site}/figures.csv.gz over every sub-folder with a raw.csv (or
     * raw.csv.gz) and a run.json, with the history's default method. With {@code keepGalleries} > 0,
     * the galleries (index.html and charts/) of all but the newest that many runs are removed: their
     * data stays, listed in the index and on the trends, and {@code report} renders any of them again.
     * Each night read from its runs has its figures kept beside them ({@code figures.json.gz}, read by the next index
     * while the night's files are unchanged: {@code history.NightFigures}). Nothing else in {@code site} is touched.
     */
    public static Indexed index(Path site, boolean svg, int keepGalleries) throws IOException {
        return index(site, svg, keepGalleries, ChangeFinder.Options.DEFAULT, Watch.DEFAULT_TARGET);
    }

    /** As above, the history found with {@code options} and each figure judged at {@code target} (a step, 0.05 for 5 %). */
    public static Indexed index(Path site, boolean svg, int keepGalleries, ChangeFinder.Options options, double target) throws IOException {
        return index(site, svg, keepGalleries, options, target, false);
    }

    /** As above; {@code byRunner} keeps each runner class a series of its own instead of following a fleet. */
    public static Indexed index(Path site, boolean svg, int keepGalleries, ChangeFinder.Options options, double target, boolean byRunner) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Nights.Read read = Nights.read(site, true);
        History history = History.of(read, options, target, byRunner);
        List<RunIndex.Entry> entries = new ArrayList<>();
        for (Night n : read.nights()) {
            int cells = (int) n.figures().keySet().stream().filter(k -> k instanceof FigureKey.Cell).count();
            entries.add(new RunIndex.Entry(n.folder(), n.meta(), cells, Files.isRegularFile(site.resolve(n.folder()).resolve("index.html"))));
        }
        int removed = 0;
        for (int i = 0; keepGalleries > 0 && i < entries.size() - keepGalleries; i++) {
            RunIndex.Entry e = entries.get(i);
            if (!e.gallery()) continue;
            removeGallery(site.resolve(e.folder()));
            entries.set(i, new RunIndex.Entry(e.folder(), e.meta(), e.cells(), false));
            removed++;
        }
        List<Figure> trends = RunIndex.trends(entries, history);
        Path trendDir = site.resolve("trends");
        if (Files.isDirectory(trendDir)) deleteCharts(trendDir); // a figure no longer charted leaves no stale chart
        if (!trends.isEmpty()) {
            Files.createDirectories(trendDir);
            writeAll(trends, trendDir, svg);
        }
        Files.deleteIfExists(site.resolve("figures.csv")); // written by a harness before it gzipped it
        for (var format : Exporters.SITE) format.write(history, site);
        ExplorerPage.write(site);
        Path page = site.resolve("index.html");
        Files.writeString(page, RunIndex.page(entries, history, trends, svg, bisected(site)), StandardCharsets.UTF_8);
        return new Indexed(page, entries.size(), removed, read.skipped());
    }

    /** The site's files of what bisects found ({@code bisect/GOOD-BAD.md}, {@link dev.jdkmatrix.history.BisectHint#resultFile}). */
    private static java.util.Set<String> bisected(Path site) throws IOException {
        Path dir = site.resolve(dev.jdkmatrix.history.BisectHint.RESULTS);
        if (!Files.isDirectory(dir)) return java.util.Set.of();
        try (var files = Files.list(dir)) {
            return files.map(f -> dev.jdkmatrix.history.BisectHint.RESULTS + "/" + f.getFileName()).filter(f -> f.endsWith(".md")).collect(java.util.stream.Collectors.toSet());
        }
    }

    /** Deletes what {@link #render} wrote into a results folder: its index.html and its charts. */
    private static void removeGallery(Path dir) throws IOException {
        Path charts = dir.resolve("charts");
        if (Files.isDirectory(charts)) {
            deleteCharts(charts);
            try (var rest = Files.list(charts)) {
                if (rest.findAny().isEmpty()) Files.delete(charts);
            }
        }
        Files.deleteIfExists(dir.resolve("index.html"));
        ExplorerPage.remove(dir); // the night's explorer data stays: the site's explorer draws its overview
    }

    /** Deletes the chart files (PNG and SVG) in a charts folder, and nothing else. */
    private static void deleteCharts(Path chartDir) throws IOException {
        try (var files = Files.list(chartDir)) {
            for (Path p : files.filter(p -> p.toString().endsWith(".png") || p.toString().endsWith(".svg")).toList()) Files.delete(p);
        }
    }

    /** Encodes the figures on every CPU: each chart is its own object, rendering one touches no other. */
    private static void writeAll(List<Figure> figures, Path dir, boolean svg) throws IOException {
        int threads = Math.max(1, Math.min(figures.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (Figure f : figures) {
                done.add(pool.submit(() -> {
                    try {
                        ChartFiles.write(f, dir, svg);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }));
            }
            for (Future<?> d : done) {
                try {
                    d.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof UncheckedIOException u) throw u.getCause();
                    if (e.getCause() instanceof RuntimeException r) throw r;
                    throw new IOException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while writing charts", e);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
