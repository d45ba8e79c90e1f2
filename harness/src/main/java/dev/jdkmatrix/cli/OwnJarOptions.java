package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * What {@code jmh} and {@code jar} share: one's own jar on some JDKs without a matrix file. The
 * options become a matrix, written into the results folder as {@code matrix.yaml} (to edit and run
 * again with {@code run --matrix}), and {@code run} runs it: the same plan, containers, files and
 * answer as any matrix.
 */
final class OwnJarOptions {

    @Option(names = "--jdk", paramLabel = "JDKS", split = ",", required = true, description = "the JDKs, comma-separated: jdkmatrix's own (17, 21, 25, 27: "
            + "its Dockerfile.jdkNN) or a JDK folder on this machine (/usr/lib/jvm/temurin-25-jdk-amd64), e.g. --jdk 21,25")
    List<String> jdks;

    @Option(names = "--cpus", description = "CPUs of each container (default: ${DEFAULT-VALUE})", defaultValue = "1")
    String cpus;

    @Option(names = "--cpu-mode", description = "cpuset: whole CPUs of the container's own, the quieter; quota: a CFS quota, as Kubernetes limits set "
            + "(default: cpuset for whole CPUs, else quota)")
    String cpuMode;

    @Option(names = "--memory", description = "memory of each container, with its unit (default: ${DEFAULT-VALUE})", defaultValue = "1g")
    String memory;

    @Option(names = "--repetitions", description = "rounds: each JDK's run of each benchmark once a round, back to back, each a fresh container "
            + "(default: ${DEFAULT-VALUE}, the fewest whose interval decides a comparison at 95 %%)", defaultValue = "6")
    int repetitions;

    @Option(names = "--files", paramLabel = "PATH", split = ",", description = "files or folders the benchmarks read, relative to where they "
            + "start (data/words.txt): each copied into the run image under its own name, the JVM started beside them (the matrix's files:)")
    List<Path> files;

    @Option(names = "--out", description = "results folder (default: results/<time>-<jar's name>)")
    Path out;

    @Option(names = "--no-report", description = "do not render the gallery at the end")
    boolean noReport;

    @Option(names = "--yes", description = "run even when the estimate exceeds 24 hours")
    boolean yes;

    @Option(names = "--progress", description = "progress display: auto, bar or lines (default: ${DEFAULT-VALUE})", defaultValue = "auto")
    String progress;

    @Option(names = "--rebuild-images", description = "build the images again without Docker's layer cache (as run's --rebuild-images)")
    boolean rebuildImages;

    @Option(names = "--no-lease", description = "measure without taking the engine's measuring lease (as run's --no-lease)")
    boolean noLease;

    @Option(names = "--workloads-jar", hidden = true, description = "the built-in workloads jar (as run's)")
    Path workloadsJar;

    /** The matrix's {@code jdks:} for the JDK folders given, and the names the jdk axis lists. */
    record Jdks(Map<String, String> homes, List<String> names) {}

    /** --jdk read: a name of jdkmatrix's own, or a folder (a path that exists) taken as its folder's name. */
    Jdks jdks() {
        Map<String, String> homes = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        for (String j : jdks) {
            String v = j.strip();
            if (v.isEmpty()) continue;
            Path p = Path.of(v);
            if (v.contains("/") || Files.isDirectory(p)) {
                if (!Files.isDirectory(p)) {
                    throw new ExitException(ExitException.BAD_INPUT, "--jdk " + v + ": no such folder\n  fix: name a JDK folder (the one with bin/java) or one of jdkmatrix's own JDKs: 17, 21, 25, 27");
                }
                String name = p.toAbsolutePath().normalize().getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "-");
                homes.put(name, p.toAbsolutePath().normalize().toString());
                names.add(name);
            } else {
                names.add(v);
            }
        }
        if (names.size() < 1) throw new ExitException(ExitException.BAD_INPUT, "--jdk names no JDK\n  fix: write --jdk 21,25");
        return new Jdks(homes, names);
    }

    /** The matrix's text: its top keys, {@code jdks:} where a folder was given, the axes, and the workload entry given ({@code entry}, two-space indented lines). */
    String matrix(String name, List<String> entry) {
        return matrix(name, entry, jdks());
    }

    /** As above, for the JDKs {@code only} names of those given (as {@link #jdks()} names them), in that order. */
    String matrix(String name, List<String> entry, List<String> only) {
        Jdks all = jdks();
        Map<String, String> homes = new LinkedHashMap<>();
        for (String n : only) {
            if (!all.names().contains(n)) throw new IllegalArgumentException(n + " is not one of --jdk's " + all.names());
            if (all.homes().containsKey(n)) homes.put(n, all.homes().get(n));
        }
        return matrix(name, entry, new Jdks(homes, List.copyOf(only)));
    }

    private String matrix(String name, List<String> entry, Jdks j) {
        StringBuilder y = new StringBuilder("# written by jdkmatrix from its command line; edit it and run it again with\n#   jdkmatrix run --matrix THIS_FILE\n");
        y.append("name: ").append(q(name)).append('\n')
                .append("repetitions: ").append(repetitions).append('\n')
                .append("warmup: 0\norder: blocked\n");
        if (!j.homes().isEmpty()) {
            y.append("jdks:\n");
            j.homes().forEach((k, v) -> y.append("  ").append(q(k)).append(": { home: ").append(q(v)).append(" }\n"));
        }
        y.append("matrix:\n  jdk: [").append(String.join(", ", j.names().stream().map(OwnJarOptions::q).toList())).append("]\n")
                .append("  cpus: ").append(plain(cpus, "--cpus", "a number of CPUs: 1, 2, 0.5")).append('\n')
                .append("  cpu-mode: ").append(cpuMode != null ? cpuMode : wholeCpus() ? "cpuset" : "quota").append('\n')
                .append("  memory: ").append(plain(memory, "--memory", "a size with its unit: 512m, 1g")).append('\n')
                .append("  workload:\n");
        for (String line : entry) y.append("    ").append(line).append('\n');
        if (files != null && !files.isEmpty()) {
            y.append("      files: ").append(list(files.stream().map(f -> f.toAbsolutePath().normalize().toString()).toList())).append('\n');
        }
        return y.toString();
    }

    /** A number or size as the matrix writes it, unquoted; refused with the form where it is neither. */
    private static String plain(String value, String option, String form) {
        String v = value.strip();
        if (!v.matches("[0-9]+(\\.[0-9]+)?[A-Za-z]*")) throw new ExitException(ExitException.BAD_INPUT, option + " '" + value + "' is not " + form + "\n  fix: write " + option + " " + form.substring(form.indexOf(':') + 2).split(",")[0]);
        return v;
    }

    private boolean wholeCpus() {
        try {
            double c = Double.parseDouble(cpus);
            return c >= 1 && c == Math.rint(c);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Writes the matrix into the results folder and runs it with {@code run}; returns run's exit code. */
    int run(String name, List<String> entry, PrintWriter out, PrintWriter err) {
        String id = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + name;
        Path dir = out(id);
        Path file = dir.resolve("matrix.yaml");
        String text = matrix(name, entry); // refused before the folder is made
        try {
            Files.createDirectories(dir);
            if (Files.exists(dir.resolve(dev.jdkmatrix.results.format.ResultsFolder.RAW))) {
                throw new ExitException(ExitException.BAD_INPUT, dir + " already holds a run\n  fix: name another --out, or finish that run with jdkmatrix run --resume " + dir);
            }
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new ExitException(ExitException.BAD_INPUT, "cannot write " + file + ": " + e.getMessage() + "\n  fix: name a folder you can write with --out");
        }
        out.println("jdkmatrix: the matrix of this command is " + file + " (edit it and run it again with: jdkmatrix run --matrix " + file + ")");
        out.flush();
        return Main.execute(runArgs(file, dir, id).toArray(String[]::new), out, err);
    }

    /** run's command line for a matrix written by this command: its folder, id, and the options given here that run takes. */
    List<String> runArgs(Path file, Path dir, String id) {
        List<String> args = new ArrayList<>(List.of("run", "--matrix", file.toString(), "--out", dir.toString(), "--run-id", id));
        if (noReport) args.add("--no-report");
        if (yes) args.add("--yes");
        if (noLease) args.add("--no-lease");
        if (rebuildImages) args.add("--rebuild-images");
        if (workloadsJar != null) args.addAll(List.of("--workloads-jar", workloadsJar.toString()));
        args.addAll(List.of("--progress", progress));
        return args;
    }

    Path out(String id) {
        return out != null ? out : Path.of("results", id);
    }

    /** A name for a run from a jar's file name: {@code jmh-benchmarks} of benchmarks.jar. */
    static String name(String prefix, Path jar) {
        String base = jar.getFileName().toString().replaceFirst("(?i)\\.jar$", "").replaceAll("[^A-Za-z0-9._-]", "-");
        return prefix + "-" + (base.isEmpty() ? "jar" : base);
    }

    /** A jar the command names, checked: it exists; its absolute path for the matrix. */
    static String jar(Path jar, String command) {
        if (!Files.isRegularFile(jar)) {
            throw new ExitException(ExitException.BAD_INPUT, command + ": no such jar: " + jar + "\n  fix: name the jar your build writes"
                    + (command.equals("jmh") ? " (a JMH project's shaded jar: target/benchmarks.jar after mvn package)" : ""));
        }
        return jar.toAbsolutePath().normalize().toString();
    }

    /** A YAML scalar written as a JSON string (YAML reads JSON's strings): any character kept. */
    static String q(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }

    /** A list of strings in YAML's flow style: {@code ["-f", "1"]}. */
    static String list(List<String> items) {
        return "[" + String.join(", ", items.stream().map(OwnJarOptions::q).toList()) + "]";
    }
}
