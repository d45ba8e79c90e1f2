package dev.jdkmatrix.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What changed between two profiles of cells that differ in one axis (the JDK): each frame's share
 * of the samples, self (the sampled frame itself) and total (anywhere on the stack, counted once
 * per stack), in A and in B, the frames whose shares moved most first.
 */
public final class ProfileDiff {

    private ProfileDiff() {}

    /** A frame's shares of its profile's samples (fractions) in A and in B. */
    public record Change(String frame, double selfA, double selfB, double totalA, double totalB) {
        public double selfDelta() {
            return selfB - selfA;
        }

        public double totalDelta() {
            return totalB - totalA;
        }

        /** How far it moved: the larger of its self and total changes. */
        double moved() {
            return Math.max(Math.abs(selfDelta()), Math.abs(totalDelta()));
        }
    }

    /** Self and total shares of every frame of collapsed stacks ({@code stack -> samples}). */
    record Shares(Map<String, Double> self, Map<String, Double> total) {
        static Shares of(Map<String, Long> stacks) {
            long all = samples(stacks);
            Map<String, Double> self = new HashMap<>();
            Map<String, Double> total = new HashMap<>();
            if (all == 0) return new Shares(self, total);
            for (Map.Entry<String, Long> e : stacks.entrySet()) {
                String[] frames = frames(e.getKey());
                double share = (double) e.getValue() / all;
                self.merge(frames[frames.length - 1], share, Double::sum);
                Set<String> once = new HashSet<>(List.of(frames)); // a recursive frame counts once per stack
                for (String f : once) total.merge(f, share, Double::sum);
            }
            return new Shares(self, total);
        }
    }

    private static final java.util.regex.Pattern HIDDEN_CLASS = java.util.regex.Pattern.compile("\\.0x[0-9a-f]{6,}");
    /** async-profiler's mark of a frame's kind at its end: {@code _[j]}, {@code _[i]}, {@code _[0]}. */
    private static final java.util.regex.Pattern MARK = java.util.regex.Pattern.compile("_\\[[a-z0-9]\\]$");
    private static final java.util.regex.Pattern NATIVE_LIBRARY = java.util.regex.Pattern.compile(".*\\.so(\\.[0-9]+)*");
    private static final java.util.regex.Pattern CLASS_DOT_METHOD = java.util.regex.Pattern.compile("[\\w$/.<>\\[\\]]*\\.[\\w$<>]+");

    /** The samples of collapsed stacks ({@code stack -> samples}) in all. */
    static long samples(Map<String, Long> stacks) {
        return stacks.values().stream().mapToLong(Long::longValue).sum();
    }

    /** A collapsed stack's frames, root first, each {@link #normalized}. */
    static String[] frames(String stack) {
        String[] frames = stack.split(";");
        for (int i = 0; i < frames.length; i++) frames[i] = normalized(frames[i]);
        return frames;
    }

    /**
     * A frame as two runs can share it: a hidden class's address dropped ({@code CpuLoop$$Lambda.0x00007fda2c0093e0.call}
     * is {@code CpuLoop$$Lambda.call}), as every JVM places its lambdas and method handles elsewhere.
     */
    static String normalized(String frame) {
        return frame.indexOf(".0x") < 0 ? frame : HIDDEN_CLASS.matcher(frame).replaceAll("");
    }

    /** The {@code n} frames whose self or total share moved most from {@code a} to {@code b}. */
    public static List<Change> top(Map<String, Long> a, Map<String, Long> b, int n) {
        Shares sa = Shares.of(a);
        Shares sb = Shares.of(b);
        Set<String> frames = new HashSet<>(sa.total().keySet());
        frames.addAll(sb.total().keySet());
        List<Change> all = new ArrayList<>();
        for (String f : frames) {
            all.add(new Change(f, sa.self().getOrDefault(f, 0.0), sb.self().getOrDefault(f, 0.0), sa.total().getOrDefault(f, 0.0), sb.total().getOrDefault(f, 0.0)));
        }
        all.sort(Comparator.comparingDouble(Change::moved).reversed().thenComparing(Change::frame));
        return all.subList(0, Math.min(n, all.size()));
    }

    /**
     * The one line under a differential table: the Java frame whose samples changed most, relative
     * to what it had in A, such as {@code JDK 25: 38 % fewer samples in ArraysSupport.mismatch}. A
     * sample counts for the innermost Java frame of its stack, so the native code a Java method
     * calls counts for it (a wall profile's sleeping threads are in libc, called by Thread.sleep);
     * a stack with no Java frame counts for its own last frame, which the line names only when no
     * Java frame changed.
     */
    public static String takeaway(String b, Map<String, Long> stacksA, Map<String, Long> stacksB) {
        Map<String, Double> sa = innermostJava(stacksA);
        Map<String, Double> sb = innermostJava(stacksB);
        Set<String> frames = new java.util.TreeSet<>(sa.keySet());
        frames.addAll(sb.keySet());
        java.util.function.ToDoubleFunction<String> change = f -> Math.abs(sb.getOrDefault(f, 0.0) - sa.getOrDefault(f, 0.0));
        Comparator<String> byChange = Comparator.comparingDouble(change);
        String most = frames.stream().filter(f -> isJava(f) && change.applyAsDouble(f) > 1e-12).max(byChange)
                .orElseGet(() -> frames.stream().max(byChange).orElse(null));
        double was = most == null ? 0 : sa.getOrDefault(most, 0.0);
        double is = most == null ? 0 : sb.getOrDefault(most, 0.0);
        if (most == null || Math.abs(is - was) < 1e-12) return b + ": no frame's share of the samples changed";
        String frame = shortName(most);
        if (was == 0) return String.format(Locale.ROOT, "%s: %s appears, with %.1f %% of the samples", b, frame, is * 100);
        double relative = is / was - 1;
        return String.format(Locale.ROOT, "%s: %.0f %% %s samples in %s (%.1f %% of all, was %.1f %%)", b, Math.abs(relative) * 100,
                relative < 0 ? "fewer" : "more", frame, is * 100, was * 100);
    }

    /** Each frame's share of the samples whose innermost Java frame it is (the last frame for a stack with none). */
    static Map<String, Double> innermostJava(Map<String, Long> stacks) {
        long all = samples(stacks);
        Map<String, Double> out = new HashMap<>();
        if (all == 0) return out;
        for (Map.Entry<String, Long> e : stacks.entrySet()) {
            String[] frames = frames(e.getKey());
            String at = frames[frames.length - 1];
            for (int i = frames.length - 1; i >= 0; i--) {
                if (isJava(frames[i])) {
                    at = frames[i];
                    break;
                }
            }
            out.merge(at, (double) e.getValue() / all, Double::sum);
        }
        return out;
    }

    /**
     * Whether a frame is Java code: not a native library ({@code libc.so.6}), not the JVM's own C++
     * ({@code Compile::Compile}), not one of async-profiler's markers ({@code [unknown]}).
     */
    static boolean isJava(String frame) {
        String f = MARK.matcher(frame).replaceAll("");
        return !f.contains("::") && !f.startsWith("[") && !NATIVE_LIBRARY.matcher(f).matches() && CLASS_DOT_METHOD.matcher(f).matches();
    }

    /** A frame as a reader names it: {@code java/util/ArraysSupport.mismatch} as {@code ArraysSupport.mismatch}; async-profiler's {@code _[j]}-style marks dropped. */
    public static String shortName(String frame) {
        String f = MARK.matcher(frame).replaceAll("");
        int paren = f.indexOf('(');
        String head = paren < 0 ? f : f.substring(0, paren);
        int slash = head.lastIndexOf('/');
        return slash < 0 ? f : f.substring(slash + 1);
    }
}
