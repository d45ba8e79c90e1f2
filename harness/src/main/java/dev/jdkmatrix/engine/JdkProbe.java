package dev.jdkmatrix.engine;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.HostConfig;
import dev.jdkmatrix.ExitException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * What a JDK image really holds, seen inside a container of it: {@code java
 * -XshowSettings:properties -version} once per image and harness start (about half a second),
 * locked down like every run. The harness records it for every run (a JMH or jar run prints no
 * record of its own), refuses built-in workloads on a JDK older than 21, and points out two JDK
 * entries that are the same build.
 */
public record JdkProbe(String vendor, String version, String runtimeVersion, String vmName, int feature) {

    public JdkProbe {
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(runtimeVersion, "runtimeVersion");
        Objects.requireNonNull(vmName, "vmName");
    }

    /** The build, for pointing out two JDK entries that are one: vendor, runtime version and VM. */
    public String build() {
        return vendor + " " + runtimeVersion + " " + vmName;
    }

    /** Runs the probe in a container of {@code image}. */
    public static JdkProbe of(DockerClient client, String image, String jdk, Map<String, String> labels) {
        return of(client, image, jdk, labels, List.of());
    }

    /**
     * Runs the probe in a container of {@code image}; where {@code profiled} names cells of this JDK
     * with {@code profile:}, its JVM loads async-profiler as their profile runs will (sampling into
     * /tmp), so a JDK that cannot load it (the library is built for glibc on x86-64: not a musl
     * JDK, not another architecture) is refused here, before any run.
     */
    public static JdkProbe of(DockerClient client, String image, String jdk, Map<String, String> labels, List<String> profiled) {
        HostConfig host = LockDown.apply(HostConfig.newHostConfig().withNetworkMode("none").withMemory(512L << 20).withMemorySwap(512L << 20));
        // through the same sh wrapper as every run, so that an image without /bin/sh is found here, before any run
        List<String> cmd = new java.util.ArrayList<>(List.of("sh", "-c", Commands.CPU_STAT_SCRIPT, "sh", "java"));
        if (!profiled.isEmpty()) cmd.add(PROBE_AGENT);
        cmd.addAll(List.of("-XshowSettings:properties", "-version"));
        String id = client.createContainerCmd(image).withCmd(cmd)
                .withUser(LockDown.USER).withWorkingDir("/tmp").withLabels(labels).withHostConfig(host).exec().getId();
        StringBuilder out = new StringBuilder();
        try {
            client.startContainerCmd(id).exec();
            try (WaitContainerResultCallback wait = client.waitContainerCmd(id).exec(new WaitContainerResultCallback())) {
                wait.awaitStatusCode(60, TimeUnit.SECONDS);
            } catch (java.io.IOException e) {
                // closing the callback failed: the logs below still tell
            }
            try (ResultCallback.Adapter<Frame> cb = client.logContainerCmd(id).withStdOut(true).withStdErr(true)
                    .exec(new ResultCallback.Adapter<>() {
                        @Override
                        public void onNext(Frame f) {
                            out.append(new String(f.getPayload(), StandardCharsets.UTF_8));
                        }
                    })) {
                cb.awaitCompletion(30, TimeUnit.SECONDS);
            } catch (java.io.IOException e) {
                // keep what was read
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } catch (RuntimeException e) {
            throw new ExitException(ExitException.ENVIRONMENT, "the JDK of jdk '" + jdk + "' (image " + image + ") did not start: " + Docker.rootMessage(e)
                    + "\n  fix: check that the image has 'java' on its PATH and /bin/sh (every run's command runs inside sh, which prints the"
                    + " cgroup's cpu.stat at its end), and runs as user 10001", e);
        } finally {
            try {
                client.removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec();
            } catch (RuntimeException e) {
                // removed with the other leftovers at the next start
            }
        }
        String agentFailure = profiled.isEmpty() ? null : agentFailure(out.toString());
        if (agentFailure != null) {
            throw new ExitException(ExitException.BAD_INPUT, "jdk '" + jdk + "' (image " + image + ") cannot load async-profiler, which profile: needs for "
                    + (profiled.size() == 1 ? "cell '" + profiled.get(0) + "'" : profiled.size() + " cells ('" + profiled.get(0) + "', ...)") + ": " + agentFailure
                    + "\n  fix: take profile: off the cells of jdk '" + jdk + "' (set it on other entries, or exclude them), or profile on a glibc-based x86-64 JDK image"
                    + " (the library async-profiler ships for linux-x64)");
        }
        JdkProbe p = parse(out.toString());
        if (p == null) {
            throw new ExitException(ExitException.ENVIRONMENT, "'java -XshowSettings:properties -version' in image " + image + " of jdk '" + jdk
                    + "' printed no java.version; its output: " + out.toString().strip().lines().limit(5).reduce((a, b) -> a + " | " + b).orElse("(none)")
                    + "\n  fix: check that the image's 'java' is a JDK or JRE that runs on it");
        }
        return p;
    }

    /** The agent a probe loads for a JDK with profiled cells: started and sampling, as a profile run's, into the container's /tmp. */
    static final String PROBE_AGENT = "-agentpath:" + dev.jdkmatrix.images.Images.IMAGE_PROFILER + "=start,event=cpu,interval=10ms,file=/tmp/probe.collapsed,collapsed";

    /**
     * What the JVM said when it could not load the agent (HotSpot: {@code Could not find agent library
     * ... with error: ...}, or the agent's own error), one line; null when it loaded.
     */
    static String agentFailure(String output) {
        for (String line : output.split("\n")) {
            String l = line.strip();
            if (l.contains("agent library") || l.startsWith("[ERROR]") || l.contains("Agent_OnLoad")) return l;
        }
        return null;
    }

    /** Reads the properties that {@code -XshowSettings:properties} prints ("    key = value"); null without java.version. */
    static JdkProbe parse(String text) {
        Map<String, String> props = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf(" = ");
            if (eq > 0 && line.startsWith("    ") && !line.startsWith("        ")) props.put(line.substring(0, eq).strip(), line.substring(eq + 3).strip());
        }
        String version = props.get("java.version");
        if (version == null) return null;
        String spec = props.getOrDefault("java.specification.version", version);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(?:1\\.)?(\\d+)").matcher(spec);
        return new JdkProbe(props.getOrDefault("java.vendor", ""), version, props.getOrDefault("java.runtime.version", ""),
                props.getOrDefault("java.vm.name", ""), m.find() ? Integer.parseInt(m.group(1)) : 0);
    }
}
