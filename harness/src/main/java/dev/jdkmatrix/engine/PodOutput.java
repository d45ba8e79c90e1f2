package dev.jdkmatrix.engine;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * What a Kubernetes run's pod gives back through its one log stream, written and read here: the
 * end of its command prints how long the command ran and its {@code /out} folder as a base64 tar
 * between two markers ({@link #OUT_DUMP}, which {@link KubernetesJobs} appends to the command), and
 * {@link #output} takes them out of the log again, storing the files and keeping the rest.
 */
final class PodOutput {

    private PodOutput() {}

    /** The lines between which a run's container prints its {@code /out} folder, a base64 tar. */
    static final String OUT_BEGIN = "JDKMATRIX-OUT-BEGIN";
    static final String OUT_END = "JDKMATRIX-OUT-END";
    /** The line in which a run's container says how long its command ran (ns; the start of the shell to the end of its cpu.stat). */
    static final String WALL = "JDKMATRIX-CONTAINER-NS ";
    /** The line in which a duet side's container says when its run began (the epoch's ns on the node's clock), after waiting for its set's moment. */
    static final String BEGAN = "JDKMATRIX-BEGAN-NS ";
    /** The end of a run's command: {@code /out} printed as a base64 tar between the markers, after the JVM and its cpu.stat. */
    static final String OUT_DUMP = "t1=$(date +%s%N); printf '" + WALL + "%s\\n' $((t1 - t0)) >&2; printf '\\n" + OUT_BEGIN + "\\n'; tar -C " + Commands.CONTAINER_OUT_DIR + " -cf - . 2>/dev/null | base64; printf '"
            + OUT_END + "\\n'; ";

    /**
     * A run's log without the files it printed (those stored where {@code files} says, a folder's first
     * file) and without the line of its duration, which {@code wallMs} holds (NaN where it printed none).
     */
    record Output(String log, double wallMs) {}

    static Output output(String log, Map<String, Path> files) {
        int begin = log.indexOf("\n" + OUT_BEGIN + "\n");
        int end = begin < 0 ? -1 : log.indexOf(OUT_END, begin);
        if (begin < 0 || end < 0) {
            for (Path target : files.values()) deleteQuietly(target);
            return wall(log);
        }
        // a pod's log is one stream: lines the container wrote to stderr (its cpu.stat) may fall among the dump's
        StringBuilder encoded = new StringBuilder();
        StringBuilder rest = new StringBuilder(log.substring(0, begin + 1));
        for (String line : log.substring(begin + OUT_BEGIN.length() + 2, end).split("\n")) {
            if (BASE64_LINE.matcher(line).matches()) encoded.append(line);
            else rest.append(line).append('\n');
        }
        rest.append(log.substring(Math.min(log.length(), end + OUT_END.length() + 1)));
        Map<String, byte[]> entries = untar(decodeCut(encoded.toString()));
        for (Map.Entry<String, Path> f : files.entrySet()) {
            String rel = f.getKey().substring(Commands.CONTAINER_OUT_DIR.length() + 1);
            byte[] bytes = entries.get(rel);
            if (bytes == null) {
                bytes = entries.entrySet().stream().filter(e -> e.getKey().startsWith(rel + "/")).map(Map.Entry::getValue).findFirst().orElse(null);
            }
            write(f.getValue(), bytes);
        }
        return wall(rest.toString());
    }

    /** The log without its duration line, and the duration it gave. */
    private static Output wall(String log) {
        double ms = Double.NaN;
        StringBuilder kept = new StringBuilder();
        for (String line : log.split("\n", -1)) {
            if (line.startsWith(BEGAN)) continue; // read while the run ran (began)
            if (line.startsWith(WALL)) {
                try {
                    ms = Long.parseLong(line.substring(WALL.length()).trim()) / 1e6;
                } catch (NumberFormatException e) {
                    // no duration: NaN
                }
            } else {
                kept.append(kept.isEmpty() ? "" : "\n").append(line);
            }
        }
        return new Output(kept.toString(), ms);
    }

    /** When a duet side's run began, as its log's {@link #BEGAN} line says; null where the log has none (yet). */
    static java.time.Instant began(String log) {
        for (String line : log.split("\n")) {
            if (!line.startsWith(BEGAN)) continue;
            try {
                long ns = Long.parseLong(line.substring(BEGAN.length()).trim());
                return java.time.Instant.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private static final java.util.regex.Pattern BASE64_LINE = java.util.regex.Pattern.compile("[A-Za-z0-9+/]+={0,2}");

    /**
     * The dump's bytes as far as they can be read: a pod killed while it printed them (out of memory)
     * cuts its base64 mid-quantum, and a short line of the container's stderr that looks like base64
     * ("Killed") may fall after its end; what precedes the cut, or the padding, is decoded, and the
     * archive then yields the files it holds whole ({@link #untar}).
     */
    static byte[] decodeCut(String base64) {
        int padding = base64.indexOf('=');
        String s = padding < 0 ? base64 : base64.substring(0, Math.min(base64.length(), (padding / 4 + 1) * 4));
        s = s.substring(0, s.length() - s.length() % 4);
        try {
            return Base64.getDecoder().decode(s);
        } catch (IllegalArgumentException e) {
            return new byte[0]; // not base64 after all: no files
        }
    }

    private static Map<String, byte[]> untar(byte[] tar) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (TarArchiveInputStream in = new TarArchiveInputStream(new ByteArrayInputStream(tar))) {
            for (TarArchiveEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                if (e.isFile() && e.getSize() > 0) out.put(e.getName().replaceFirst("^\\./", ""), in.readAllBytes());
            }
        } catch (IOException e) {
            // a cut archive: the files read so far
        }
        return out;
    }

    private static void write(Path target, byte[] bytes) {
        try {
            Files.deleteIfExists(target);
            if (bytes != null) Files.write(target, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("writing a run's file to " + target + " failed: " + e.getMessage() + "\n  fix: check the free space of the results folder", e);
        }
    }

    private static void deleteQuietly(Path target) {
        try {
            Files.deleteIfExists(target);
        } catch (IOException e) {
            // nothing to keep
        }
    }
}
