package dev.jdkmatrix.bench;

import dev.jdkmatrix.report.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Builds the site that N published nights leave with `make publish` and KEEP_GALLERIES=K: N nights
 * made from one results folder (its raw.csv and summary.csv gzipped as make publish keeps them, and run.json, each night a day later, the last on the run's own day,
 * with its own run id), the galleries of the newest K rendered, and the site's index with its trends
 * written once over all N (publishing night by night renders each gallery and then removes all but
 * the newest K, which leaves the same files). Run with the harness jar on the class path:
 *   java -cp harness/target/jdkmatrix.jar:bench/target/jdkmatrix-bench.jar dev.jdkmatrix.bench.SiteNights FROM SITE N K [again]
 * Prints the seconds the index took over N nights; with {@code again}, also those of a second index over the same site, as
 * the next night's publish finds it (every night's figures kept beside it by the first).
 */
public class SiteNights {
    public static void main(String[] args) throws Exception {
        Path from = Path.of(args[0]);
        Path site = Path.of(args[1]);
        int nights = Integer.parseInt(args[2]);
        int keep = Integer.parseInt(args[3]);
        String json = Files.readString(from.resolve("run.json"));
        String runId = field(json, "run_id");
        Instant started = Instant.parse(field(json, "started_at"));
        Instant ended = Instant.parse(field(json, "ended_at"));
        Files.createDirectories(site);
        for (int n = 1; n <= nights; n++) {
            String name = String.format("night-%03d", n);
            Path night = Files.createDirectories(site.resolve(name));
            Duration shift = Duration.ofDays(n - nights); // the newest night the run's own start: no night dated in the future, which a site passes over
            String moved = json.replace("\"run_id\" : \"" + runId + "\"", "\"run_id\" : \"" + name + "\"")
                    .replace(field(json, "started_at"), started.plus(shift).toString())
                    .replace(field(json, "ended_at"), ended.plus(shift).toString());
            Files.writeString(night.resolve("run.json"), moved);
            // as make publish keeps them
            jittered(from.resolve("raw.csv"), night.resolve("raw.csv.gz"), n);
            if (Files.exists(from.resolve("summary.csv"))) gzip(from.resolve("summary.csv"), night.resolve("summary.csv.gz"));
            if (n > nights - keep) Report.render(night, new Report.Options(false, true, null));
        }
        long t0 = System.nanoTime();
        Report.Indexed indexed = Report.index(site, false, keep);
        double first = (System.nanoTime() - t0) / 1e9;
        if (indexed.runs() != nights) throw new IllegalStateException("the index lists " + indexed.runs() + " of " + nights + " nights");
        if (args.length < 5 || !args[4].equals("again")) {
            System.out.printf("%.1f%n", first);
            return;
        }
        // the index of the next publish: every night's figures kept beside it by the index before (history.NightFigures)
        long t1 = System.nanoTime();
        indexed = Report.index(site, false, keep);
        System.out.printf(java.util.Locale.ROOT, "%.1f %.1f%n", first, (System.nanoTime() - t1) / 1e9);
        if (indexed.runs() != nights) throw new IllegalStateException("the index lists " + indexed.runs() + " of " + nights + " nights");
    }

    /**
     * The run's raw.csv as night n measured it: each run's wall time and score times its own
     * (1 + 3 % x gauss) and the night's (1 + 2 % x gauss), so that the nights differ as real ones do (the
     * explorer's data compresses as a real site's would, not as 365 copies of one night), gzipped.
     */
    static void jittered(Path from, Path to, int n) throws Exception {
        java.util.Random r = new java.util.Random(n);
        double night = 1 + 0.02 * r.nextGaussian();
        try (var in = new com.opencsv.CSVReader(Files.newBufferedReader(from));
             var out = new com.opencsv.CSVWriter(new java.io.OutputStreamWriter(new java.util.zip.GZIPOutputStream(Files.newOutputStream(to)),
                     java.nio.charset.StandardCharsets.UTF_8), ',', '"', '"', "\n")) {
            String[] header = in.readNext();
            out.writeNext(header, false);
            java.util.List<Integer> scaled = new java.util.ArrayList<>();
            for (int i = 0; i < header.length; i++) if (header[i].equals("wall_ms") || header[i].equals("score")) scaled.add(i);
            for (String[] row; (row = in.readNext()) != null; ) {
                double f = night * (1 + 0.03 * r.nextGaussian());
                for (int i : scaled) {
                    if (i < row.length && !row[i].isEmpty()) row[i] = String.format(java.util.Locale.ROOT, "%.3f", Double.parseDouble(row[i]) * f);
                }
                out.writeNext(row, false);
            }
        }
    }

    static void gzip(Path from, Path to) throws java.io.IOException {
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(to))) {
            Files.copy(from, out);
        }
    }

    static String field(String json, String name) {
        int at = json.indexOf("\"" + name + "\" : \"");
        int from = at + name.length() + 6;
        return json.substring(from, json.indexOf('"', from));
    }
}
