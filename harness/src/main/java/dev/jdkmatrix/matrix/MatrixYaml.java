package dev.jdkmatrix.matrix;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * One matrix file being read: its YAML nodes, the node helpers every section of the parser uses
 * (each refuses what it cannot take with a {@link MatrixException} that names the file, the line and
 * column, the problem and the fix), its axis values read as their types ({@link AxisValue}), and
 * where its cells will run, which some values are checked against. Each section of the parser
 * takes it as a value; none of them knows {@link MatrixParser}.
 */
final class MatrixYaml {

    static final long MAX_FILE_BYTES = 1 << 20;

    /** The file being read: every error names it. */
    final Path file;
    /** This host's CPUs, which a cpus value may not pass (0: no check). */
    final int hostCpus;
    /** The folder of jdkmatrix's own Dockerfiles, or null. */
    final Path dockerfiles;
    /** The matrix's runs go to a cluster (engine: kubernetes): its cells are checked against its nodes, not this host. Known once its top keys are read. */
    private boolean onCluster;

    MatrixYaml(Path file, int hostCpus, Path dockerfiles) {
        this.file = java.util.Objects.requireNonNull(file, "file");
        this.hostCpus = hostCpus;
        this.dockerfiles = dockerfiles;
    }

    /** The matrix's engine is a cluster: no cpus value is checked against this host. */
    void onCluster(boolean cluster) {
        this.onCluster = cluster;
    }

    byte[] read(Path f) {
        if (!Files.exists(f)) throw new MatrixException(f, 0, 0, "no such file", "check the path, or run 'make matrix' from the project folder");
        if (Files.isDirectory(f)) throw new MatrixException(f, 0, 0, "is a directory, not a matrix file", "name a .yaml file, for example matrix.yaml");
        if (!Files.isReadable(f)) throw new MatrixException(f, 0, 0, "cannot be read (permissions)", "make the file readable by this user");
        try {
            long size = Files.size(f);
            if (size > MAX_FILE_BYTES) {
                throw new MatrixException(f, 0, 0, "is " + size + " bytes; a matrix file is at most 1 MiB", "name the matrix YAML file, not a data file");
            }
            byte[] bytes = Files.readAllBytes(f);
            if (bytes.length == 0 || new String(bytes, StandardCharsets.ISO_8859_1).isBlank()) {
                throw new MatrixException(f, 0, 0, "is empty", "write a matrix; see matrix.yaml for an example");
            }
            for (byte b : bytes) {
                if (b == 0) throw new MatrixException(f, 0, 0, "is binary, not YAML", "name the matrix YAML file");
            }
            return bytes;
        } catch (IOException e) {
            throw new MatrixException(f, 0, 0, "cannot be read: " + e.getMessage(), "check the file and its permissions");
        }
    }

    String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new MatrixException(file, 0, 0, "is not UTF-8 text", "save the matrix as UTF-8 YAML");
        }
    }

    Node compose(String text) {
        LoadSettings settings = LoadSettings.builder()
                .setLabel(file.toString())
                .setAllowDuplicateKeys(false)
                .setMaxAliasesForCollections(10)
                .build();
        try {
            Optional<Node> node = new Compose(settings).composeString(text);
            return node.orElseThrow(() -> new MatrixException(file, 0, 0, "holds no YAML document", "write a matrix; see matrix.yaml"));
        } catch (MarkedYamlEngineException e) {
            Mark m = e.getProblemMark().or(e::getContextMark).orElse(null);
            String problem = "malformed YAML: " + (e.getContext() == null ? "" : e.getContext() + ", ") + e.getProblem();
            if (m == null) throw new MatrixException(file, 0, 0, problem, "fix the YAML syntax");
            throw new MatrixException(file, m.getLine() + 1, m.getColumn() + 1, problem, "fix the YAML syntax at that place");
        } catch (YamlEngineException e) {
            throw new MatrixException(file, 0, 0, "malformed YAML: " + e.getMessage(), "fix the YAML syntax");
        }
    }

    // ---- node helpers --------------------------------------------------------------------

    MatrixException error(Node node, String problem, String fix) {
        Optional<Mark> m = node == null ? Optional.empty() : node.getStartMark();
        return m.map(mark -> new MatrixException(file, mark.getLine() + 1, mark.getColumn() + 1, problem, fix))
                .orElseGet(() -> new MatrixException(file, 0, 0, problem, fix));
    }

    MappingNode mapping(Node node, String what, String fix) {
        if (node instanceof MappingNode m) return m;
        throw error(node, what + " must be a mapping (key: value), got " + kind(node), fix);
    }

    static String kind(Node node) {
        return switch (node) {
            case ScalarNode s -> "the value '" + s.getValue() + "'";
            case SequenceNode s -> "a list";
            case MappingNode m -> "a mapping";
            default -> "something else";
        };
    }

    /** The mapping's keys with their value nodes, refusing unknown keys with the closest valid one. */
    Map<String, Node> keys(MappingNode node, List<String> allowed, String what) {
        Map<String, Node> out = new LinkedHashMap<>();
        for (NodeTuple t : node.getValue()) {
            String key = scalar(t.getKeyNode(), "a key");
            if (allowed != null && !allowed.contains(key)) {
                throw error(t.getKeyNode(), "unknown key '" + key + "'", Suggest.fix(key, allowed, what));
            }
            once(out, t, key);
            out.put(key, t.getValueNode());
        }
        return out;
    }

    /** Refuses a key a mapping gives twice (YAML would keep the last one silently); {@code seen}: the keys before it, with their values. */
    void once(Map<String, Node> seen, NodeTuple t, String key) {
        Node first = seen.get(key);
        if (first == null) return;
        int line = first.getStartMark().map(m -> m.getLine() + 1).orElse(0);
        throw error(t.getKeyNode(), "'" + key + "' is given twice in this mapping (first on line " + line + "); YAML would keep the last one silently",
                "keep one '" + key + "' (a list, [a, b], makes it an axis)");
    }

    String scalar(Node node, String what) {
        if (node instanceof ScalarNode s) {
            if (s.getValue().isEmpty() && s.getTag().getValue().endsWith(":null")) {
                throw error(node, what + " has no value", "write a value after '" + what + ":'");
            }
            return s.getValue();
        }
        throw error(node, what + " must be a single value, got " + kind(node), "write one value, not a list or mapping");
    }

    /** A whole number from {@code min} up to 2^63 - 1 (a seed, which plan and run.json print as such). */
    long longInteger(Node node, String what, long min) {
        String s = scalar(node, what);
        String digits = s.replace("_", "");
        if (!digits.matches("-?\\d+")) throw error(node, what + " must be a whole number, got '" + s + "'", "write a whole number from " + min + " to " + Long.MAX_VALUE);
        java.math.BigInteger v = new java.math.BigInteger(digits);
        if (v.compareTo(java.math.BigInteger.valueOf(min)) < 0 || v.bitLength() > 63) {
            throw error(node, what + " " + s + " is " + (v.signum() < 0 && min >= 0 ? "negative" : "past 64 bits"), "write a whole number from " + min + " to " + Long.MAX_VALUE);
        }
        return v.longValueExact();
    }

    int integer(Node node, String what, int min) {
        String s = scalar(node, what);
        long v;
        try {
            v = Long.parseLong(s.replace("_", ""));
        } catch (NumberFormatException e) {
            throw error(node, what + " must be a whole number, got '" + s + "'", "write a whole number of at least " + min);
        }
        if (v < min || v > Integer.MAX_VALUE) {
            throw error(node, what + " must be at least " + min + (v > Integer.MAX_VALUE ? " and fit in an int" : "") + ", got " + s,
                    "write a whole number of at least " + min);
        }
        return (int) v;
    }

    Duration duration(Node node) {
        String s = scalar(node, "timeout");
        try {
            return Durations.parse(s);
        } catch (IllegalArgumentException e) {
            throw error(node, "timeout: " + e.getMessage(), "write a duration such as 90s or 5m");
        }
    }

    boolean bool(Node node, String key) {
        String s = scalar(node, key);
        return switch (s) {
            case "true" -> true;
            case "false" -> false;
            default -> throw error(node, key + " must be true or false, got '" + s + "'", "write " + key + ": true or " + key + ": false");
        };
    }

    /** A list is an axis; a single value is an axis of one. */
    List<Node> axis(Node node, String key) {
        if (node instanceof SequenceNode seq) {
            if (seq.getValue().isEmpty()) throw error(node, "'" + key + "' is an empty list, which gives no cells", "list at least one value or remove the key");
            for (Node item : seq.getValue()) scalar(item, key);
            return seq.getValue();
        }
        scalar(node, key);
        return List.of(node);
    }

    /** jvm-args: a list of arguments is one value; a list of lists is an axis. */
    List<AxisValue.JvmArgs> jvmArgsAxis(Node node) {
        if (!(node instanceof SequenceNode seq)) {
            throw error(node, "jvm-args must be a list of arguments, got " + kind(node), "write jvm-args: [-Xmx512m, -XX:+UseSerialGC]");
        }
        boolean allLists = !seq.getValue().isEmpty() && seq.getValue().stream().allMatch(n -> n instanceof SequenceNode);
        if (allLists) {
            List<AxisValue.JvmArgs> out = new ArrayList<>();
            for (Node item : seq.getValue()) out.add(jvmArgs(item));
            return out;
        }
        return List.of(jvmArgs(node));
    }

    /**
     * Refuses a value that holds a control character (a line break, a tab, an escape): it would become part of a cell's name,
     * which reaches logs, CSV files and pages as one line of plain text.
     */
    void plain(Node node, String what, String value) {
        plain(node, what, value, false);
    }

    /** As above; with {@code lineBreaksKept}, a line feed or carriage return passes (a param's value: the cell's name escapes them). */
    void plain(Node node, String what, String value, boolean lineBreaksKept) {
        int at = dev.jdkmatrix.model.CellKey.controlCharAt(value, lineBreaksKept);
        if (at < 0) return;
        throw error(node, String.format(java.util.Locale.ROOT, "%s '%s' holds a control character (U+%04X) at its character %d", what,
                dev.jdkmatrix.model.CellKey.visible(value), (int) value.charAt(at), at + 1), "write it on one line of printable characters");
    }

    /** One list of JVM arguments (a list node, else refused with the form to write). */
    AxisValue.JvmArgs jvmArgs(Node node) {
        if (!(node instanceof SequenceNode seq)) throw error(node, "jvm-args must be a list", "write jvm-args: [-Xmx512m]");
        List<String> args = new ArrayList<>();
        for (Node a : seq.getValue()) {
            String s = scalar(a, "a jvm argument");
            plain(a, "jvm argument", s);
            if (!s.startsWith("-")) throw error(a, "jvm argument '" + s + "' does not start with '-'", "write JVM options only, such as -Xmx512m; the harness adds -jar itself");
            args.add(s);
        }
        return new AxisValue.JvmArgs(args, node);
    }

    /** The value of axis or param {@code key} at {@code node}, typed ({@link AxisValue#of}); a cpus value over this host's CPUs refused. */
    AxisValue axisValue(String key, Node node) {
        if (node instanceof ScalarNode sn) plain(node, key + " value", sn.getValue(), !MatrixKeys.AXES.contains(key)); // a param's line breaks are kept, escaped
        if (key.equals("memory") && node instanceof ScalarNode sn && sn.getValue().strip().matches("[0-9.]+")) {
            String raw = sn.getValue().strip();
            throw error(node, "memory " + raw + " has no unit, and would be read as " + raw + " bytes", "write its unit as Docker does: " + raw + "m or " + raw + "g");
        }
        AxisValue v = typed(key, node);
        if (v instanceof AxisValue.Cpus cpus && hostCpus > 0 && !onCluster && cpus.limit().value() > hostCpus) {
            throw error(node, "cpus " + v.text() + " is more than the " + hostCpus + " CPUs of this host",
                    "use at most " + hostCpus + "; a limit above the host measures nothing more");
        }
        long hostMemory = hostMemory();
        if (v instanceof AxisValue.Memory mem && hostCpus > 0 && !onCluster && hostMemory > 0 && mem.limit().bytes() > hostMemory) {
            throw error(node, "memory " + v.text() + " is more than the " + (hostMemory >> 20) + "m of this host's memory",
                    "use at most " + (hostMemory >> 30) + "g; a limit above the host's memory limits nothing");
        }
        return v;
    }

    /** This machine's memory in bytes (0 where the JVM cannot say): what a local engine's container can have at most. */
    static long hostMemory() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os ? os.getTotalMemorySize() : 0;
    }

    /** The value of axis or param {@code key} at {@code node}, typed, whatever the host (what an exclude entry matches). */
    AxisValue typed(String key, Node node) {
        String raw = scalar(node, key);
        try {
            return AxisValue.of(key, raw, node);
        } catch (NumberFormatException e) {
            throw error(node, key + " must be a whole number, got '" + raw + "'", "write a whole number such as 10000");
        } catch (IllegalArgumentException e) {
            String fix = switch (key) {
                case "executor" -> Suggest.fix(raw, List.of("virtual", "cached", "thread-per-task", "fixed:cpus", "fork-join:cpus", "fixed:N", "fork-join:N"), "executors");
                case "cpus" -> "write a number of CPUs above 0 with at most 2 decimals, such as 0.5, 1 or 2";
                case "cpu-mode" -> Suggest.fix(raw, dev.jdkmatrix.model.CpuMode.TEXTS, "CPU modes");
                case "memory" -> "write a size of at least 64m, such as 512m or 1g";
                case "tasks" -> "write a whole number of tasks, at least 1";
                default -> "correct the value";
            };
            throw error(node, key + ": " + e.getMessage(), fix);
        }
    }

    /** {@code profile: EVENT}, one of async-profiler's events ({@link Profile}). */
    Profile profile(Node n) {
        String raw = scalar(n, "profile");
        try {
            return Profile.parse(raw);
        } catch (IllegalArgumentException e) {
            throw error(n, e.getMessage(), Suggest.fix(raw, Profile.TEXTS, "profile events") + " (cpu samples on-CPU time, wall every thread, alloc allocations, lock contended locks)");
        }
    }

    Path resolve(String path) {
        Path dir = file.toAbsolutePath().getParent();
        return dir.resolve(path).normalize();
    }

    List<Map<String, Node>> entries(Node node, String what) {
        if (!(node instanceof SequenceNode seq)) {
            throw error(node, what + " must be a list of mappings", "write " + what + ": [ { jdk: 21, executor: virtual } ]");
        }
        List<Map<String, Node>> out = new ArrayList<>();
        for (Node item : seq.getValue()) {
            Map<String, Node> k = keys(mapping(item, "an " + what + " entry", "write { key: value, ... }"), null, what + " keys");
            if (k.isEmpty()) throw error(item, "an empty " + what + " entry", "give at least one key: value");
            out.add(k);
        }
        return out;
    }

}
