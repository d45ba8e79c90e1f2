package dev.jdkmatrix.report;

import dev.jdkmatrix.claims.Claims;
import dev.jdkmatrix.claims.Verdicts;
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
 * The report stage: charts and a gallery page for a results folder, and the index of the folder
 * above it. Reads only raw.csv and run.json, so it works on any results folder, merged or not.
 */
public final class Report {

    private Report() {}

    /** What was written. */
    public record Result(Path gallery, int charts, Path index, int runsIndexed) {}

    /**
     * Renders {@code dir}/charts/*.png|svg and {@code dir}/index.html; with {@code index}, also
     * the index of every results folder beside it, in {@code dir}/../index.html.
     */
    public static Result render(Path dir, boolean index) throws IOException {
        return render(dir, index, null);
    }

    /**
     * As {@link #render(Path, boolean)}, with the write-ups' figures and claims of {@code claimsFile}
     * (null: claims.yaml beside the run's matrix, when there is one) in the gallery.
     */
    public static Result render(Path dir, boolean index, Path claimsFile) throws IOException {
        System.setProperty("java.awt.headless", "true");
        ResultsFolder folder = ResultsFolder.load(dir);
        Path file = claimsFile != null ? claimsFile : Claims.besideMatrix(folder.meta()).orElse(null);
        Claims claims = null;
        if (file != null) {
            try {
                claims = Claims.read(file);
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        Charts charts = new Charts(folder.summary(), folder.raw());
        List<Figure> figures = charts.all();
        Path chartDir = dir.resolve("charts");
        Files.createDirectories(chartDir);
        try (var old = Files.list(chartDir)) {
            for (Path p : old.filter(p -> p.toString().endsWith(".png") || p.toString().endsWith(".svg")).toList()) Files.delete(p);
        }
        writeAll(figures, chartDir);
        Path page = dir.resolve("index.html");
        Gallery.Writeups writeups = claims == null ? null : new Gallery.Writeups(claims.file().getFileName().toString(),
                Verdicts.figures(claims, folder.summary(), folder.raw()), Verdicts.claims(claims, folder.summary(), folder.raw()));
        Files.writeString(page, Gallery.page(folder, figures, charts.cells(), index, writeups), StandardCharsets.UTF_8);
        if (!index) return new Result(page, figures.size(), null, 0);
        Path parent = dir.toAbsolutePath().normalize().getParent();
        int runs = writeIndex(parent);
        return new Result(page, figures.size(), parent.resolve("index.html"), runs);
    }

    /** Writes {@code parent}/index.html over every sub-folder with a run.json; returns how many. */
    static int writeIndex(Path parent) throws IOException {
        List<RunIndex.Entry> entries = new ArrayList<>();
        try (var dirs = Files.list(parent)) {
            for (Path d : dirs.filter(p -> Files.isRegularFile(p.resolve("run.json")) && Files.isRegularFile(p.resolve("raw.csv"))).sorted().toList()) {
                ResultsFolder f = ResultsFolder.load(d);
                if (f.meta() == null) continue;
                Charts c = new Charts(f.summary(), f.raw());
                entries.add(new RunIndex.Entry(d.getFileName().toString(), f.meta(), c.headlines(), c.cells().size(), Files.isRegularFile(d.resolve("index.html"))));
            }
        }
        entries.sort(RunIndex.byStart());
        List<Figure> trends = RunIndex.trends(entries);
        Path trendDir = parent.resolve("trends");
        if (!trends.isEmpty()) {
            Files.createDirectories(trendDir);
            writeAll(trends, trendDir);
        }
        Files.writeString(parent.resolve("index.html"), RunIndex.page(entries, trends), StandardCharsets.UTF_8);
        return entries.size();
    }

    /** Encodes the figures on every CPU: each chart is its own object, rendering one touches no other. */
    private static void writeAll(List<Figure> figures, Path dir) throws IOException {
        int threads = Math.max(1, Math.min(figures.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (Figure f : figures) {
                done.add(pool.submit(() -> {
                    try {
                        ChartFiles.write(f, dir);
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
