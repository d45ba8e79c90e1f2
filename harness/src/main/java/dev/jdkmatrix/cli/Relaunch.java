package dev.jdkmatrix.cli;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Testcontainers 2.0 reads {@code TESTCONTAINERS_RYUK_DISABLED} from the process environment
 * only, and starts Ryuk (an image pulled from a registry) on first use otherwise. jdkmatrix
 * removes its own containers and must work where no registry answers, so when that variable is
 * missing, {@code main} starts this same JVM once more with the documented variables set, waits
 * for it, forwards SIGTERM/SIGINT to it, and exits with its code. The child exits if its parent
 * dies, so a killed harness leaves no second one running. Only the commands that talk to an
 * engine ({@link #ENGINE_COMMANDS}) need it: the others (report, compare, history...) start one
 * JVM, not two (half a second of {@code make bench-report}'s 5).
 */
final class Relaunch {

    static final String MARK = "JDKMATRIX_RELAUNCHED";

    /** The variables the harness needs; a value the user set is kept. */
    static Map<String, String> wanted() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TESTCONTAINERS_RYUK_DISABLED", "true");
        env.put("TESTCONTAINERS_CHECKS_DISABLE", "true");
        env.put("TESTCONTAINERS_TINYIMAGE_CONTAINER_IMAGE", "debian:trixie-slim");
        return env;
    }

    private Relaunch() {}

    /** The commands that may start Testcontainers (and so Ryuk): {@code run}, {@code prune}, and {@code jmh}, {@code jar} and {@code bisect}, which run. */
    static final Set<String> ENGINE_COMMANDS = Set.of("run", "prune", "jmh", "jar", "bisect");

    static boolean needed(String[] args) {
        return System.getenv(MARK) == null && !"true".equalsIgnoreCase(System.getenv("TESTCONTAINERS_RYUK_DISABLED"))
                && touchesEngine(args);
    }

    /** Whether the command line names an engine command: its first word that is not an option. */
    static boolean touchesEngine(String[] args) {
        for (String a : args) {
            if (!a.startsWith("-")) return ENGINE_COMMANDS.contains(a);
        }
        return false;
    }

    /** Runs this program again in a child JVM with the variables set; returns its exit code. */
    static int run(String[] args) throws Exception {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        // started with -cp, the child does not read the jar's Enable-Native-Access attribute: JNA would warn on JDK 22+
        if (Runtime.version().feature() >= 22 && cmd.stream().noneMatch(a -> a.startsWith("--enable-native-access"))) cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
        wanted().forEach((k, v) -> pb.environment().putIfAbsent(k, v));
        pb.environment().put(MARK, "1");
        Process child = pb.start();
        Thread forward = new Thread(() -> {
            if (child.isAlive()) {
                child.destroy(); // SIGTERM: the child stops its container and keeps its CSV valid
                try {
                    if (!child.waitFor(30, TimeUnit.SECONDS)) child.destroyForcibly();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, "jdkmatrix-forward-signal");
        Runtime.getRuntime().addShutdownHook(forward);
        int code = child.waitFor();
        try {
            Runtime.getRuntime().removeShutdownHook(forward);
        } catch (IllegalStateException e) {
            // already shutting down
        }
        return code;
    }

    /** In the child: exit when the parent that started us is gone (for example killed with -9). */
    static void exitWithParent() {
        if (System.getenv(MARK) == null) return;
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> System.exit(130)));
    }
}
