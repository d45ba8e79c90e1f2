package dev.jdkmatrix.history;

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
            for (Kind k : values()) if (k.text.equals(text)) return k;
            throw new IllegalArgumentException("'" + text + "' is not a steady-state class; it is flat, warmup, slowdown or none");
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
    /** The fewest iterations classified: under 4, no change point can be told from noise. */
    public static final int MIN_ITERATIONS = 4;

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
     * JMH gives them; {@code higherIsBetter}: throughput. Null when there are fewer than
     * {@link #MIN_ITERATIONS} or a score is not a positive finite number.
     */
    public static SteadyState classify(double[] scores, boolean higherIsBetter) {
        int n = scores.length;
        if (n < MIN_ITERATIONS) return null;
        for (double s : scores) if (!(s > 0 && Double.isFinite(s))) return null;
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
        double median = Watch.median(java.util.Arrays.copyOfRange(scores, start, scores.length));
        int from = start;
        while (from < scores.length - MIN_STEADY) {
            double worse = higherIsBetter ? median / scores[from] - 1 : scores[from] / median - 1;
            if (worse <= TAIL) break;
            from++;
        }
        return from;
    }

    /**
     * The class of a run of several processes (JMH forks), each classified alone: no steady state
     * if any fork has none, else slowdown if any slowed down, else warm-up if any warmed up, else
     * flat; the steady state begins where the latest fork's does. Null when no fork was classified.
     */
    public static SteadyState ofForks(List<SteadyState> forks) {
        SteadyState worst = null;
        for (SteadyState f : forks) {
            if (f == null) continue;
            if (worst == null || f.kind().ordinal() > worst.kind().ordinal() || f.kind() == worst.kind() && f.from() > worst.from()) worst = f;
        }
        if (worst == null || worst.kind() == Kind.NONE) return worst;
        int from = forks.stream().filter(f -> f != null && f.kind() != Kind.NONE).mapToInt(SteadyState::from).max().orElse(worst.from());
        int cps = forks.stream().filter(java.util.Objects::nonNull).mapToInt(SteadyState::changePoints).sum();
        return new SteadyState(worst.kind(), from, cps);
    }

    /**
     * The class of one JMH run's iterations (in the order it printed them, each with its fork):
     * each fork's series, warm-up then measured, classified alone ({@link #classify}), the forks
     * together ({@link #ofForks}); null when no fork could be classified.
     */
    public static SteadyState ofRun(List<dev.jdkmatrix.output.JmhIterations.Iteration> iterations, boolean higherIsBetter) {
        List<SteadyState> forks = new java.util.ArrayList<>();
        for (double[] scores : forks(iterations)) forks.add(classify(scores, higherIsBetter));
        return ofForks(forks);
    }

    /** A run's iterations as each fork's series of scores, warm-up then measured, forks in order. */
    private static List<double[]> forks(List<dev.jdkmatrix.output.JmhIterations.Iteration> iterations) {
        java.util.Map<Integer, List<Double>> byFork = new java.util.TreeMap<>();
        for (dev.jdkmatrix.output.JmhIterations.Iteration it : iterations) byFork.computeIfAbsent(it.fork(), k -> new java.util.ArrayList<>()).add(it.score());
        return byFork.values().stream().map(scores -> scores.stream().mapToDouble(Double::doubleValue).toArray()).toList();
    }

    /**
     * A run's figure from its steady state ({@code score: steady}): the mean of each fork's iterations
     * from where that fork's steady state begins (warm-up ones included; a slowdown's last level is
     * its steady state), over every fork; NaN when a fork has none or too few iterations to tell.
     */
    public static double steadyMean(List<dev.jdkmatrix.output.JmhIterations.Iteration> iterations, boolean higherIsBetter) {
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
