package dev.jdkmatrix.engine;

import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.matrix.WorkloadKind;
import dev.jdkmatrix.output.CpuStat;
import dev.jdkmatrix.output.JvmInternals;
import dev.jdkmatrix.output.Profiles;
import dev.jdkmatrix.output.Readings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a run's container runs, kind by kind: the JVM's command line (the built-in workloads' main,
 * JMH's with the cell's benchmark, mode and params, a jar's main and args with {@code ${param}}
 * replaced), JFR, the JVM's internals and a profile run's agent added where asked, inside the
 * script that reads the container's {@code cpu.stat}; and the files the run writes for the
 * harness to copy out. {@link ContainerRunner} runs it; {@link Readings} reads what it printed.
 */
public final class Commands {

    private Commands() {}

    /** The command the container runs; see {@link #command(Cell, String, Profile)}. */
    public static List<String> command(Cell cell) {
        return command(cell, null, Profile.NONE);
    }

    static List<String> command(Cell cell, String upstream) {
        return command(cell, upstream, Profile.NONE);
    }

    public static final String CONTAINER_JAR = Images.IMAGE_JAR;
    /**
     * Where a run writes the files the harness copies out (a cell with {@code jfr: true} its
     * recording, a JMH run its JSON): the run's own anonymous volume (writable, unlike the root
     * file system; it outlives the JVM's exit, unlike /tmp), read through the Docker API once the
     * container stopped and removed with it.
     */
    public static final String CONTAINER_OUT_DIR = Images.IMAGE_OUT_DIR;
    public static final String CONTAINER_JFR_FILE = CONTAINER_OUT_DIR + "/run.jfr";
    /** Where a profile run of a built-in or jar cell writes its collapsed stacks (async-profiler's {@code collapsed} output). */
    public static final String CONTAINER_PROFILE_FILE = CONTAINER_OUT_DIR + "/profile.collapsed";
    /** Where a profile run of a built-in cell writes its samples as JFR, with their times, to be cut to the measured section ({@link Profiles#fromJfr}). */
    public static final String CONTAINER_PROFILE_JFR = CONTAINER_OUT_DIR + "/profile.jfr";
    /** Where JMH's {@code -prof async} writes a profile run's stacks (a folder per benchmark under it). */
    public static final String CONTAINER_PROFILE_DIR = CONTAINER_OUT_DIR + "/profile";
    /** Where a JMH run writes its {@code -rf json} result. */
    public static final String CONTAINER_JMH_FILE = CONTAINER_OUT_DIR + "/jmh.json";
    /**
     * Only {@code jdk.VirtualThreadPinned}, at threshold 0 (the default 20 ms hides short pins),
     * with stack traces; written when the JVM exits. JFR's startup banner is kept out of stdout.
     */
    public static final List<String> JFR_ARGS = List.of(
            "-Xlog:jfr+startup=error",
            "-XX:StartFlightRecording=settings=none,+jdk.VirtualThreadPinned#enabled=true,+jdk.VirtualThreadPinned#threshold=0ms,"
                    + "+jdk.VirtualThreadPinned#stackTrace=true,filename=" + CONTAINER_JFR_FILE);
    /**
     * What the container runs around the workload's command: {@code sh -c SCRIPT sh java ...}.
     * The command runs as the shell's child with its arguments untouched ({@code "$@"}, no shell
     * string is built from them); when it exits, the shell prints the container's cgroup
     * {@code cpu.stat} (v2, then v1's two mount names) to stderr, each line behind
     * {@link CpuStat#MARKER}, with the shell's builtins only, and exits with the command's code.
     * A container killed at its timeout prints nothing; one whose JVM the kernel killed at the
     * memory limit still does.
     */
    public static final String CPU_STAT_SCRIPT = "\"$@\"; s=$?; "
            + "for f in /sys/fs/cgroup/cpu.stat /sys/fs/cgroup/cpu/cpu.stat /sys/fs/cgroup/cpu,cpuacct/cpu.stat; do "
            + "if [ -r \"$f\" ]; then while read -r k v; do printf '" + CpuStat.MARKER + "%s %s\\n' \"$k\" \"$v\" >&2; done < \"$f\"; break; fi; "
            + "done; exit $s";


    /**
     * async-profiler as a JVM agent for a profile run: started with the JVM, sampling {@code profile}'s
     * event at its {@link Profile#intervalNanos} (cpu with the library's own timer, as perf_events is not
     * allowed in the run containers), its collapsed stacks written to {@link ContainerRunner#CONTAINER_PROFILE_FILE}
     * when the JVM exits; a built-in workload's samples as JFR ({@link ContainerRunner#CONTAINER_PROFILE_JFR}),
     * with their times, so that the harness keeps those of the measured section only.
     */
    static String agent(Profile profile, boolean builtin) {
        String interval = profile.intervalNanos() == 0 ? "" : ",interval=" + profile.intervalNanos() / 1_000_000 + "ms";
        return "-agentpath:" + Images.IMAGE_PROFILER + "=start,event=" + profile.event() + interval + ",file="
                + (builtin ? CONTAINER_PROFILE_JFR + ",jfr" : CONTAINER_PROFILE_FILE + ",collapsed");
    }

    /** JMH's own async-profiler integration for a profile run: it profiles the fork it measures, not its launcher. */
    static String jmhAsync(Profile profile) {
        String interval = profile.intervalNanos() == 0 ? "" : ";interval=" + profile.intervalNanos(); // JMH's option is in nanoseconds
        return "async:libPath=" + Images.IMAGE_PROFILER + ";output=collapsed;event=" + profile.event() + interval + ";dir=" + CONTAINER_PROFILE_DIR;
    }

    /**
     * The command the container runs, never through a shell, by the cell's kind:
     * <ul>
     * <li>builtin: {@code java [agent] [jfr] [internals] [jvm args] -jar workloads.jar <workload> --executor E --tasks N [--param v ...]},
     *     with {@code --upstream URL} for a workload that fetches from an {@link UpstreamStub};</li>
     * <li>jmh: {@code java -jar benchmarks.jar ^\Q<benchmark>\E$ -bm MODE [-p k=v ...] -rf json -rff /out/jmh.json
     *     [-jvmArgsAppend ARG ...] [-prof P ...] [jmh-args]}: exactly one benchmark, mode and param set, the
     *     cell's JVM options for JMH's forks (the JVMs it measures), JMH's own launcher left as it is;</li>
     * <li>jar: {@code java [agent] [jfr] [internals] [jvm args] -jar app.jar ARGS} or {@code -cp app.jar MAIN ARGS}, each
     *     {@code ${param}} replaced by the cell's value.</li>
     * </ul>
     * A profile run ({@code profile} not {@link Profile#NONE}) adds async-profiler: the {@link #agent} of a
     * builtin or jar run, a {@code -prof} {@link #jmhAsync} for a jmh run (after the entry's own profilers).
     */
    public static List<String> command(Cell cell, String upstream, Profile profile) {
        List<String> cmd = new ArrayList<>();
        cmd.add("java");
        if (profile != Profile.NONE && !(cell.kind() instanceof WorkloadKind.Jmh)) cmd.add(agent(profile, cell.kind() instanceof WorkloadKind.Builtin));
        switch (cell.kind()) {
            case WorkloadKind.Builtin b -> {
                if (cell.jfr()) cmd.addAll(JFR_ARGS);
                if (cell.internals()) cmd.addAll(JvmInternals.ARGS);
                cmd.addAll(cell.jvmArgs());
                cmd.add("-jar");
                cmd.add(CONTAINER_JAR);
                cmd.addAll(cell.workloadArgs());
                if (upstream != null) {
                    cmd.add("--upstream");
                    cmd.add(upstream);
                }
            }
            case WorkloadKind.Jmh j -> {
                cmd.add("-jar");
                cmd.add(j.jar().imagePath());
                cmd.add("^" + java.util.regex.Pattern.quote(j.benchmark()) + "$");
                cmd.addAll(List.of("-bm", j.mode()));
                cell.params().forEach((k, v) -> cmd.addAll(List.of("-p", k + "=" + v)));
                cmd.addAll(List.of("-rf", "json", "-rff", CONTAINER_JMH_FILE));
                for (String a : cell.jvmArgs()) cmd.addAll(List.of("-jvmArgsAppend", a));
                for (String p : j.profilers()) cmd.addAll(List.of("-prof", p));
                if (profile != Profile.NONE) cmd.addAll(List.of("-prof", jmhAsync(profile)));
                cmd.addAll(j.jmhArgs());
                // until steady: one fork iterating without warm-up iterations, up to the bound; the harness stops it once steady
                if (j.warmup() instanceof WorkloadKind.Jmh.Warmup.UntilSteady u) cmd.addAll(List.of("-wi", "0", "-i", Integer.toString(u.max()), "-f", "1"));
            }
            case WorkloadKind.Jar j -> {
                if (cell.jfr()) cmd.addAll(JFR_ARGS);
                if (cell.internals()) cmd.addAll(JvmInternals.ARGS);
                cmd.addAll(cell.jvmArgs());
                if (j.mainClass().isEmpty()) {
                    cmd.addAll(List.of("-jar", j.jar().imagePath()));
                } else {
                    cmd.addAll(List.of("-cp", j.jar().imagePath(), j.mainClass()));
                }
                for (String a : j.args()) cmd.add(substitute(a, cell));
            }
        }
        return cmd;
    }

    /** An argument with every {@code ${param}} replaced by the cell's value (the parser checked that each exists). */
    static String substitute(String arg, Cell cell) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\$\\{([^}]*)}").matcher(arg);
        StringBuilder b = new StringBuilder();
        while (m.find()) m.appendReplacement(b, java.util.regex.Matcher.quoteReplacement(cell.params().getOrDefault(m.group(1), "")));
        m.appendTail(b);
        return b.toString();
    }

    /** The files a run of this cell writes for the harness: its JFR recording, its JMH JSON. */
    public static Map<String, String> outputFiles(Cell cell) {
        return outputFiles(cell, Profile.NONE);
    }

    /** The files a run writes for the harness (its internals' GC log and counters too), a profile run's stacks included (a JMH run's: the folder JMH writes them under). */
    public static Map<String, String> outputFiles(Cell cell, Profile profile) {
        Map<String, String> f = new java.util.LinkedHashMap<>();
        if (cell.jfr()) f.put(CONTAINER_JFR_FILE, "jfr");
        if (cell.internals()) {
            f.put(JvmInternals.GC_LOG, "gc-log");
            f.put(JvmInternals.PERF_DATA, "perf-data");
        }
        if (cell.kind() instanceof WorkloadKind.Jmh) f.put(CONTAINER_JMH_FILE, "jmh.json");
        if (profile != Profile.NONE) {
            switch (cell.kind()) {
                case WorkloadKind.Jmh j -> f.put(CONTAINER_PROFILE_DIR, "profile");
                case WorkloadKind.Builtin b -> f.put(CONTAINER_PROFILE_JFR, "profile-jfr");
                case WorkloadKind.Jar j -> f.put(CONTAINER_PROFILE_FILE, "profile");
            }
        }
        return f;
    }

    /** The container's command: {@link #command(Cell, String, Profile)} inside {@link ContainerRunner#CPU_STAT_SCRIPT}. */
    static List<String> containerCommand(Cell cell, String upstream) {
        return containerCommand(cell, upstream, Profile.NONE);
    }

    static List<String> containerCommand(Cell cell, String upstream, Profile profile) {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", CPU_STAT_SCRIPT, "sh"));
        cmd.addAll(command(cell, upstream, profile));
        return cmd;
    }

}
