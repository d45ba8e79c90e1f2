package dev.jdkmatrix.export;

import dev.jdkmatrix.history.Change;
import dev.jdkmatrix.history.FigureKey;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.Levels;
import dev.jdkmatrix.history.Night;
import dev.jdkmatrix.history.Series;
import dev.jdkmatrix.model.CellKey;
import dev.jdkmatrix.results.format.Exporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A site's data for the explorer: {@value #FILE} at its root, every night (its folder, run id,
 * start, fleet, machine, commits, JDK builds, whether its gallery is still there), every cell's
 * axes, and what each series of the history is (a cell's median or a comparison's paired ratio
 * over its fleet's nights: its cells, unit, direction, how many nights, its chunk); and in chunks
 * of {@value #CHUNK} series ({@code explore/series-K.js}, loaded when one of their figures is
 * picked), each series' value and interval each night and the changes found in it with their
 * size, status, p-value and what changed: the index opens at once however many nights a site
 * holds, and a figure costs its chunk. Column by column, as the page reads it.
 */
public final class ExplorerSite {

    public static final String FILE = "explore/site.js";
    /** Series a chunk holds: a picked figure loads its chunk's nights of this many figures. */
    static final int CHUNK = 200;

    public static final Exporter<History> EXPORT = Exporter.of("explorer site",
            "the explorer's data of a site: every night, and every figure's series with its intervals and changes in chunks",
            List.of(FILE, "explore/series-*.js"), (h, dir) -> write(h, dir));

    /** The index and the chunks, as the page reads them. */
    record Data(Map<String, Object> index, List<Map<String, Object>> chunks) {}

    private ExplorerSite() {}

    /** Writes the site's scripts into {@code site} (the chunks of an earlier index removed first); returns their bytes. */
    public static long write(History h, Path site) throws IOException {
        Path dir = site.resolve(FILE).getParent();
        if (Files.isDirectory(dir)) {
            try (var old = Files.newDirectoryStream(dir, "series-*.js")) {
                for (Path p : old) Files.delete(p);
            }
        }
        Data d = data(h, site);
        long bytes = ExploreScript.write(site.resolve(FILE), "site", d.index());
        for (int k = 0; k < d.chunks().size(); k++) bytes += ExploreScript.write(dir.resolve("series-" + k + ".js"), "series:" + k, d.chunks().get(k));
        return bytes;
    }

    static Data data(History h, Path site) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("v", 1);
        d.put("axes", Axes.NAMES);
        Map<Night, Integer> nightIndex = new HashMap<>();
        Columns nights = new Columns();
        Map<String, CellKey> keys = new LinkedHashMap<>();
        for (Night n : h.nights()) {
            nightIndex.put(n, nightIndex.size());
            Map<String, Object> run = ExplorerNight.run(n.meta());
            run.forEach(nights::add);
            nights.add("f", n.folder()).add("fleet", n.fleet()).add("machine", Levels.machine(n))
                    .add("gallery", Files.isRegularFile(site.resolve(n.folder()).resolve("index.html")) ? 1 : 0)
                    .add("night", Files.isRegularFile(site.resolve(n.folder()).resolve(ExplorerNight.FILE)) ? 1 : 0)
                    .add("profiles", Files.isDirectory(site.resolve(n.folder()).resolve("profiles")) ? 1 : 0);
            n.cells().forEach(keys::putIfAbsent);
        }
        d.put("nights", nights.map());
        Map<String, Integer> cellIndex = new HashMap<>();
        Columns cells = new Columns();
        for (Series s : h.allSeries()) {
            for (String c : s.key().cells()) {
                if (cellIndex.containsKey(c)) continue;
                cellIndex.put(c, cellIndex.size());
                CellKey k = keys.get(c);
                cells.add("id", c).add("ax", k == null ? List.of() : Axes.of(k));
            }
        }
        d.put("cells", cells.map());
        Map<String, List<Change>> changes = new HashMap<>();
        for (Change c : h.changes()) changes.computeIfAbsent(c.runnerClass() + "\n" + c.figure().label(), x -> new ArrayList<>()).add(c);
        List<Map<String, Object>> series = new ArrayList<>();
        List<Map<String, Object>> chunks = new ArrayList<>();
        List<Series> all = h.allSeries();
        for (int i = 0; i < all.size(); i++) {
            Series s = all.get(i);
            series.add(about(s, cellIndex, i / CHUNK));
            if (i % CHUNK == 0) chunks.add(new LinkedHashMap<>(Map.of("v", 1, "series", new ArrayList<Map<String, Object>>())));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> in = (List<Map<String, Object>>) chunks.get(chunks.size() - 1).get("series");
            in.add(nights(s, nightIndex, changes.getOrDefault(s.runnerClass() + "\n" + s.key().label(), List.of()), h));
        }
        d.put("chunk", CHUNK);
        d.put("series", series);
        return new Data(d, chunks);
    }

    /** What a series is: its fleet, cells, what they compare, unit, direction, how many nights, and its chunk. */
    private static Map<String, Object> about(Series s, Map<String, Integer> cellIndex, int chunk) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("fleet", s.runnerClass());
        List<String> cells = s.key().cells();
        o.put("a", cellIndex.get(cells.get(0)));
        o.put("b", s.key() instanceof FigureKey.Pair ? cellIndex.get(cells.get(1)) : -1);
        Series.Entry first = s.entries().get(0);
        o.put("cmp", first.measured().compared());
        o.put("u", first.measured().unit());
        o.put("hb", first.measured().higherIsBetter() ? 1 : 0);
        o.put("len", s.entries().size());
        o.put("k", chunk);
        return o;
    }

    /** A series' nights (value and interval each) and its changes. */
    private static Map<String, Object> nights(Series s, Map<Night, Integer> nightIndex, List<Change> changes, History h) {
        Map<String, Object> o = new LinkedHashMap<>();
        Columns points = new Columns();
        for (Series.Entry e : s.entries()) {
            points.add("n", nightIndex.get(e.night())).add("v", ExploreScript.sig(e.measured().value()))
                    .add("lo", ExploreScript.sig(e.measured().low())).add("hi", ExploreScript.sig(e.measured().high()));
        }
        o.putAll(points.map());
        List<List<Object>> ch = new ArrayList<>();
        for (Change c : changes) {
            ch.add(java.util.Arrays.asList(nightIndex.get(c.after()), nightIndex.get(c.before()), ExploreScript.sig(c.ratio()), ExploreScript.sig(c.low()),
                    ExploreScript.sig(c.high()), c.status().text(), ExploreScript.sig(c.pValue()), c.regression() ? 1 : 0,
                    h.newTonight().contains(c) ? 1 : 0, c.whatChangedText()));
        }
        o.put("ch", ch);
        return o;
    }
}
