package dev.jdkmatrix.engine;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Info;
import com.github.dockerjava.api.model.Version;
import dev.jdkmatrix.results.RunMetadata;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** What run.json says of the machine, the engine and the source tree. */
public final class Environment {

    private static final String HOSTNAME = readHostname();

    private Environment() {}

    public static String hostname() {
        return HOSTNAME;
    }

    private static String readHostname() {
        try {
            String h = Files.readString(Path.of("/etc/hostname")).strip();
            if (!h.isEmpty()) return h;
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    public static RunMetadata.Host host() {
        String cpuModel = "unknown";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpuModel = line.substring(line.indexOf(':') + 1).strip();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        long mem = -1;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            mem = os.getTotalMemorySize();
        }
        return new RunMetadata.Host(HOSTNAME, cpuModel, Runtime.getRuntime().availableProcessors(), mem,
                System.getProperty("os.name"), System.getProperty("os.version"), System.getProperty("java.runtime.version"), runnerImage(System.getenv()));
    }

    /** The hosted runner's image as its variables say it (GitHub's runners: ImageOS and ImageVersion, "ubuntu24 20261118.1"); empty elsewhere. */
    static String runnerImage(Map<String, String> env) {
        String os = env.getOrDefault("ImageOS", "").strip();
        String version = env.getOrDefault("ImageVersion", "").strip();
        return (os + " " + version).strip();
    }

    public static RunMetadata.Engine engine(DockerClient client) {
        Info info = client.infoCmd().exec();
        Version version = client.versionCmd().exec();
        Object cgroupVersion = info.getRawValues() == null ? null : info.getRawValues().get("CgroupVersion");
        Object cgroupDriver = info.getRawValues() == null ? null : info.getRawValues().get("CgroupDriver");
        return new RunMetadata.Engine(info.getServerVersion(), version.getApiVersion(), info.getOperatingSystem(), info.getKernelVersion(),
                info.getNCPU() == null ? -1 : info.getNCPU(), info.getMemTotal() == null ? -1 : info.getMemTotal(),
                cgroupVersion == null ? "" : cgroupVersion.toString(), cgroupDriver == null ? "" : cgroupDriver.toString(),
                Docker.endpoint(), info.getId() == null ? "" : info.getId(), info.getName() == null ? "" : info.getName());
    }

    /** HEAD of the git work tree holding {@code dir}, or "" outside one. */
    public static String gitCommit(Path dir) {
        return git(dir, "rev-parse", "HEAD");
    }

    /** The git repository {@code dir} is in (its remote origin, commit, whether dirty), or null where it is in none. */
    public static RunMetadata.Repository repository(Path dir) {
        if (git(dir, "rev-parse", "--show-toplevel").isEmpty()) return null;
        String commit = gitCommit(dir);
        return new RunMetadata.Repository(git(dir, "remote", "get-url", "origin"), commit, !commit.isEmpty() && gitDirty(dir));
    }

    /** Whether the work tree has changes not committed (numbers from it may not be reproducible). */
    public static boolean gitDirty(Path dir) {
        return !git(dir, "status", "--porcelain", "--untracked-files=no").isEmpty();
    }

    /** What {@code git -C dir ARGS} printed, stripped; "" where it failed, took over 10 s, or git is missing. */
    public static String git(Path dir, String... args) {
        try {
            List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", dir.toAbsolutePath().toString()));
            cmd.addAll(List.of(args));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(false).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) return "";
            return out;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /**
     * Whether the engine runs on this host: {@code DOCKER_HOST} unset or a unix socket. With a
     * remote engine ({@code tcp://}, {@code ssh://}) this host's CPU count and steal say nothing
     * about the machine that measures.
     */
    public static boolean localEngine() {
        String dockerHost = System.getenv("DOCKER_HOST");
        return dockerHost == null || dockerHost.isBlank() || dockerHost.startsWith("unix://");
    }

    /**
     * The host's CPU time so far from /proc/stat, as {steal, total} in clock ticks, or null where
     * there is none or the engine is remote. On a virtual machine, steal is time the hypervisor
     * gave to other guests: a run during which it is high measured a slower machine.
     */
    public static long[] cpuTicks() {
        if (!localEngine()) return null;
        try {
            String first = java.nio.file.Files.readAllLines(Path.of("/proc/stat")).get(0);
            String[] f = first.trim().split("\\s+");
            if (!f[0].equals("cpu") || f.length < 9) return null;
            long total = 0;
            for (int i = 1; i < Math.min(f.length, 9); i++) total += Long.parseLong(f[i]); // guest time is inside user time
            return new long[] {Long.parseLong(f[8]), total};
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    /** Steal between two samples, in percent of the host's CPU time, or NaN. */
    public static double stealPercent(long[] before, long[] after) {
        if (before == null || after == null || after[1] <= before[1]) return Double.NaN;
        return 100.0 * (after[0] - before[0]) / (after[1] - before[1]);
    }
}
