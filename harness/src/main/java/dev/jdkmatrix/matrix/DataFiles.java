package dev.jdkmatrix.matrix;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * The {@code files:} and {@code workdir:} of a jar or jmh entry: each file or folder resolved
 * beside the matrix file, checked to exist, walked and hashed; the working directory checked to
 * be one of the files' folders or {@code /tmp}. Bad paths are refused here, at plan.
 */
final class DataFiles {

    private DataFiles() {}

    static WorkloadFiles read(MatrixYaml yaml, Map<String, Node> keys) {
        Map<String, Path> files = keys.containsKey("files") ? files(yaml, keys.get("files")) : Map.of();
        String sha = files.isEmpty() ? "" : sha256(yaml, keys.get("files"), files);
        Node node = keys.get("workdir");
        if (node == null) return new WorkloadFiles(files, sha, files.isEmpty() ? WorkloadFiles.TMP : ".");
        String workdir = yaml.scalar(node, "workdir").strip();
        while (workdir.length() > 1 && workdir.endsWith("/")) workdir = workdir.substring(0, workdir.length() - 1);
        if (workdir.equals(WorkloadFiles.TMP)) return new WorkloadFiles(files, sha, workdir);
        if (workdir.startsWith("/")) {
            throw yaml.error(node, "workdir " + workdir + " is neither /tmp nor a folder of the entry's files: the run container's root is read-only",
                    "write workdir: /tmp (writable, empty at start), or a folder of files: relative to them, such as workdir: .");
        }
        if (files.isEmpty()) {
            throw yaml.error(node, "workdir '" + workdir + "' names a folder of the entry's files, and the entry has no files:",
                    "add files: [the folder or files your program reads], or write workdir: /tmp");
        }
        Set<String> folders = folders(files);
        if (!folders.contains(workdir)) {
            throw yaml.error(node, "workdir '" + workdir + "' is no folder of the entry's files (relative to them: " + String.join(", ", folders) + ")",
                    Suggest.fix(workdir, folders, "folders of files"));
        }
        return new WorkloadFiles(files, sha, workdir);
    }

    /** Each entry under its own name (a folder with what it holds), as the run's working directory sees them. */
    private static Map<String, Path> files(MatrixYaml yaml, Node node) {
        List<String> entries = UserJars.strings(yaml, node, "files", "[data, input.json]");
        if (entries.isEmpty()) throw yaml.error(node, "files is empty", "name the files or folders your program reads, or leave files out");
        Map<String, Path> files = new TreeMap<>();
        Set<String> names = new TreeSet<>();
        for (int i = 0; i < entries.size(); i++) {
            Node at = ((SequenceNode) node).getValue().get(i);
            Path path = yaml.resolve(entries.get(i));
            Path name = path.getFileName();
            if (!Files.exists(path)) {
                throw yaml.error(at, "file " + path + " does not exist", "correct the path (relative to the matrix file), or create the file");
            }
            if (name == null || !names.add(name.toString())) {
                throw yaml.error(at, "files names '" + name + "' twice: each file or folder lands in the working directory under its own name",
                        "name each once, or name the folder that holds both");
            }
            if (Files.isRegularFile(path)) {
                files.put(name.toString(), path);
                continue;
            }
            int before = files.size();
            try (Stream<Path> walk = Files.walk(path)) {
                walk.filter(Files::isRegularFile).sorted().forEach(f -> files.put(name + "/" + relative(path, f), f));
            } catch (IOException | java.io.UncheckedIOException e) {
                throw yaml.error(at, path + " cannot be read: " + e.getMessage(), "check the folder and its permissions");
            }
            if (files.size() == before) throw yaml.error(at, "folder " + path + " holds no file", "name a folder that holds the files your program reads");
        }
        return files;
    }

    private static String relative(Path folder, Path file) {
        StringBuilder b = new StringBuilder();
        for (Path part : folder.relativize(file)) b.append(b.isEmpty() ? "" : "/").append(part);
        return b.toString();
    }

    /** {@code .} and every folder that holds one of the files. */
    private static Set<String> folders(Map<String, Path> files) {
        Set<String> folders = new TreeSet<>(List.of("."));
        for (String f : files.keySet()) {
            for (int slash = f.indexOf('/'); slash > 0; slash = f.indexOf('/', slash + 1)) folders.add(f.substring(0, slash));
        }
        return folders;
    }

    /** Of each file's path inside the folder and its content, in path order. */
    private static String sha256(MatrixYaml yaml, Node node, Map<String, Path> files) {
        Path reading = null;
        try {
            MessageDigest all = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, Path> e : files.entrySet()) {
                MessageDigest one = MessageDigest.getInstance("SHA-256");
                reading = e.getValue();
                try (InputStream in = new DigestInputStream(Files.newInputStream(e.getValue()), one)) {
                    in.transferTo(java.io.OutputStream.nullOutputStream());
                }
                all.update((e.getKey() + "\0" + HexFormat.of().formatHex(one.digest()) + "\n").getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(all.digest());
        } catch (IOException e) {
            throw yaml.error(node, reading + " cannot be read: " + e.getMessage(), "check the file and its permissions");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
