package dev.jdkmatrix.stats;

import java.util.List;

/**
 * Whether a JVM's iterations reached a steady state, classified as Barrett et al. do ("Virtual
 * Machine Warmup Blows Hot and Cold", OOPSLA 2017): change points over one process's iterations
 * split them into segments; the last segment is the steady state when it is long enough; then
 * <ul>
 *   <li>{@code flat}: no change point, every iteration one level;</li>
 *   <li>{@code warmup}: the steady state is the best segment (no earlier one better by more than
 *   the equivalence margin);</li>
 *   <li>{@code slowdown}: an earlier segment was better than the steady state by more than it;</li>
 *   <li>{@code none} (no steady state): the last change point lies in the last quarter of the
 *   iterations (Barrett et al.: the last 500 of 2,000), or leaves fewer than
 *   {@link #MIN_STEADY} iterations after it.</li>
 * </ul>
 * The change points are E-Divisive means as Apache Otava computes them ({@link EDivisive}: the
 * method and code the history uses, held to Otava's own output), at {@link #METHOD}: one window
 * over the whole series (JMH runs are tens of iterations, not thousands), p at most 0.01, and a
 * change of at least {@link #EQUIVALENT} (2 %) between neighbouring segments; segments closer than
 * that are one level, as Barrett et al. take segments within a small tolerance as equivalent. The
 * steady state's leading iterations more than {@link #TAIL} (4 %) worse than its median are the
 * warm-up's tail ({@link #trimmed}): a point or two E-Divisive cannot split off as a segment.
 * Barrett et al. find change points with PELT on 2,000 in-process iterations; a JMH fork has far
 * fewer, and E-Divisive's significance test suits short series (docs/statistics.md).
 */
public record SteadyState(Kind kind, int from, int changePoints) {

    /** The closed set of classes. */
    public enum Kind {
        FLAT("flat"), WARMUP("warmup"), SLOWDOWN("slowdown"), NONE("none");

        private final String text;

        Kind(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        /** Whether the iterations reached a steady state (flat or warm-up); slowdown's is worse than its best. */
        public boolean peak() {
            return this == FLAT || this == WARMUP;
        }

        public static Kind of(String text) {
            return parse(text).orElseThrow(() -> new IllegalArgumentException("'" + text + "' is not a steady-state class; it is flat, warmup, slowdown or none"));
        }

        /** The class a stored text names (raw.csv's steady_state), empty where it names none. */
        public static java.util.Optional<Kind> parse(String text) {
            for (Kind k : values()) if (k.text.equals(text)) return java.util.Optional.of(k);
            return java.util.Optional.empty();
        }
    }

    /** Relative difference under which two segments are one level: 2 %. */
    public static final double EQUIVALENT = 0.02;
    /** How much worse than its steady state's median a leading iteration of it is the warm-up's tail ({@link #trimmed}): 4 %, twice {@link #EQUIVALENT}. */
    public static final double TAIL = 2 * EQUIVALENT;
    /** The fewest iterations a steady state holds. */
    public static final int MIN_STEADY = 2;
    /** E-Divisive's parameters here: one window of up to 1,000 iterations, p at most 0.01, changes of at least 2 %. */
    public static final EDivisive.Options METHOD = new EDivisive.Options(1000, 0.01, EQUIVALENT);
    /** The fewest iterations E-Divisive can split at all: under 4, no change point can be told from noise (a fork is classified from {@link #MIN_CLASSIFIED}). */
    public static final int MIN_ITERATIONS = 4;
    /**
     * The fewest iterations a fork needs to be classified at all ({@link #withheld}): fewer say a class
     * too often wrongly (make bench-steady, docs/statistics.md).
     */
    public static final int MIN_CLASSIFIED = 10;
    /**
     * The most noise an iteration may have, from one to the next, for its fork to be classified: the
     * change of {@link #EQUIVALENT} the classes are told apart by cannot be seen under more.
     */
    public static final double MAX_NOISE = EQUIVALENT;

    /**
     * Why one fork's iterations are not classified, or "" where they are: too few of them
     * ({@link #MIN_CLASSIFIED}), a score that is not a positive finite number, or noise from one
     * iteration to the next ({@link #noise}) above the {@link #MAX_NOISE} the classes need.
     */
    public static String withheld(double[] scores) {
        if (scores.length < Math.max(MIN_ITERATIONS, MIN_CLASSIFIED)) {
            return "not classified: " + scores.length + " iteration" + (scores.length == 1 ? "" : "s") + " a fork (" + Math.max(MIN_ITERATIONS, MIN_CLASSIFIED) + " needed)";
        }
        for (double s : scores) if (!(s > 0 && Double.isFinite(s))) return "not classified: a score that is no positive number";
        double noise = noise(scores);
        if (noise > MAX_NOISE) {
            return String.format(java.util.Locale.ROOT, "not classified: its iterations vary by %.1f %% from one to the next, more than the %.0f %% change the classes are told apart by",
                    100 * noise, 100 * EQUIVALENT);
        }
        return "";
    }

    /**
     * The noise of one iteration, relative: in each half of the series, 1.4826 times the median absolute deviation of the
     * differences of neighbouring log scores, over sqrt(2) (the standard deviation of independent noise; a steady trend moves
     * every difference alike and so is no noise); the smaller of the two halves' (a warm-up lies in the first, a change in the
     * last quarter in the second: the other half says what the iterations do by themselves).
     */
    static double noise(double[] scores) {
        int half = scores.length / 2;
        return Math.min(differences(scores, 0, half + 1), differences(scores, half, scores.length));
    }

    private static double differences(double[] scores, int from, int to) {
        double[] d = new double[Math.max(0, to - from - 1)];
        for (int i = from + 1; i < to; i++) d[i - from - 1] = Math.log(scores[i] / scores[i - 1]);
        if (d.length == 0) return Double.POSITIVE_INFINITY;
        double m = Median.of(d);
        return 1.4826 * Median.of(java.util.Arrays.stream(d).map(x -> Math.abs(x - m)).toArray()) / Math.sqrt(2);
    }

    /**
     * The scores with each lone outlier (an iteration more than 4 noises from the median of the five around it, and its
     * neighbours not: a GC, a neighbour's burst) set to that median, so that one slow iteration is not a segment's worth of change;
     * the first iteration (a slow first one is the JIT's warm-up) and the last (where a change may begin) are kept as they are.
     */
    static double[] clipped(double[] scores) {
        double noise = Math.max(noise(scores), 1e-9);
        double[] logs = java.util.Arrays.stream(scores).map(Math::log).toArray();
        double[] out = scores.clone();
        for (int i = 1; i < scores.length - 1; i++) { // the first (a slow first iteration is warm-up) and the last (a change may begin there) are kept
            double local = Median.of(java.util.Arrays.copyOfRange(logs, Math.max(0, i - 2), Math.min(logs.length, i + 3)));
            if (Math.abs(logs[i] - local) > 4 * noise && lone(logs, i, local, noise)) out[i] = Math.exp(local);
        }
        return out;
    }

    /** Whether neither neighbour of iteration i is off the local median as it is: one iteration out of line, not a level. */
    private static boolean lone(double[] logs, int i, double local, double noise) {
        boolean up = logs[i] > local;
        for (int j : new int[] {i - 1, i + 1}) {
            if (j < 0 || j >= logs.length) continue;
            double off = logs[j] - local;
            if ((up ? off : -off) > 2 * noise) return false;
        }
        return true;
    }

    /**
     * {@code from}: the first iteration of the steady state, counted from 1 over the series (0
     * with none); {@code changePoints}: how many the series has.
     */
    public SteadyState {
        java.util.Objects.requireNonNull(kind, "kind");
        if (from < 0) throw new IllegalArgumentException("a steady state begins at an iteration counted from 1 (0: none), got " + from);
        if (kind == Kind.NONE ? from != 0 : from < 1) throw new IllegalArgumentException(kind.text() + " with a steady state from iteration " + from);
    }

    /**
     * The class of one process's iterations in order (warm-up first, then measured), scores as
     * JMH gives them; {@code higherIsBetter}: throughput; a lone outlier set to its neighbours'
     * median first ({@link #clipped}). Null where the class is withheld ({@link #withheld}: too few
     * iterations, a score that is no positive number, noise above the change the classes need).
     */
    public static SteadyState classify(double[] raw, boolean higherIsBetter) {
        int n = raw.length;
        if (!withheld(raw).isEmpty()) return null;
        double[] scores = clipped(raw);
        List<EDivisive.ChangePoint> cps = EDivisive.changePoints(scores, METHOD);
        if (cps.isEmpty()) {
            int from = trimmed(scores, 0, higherIsBetter);
            return new SteadyState(from > 0 ? Kind.WARMUP : Kind.FLAT, from + 1, 0);
        }
        int last = cps.get(cps.size() - 1).index();
        if (n - last < Math.max(MIN_STEADY, (int) Math.ceil(n / 4.0))) return new SteadyState(Kind.NONE, 0, cps.size());
        int from = trimmed(scores, last, higherIsBetter);
        double steady = mean(scores, from, n);
        for (int i = 0; i < cps.size(); i++) {
            int start = i == 0 ? 0 : cps.get(i - 1).index();
            double m = mean(scores, start, cps.get(i).index());
            double better = higherIsBetter ? m / steady - 1 : steady / m - 1; // > 0: the earlier segment was better
            if (better > EQUIVALENT) return new SteadyState(Kind.SLOWDOWN, from + 1, cps.size());
        }
        return new SteadyState(from > 0 ? Kind.WARMUP : Kind.FLAT, from + 1, cps.size());
    }

    /**
     * Where the steady state that begins at {@code start} really begins: its leading iterations worse
     * than its median by more than {@link #TAIL} are the warm-up's tail, which E-Divisive does not
     * split off when it is a point or two (too few to be a segment of their own); at least
     * {@link #MIN_STEADY} iterations stay.
     */
    static int trimmed(double[] scores, int start, boolean higherIsBetter) {
        double median = Median.of(java.util.Arrays.copyOfRange(scores, start, scores.length));
        int from = start;
        while (from < scores.length - MIN_STEADY) {
            double worse = higherIsBetter ? median / scores[from] - 1 : scores[from] / median - 1;
            if (worse <= TAIL) break;
            from++;
        }
        return from;
    }

    /**
     * The class of a run of several processes (JMH forks), each classified alone: the class most of
     * its classified forks have, a tie going to the worse class (none, then slowdown, then warm-up,
     * then flat), so that one fork's misreading does not make the run's; the steady state begins
     * where the latest of those forks' does. Null when no fork was classified.
     */
    public static SteadyState ofForks(List<SteadyState> forks) {
        java.util.Map<Kind, List<SteadyState>> by = new java.util.EnumMap<>(Kind.class);
        for (SteadyState f : forks) if (f != null) by.computeIfAbsent(f.kind(), k -> new java.util.ArrayList<>()).add(f);
        if (by.isEmpty()) return null;
        Kind most = null;
        for (Kind k : Kind.values()) if (by.containsKey(k) && (most == null || by.get(k).size() >= by.get(most).size())) most = k;
        int cps = forks.stream().filter(java.util.Objects::nonNull).mapToInt(SteadyState::changePoints).sum();
        if (most == Kind.NONE) return new SteadyState(Kind.NONE, 0, cps);
        return new SteadyState(most, by.get(most).stream().mapToInt(SteadyState::from).max().orElseThrow(), cps);
    }

    /**
     * The class of one JMH run's iterations (in the order it printed them, each with its fork):
     * each fork's series, warm-up then measured, classified alone ({@link #classify}), the forks
     * together ({@link #ofForks}); null when no fork could be classified.
     */
    public static SteadyState ofRun(List<dev.jdkmatrix.model.JmhIteration> iterations, boolean higherIsBetter) {
        List<SteadyState> forks = new java.util.ArrayList<>();
        for (double[] scores : forks(iterations)) forks.add(classify(scores, higherIsBetter));
        return ofForks(forks);
    }

    /** Why a run's iterations have no class: its first fork's {@link #withheld} reason; "" where a fork was classified. */
    public static String withheld(List<dev.jdkmatrix.model.JmhIteration> iterations) {
        List<double[]> forks = forks(iterations);
        if (forks.isEmpty()) return "not classified: no iteration";
        for (double[] f : forks) if (withheld(f).isEmpty()) return "";
        return withheld(forks.get(0));
    }

    /** A run's iterations as each fork's series of scores, warm-up then measured, forks in order. */
    private static List<double[]> forks(List<dev.jdkmatrix.model.JmhIteration> iterations) {
        java.util.Map<Integer, List<Double>> byFork = new java.util.TreeMap<>();
        for (dev.jdkmatrix.model.JmhIteration it : iterations) byFork.computeIfAbsent(it.fork(), k -> new java.util.ArrayList<>()).add(it.score());
        return byFork.values().stream().map(scores -> scores.stream().mapToDouble(Double::doubleValue).toArray()).toList();
    }

    /**
     * A run's figure from its steady state ({@code score: steady}): the mean of each fork's iterations
     * from where that fork's steady state begins (warm-up ones included; a slowdown's last level is
     * its steady state), over every fork; NaN when a fork has none or too few iterations to tell.
     */
    public static double steadyMean(List<dev.jdkmatrix.model.JmhIteration> iterations, boolean higherIsBetter) {
        double sum = 0;
        int n = 0;
        for (double[] x : forks(iterations)) {
            SteadyState s = classify(x, higherIsBetter);
            if (s == null || s.kind() == Kind.NONE) return Double.NaN;
            for (int i = s.from() - 1; i < x.length; i++) {
                sum += x[i];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /**
     * Whether one process's scores so far (in order) have settled, as {@code warmup: until-steady}
     * stops a run: they reached a steady state ({@link #classify}: not none) that has held for
     * {@code steady} iterations K, and whose level is not moving now: the mean of its last w
     * iterations within {@link #EQUIVALENT} (2 %) of the mean of the w before them (w = K / 2, at
     * least 2; a slow climb or fall, which E-Divisive does not split into segments of 2 %, goes on).
     */
    public static boolean settled(double[] scores, boolean higherIsBetter, int steady) {
        SteadyState s = classify(scores, higherIsBetter);
        if (s == null || s.kind() == Kind.NONE) return false;
        int n = scores.length;
        int held = n - (s.from() - 1);
        int w = Math.max(2, steady / 2);
        if (held < Math.max(steady, 2 * w)) return false;
        double before = mean(scores, n - 2 * w, n - w);
        double last = mean(scores, n - w, n);
        return Math.abs(last / before - 1) <= EQUIVALENT;
    }

    private static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) s += x[i];
        return s / (to - from);
    }
}
