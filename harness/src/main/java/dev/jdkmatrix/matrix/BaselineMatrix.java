package dev.jdkmatrix.matrix;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;

/**
 * A matrix with a {@link Baseline}: each workload entry with a jar that has one (its own
 * {@code baseline:} or the matrix's) twice, {@code base-NAME} reading the jar (and files) of the
 * baseline and {@code head-NAME} tonight's, compared along {@code workload} (and along what the
 * matrix's own {@code compare-along} names): each benchmark's two sides are a group, measured back
 * to back in every round, as a pull request's base and head are ({@link PullRequestMatrix}). The
 * history follows each benchmark's {@code head / base} ratio, which cancels the runner's day.
 * Where a baseline could not be had ({@link Side.Missing}: its build failed), its entries run
 * their head side alone, named as every other night, and the night says why. Pure text in, text
 * out; where a baseline's jar is comes from the caller ({@code suite.BaselineBuilds}).
 */
public final class BaselineMatrix {

    private BaselineMatrix() {}

    /** Where a baseline's side reads its jar. */
    public sealed interface Side {
        /** The folder that stands for the matrix's own folder in the baseline: the entries' jar and files are read at the same relative paths in it. */
        record InFolder(Path dir) implements Side {}

        /** One jar for every entry of this baseline (its files stay tonight's). */
        record FixedJar(Path jar) implements Side {}

        /** One of the matrix's JDKs: nothing to build, every cell of another JDK compared with its cell on it. */
        record OwnJdk(String name) implements Side {}

        /** No baseline tonight, and why (its build failed: the command, the exit, the log's last lines). */
        record Missing(String why) implements Side {}
    }

    /** The derived matrix's text and each baseline it used with its side and the entries it paired. */
    public record Derived(String yaml, Map<Baseline, Side> sides, Map<Baseline, List<String>> entries) {
        public Derived {
            sides = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(sides));
            entries = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        }
    }

    /** Whether this matrix text names a baseline anywhere (at its top or in a workload entry). */
    public static boolean names(String yaml) {
        Map<String, Object> top = top(yaml);
        if (top == null) return false;
        if (top.containsKey("baseline")) return true;
        return entries(top).stream().anyMatch(e -> e instanceof Map<?, ?> m && m.containsKey("baseline"));
    }

    /**
     * The matrix {@code yaml} (in {@code matrixDir}) with each entry that has a baseline doubled,
     * its base side read where {@code sides} says. Throws with the fix where a baseline is given to
     * an entry without a jar, to a matrix without one, or a fixed jar to entries of several jars.
     */
    @SuppressWarnings("unchecked")
    public static Derived derive(String yaml, Path matrixDir, Function<Baseline, Side> sides) {
        Map<String, Object> top = top(yaml);
        if (top == null) throw new IllegalArgumentException("the matrix is not a YAML mapping");
        Path dir = matrixDir.toAbsolutePath().normalize();
        Map<String, Object> out = new LinkedHashMap<>(top);
        Baseline all = out.containsKey("baseline") ? Baseline.parse(out.remove("baseline"), dir, "baseline") : null;
        if (!(out.get("matrix") instanceof Map<?, ?> m)) throw new IllegalArgumentException("the matrix has no 'matrix:' mapping; fix: add 'matrix:' with 'workload:'");
        Map<String, Object> axes = new LinkedHashMap<>((Map<String, Object>) m);
        fixedJarsAreOne(top, all, dir);
        Map<Baseline, Side> used = new LinkedHashMap<>();
        Map<Baseline, List<String>> paired = new LinkedHashMap<>();
        if (all instanceof Baseline.Jdk j) { // a JDK of the matrix's: every entry measured on it, nothing doubled
            jdkIsTheMatrixs(axes, j);
            used.put(all, sides.apply(all));
            for (Object e : entries(top)) if (e instanceof Map<?, ?> em) paired.computeIfAbsent(all, k -> new ArrayList<>()).add(String.valueOf(em.get("name")));
        }
        List<Object> doubled = new ArrayList<>();
        for (Object e : entries(top)) {
            if (!(e instanceof Map<?, ?> raw)) {
                doubled.add(e);
                continue;
            }
            Map<String, Object> entry = new LinkedHashMap<>((Map<String, Object>) raw);
            String name = String.valueOf(entry.get("name"));
            Baseline own = entry.containsKey("baseline") ? Baseline.parse(entry.remove("baseline"), dir, "workload '" + name + "': baseline") : null;
            if (own instanceof Baseline.Jdk) throw new IllegalArgumentException("workload '" + name + "': a baseline JDK is the matrix's, for every entry; "
                    + "fix: write baseline: { jdk: NAME } at the matrix's top");
            Baseline b = own != null ? own : all instanceof Baseline.Jdk ? null : all;
            if (!entry.containsKey("jar")) {
                if (own != null) throw new IllegalArgumentException("workload '" + name + "': a baseline goes with an entry of your suite's jar (kind: jmh or jar); "
                        + "fix: leave baseline out of this entry");
                doubled.add(entry);
                continue;
            }
            if (b == null) {
                doubled.add(entry);
                continue;
            }
            Side side = used.computeIfAbsent(b, sides);
            paired.computeIfAbsent(b, k -> new ArrayList<>()).add(name);
            switch (side) {
                case Side.InFolder f -> doubled.add(side(entry, dev.jdkmatrix.model.PullRequestSide.BASE.prefix() + name, f.dir()));
                case Side.FixedJar j -> {
                    Map<String, Object> base = side(entry, dev.jdkmatrix.model.PullRequestSide.BASE.prefix() + name, dir);
                    base.put("jar", j.jar().toString());
                    doubled.add(base);
                }
                case Side.Missing missing -> { } // tonight's side alone
                case Side.OwnJdk jdk -> throw new IllegalStateException("a baseline JDK is not an entry's");
            }
            doubled.add(side(entry, dev.jdkmatrix.model.PullRequestSide.HEAD.prefix() + name, dir));
        }
        if (paired.isEmpty()) {
            throw new IllegalArgumentException("baseline: the matrix has no workload entry with a jar: (kind: jmh or jar) to measure against it; "
                    + "fix: add your suite's jar as a jmh or jar entry, or leave baseline out");
        }
        axes.put("workload", doubled);
        out.put("matrix", axes);
        boolean twoSides = used.values().stream().anyMatch(s -> s instanceof Side.InFolder || s instanceof Side.FixedJar);
        if (twoSides || all instanceof Baseline.Jdk) { // else no base side: nothing to compare along workload
            LinkedHashSet<String> along = new LinkedHashSet<>();
            if (all instanceof Baseline.Jdk) along.add("jdk");
            if (twoSides) along.add("workload");
            if (out.get("compare-along") instanceof List<?> l) l.forEach(a -> along.add(String.valueOf(a)));
            else if (out.get("compare-along") != null) along.add(String.valueOf(out.get("compare-along")));
            out.put("compare-along", List.copyOf(along));
        }
        return new Derived(dump(out), used, paired);
    }

    /** A baseline JDK is one the matrix's jdk axis lists: the cells it is compared with must be there. */
    private static void jdkIsTheMatrixs(Map<String, Object> axes, Baseline.Jdk j) {
        Object jdk = axes.get("jdk");
        List<String> listed = jdk instanceof List<?> l ? l.stream().map(String::valueOf).toList() : jdk == null ? List.of() : List.of(String.valueOf(jdk));
        if (!listed.contains(j.name()) || listed.size() < 2) {
            throw new IllegalArgumentException("baseline: { jdk: " + j.name() + " } is to be one of two or more JDKs of the matrix's jdk axis, which lists "
                    + (listed.isEmpty() ? "none" : String.join(", ", listed)) + "; fix: add " + j.name() + " and the builds to compare with it to matrix: jdk: [...]");
        }
    }

    /** A matrix's own fixed-jar baseline stands in for one jar: entries of two jars under it cannot say which is whose. */
    private static void fixedJarsAreOne(Map<String, Object> top, Baseline all, Path dir) {
        if (!(all instanceof Baseline.Jar j)) return;
        java.util.Set<String> jars = new java.util.TreeSet<>();
        for (Object e : entries(top)) {
            if (e instanceof Map<?, ?> m && m.containsKey("jar") && !m.containsKey("baseline")) jars.add(String.valueOf(m.get("jar")));
        }
        if (jars.size() > 1) {
            throw new IllegalArgumentException("baseline: { jar: " + dir.relativize(j.jar()) + " } stands in for one jar, but the entries run " + jars.size()
                    + " (" + String.join(", ", jars) + "); fix: give each entry its own baseline: { jar: ... }, or name a ref or dir, whose folder holds every jar");
        }
    }

    /**
     * The matrix {@code yaml} with its own {@code baseline:} replaced by {@code spec} (a baseline
     * written as the matrix writes one: run's {@code --baseline}); the entries' own stay theirs.
     * A text that is no mapping is returned as it is, for the parser to say what is wrong with it.
     */
    public static String withBaseline(String yaml, String spec) {
        Object value = new Load(LoadSettings.builder().build()).loadFromString(spec);
        Map<String, Object> top;
        try {
            top = top(yaml);
        } catch (RuntimeException e) {
            return yaml; // the parser names the line
        }
        if (top == null) return yaml;
        Map<String, Object> out = new LinkedHashMap<>(top);
        out.put("baseline", value);
        return dump(out);
    }

    private static String dump(Map<String, Object> m) {
        return new Dump(DumpSettings.builder().setDefaultFlowStyle(FlowStyle.BLOCK).build()).dumpToString(m);
    }

    /** One side of an entry: its name, and its jar and files read from {@code dir}, that side's folder of the matrix. */
    static Map<String, Object> side(Map<String, Object> entry, String name, Path dir) {
        Map<String, Object> s = new LinkedHashMap<>(entry);
        s.remove("baseline"); // a pull request's sides are its base and head, not a night's baseline
        s.put("name", name);
        s.put("jar", dir.resolve(String.valueOf(entry.get("jar"))).normalize().toString());
        if (entry.get("files") instanceof List<?> files) {
            s.put("files", files.stream().map(f -> dir.resolve(String.valueOf(f)).normalize().toString()).toList());
        }
        return s;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> top(String yaml) {
        Object loaded = new Load(LoadSettings.builder().build()).loadFromString(yaml);
        if (!(loaded instanceof Map<?, ?> m)) return null;
        return (Map<String, Object>) m;
    }

    private static List<?> entries(Map<String, Object> top) {
        if (!(top.get("matrix") instanceof Map<?, ?> m)) return List.of();
        Object w = m.get("workload");
        return w instanceof List<?> l ? l : w == null ? List.of() : List.of(w);
    }
}
