package dev.jdkmatrix.output;

import dev.jdkmatrix.results.RunFigure;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
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
 * whose JVM did not write them (killed, or {@code -XX:-UsePerfData}) has empty columns: its
 * figures are NaN.
 */
public record JvmInternals(double gcPauses, double gcPauseMs, double gcPauseMaxMs, double safepoints, double safepointMs, double safepointSyncMs, double jitMs) {

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

    /** A pause as a collector logs it at info: {@code GC(0) Pause Young (Normal) (G1 Evacuation Pause) 17M->4M(384M) 4.762ms}, {@code GC(0) Y: Pause Mark End 0.014ms}. */
    private static final Pattern PAUSE = Pattern.compile("\\[gc(?:,phases)?\\s*\\].*\\bPause\\b.*?(\\d+(?:\\.\\d+)?)ms\\s*$");

    /** What a run's JVM wrote of itself (NaN for what it did not write). */
    public static JvmInternals read(Path gcLog, Path perfData) {
        double[] p = {Double.NaN, Double.NaN, Double.NaN};
        if (gcLog != null && Files.isRegularFile(gcLog)) {
            try {
                p = pauses(Files.readAllLines(gcLog, StandardCharsets.UTF_8));
            } catch (IOException | java.io.UncheckedIOException e) {
                // an unreadable log leaves its figures unmeasured
            }
        }
        Map<String, Long> c = Map.of();
        if (perfData != null && Files.isRegularFile(perfData)) {
            try {
                c = counters(Files.readAllBytes(perfData));
            } catch (IOException | IllegalArgumentException e) {
                // not a counters file this reader knows: its figures stay unmeasured
            }
        }
        Long hz = c.get("sun.os.hrt.frequency");
        double perMs = hz != null && hz > 0 ? 1000.0 / hz : Double.NaN;
        return new JvmInternals(p[0], p[1], p[2], Double.isNaN(perMs) ? Double.NaN : counter(c, "sun.rt.safepoints", 1),
                counter(c, "sun.rt.safepointTime", perMs), counter(c, "sun.rt.safepointSyncTime", perMs), counter(c, "java.ci.totalTime", perMs));
    }

    private static double counter(Map<String, Long> c, String name, double scale) {
        Long n = c.get(name);
        return n == null ? Double.NaN : n * scale;
    }

    /** Its figures, each under the raw.csv column it fills. */
    public Map<RunFigure, Double> figures() {
        Map<RunFigure, Double> f = new java.util.EnumMap<>(RunFigure.class);
        f.put(RunFigure.GC_PAUSES, gcPauses);
        f.put(RunFigure.GC_PAUSE_MS, gcPauseMs);
        f.put(RunFigure.GC_PAUSE_MAX_MS, gcPauseMaxMs);
        f.put(RunFigure.SAFEPOINTS, safepoints);
        f.put(RunFigure.SAFEPOINT_MS, safepointMs);
        f.put(RunFigure.SAFEPOINT_SYNC_MS, safepointSyncMs);
        f.put(RunFigure.JIT_MS, jitMs);
        return f;
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
