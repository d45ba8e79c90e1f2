package dev.jdkmatrix.matrix;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/** The kind of a {@code kind: jar} entry: the jar, its main class, its arguments with {@code ${param}}s, and how its result is read. */
final class JarCells {

    /** {@code ${name}} in an argument. */
    static final Pattern REF = Pattern.compile("\\$\\{([^}]*)}");

    private JarCells() {}

    static WorkloadKind.Jar kind(MatrixYaml yaml, Node entry, Map<String, Node> keys, Set<String> params) {
        WorkloadKind.UserJar jar = UserJars.read(yaml, entry, keys, "jar");
        String main = keys.containsKey("main") ? yaml.scalar(keys.get("main"), "main") : "";
        if (main.isEmpty()) {
            try (JarFile f = new JarFile(jar.path().toFile())) {
                Manifest m = f.getManifest();
                String declared = m == null ? null : m.getMainAttributes().getValue("Main-Class");
                if (declared == null || declared.isBlank()) {
                    throw yaml.error(keys.get("jar"), jar.path().getFileName() + " names no Main-Class in its manifest", "add main: with the class to run, such as main: com.example.Main");
                }
            } catch (IOException e) {
                throw yaml.error(keys.get("jar"), jar.path() + " cannot be read: " + e.getMessage(), "check the file");
            }
        } else if (!main.matches("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*")) {
            throw yaml.error(keys.get("main"), "main '" + main + "' is not a class name", "write the class's full name, such as com.example.Main");
        }
        List<String> args = keys.containsKey("args") ? UserJars.strings(yaml, keys.get("args"), "args", "[--size, '${size}']") : List.of();
        for (int i = 0; i < args.size(); i++) {
            Matcher m = REF.matcher(args.get(i));
            while (m.find()) {
                if (!params.contains(m.group(1))) {
                    throw yaml.error(((SequenceNode) keys.get("args")).getValue().get(i), "args uses ${" + m.group(1) + "}, but the entry has no param '" + m.group(1) + "'",
                            params.isEmpty() ? "add params: { " + m.group(1) + ": [...] }, or write the value itself" : Suggest.fix(m.group(1), params, "params"));
                }
            }
        }
        return new WorkloadKind.Jar(jar, main, args, keys.containsKey("result") ? result(yaml, keys.get("result")) : null, DataFiles.read(yaml, keys));
    }

    private static WorkloadKind.Jar.Result result(MatrixYaml yaml, Node node) {
        Map<String, Node> k = yaml.keys(yaml.mapping(node, "result", "write result: { regex: 'took (\\\\d+) ms', unit: ms, better: lower }"),
                MatrixKeys.RESULT_KEYS, "keys of result");
        if (!k.containsKey("regex")) throw yaml.error(node, "result has no 'regex'", "add regex: with a group around the number, such as 'took (\\\\d+) ms'");
        if (!k.containsKey("unit")) throw yaml.error(node, "result has no 'unit'", "add unit: the unit of the number, such as ms or ops/s");
        String regex = yaml.scalar(k.get("regex"), "regex");
        Pattern p;
        try {
            p = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw yaml.error(k.get("regex"), "result regex '" + regex + "' is not a regex: " + e.getDescription(), "write a Java regex with one group around the number");
        }
        if (p.matcher("").groupCount() < 1) {
            throw yaml.error(k.get("regex"), "result regex '" + regex + "' has no group", "put ( ) around the number, such as 'took (\\\\d+(?:\\\\.\\\\d+)?) ms'");
        }
        boolean higher = false;
        if (k.containsKey("better")) {
            String b = yaml.scalar(k.get("better"), "better");
            higher = switch (b) {
                case "lower" -> false;
                case "higher" -> true;
                default -> throw yaml.error(k.get("better"), "better must be lower or higher, got '" + b + "'", "write better: lower (a time) or better: higher (a rate)");
            };
        }
        return new WorkloadKind.Jar.Result(p, yaml.scalar(k.get("unit"), "unit"), higher);
    }
}
