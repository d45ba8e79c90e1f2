package dev.jdkmatrix.export;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;

/**
 * The explorer's page and what it runs on, written into a folder (a site's root, or a gallery's
 * folder beside its index.html): {@value #PAGE}, and in {@value #ASSETS}/ our script and style and
 * uPlot's minified script, style and license, taken from uPlot's WebJar on the class path (its
 * version in the WebJar's own pom.properties). Nothing is fetched from elsewhere: a site works
 * offline, on GitHub Pages and from a folder.
 */
public final class ExplorerPage {

    public static final String PAGE = "explore.html";
    public static final String ASSETS = "explore";
    private static final String OURS = "/dev/jdkmatrix/export/";
    private static final String UPLOT_POM = "/META-INF/maven/org.webjars.npm/uplot/pom.properties";

    /** Our files, then uPlot's as the page names them. */
    static final List<String> FILES = List.of(PAGE, ASSETS + "/explore.js", ASSETS + "/explore.css", ASSETS + "/uPlot.iife.min.js",
            ASSETS + "/uPlot.min.css", ASSETS + "/uPlot-LICENSE");

    private ExplorerPage() {}

    /** uPlot's version, as its WebJar says. */
    public static String uplotVersion() throws IOException {
        try (InputStream in = ExplorerPage.class.getResourceAsStream(UPLOT_POM)) {
            if (in == null) throw new IOException("uPlot's WebJar (org.webjars.npm:uplot) is not on the class path: build the harness with Maven (make build)");
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        }
    }

    /** Writes the page and its assets into {@code dir}; returns their bytes. */
    public static long write(Path dir) throws IOException {
        String uplot = "/META-INF/resources/webjars/uplot/" + uplotVersion() + "/";
        Files.createDirectories(dir.resolve(ASSETS));
        long bytes = 0;
        bytes += copy(OURS + "explore.html", dir.resolve(PAGE));
        bytes += copy(OURS + "explore.js", dir.resolve(ASSETS + "/explore.js"));
        bytes += copy(OURS + "explore.css", dir.resolve(ASSETS + "/explore.css"));
        bytes += copy(uplot + "dist/uPlot.iife.min.js", dir.resolve(ASSETS + "/uPlot.iife.min.js"));
        bytes += copy(uplot + "dist/uPlot.min.css", dir.resolve(ASSETS + "/uPlot.min.css"));
        bytes += copy(uplot + "LICENSE", dir.resolve(ASSETS + "/uPlot-LICENSE"));
        return bytes;
    }

    /** Removes the page and its assets (a gallery removed from a site), keeping the folder's data. */
    public static void remove(Path dir) throws IOException {
        for (String f : FILES) Files.deleteIfExists(dir.resolve(f));
        Path assets = dir.resolve(ASSETS);
        if (Files.isDirectory(assets)) {
            try (var rest = Files.list(assets)) {
                if (rest.findAny().isEmpty()) Files.delete(assets);
            }
        }
    }

    private static long copy(String resource, Path to) throws IOException {
        try (InputStream in = ExplorerPage.class.getResourceAsStream(resource)) {
            if (in == null) throw new IOException("the explorer's " + resource + " is not in the harness's jar: build it again (make build)");
            return Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
