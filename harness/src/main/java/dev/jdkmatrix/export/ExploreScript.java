package dev.jdkmatrix.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * The explorer's data as a script: JSON, gzipped, base64 in a script that hands it to the page
 * ({@code (self.jdkmatrixExplore = self.jdkmatrixExplore || []).push(["site", "H4sI..."])}). A
 * script, not a fetched file, because a page opened from a folder may not fetch (Chromium refuses
 * file:// requests) while it may load scripts; gzipped because a site keeps every night's data.
 * The page decompresses it with the browser's own DecompressionStream.
 */
final class ExploreScript {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ExploreScript() {}

    /** Writes {@code data} into {@code file} as the page's {@code kind} ("site", "night"); returns the bytes written. */
    static long write(Path file, String kind, Object data) throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            JSON.writeValue(out, data);
        }
        String script = "(self.jdkmatrixExplore = self.jdkmatrixExplore || []).push([\"" + kind + "\", \""
                + Base64.getEncoder().encodeToString(gz.toByteArray()) + "\"]);\n";
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, script, StandardCharsets.US_ASCII);
        return script.length();
    }

    /** A figure at 5 significant digits (the data's bytes; no chart shows more), null where it is not a number. */
    static Double sig(double v) {
        if (!Double.isFinite(v)) return null;
        return Double.parseDouble(String.format(Locale.ROOT, "%.5g", v));
    }
}
