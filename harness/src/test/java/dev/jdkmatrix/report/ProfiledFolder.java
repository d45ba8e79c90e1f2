package dev.jdkmatrix.report;

import dev.jdkmatrix.results.RawRow;
import dev.jdkmatrix.results.Rows;
import dev.jdkmatrix.results.format.RawCsv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.zip.GZIPOutputStream;

/** Tests' results folders with profile runs: a profile row per JDK of one cell, its stacks stored as a profile run stores them. */
public final class ProfiledFolder {

    private ProfiledFolder() {}

    /**
     * Writes {@code rows} and, after them, one cpu profile run per JDK of the last measured cell
     * that {@code cellFilter} accepts and that more than one JDK measured (the same cell but for its JDK), with {@code stacks.apply(jdk)}
     * as its collapsed stacks, into {@code run}'s raw.csv and profiles/.
     */
    static List<RawRow> write(Path run, List<RawRow> rows, java.util.function.Predicate<RawRow> cellFilter, Function<String, String> stacks) throws IOException {
        Files.createDirectories(run.resolve("profiles"));
        List<RawRow> all = new ArrayList<>(rows);
        Map<String, RawRow> lastPerJdk = new TreeMap<>();
        // only a cell measured on more than one JDK (a matrix may run some workloads on one JDK alone)
        Map<String, java.util.Set<String>> jdksOf = new java.util.HashMap<>();
        for (RawRow r : rows) if ("measure".equals(r.column("phase")) && cellFilter.test(r)) jdksOf.computeIfAbsent(withoutJdk(r), k -> new java.util.HashSet<>()).add(r.column("jdk"));
        String key = null;
        for (RawRow r : rows.reversed()) {
            if (!"measure".equals(r.column("phase")) || !cellFilter.test(r) || jdksOf.get(withoutJdk(r)).size() < 2) continue;
            if (key == null) key = withoutJdk(r);
            if (key.equals(withoutJdk(r))) lastPerJdk.putIfAbsent(r.column("jdk"), r);
        }
        int seq = rows.stream().mapToInt(r -> Integer.parseInt(r.column("seq"))).max().orElse(0);
        for (Map.Entry<String, RawRow> e : lastPerJdk.entrySet()) {
            Rows.Builder v = Rows.from(e.getValue());
            String file = String.format("profiles/%05d.collapsed.gz", ++seq);
            String text = stacks.apply(e.getKey());
            v.with("seq", Integer.toString(seq));
            v.with("phase", "profile");
            v.with("rep", "1");
            v.with("profile_event", "cpu");
            v.with("profile_file", file);
            v.with("profile_samples", Long.toString(text.lines().mapToLong(dev.jdkmatrix.results.format.CollapsedStacks::samples).sum()));
            all.add(v.build());
            try (var gz = new GZIPOutputStream(Files.newOutputStream(run.resolve(file)))) {
                gz.write(text.getBytes(StandardCharsets.UTF_8));
            }
        }
        try (var csv = RawCsv.append(run.resolve("raw.csv"), RawCsv.paramColumns(all))) {
            all.forEach(csv::write);
        }
        return all;
    }

    private static String withoutJdk(RawRow r) {
        Map<String, String> axes = new TreeMap<>(r.key().axes());
        axes.remove("jdk");
        return axes.toString();
    }

    /** Many made-up stacks (seeded), as a real JVM's profile has: the frames of a few threads, 10 to 40 deep. */
    public static String manyStacks(long seed, int count) {
        Random random = new Random(seed);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < count; i++) {
            int depth = 10 + random.nextInt(31);
            StringBuilder stack = new StringBuilder(random.nextInt(4) == 0 ? "thread_native_entry" : "java/lang/Thread.run");
            for (int d = 0; d < depth; d++) stack.append(';').append("com/example/pkg").append(random.nextInt(3)).append("/Class").append(random.nextInt(12))
                    .append(".method").append(random.nextInt(6));
            b.append(stack).append(' ').append(1 + random.nextInt(20)).append('\n');
        }
        return b.toString();
    }
}
