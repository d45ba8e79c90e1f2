package dev.jdkmatrix.output;

import dev.jdkmatrix.results.Summarizer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the JVM itself spent of a run, from two files it writes at no cost while it runs: its
 * unified GC log ({@link #GC_LOG_ARG}: a line per pause, {@code Pause Young (Normal) ... 4.762ms},
 * ZGC's pauses under {@code gc+phases}) and its performance counters saved when it exits
 * ({@link #PERF_ARGS}: HotSpot's hsperfdata, the counters jstat reads; their file format is
 * HotSpot's {@code PerfDataPrologue} and {@code PerfDataEntry}): GC pauses (count, total,
 * longest), time at safepoints (count, total, time to reach them) and JIT compilation time. A run
 * whose JVM did not write them (killed, or {@code -XX:-UsePerfData}) has empty columns.
 */
public record JvmInternals(long gcPauses, double gcPauseMs, double gcPauseMaxMs, long safepoints, double safepointMs, double safepointSyncMs, double jitMs) {

    /** The GC log, in the run's output folder. */
    public static final String GC_LOG = dev.jdkmatrix.images.Images.IMAGE_OUT_DIR + "/jvm-gc.log";
    /** The saved counters, in the run's output folder. */
    public static final String PERF_DATA = dev.jdkmatrix.images.Images.IMAGE_OUT_DIR + "/jvm.hsperf";
    /** GC events and ZGC's phases, to a file (never to the run's output). */
    public static final String GC_LOG_ARG = "-Xlog:gc,gc+phases:file=" + GC_LOG;
    /** The counters (on by default in HotSpot) saved to a file when the JVM exits. */
    public static final List<String> PERF_ARGS = List.of("-XX:+PerfDataSaveToFile", "-XX:PerfDataSaveFile=" + PERF_DATA);
    /** Every argument the harness adds for them. */
    public static final List<String> ARGS = java.util.stream.Stream.concat(java.util.stream.Stream.of(GC_LOG_ARG), PERF_ARGS.stream()).toList();

    /** The columns, in raw.csv's order. */
    public static final List<String> COLUMNS = dev.jdkmatrix.results.Columns.RAW_INTERNALS;

    /** A pause as a collector logs it at info: {@code GC(0) Pause Young (Normal) (G1 Evacuation Pause) 17M->4M(384M) 4.762ms}, {@code GC(0) Y: Pause Mark End 0.014ms}. */
    private static final Pattern PAUSE = Pattern.compile("\\[gc(?:,phases)?\\s*\\].*\\bPause\\b.*?(\\d+(?:\\.\\d+)?)ms\\s*$");

    /** This run's columns (empty values for what it did not write). */
    public static Map<String, String> columns(Path gcLog, Path perfData) {
        Map<String, String> v = new LinkedHashMap<>();
        COLUMNS.forEach(c -> v.put(c, ""));
        if (gcLog != null && Files.isRegularFile(gcLog)) {
            try {
                double[] p = pauses(Files.readAllLines(gcLog, StandardCharsets.UTF_8));
                v.put("gc_pauses", Long.toString((long) p[0]));
                v.put("gc_pause_ms", Summarizer.ms(p[1]));
                v.put("gc_pause_max_ms", Summarizer.ms(p[2]));
            } catch (IOException | java.io.UncheckedIOException e) {
                // an unreadable log leaves its columns empty
            }
        }
        if (perfData != null && Files.isRegularFile(perfData)) {
            try {
                Map<String, Long> c = counters(Files.readAllBytes(perfData));
                Long hz = c.get("sun.os.hrt.frequency");
                if (hz != null && hz > 0) {
                    if (c.containsKey("sun.rt.safepoints")) v.put("safepoints", Long.toString(c.get("sun.rt.safepoints")));
                    if (c.containsKey("sun.rt.safepointTime")) v.put("safepoint_ms", Summarizer.ms(c.get("sun.rt.safepointTime") * 1000.0 / hz));
                    if (c.containsKey("sun.rt.safepointSyncTime")) v.put("safepoint_sync_ms", Summarizer.ms(c.get("sun.rt.safepointSyncTime") * 1000.0 / hz));
                    if (c.containsKey("java.ci.totalTime")) v.put("jit_ms", Summarizer.ms(c.get("java.ci.totalTime") * 1000.0 / hz));
                }
            } catch (IOException | IllegalArgumentException e) {
                // not a counters file this reader knows: its columns stay empty
            }
        }
        return v;
    }

    /** {count, total ms, longest ms} of the pauses a GC log lists. */
    static double[] pauses(List<String> lines) {
        double count = 0, total = 0, max = 0;
        for (String line : lines) {
            Matcher m = PAUSE.matcher(line);
            if (!m.find()) continue;
            double ms = Double.parseDouble(m.group(1));
            count++;
            total += ms;
            max = Math.max(max, ms);
        }
        return new double[] {count, total, max};
    }

    /**
     * The scalar long counters of a saved hsperfdata file, by name. The prologue: magic
     * {@code CA FE C0 C0}, byte order (1 little-endian), major and minor version, accessible,
     * used, overflow, modification time (8 bytes), the first entry's offset, the entries; each
     * entry: its length, its name's offset, vector length (0 for a scalar), type ({@code 'J'} a
     * long), flags, units, variability, its data's offset (offsets from the entry's start).
     */
    static Map<String, Long> counters(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file);
        if (file.length < 32 || (b.getInt(0) != 0xcafec0c0)) throw new IllegalArgumentException("not a hsperfdata file (no magic number)");
        b.order(file[4] == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        if (file[5] != 2) throw new IllegalArgumentException("hsperfdata version " + file[5] + "." + file[6] + ", this reader knows 2");
        int offset = b.getInt(24);
        int entries = b.getInt(28);
        Map<String, Long> out = new HashMap<>();
        for (int i = 0; i < entries && offset > 0 && offset + 20 <= file.length; i++) {
            int length = b.getInt(offset);
            int nameAt = offset + b.getInt(offset + 4);
            int vector = b.getInt(offset + 8);
            byte type = b.get(offset + 12);
            int dataAt = offset + b.getInt(offset + 16);
            if (length <= 0) break;
            int end = nameAt;
            while (end < file.length && file[end] != 0) end++;
            if (vector == 0 && type == 'J' && dataAt + 8 <= file.length) out.put(new String(file, nameAt, end - nameAt, StandardCharsets.US_ASCII), b.getLong(dataAt));
            offset += length;
        }
        return out;
    }
}
