package dev.jdkmatrix.results.format;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * async-profiler's collapsed stacks, as a profile run stores them (profiles/SEQ.collapsed.gz): one
 * line per distinct stack, its frames from the thread's root to the sampled one separated by ';',
 * then a space and its number of samples.
 */
public final class CollapsedStacks {

    private CollapsedStacks() {}

    /** The samples of one line (its last field), 0 for a line that has none. */
    public static long samples(String line) {
        int space = line.lastIndexOf(' ');
        if (space < 0) return 0;
        try {
            return Long.parseLong(line.substring(space + 1).trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** A stored profile's stacks, {@code stack -> samples}. */
    public static Map<String, Long> read(Path gz) throws IOException {
        Map<String, Long> stacks = new LinkedHashMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(gz)), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                int space = line.lastIndexOf(' ');
                if (space > 0) stacks.merge(line.substring(0, space), samples(line), Long::sum);
            }
        }
        return stacks;
    }
}
