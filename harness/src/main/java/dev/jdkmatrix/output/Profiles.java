package dev.jdkmatrix.output;

import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.results.format.CollapsedStacks;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import one.convert.Arguments;
import one.convert.JfrToFlame;

/**
 * A profile run's stacks, as async-profiler writes them collapsed (one line per distinct stack:
 * the frames from the thread's root to the sampled one, separated by ';', then a space and the
 * number of samples): kept gzipped under the results folder's {@code profiles/}, named by the
 * run's sequence, and counted for raw.csv. A built-in workload's come as JFR, cut to its
 * measured section ({@link #fromJfr}).
 */
public final class Profiles {

    private Profiles() {}

    /**
     * Moves the stacks copied out of a run ({@code raw}, under {@code out}) to {@code stored}, gzipped,
     * and returns raw.csv's columns for them: the event, the file and the number of samples (all
     * empty but the event when the JVM wrote none: killed, out of memory).
     */
    public static Map<String, String> store(Path out, String raw, String stored, Profile profile) throws IOException {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("profile_event", profile.text());
        Path from = out.resolve(raw);
        if (!Files.isRegularFile(from)) return v;
        Path to = out.resolve(stored);
        Files.createDirectories(to.getParent());
        long samples = 0;
        try (BufferedReader in = Files.newBufferedReader(from, StandardCharsets.UTF_8);
             OutputStream gz = new GZIPOutputStream(Files.newOutputStream(to))) {
            for (String line; (line = in.readLine()) != null; ) {
                samples += CollapsedStacks.samples(line);
                gz.write(line.getBytes(StandardCharsets.UTF_8));
                gz.write('\n');
            }
        } catch (IOException e) {
            throw new IOException("cannot store the profile of " + raw + " as " + to + ": " + e.getMessage(), e);
        }
        Files.delete(from);
        v.put("profile_file", stored);
        v.put("profile_samples", Long.toString(samples));
        return v;
    }

    /**
     * A built-in workload's profile: its samples, written as JFR with their times ({@code raw},
     * under {@code out}), converted to collapsed stacks at {@code collapsed} (under {@code out})
     * with async-profiler's own converter, those of the measured section only ({@code section}:
     * {from, to} in epoch milliseconds, as the workload said; null: all, as for a run killed before
     * its section ended), as JMH's profilers cover its measured iterations only and JVM start and
     * the first JIT compilations are left out. The JFR goes once converted; one the converter
     * cannot read (a JVM killed while it wrote) stays beside the run's log, and the run has no
     * stacks. Returns {@code collapsed}.
     */
    public static String fromJfr(Path out, String raw, String collapsed, Profile profile, long[] section) {
        Path from = out.resolve(raw);
        if (!Files.isRegularFile(from)) return collapsed;
        Arguments args = new Arguments();
        args.output = "collapsed";
        args.alloc = profile == Profile.ALLOC;
        args.lock = profile == Profile.LOCK;
        if (section != null) {
            args.from = section[0];
            args.to = section[1];
        }
        try {
            JfrToFlame.convert(from.toString(), out.resolve(collapsed).toString(), args);
            Files.delete(from);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(out.resolve(collapsed));
            } catch (IOException ignored) {
                // no stacks either way
            }
        }
        return collapsed;
    }
}
