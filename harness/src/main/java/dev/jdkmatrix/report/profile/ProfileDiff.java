package dev.jdkmatrix.report.profile;

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
        public double moved() {
            return Math.max(Math.abs(selfDelta()), Math.abs(totalDelta()));
        }
    }

    /** Self and total shares of every frame of collapsed stacks ({@code stack -> samples}). */
    public record Shares(Map<String, Double> self, Map<String, Double> total) {
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
    /** A frame of the JDK's own packages, slash-separated as async-profiler writes them. */
    private static final java.util.regex.Pattern JDK_FRAME = java.util.regex.Pattern.compile("(java|javax|jdk|sun|com/sun)/.*");
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
     * is {@code CpuLoop$$Lambda.call}), as every JVM places its lambdas and method handles elsewhere,
     * and async-profiler's mark of how it ran ({@code _[j]} compiled, {@code _[i]} inlined) dropped, as
     * the JIT decides that differently from one JDK to the next: frames match by method.
     */
    static String normalized(String frame) {
        String f = frame.endsWith("]") ? MARK.matcher(frame).replaceAll("") : frame;
        return f.indexOf(".0x") < 0 ? f : HIDDEN_CLASS.matcher(f).replaceAll("");
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
     * The one line under a differential table: the Java frame whose share of the samples changed
     * most beyond the samples' noise, such as {@code JDK 25: 38 % fewer samples in
     * ArraysSupport.mismatch (12.0 % of 1,200 samples, was 19.4 % of 1,150)}. A sample counts for
     * the innermost Java frame of its stack, so the native code a Java method calls counts for it
     * (a wall profile's sleeping threads are in libc, called by Thread.sleep). A change counts when
     * it lies outside its frame's two-proportion 95 % interval, Bonferroni-corrected over the Java
     * frames compared (the samples of a profile taken as independent draws: a lower bound on the
     * noise); the JVM's own C++ frames, whose names change between JDKs (a renamed GC class),
     * never make the line.
     */
    public static String takeaway(String b, Map<String, Long> stacksA, Map<String, Long> stacksB) {
        Map<String, Long> ca = innermostJava(stacksA);
        Map<String, Long> cb = innermostJava(stacksB);
        long na = samples(stacksA);
        long nb = samples(stacksB);
        if (na == 0 || nb == 0) return b + ": no samples to compare";
        Set<String> java = new java.util.TreeSet<>(ca.keySet());
        java.addAll(cb.keySet());
        java.removeIf(f -> !isJava(f));
        double z = NORMAL.inverseSurvivalProbability(0.025 / Math.max(1, java.size()));
        String most = null;
        String largest = null;
        double mostChange = 0;
        double largestChange = 0;
        for (String f : java) {
            long xa = ca.getOrDefault(f, 0L);
            long xb = cb.getOrDefault(f, 0L);
            double change = Math.abs((double) xb / nb - (double) xa / na);
            if (change < 1e-12) continue;
            if (change > largestChange) {
                largest = f;
                largestChange = change;
            }
            double pooled = (double) (xa + xb) / (na + nb);
            double se = Math.sqrt(pooled * (1 - pooled) * (1.0 / na + 1.0 / nb));
            if (change > z * se && change > mostChange) {
                most = f;
                mostChange = change;
            }
        }
        if (largest == null) return b + ": no Java frame's share of the samples changed";
        String f = most != null ? most : largest;
        double was = (double) ca.getOrDefault(f, 0L) / na;
        double is = (double) cb.getOrDefault(f, 0L) / nb;
        String counts = String.format(Locale.ROOT, "%.1f %% of %,d samples, was %.1f %% of %,d", is * 100, nb, was * 100, na);
        if (most == null) {
            return String.format(Locale.ROOT, "%s: no Java frame's share of the samples changed beyond their noise (largest: %s, %s)", b, shortName(f), counts);
        }
        if (was == 0) return String.format(Locale.ROOT, "%s: %s appears (%s)", b, shortName(f), counts);
        double relative = is / was - 1;
        return String.format(Locale.ROOT, "%s: %.0f %% %s samples in %s (%s)", b, Math.abs(relative) * 100, relative < 0 ? "fewer" : "more", shortName(f), counts);
    }

    private static final org.apache.commons.statistics.distribution.NormalDistribution NORMAL = org.apache.commons.statistics.distribution.NormalDistribution.of(0, 1);

    /** The 95 % margin of a change of share from {@code pa} of {@code na} samples to {@code pb} of {@code nb} (two proportions, unpooled). */
    public static double margin(double pa, long na, double pb, long nb) {
        if (na == 0 || nb == 0) return Double.NaN;
        return 1.96 * Math.sqrt(pa * (1 - pa) / na + pb * (1 - pb) / nb);
    }

    /** Each frame's samples whose innermost Java frame it is (the last frame for a stack with none). */
    public static Map<String, Long> innermostJava(Map<String, Long> stacks) {
        Map<String, Long> out = new HashMap<>();
        for (Map.Entry<String, Long> e : stacks.entrySet()) {
            String[] frames = frames(e.getKey());
            String at = frames[frames.length - 1];
            for (int i = frames.length - 1; i >= 0; i--) {
                if (isJava(frames[i])) {
                    at = frames[i];
                    break;
                }
            }
            out.merge(at, e.getValue(), Long::sum);
        }
        return out;
    }

    /**
     * The stacks re-rooted at their entry: a stack that holds a frame {@code entry} accepts is cut
     * above its outermost such frame (JMH's generated code, reflection or method handles into the
     * benchmark, the executor that ran a task: paths that change between JDKs without the
     * benchmark changing), so frames match by method, not by the path above them; a stack
     * without one (a GC or JIT thread) is kept whole; stacks made equal are merged.
     */
    public static Map<String, Long> rooted(Map<String, Long> stacks, java.util.function.Predicate<String> entry) {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, Long> e : stacks.entrySet()) {
            String[] frames = e.getKey().split(";");
            int from = 0;
            for (int i = 0; i < frames.length; i++) {
                if (entry.test(normalized(frames[i]))) {
                    from = i;
                    break;
                }
            }
            String stack = from == 0 ? e.getKey() : String.join(";", java.util.Arrays.copyOfRange(frames, from, frames.length));
            out.merge(stack, e.getValue(), Long::sum);
        }
        return out;
    }

    /**
     * The frames a cell's stacks are rooted at ({@link #rooted}): a JMH cell's benchmark method
     * ({@code pkg/Outer$Inner.work} for {@code pkg.Outer.Inner.work}), a built-in workload's code
     * (the workloads jar's package), a jar's first frame outside the JDK.
     */
    public static java.util.function.Predicate<String> entry(dev.jdkmatrix.model.CellKey.Kind kind, String benchmark) {
        return switch (kind) { // every kind, no default
            case JMH -> f -> dotted(f).equals(benchmark);
            case BUILTIN -> f -> plain(f).startsWith("dev/jdkmatrix/workloads/");
            case JAR -> f -> isJava(f) && !JDK_FRAME.matcher(plain(f)).matches();
        };
    }

    /** A frame without async-profiler's mark or a signature. */
    private static String plain(String frame) {
        String f = MARK.matcher(frame).replaceAll("");
        int paren = f.indexOf('(');
        return paren < 0 ? f : f.substring(0, paren);
    }

    /** A frame's method as JMH names a benchmark: package, classes and method joined by dots. */
    static String dotted(String frame) {
        return plain(frame).replace('/', '.').replace('$', '.');
    }

    /**
     * Whether a frame is Java code: not a native library ({@code libc.so.6}), not the JVM's own C++
     * ({@code Compile::Compile}), not one of async-profiler's markers ({@code [unknown]}).
     */
    public static boolean isJava(String frame) {
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
