package dev.jdkmatrix.export;

import dev.jdkmatrix.history.BencherJson;
import dev.jdkmatrix.history.BenchmarkActionJson;
import dev.jdkmatrix.history.History;
import dev.jdkmatrix.history.HistoryCsv;
import dev.jdkmatrix.history.Night;
import dev.jdkmatrix.results.format.Exporter;
import dev.jdkmatrix.results.format.FolderEnd;
import dev.jdkmatrix.results.format.ResultsFolder;
import java.util.ArrayList;
import java.util.List;

/**
 * Every format jdkmatrix writes, by what it is written from: a new format is its file and one line
 * here (docs/architecture.md lists them; DocsTest holds the list to this registry).
 */
public final class Exporters {

    private Exporters() {}

    /** A results folder's end, written by run and merge (in {@code results.format}, where they are written: run.json last). */
    public static final List<Exporter<FolderEnd>> FOLDER = ResultsFolder.END;

    /** A gallery's folder, written by report beside its index.html. */
    public static final List<Exporter<ExplorerNight.Folder>> GALLERY = List.of(ExplorerNight.EXPORT);

    /** A night of a site, written into its folder by history --export (make publish EXPORT=1). */
    public static final List<Exporter<Night>> NIGHT = List.of(BencherJson.EXPORT, BenchmarkActionJson.EXPORT);

    /** A site's history, written at its root by index (make publish). */
    public static final List<Exporter<History>> SITE = List.of(HistoryCsv.CHANGES_EXPORT, HistoryCsv.FIGURES_EXPORT, ExplorerSite.EXPORT);

    /** Every format, in the lists' order. */
    public static List<Exporter<?>> all() {
        List<Exporter<?>> all = new ArrayList<>(FOLDER);
        all.addAll(GALLERY);
        all.addAll(NIGHT);
        all.addAll(SITE);
        return all;
    }
}
