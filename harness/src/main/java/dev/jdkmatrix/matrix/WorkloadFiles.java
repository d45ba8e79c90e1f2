package dev.jdkmatrix.matrix;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The data files of a jar or jmh workload ({@code files:}) and the directory its JVM starts in
 * ({@code workdir:}): each file copied into the run image under {@link #imageDir()} at its path
 * there ({@code data/doc.json} for a folder {@code data} named in {@code files:}), the image's tag
 * part of their hash, so a suite that reads files relative to its directory runs unchanged.
 *
 * @param files   each file's path inside the files' folder ({@code /}-separated) and its path on this machine
 * @param sha256  of the files' paths and contents (empty when there are none)
 * @param workdir the JVM's working directory: a folder of the files relative to their folder
 *                ({@code .} for the folder itself), or {@link #TMP}, the run's writable tmpfs
 */
public record WorkloadFiles(Map<String, Path> files, String sha256, String workdir) {

    /** Where run images hold workloads' files, one folder per set of files. */
    public static final String IMAGE_DIR = "/opt/jdkmatrix/files";
    /** The run container's tmpfs, writable, empty at start: the working directory of every run without files. */
    public static final String TMP = "/tmp";
    /** A workload without files: its JVM starts in {@link #TMP}. */
    public static final WorkloadFiles NONE = new WorkloadFiles(Map.of(), "", TMP);

    public WorkloadFiles {
        files = java.util.Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(files, "files")));
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(workdir, "workdir");
        if (files.isEmpty() != sha256.isEmpty()) throw new IllegalArgumentException("files and their sha256 go together");
        if (!files.isEmpty() && !sha256.matches("[0-9a-f]{64}")) throw new IllegalArgumentException("a sha256 is 64 hex digits, got " + sha256);
        if (!workdir.equals(TMP) && (files.isEmpty() || !inside(workdir))) {
            throw new IllegalArgumentException("workdir '" + workdir + "' is neither " + TMP + " nor a folder inside the files");
        }
        for (String p : files.keySet()) {
            if (!inside(p) || p.equals(".")) throw new IllegalArgumentException("a file's path inside the files' folder is relative, without '..': " + p);
        }
    }

    /** Whether {@code path} stays inside the files' folder: relative, no {@code ..}, no empty part. */
    static boolean inside(String path) {
        if (path.isEmpty() || path.startsWith("/") || path.contains("\\")) return false;
        for (String part : path.split("/", -1)) {
            if (part.isEmpty() || part.equals("..")) return false;
        }
        return true;
    }

    public boolean isEmpty() {
        return files.isEmpty();
    }

    /** The folder of these files in a run image. */
    public String imageDir() {
        return isEmpty() ? "" : IMAGE_DIR + "/" + sha256.substring(0, 16);
    }

    /** The run container's working directory. */
    public String workingDir() {
        if (workdir.equals(TMP)) return TMP;
        return workdir.equals(".") ? imageDir() : imageDir() + "/" + workdir;
    }
}
