package dev.jdkmatrix.matrix;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;

/**
 * A pull request's matrix: the team's matrix with each of its suite's workload entries (a jmh or jar
 * entry: the ones with a {@code jar:}) twice, {@code base-NAME} with the jar and files of the pull
 * request's base, built in its own folder, and {@code head-NAME} with the pull request's, compared
 * along {@code workload}: each benchmark's base and head cells are a group, measured back to back in
 * every round (blocked), so that the machine's drift cancels in their paired ratio. Built-in
 * entries are left out: a pull request changes the team's suite. Given the check's threshold
 * ({@link Rounds}), a matrix of fixed repetitions gets adaptive ones: as many rounds as it asks
 * for, then more for each base and head whose paired ratio is not yet known to within half the
 * threshold (so that a regression of the threshold is decided), up to a maximum; a noisy runner
 * spends more rounds instead of passing a regression it could not see. Pure text in, text out;
 * the derived file is written beside the matrix, so its other paths (Dockerfiles) read as before.
 */
public final class PullRequestMatrix {

    private PullRequestMatrix() {}

    /**
     * How a pull request's rounds are spent: until every base and head pair's ratio is known to
     * within half of {@code threshold} (a fraction), at most {@code max} rounds (0: three times the
     * matrix's rounds).
     */
    public record Rounds(double threshold, int max) {
        public Rounds {
            if (!(threshold > 0 && threshold < 2)) throw new IllegalArgumentException("a pull request's threshold for its rounds is between 0 % and 200 %, got " + threshold);
            if (max != 0 && max < Repetitions.ADAPTIVE_MIN) {
                throw new IllegalArgumentException("a pull request's rounds reach at least " + Repetitions.ADAPTIVE_MIN + " (the fewest whose interval reaches 95 %), got " + max);
            }
        }

        /** The target of its adaptive repetitions: half the threshold. */
        public double target() {
            return threshold / 2;
        }
    }

    private static final String BASE = dev.jdkmatrix.model.PullRequestSide.BASE.prefix();
    private static final String HEAD = dev.jdkmatrix.model.PullRequestSide.HEAD.prefix();

    /**
     * {@code yaml}: the matrix's text; {@code matrixDir}: its folder, in the head's checkout
     * {@code headRoot} or in the base's {@code baseRoot} (the pull request check reads the base's, so
     * that a pull request cannot change what it is measured by), the same relative paths holding each
     * side's build in its own checkout; {@code rounds}: how its rounds are spent (null: the matrix's
     * repetitions as written). Throws with what to fix where the matrix has no suite entry.
     */
    @SuppressWarnings("unchecked")
    public static String derive(String yaml, Path matrixDir, Path headRoot, Path baseRoot, Rounds rounds) {
        Map<String, Object> out = new LinkedHashMap<>(top(yaml));
        out.remove("baseline"); // a pull request measures its head against its base, not against the nights' baseline
        Map<String, Object> axes = new LinkedHashMap<>((Map<String, Object>) out.get("matrix"));
        List<Object> doubled = new ArrayList<>();
        Sides sides = Sides.of(matrixDir, headRoot, baseRoot);
        for (Map<String, Object> entry : suiteEntries(out)) {
            String name = String.valueOf(entry.get("name"));
            doubled.add(BaselineMatrix.side(entry, BASE + name, sides.base()));
            doubled.add(BaselineMatrix.side(entry, HEAD + name, sides.head()));
        }
        if (doubled.isEmpty()) {
            throw new IllegalArgumentException("the matrix has no workload entry with a jar: (kind: jmh or jar): a pull request check compares your suite's base "
                    + "and head builds; add your benchmarks jar as a jmh entry");
        }
        axes.put("workload", doubled);
        out.put("matrix", axes);
        out.put("compare-along", List.of("workload"));
        if (rounds != null) adaptive(out, rounds);
        out.put("name", String.valueOf(out.getOrDefault("name", "matrix")) + "-pr");
        return new Dump(DumpSettings.builder().setDefaultFlowStyle(FlowStyle.BLOCK).build()).dumpToString(out);
    }

    /** Where a pull request's matrix reads each side's suite: the matrix's folder in the base's checkout and in the head's. */
    record Sides(Path base, Path head) {
        /** From the matrix's folder, in whichever checkout holds it (the deeper one, where one is inside the other). */
        static Sides of(Path matrixDir, Path headRoot, Path baseRoot) {
            Path dir = matrixDir.toAbsolutePath().normalize();
            Path head = headRoot.toAbsolutePath().normalize();
            Path base = baseRoot.toAbsolutePath().normalize();
            boolean inBase = dir.startsWith(base) && (!dir.startsWith(head) || base.getNameCount() > head.getNameCount());
            if (!inBase && !dir.startsWith(head)) {
                throw new IllegalArgumentException("the matrix's folder " + dir + " is in neither the head's checkout " + head + " nor the base's " + base
                        + "; name the matrix inside one of them (--head, --base)");
            }
            Path rel = (inBase ? base : head).relativize(dir);
            return new Sides(base.resolve(rel).normalize(), head.resolve(rel).normalize());
        }
    }

    /**
     * The files a pull request's base side reads, each jar and each of its {@code files:} (a folder's as itself): what the
     * check seals once the base is built, so that the head's build, which runs after it, cannot change what the base is
     * measured by unseen.
     */
    public static List<Path> baseFiles(String yaml, Path matrixDir, Path headRoot, Path baseRoot) {
        Path base = Sides.of(matrixDir, headRoot, baseRoot).base();
        List<Path> out = new ArrayList<>();
        for (Map<String, Object> entry : suiteEntries(top(yaml))) {
            out.add(base.resolve(String.valueOf(entry.get("jar"))).normalize());
            if (entry.get("files") instanceof List<?> files) files.forEach(f -> out.add(base.resolve(String.valueOf(f)).normalize()));
        }
        return out.stream().distinct().toList();
    }

    /** The command that builds the suite, as the matrix names it ({@code baseline: { build: CMD }}); empty where it names none. */
    public static String buildCommand(String yaml) {
        return top(yaml).get("baseline") instanceof Map<?, ?> b && b.get("build") instanceof String cmd && !cmd.isBlank() ? cmd : "";
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> top(String yaml) {
        Object loaded = new Load(LoadSettings.builder().build()).loadFromString(yaml);
        if (!(loaded instanceof Map<?, ?> top)) throw new IllegalArgumentException("the matrix is not a YAML mapping");
        if (!(top.get("matrix") instanceof Map<?, ?>)) throw new IllegalArgumentException("the matrix has no 'matrix:' mapping");
        return (Map<String, Object>) top;
    }

    /** The matrix's suite entries: its workload entries with a {@code jar:} (kind jmh or jar). */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> suiteEntries(Map<String, Object> top) {
        Object w = ((Map<String, Object>) top.get("matrix")).get("workload");
        List<?> entries = w instanceof List<?> l ? l : w == null ? List.of() : List.of(w);
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object e : entries) if (e instanceof Map<?, ?> entry && entry.containsKey("jar")) out.add((Map<String, Object>) entry);
        return out;
    }

    /**
     * Fixed repetitions (a number, or none: the default) made adaptive toward the rounds' target,
     * starting from the matrix's count (at least the fewest adaptive repetitions allow); adaptive
     * ones are the team's choice and stay; a value that is not a number is left to the run's parser.
     */
    private static void adaptive(Map<String, Object> out, Rounds rounds) {
        Object reps = out.getOrDefault("repetitions", MatrixKeys.DEFAULT_REPETITIONS);
        if (!(reps instanceof Integer n)) return;
        int min = Math.max(n, Repetitions.ADAPTIVE_MIN);
        int max = rounds.max() == 0 ? 3 * min : rounds.max();
        if (max <= min) return;
        Map<String, Object> adaptive = new LinkedHashMap<>();
        adaptive.put("min", min);
        adaptive.put("max", max);
        adaptive.put("target", new java.math.BigDecimal(String.format(java.util.Locale.ROOT, "%.4f", rounds.target() * 100)).stripTrailingZeros().toPlainString() + "%");
        out.put("repetitions", adaptive);
    }
}
