package dev.jdkmatrix;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The harness's version and the commit its jar was built at (dev/jdkmatrix/version.properties,
 * written by Maven's resource filtering; make build and make dist pass the commit):
 * {@code jdkmatrix 0.1.0 (commit 037e6e3abc12)}.
 */
public final class Build {

    private static final Properties PROPS = load();

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = Build.class.getResourceAsStream("/dev/jdkmatrix/version.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            // the version says unknown
        }
        return p;
    }

    /** The harness's version, {@code unknown} where the jar does not say. */
    public static String version() {
        String v = PROPS.getProperty("version", "");
        return v.isEmpty() || v.startsWith("${") ? "unknown" : v;
    }

    /** The commit the jar was built at (40 hex digits), empty where the build did not say. */
    public static String commit() {
        String c = PROPS.getProperty("commit", "");
        return c.matches("[0-9a-f]{7,40}") ? c : "";
    }

    /** Whether the tree it was built from had changes not committed. */
    public static boolean dirty() {
        return Boolean.parseBoolean(PROPS.getProperty("dirty", "false"));
    }

    /** {@code jdkmatrix 0.1.0 (commit 037e6e3abc12, with uncommitted changes)}, or {@code (commit unknown)}. */
    public static String text() {
        String c = commit();
        return "jdkmatrix " + version() + " (commit " + (c.isEmpty() ? "unknown" : c.substring(0, Math.min(12, c.length()))) + (dirty() ? ", with uncommitted changes" : "") + ")";
    }

    private Build() {}
}
