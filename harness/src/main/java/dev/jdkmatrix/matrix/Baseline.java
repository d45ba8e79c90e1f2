package dev.jdkmatrix.matrix;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a night measures the team's suite against, in the same rounds: the matrix's (or one
 * workload entry's) {@code baseline:}. Each benchmark of an entry with a jar runs twice,
 * {@code base-NAME} from the baseline and {@code head-NAME} from tonight's build, back to back in
 * every round, so that their paired ratio cancels the runner's day ({@link BaselineMatrix}).
 * <ul>
 *   <li>{@code baseline: { ref: v1.4.0, build: "./mvnw -q package" }}: a git ref of the repository
 *       the matrix is in (or of {@code repo:}, whose top stands for the matrix's folder where the matrix is not in it), checked out and built once per commit and build
 *       command, then taken from its cache every night;</li>
 *   <li>{@code baseline: { dir: ../baseline }}: a checkout of the baseline, built already, holding
 *       the suite at the same paths as the matrix's folder;</li>
 *   <li>{@code baseline: { jar: baseline/benchmarks.jar }}: a fixed jar in place of the entry's;</li>
 *   <li>{@code baseline: { jdk: 25-ga }}: one of the matrix's JDKs, as a JDK vendor names its
 *       builds: every cell of another JDK is compared with the same cell on it (the matrix's only).</li>
 * </ul>
 * Paths are relative to the matrix's folder. Pure: resolving a ref (git, the build) is the
 * {@code suite} stage's.
 */
public sealed interface Baseline {

    /** The keys a {@code baseline:} mapping may hold. */
    List<String> KEYS = List.of("ref", "build", "repo", "dir", "jar", "jdk");

    /** How run.json and the terminal name it: {@code ref v1.4.0}, {@code dir ../baseline}, {@code jar b.jar}. */
    String text();

    /** A git ref of the team's repository, built by {@code build} (empty: the checkout holds the suite's jar as committed). */
    record Ref(String ref, String build, Path repo) implements Baseline {
        public Ref {
            Objects.requireNonNull(ref, "ref");
            if (ref.isBlank() || ref.startsWith("-")) throw new IllegalArgumentException("a baseline's ref is a branch, tag or commit of your repository, got '" + ref
                    + "'; fix: write one such as v1.4.0, main or 1a2b3c4d");
            build = build == null ? "" : build.strip();
            repo = repo == null ? null : repo.toAbsolutePath().normalize();
        }

        @Override
        public String text() {
            return "ref " + ref;
        }
    }

    /** A checkout of the baseline, its suite built: the entries' jars and files are read at the same paths under it. */
    record Folder(Path dir) implements Baseline {
        public Folder {
            dir = Objects.requireNonNull(dir, "dir").toAbsolutePath().normalize();
        }

        @Override
        public String text() {
            return "dir " + dir;
        }
    }

    /** A fixed jar, run in place of the entry's own. */
    record Jar(Path jar) implements Baseline {
        public Jar {
            jar = Objects.requireNonNull(jar, "jar").toAbsolutePath().normalize();
        }

        @Override
        public String text() {
            return "jar " + jar;
        }
    }

    /** One of the matrix's JDKs (a name under {@code jdks:} or of the {@code jdk:} axis): the builds of the others are compared with it. */
    record Jdk(String name) implements Baseline {
        public Jdk {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) throw new IllegalArgumentException("a baseline JDK is one of the matrix's JDKs, got a blank name; fix: write { jdk: 25 }");
        }

        @Override
        public String text() {
            return "jdk " + name;
        }
    }

    /**
     * The baseline a {@code baseline:} value says, its paths read against {@code matrixDir};
     * {@code where} names it in an error ("baseline", "workload 'join': baseline"). Throws with
     * what is wrong and the fix.
     */
    static Baseline parse(Object value, Path matrixDir, String where) {
        if (!(value instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException(where + ": a mapping, got '" + value + "'; fix: write { ref: v1.4.0, build: \"./mvnw -q package\" }, "
                    + "{ dir: ../baseline-checkout } or { jar: baseline/benchmarks.jar }");
        }
        for (Object k : m.keySet()) {
            if (!KEYS.contains(String.valueOf(k))) {
                throw new IllegalArgumentException(where + ": unknown key '" + k + "'; fix: use " + String.join(", ", KEYS));
            }
        }
        Set<String> given = new java.util.TreeSet<>();
        for (String k : List.of("ref", "dir", "jar", "jdk")) if (m.containsKey(k)) given.add(k);
        if (given.size() != 1) {
            throw new IllegalArgumentException(where + ": name exactly one of ref, dir, jar or jdk, got " + (given.isEmpty() ? "none" : String.join(" and ", given))
                    + "; fix: { ref: v1.4.0, build: \"CMD\" } for a commit of your repository built once, { dir: PATH } for a checkout built already, "
                    + "{ jar: PATH } for a fixed jar, { jdk: NAME } for one of the matrix's JDKs");
        }
        String kind = given.iterator().next();
        if (!kind.equals("ref") && (m.containsKey("build") || m.containsKey("repo"))) {
            throw new IllegalArgumentException(where + ": build and repo go with ref, not with " + kind + "; fix: leave them out, or name a ref");
        }
        String v = text(m.get(kind), where + "." + kind);
        try {
            return of(kind, v, m, matrixDir, where);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    private static Baseline of(String kind, String v, Map<?, ?> m, Path matrixDir, String where) {
        return switch (kind) {
            case "ref" -> new Ref(v, m.containsKey("build") ? text(m.get("build"), where + ".build") : "",
                    m.containsKey("repo") ? matrixDir.resolve(text(m.get("repo"), where + ".repo")) : null);
            case "dir" -> new Folder(matrixDir.resolve(v));
            case "jdk" -> new Jdk(v);
            default -> new Jar(matrixDir.resolve(v));
        };
    }

    private static String text(Object v, String where) {
        if (v == null || v instanceof Map<?, ?> || v instanceof List<?> || String.valueOf(v).isBlank()) {
            throw new IllegalArgumentException(where + ": a text, got '" + v + "'; fix: write it as a string");
        }
        return String.valueOf(v).strip();
    }
}
