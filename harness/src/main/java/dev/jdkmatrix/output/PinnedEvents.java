package dev.jdkmatrix.output;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * What a run's JFR recording says of pinned virtual threads, read on the host with
 * {@code jdk.jfr.consumer}: how many {@code jdk.VirtualThreadPinned} events, their total and
 * longest duration, the most frequent application frame that was pinned, and (on JDK 24+, where
 * the event has them) the most frequent {@code pinnedReason} and {@code blockingOperation}.
 */
public record PinnedEvents(int events, double totalMs, double maxMs, String topFrame, String reason, String blockingOperation) {

    public static final String EVENT = "jdk.VirtualThreadPinned";

    public PinnedEvents {
        if (events < 0) throw new IllegalArgumentException("events must be at least 0, got " + events);
        Objects.requireNonNull(topFrame, "topFrame");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(blockingOperation, "blockingOperation");
    }

    /** Its figures, each under the raw.csv column it fills. */
    public java.util.Map<dev.jdkmatrix.results.RunFigure, Double> figures() {
        java.util.Map<dev.jdkmatrix.results.RunFigure, Double> f = new java.util.EnumMap<>(dev.jdkmatrix.results.RunFigure.class);
        f.put(dev.jdkmatrix.results.RunFigure.PINNED_EVENTS, (double) events);
        f.put(dev.jdkmatrix.results.RunFigure.PINNED_TOTAL_MS, totalMs);
        f.put(dev.jdkmatrix.results.RunFigure.PINNED_MAX_MS, maxMs);
        return f;
    }

    /** Reads a recording; an unreadable file is an IOException naming it. */
    public static PinnedEvents read(Path recording) throws IOException {
        List<RecordedEvent> pinned;
        try {
            pinned = RecordingFile.readAllEvents(recording).stream().filter(e -> e.getEventType().getName().equals(EVENT)).toList();
        } catch (IOException | RuntimeException e) {
            throw new IOException("cannot read the JFR recording " + recording + ": " + e.getMessage(), e);
        }
        return of(pinned);
    }

    static PinnedEvents of(List<RecordedEvent> pinned) {
        double total = 0;
        double max = 0;
        Map<String, Integer> frames = new LinkedHashMap<>();
        Map<String, Integer> reasons = new LinkedHashMap<>();
        Map<String, Integer> operations = new LinkedHashMap<>();
        for (RecordedEvent e : pinned) {
            double ms = millis(e.getDuration());
            total += ms;
            max = Math.max(max, ms);
            String frame = applicationFrame(e);
            if (!frame.isEmpty()) frames.merge(frame, 1, Integer::sum);
            if (e.hasField("pinnedReason") && e.getString("pinnedReason") != null) reasons.merge(e.getString("pinnedReason"), 1, Integer::sum);
            if (e.hasField("blockingOperation") && e.getString("blockingOperation") != null) {
                operations.merge(e.getString("blockingOperation"), 1, Integer::sum);
            }
        }
        return new PinnedEvents(pinned.size(), total, max, mostFrequent(frames), mostFrequent(reasons), mostFrequent(operations));
    }

    /**
     * The frame that holds the pin, as {@code Class.method:line}: the topmost frame outside the
     * JDK ({@code java.}, {@code jdk.}, {@code sun.}), else the top frame.
     */
    static String applicationFrame(RecordedEvent e) {
        if (e.getStackTrace() == null || e.getStackTrace().getFrames().isEmpty()) return "";
        List<RecordedFrame> frames = e.getStackTrace().getFrames();
        RecordedFrame chosen = frames.stream().filter(f -> f.isJavaFrame() && !jdkType(f.getMethod().getType().getName())).findFirst()
                .orElse(frames.get(0));
        String type = chosen.getMethod().getType().getName();
        return type.substring(type.lastIndexOf('.') + 1) + "." + chosen.getMethod().getName()
                + (chosen.getLineNumber() > 0 ? ":" + chosen.getLineNumber() : "");
    }

    private static boolean jdkType(String name) {
        return name.startsWith("java.") || name.startsWith("jdk.") || name.startsWith("sun.");
    }

    private static String mostFrequent(Map<String, Integer> counts) {
        return counts.entrySet().stream().max(Comparator.comparingInt(Map.Entry<String, Integer>::getValue)).map(Map.Entry::getKey).orElse("");
    }

    private static double millis(Duration d) {
        return d == null ? 0 : d.toNanos() / 1e6;
    }
}
