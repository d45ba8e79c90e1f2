package dev.jdkmatrix.matrix;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * The cells of a {@code kind: jmh} entry: one per benchmark and mode that {@code benchmarks:}
 * matches (JMH's include regex, found anywhere in the full name; default every benchmark), times
 * its {@code @Param} values (the matrix's {@code params:} over the values the jar declares).
 */
final class JmhCells {

    /** One benchmark's kind and its param axes. */
    record Expansion(WorkloadKind.Jmh kind, Map<String, List<AxisValue>> params) {}

    private JmhCells() {}

    static List<Expansion> expand(MatrixYaml yaml, Node entry, Map<String, Node> keys, Map<String, List<AxisValue>> given) {
        WorkloadKind.UserJar jar = UserJars.read(yaml, entry, keys, "jmh");
        List<JmhJar.Benchmark> matched = matched(yaml, keys, jar, listed(yaml, keys, jar));
        checkParams(yaml, matched, given);
        List<String> jmhArgs = keys.containsKey("jmh-args") ? UserJars.strings(yaml, keys.get("jmh-args"), "jmh-args", "[-f, 1, -wi, 3, -i, 5]") : List.of();
        for (int i = 0; i < jmhArgs.size(); i++) {
            String why = JmhArgs.refusal(jmhArgs, i);
            if (why != null) throw yaml.error(((SequenceNode) keys.get("jmh-args")).getValue().get(i), why, "remove it from jmh-args");
        }
        WorkloadFiles files = DataFiles.read(yaml, keys);
        List<String> profilers = profilers(yaml, keys);
        WorkloadKind.Jmh.Warmup warmup = warmup(yaml, keys, jmhArgs);
        WorkloadKind.Jmh.Score score = score(yaml, keys, warmup);
        List<Expansion> out = new ArrayList<>();
        for (JmhJar.Benchmark b : matched) out.add(new Expansion(new WorkloadKind.Jmh(jar, b, jmhArgs, profilers, files, score, warmup), axes(yaml, entry, b, given)));
        return out;
    }

    /** The benchmarks the jar lists; refused where it holds none or is a project's thin jar. */
    private static List<JmhJar.Benchmark> listed(MatrixYaml yaml, Map<String, Node> keys, WorkloadKind.UserJar jar) {
        Node jarNode = keys.get("jar");
        try {
            if (!JmhJar.hasBenchmarkList(jar.path())) {
                throw yaml.error(keys.getOrDefault("kind", jarNode), "kind: jmh, but " + jar.path() + " holds no JMH benchmark (no " + JmhJar.LIST + ")",
                        "build the JMH uber-jar (jmh-generator-annprocess writes the list; the shade plugin keeps it), or use kind: jar for a plain jar");
            }
            List<JmhJar.Benchmark> listed = JmhJar.read(jar.path());
            java.util.Optional<String> thin = JmhJar.notRunnable(jar.path());
            if (thin.isPresent()) {
                throw yaml.error(jarNode, jar.path() + " " + thin.get(), "name the shaded uber-jar your build writes beside it (a Maven JMH project's "
                        + "target/benchmarks.jar: mvn package with the maven-shade-plugin of JMH's archetype; Gradle's me.champeau.jmh: build/libs/*-jmh.jar)");
            }
            return listed;
        } catch (IOException e) {
            throw yaml.error(jarNode, jar.path() + " cannot be read: " + e.getMessage(), "check the file and its permissions");
        } catch (IllegalArgumentException e) {
            throw yaml.error(jarNode, jar.path() + " " + e.getMessage(), "rebuild the jar");
        }
    }

    /** The listed benchmarks {@code benchmarks:} matches (all where it is not given); refused where it is no regex or matches none. */
    private static List<JmhJar.Benchmark> matched(MatrixYaml yaml, Map<String, Node> keys, WorkloadKind.UserJar jar, List<JmhJar.Benchmark> listed) {
        if (!keys.containsKey("benchmarks")) return listed;
        Node b = keys.get("benchmarks");
        String regex = yaml.scalar(b, "benchmarks");
        Pattern pattern;
        try {
            pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw yaml.error(b, "benchmarks: '" + regex + "' is not a regex: " + e.getDescription(), "write a Java regex, such as 'MyBench\\\\.(parse|format)'");
        }
        List<JmhJar.Benchmark> matched = listed.stream().filter(x -> pattern.matcher(x.name()).find()).toList();
        if (matched.isEmpty()) {
            Set<String> names = new LinkedHashSet<>();
            listed.forEach(x -> names.add(x.name()));
            throw yaml.error(b, "benchmarks: '" + regex + "' matches none of the " + names.size() + " benchmarks in " + jar.path().getFileName(),
                    "match one of: " + String.join(", ", names.stream().limit(20).toList()) + (names.size() > 20 ? ", ..." : ""));
        }
        return matched;
    }

    /** Every param the entry gives is an @Param of one of its benchmarks. */
    private static void checkParams(MatrixYaml yaml, List<JmhJar.Benchmark> matched, Map<String, List<AxisValue>> given) {
        for (Map.Entry<String, List<AxisValue>> p : given.entrySet()) {
            if (matched.stream().noneMatch(x -> x.params().containsKey(p.getKey()))) {
                Set<String> declared = new java.util.TreeSet<>();
                matched.forEach(x -> declared.addAll(x.params().keySet()));
                throw yaml.error(p.getValue().get(0).node(), "param '" + p.getKey() + "' is not an @Param of any benchmark this entry runs",
                        declared.isEmpty() ? "remove it: these benchmarks declare no @Param" : Suggest.fix(p.getKey(), declared, "@Params"));
            }
        }
    }

    /** {@code profilers:}, each a JMH profiler's name. */
    private static List<String> profilers(MatrixYaml yaml, Map<String, Node> keys) {
        List<String> profilers = keys.containsKey("profilers") ? UserJars.strings(yaml, keys.get("profilers"), "profilers", "[gc]") : List.of();
        for (int i = 0; i < profilers.size(); i++) {
            if (profilers.get(i).isBlank() || profilers.get(i).startsWith("-")) {
                throw yaml.error(((SequenceNode) keys.get("profilers")).getValue().get(i), "profiler '" + profilers.get(i) + "' is not a profiler name",
                        "write JMH's names, such as [gc] or [gc, stack]; 'java -jar your.jar -lprof' lists them");
            }
        }
        return profilers;
    }

    /** {@code score:} (JMH's own by default); a run warmed up until steady is scored on its steady part, and may say no other. */
    private static WorkloadKind.Jmh.Score score(MatrixYaml yaml, Map<String, Node> keys, WorkloadKind.Jmh.Warmup warmup) {
        WorkloadKind.Jmh.Score score = WorkloadKind.Jmh.Score.JMH;
        if (keys.containsKey("score")) {
            String written = yaml.scalar(keys.get("score"), "score");
            score = switch (written) {
                case "jmh" -> WorkloadKind.Jmh.Score.JMH;
                case "steady" -> WorkloadKind.Jmh.Score.STEADY;
                default -> throw yaml.error(keys.get("score"), "score '" + written + "' is not a way to score a JMH run",
                        "write jmh (JMH's own score, the default) or steady (the mean of each fork's iterations from its steady state on)");
            };
        }
        if (!(warmup instanceof WorkloadKind.Jmh.Warmup.UntilSteady)) return score;
        if (keys.containsKey("score") && score != WorkloadKind.Jmh.Score.STEADY) {
            throw yaml.error(keys.get("score"), "warmup: until-steady stops a run once its iterations are steady, so JMH gives no score of its own",
                    "remove score: (a run warmed up until steady is scored on its steady part)");
        }
        return WorkloadKind.Jmh.Score.STEADY;
    }

    /** One benchmark's param axes: the entry's values where it gives them, else the jar's; refused for a @Param the jar leaves to run time. */
    private static Map<String, List<AxisValue>> axes(MatrixYaml yaml, Node entry, JmhJar.Benchmark b, Map<String, List<AxisValue>> given) {
        Map<String, List<AxisValue>> axes = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> declared : new TreeMap<>(b.params()).entrySet()) {
            if (given.containsKey(declared.getKey())) {
                axes.put(declared.getKey(), given.get(declared.getKey()));
            } else if (declared.getValue().isEmpty()) {
                throw yaml.error(entry, "benchmark " + b.name() + " takes the values of @Param '" + declared.getKey() + "' at run time (an enum or a boolean)",
                        "list them under params: { " + declared.getKey() + ": [...] }");
            } else {
                axes.put(declared.getKey(), declared.getValue().stream().<AxisValue>map(v -> new AxisValue.Text(v, entry)).toList());
            }
        }
        return axes;
    }

    /** {@code warmup:} of a jmh entry with its bounds ({@code max-iterations:}, {@code steady-iterations:}); until steady, jmh-args may not set what it sets. */
    private static WorkloadKind.Jmh.Warmup warmup(MatrixYaml yaml, Map<String, Node> keys, List<String> jmhArgs) {
        for (String bound : List.of("max-iterations", "steady-iterations")) {
            if (keys.containsKey(bound) && !keys.containsKey("warmup")) {
                throw yaml.error(keys.get(bound), bound + " bounds warmup: until-steady, which this entry does not ask for", "add warmup: until-steady, or remove " + bound);
            }
        }
        if (!keys.containsKey("warmup")) return WorkloadKind.Jmh.Warmup.FIXED;
        String written = yaml.scalar(keys.get("warmup"), "warmup");
        if (written.equals("fixed")) return WorkloadKind.Jmh.Warmup.FIXED;
        if (!written.equals("until-steady")) {
            throw yaml.error(keys.get("warmup"), "warmup '" + written + "' is not a way to warm up a JMH run",
                    "write fixed (as jmh-args' -wi and -i say, the default) or until-steady (iterate until the run is steady, then stop it)");
        }
        for (int i = 0; i < jmhArgs.size(); i++) {
            if (List.of("-wi", "-i", "-f").contains(jmhArgs.get(i))) {
                throw yaml.error(((SequenceNode) keys.get("jmh-args")).getValue().get(i), "jmh-args sets " + jmhArgs.get(i)
                        + ", and warmup: until-steady sets it (-wi 0 -i MAX -f 1: one fork iterating until steady)",
                        "remove it from jmh-args; bound the iterations with max-iterations: and the steady ones with steady-iterations:");
            }
        }
        int max = keys.containsKey("max-iterations") ? yaml.integer(keys.get("max-iterations"), "max-iterations", 4) : WorkloadKind.Jmh.Warmup.UntilSteady.DEFAULT_MAX;
        int steady = keys.containsKey("steady-iterations") ? yaml.integer(keys.get("steady-iterations"), "steady-iterations", 2)
                : WorkloadKind.Jmh.Warmup.UntilSteady.DEFAULT_STEADY;
        if (steady > max) {
            throw yaml.error(keys.get(keys.containsKey("steady-iterations") ? "steady-iterations" : "max-iterations"), "steady-iterations (" + steady
                    + ") is more than max-iterations (" + max + "): no run could hold that many steady iterations", "raise max-iterations or lower steady-iterations");
        }
        return new WorkloadKind.Jmh.Warmup.UntilSteady(max, steady);
    }
}
