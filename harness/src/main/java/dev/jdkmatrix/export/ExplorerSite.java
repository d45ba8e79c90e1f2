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
 * A site's data for the explorer ({@value #FILE} at its root): every night (its folder, run id,
 * start, fleet, machine, commits, JDK builds, whether its gallery is still there), every cell's
 * axes, and every series of the history (a cell's median or a comparison's paired ratio over its
 * fleet's nights: value and interval each night, and the changes found in it with their size,
 * status, p-value and what changed). Column by column, as the page reads it.
 */
public final class ExplorerSite {

    public static final String FILE = "explore/site.js";

    public static final Exporter<History> EXPORT = Exporter.of("explorer site",
            "the explorer's data of a site: every night and every figure's series with its intervals and changes",
            List.of(FILE), (h, dir) -> write(h, dir));

    private ExplorerSite() {}

    /** Writes the site's script into {@code site}; returns its bytes. */
    public static long write(History h, Path site) throws IOException {
        return ExploreScript.write(site.resolve(FILE), "site", data(h, site));
    }

    static Map<String, Object> data(History h, Path site) {
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
        for (Series s : h.allSeries()) {
            series.add(series(s, cellIndex, nightIndex, changes.getOrDefault(s.runnerClass() + "\n" + s.key().label(), List.of()), h));
        }
        d.put("series", series);
        return d;
    }

    private static Map<String, Object> series(Series s, Map<String, Integer> cellIndex, Map<Night, Integer> nightIndex, List<Change> changes, History h) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("fleet", s.runnerClass());
        List<String> cells = s.key().cells();
        o.put("a", cellIndex.get(cells.get(0)));
        o.put("b", s.key() instanceof FigureKey.Pair ? cellIndex.get(cells.get(1)) : -1);
        Series.Entry first = s.entries().get(0);
        o.put("cmp", first.measured().compared());
        o.put("u", first.measured().unit());
        o.put("hb", first.measured().higherIsBetter() ? 1 : 0);
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
