package dev.jdkmatrix.run;

import dev.jdkmatrix.images.Images;
import dev.jdkmatrix.matrix.Cell;
import dev.jdkmatrix.matrix.Profile;
import dev.jdkmatrix.matrix.WorkloadKind;
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
                + (builtin ? ContainerRunner.CONTAINER_PROFILE_JFR + ",jfr" : ContainerRunner.CONTAINER_PROFILE_FILE + ",collapsed");
    }

    /** JMH's own async-profiler integration for a profile run: it profiles the fork it measures, not its launcher. */
    static String jmhAsync(Profile profile) {
        String interval = profile.intervalNanos() == 0 ? "" : ";interval=" + profile.intervalNanos(); // JMH's option is in nanoseconds
        return "async:libPath=" + Images.IMAGE_PROFILER + ";output=collapsed;event=" + profile.event() + interval + ";dir=" + ContainerRunner.CONTAINER_PROFILE_DIR;
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
    static List<String> command(Cell cell, String upstream, Profile profile) {
        List<String> cmd = new ArrayList<>();
        cmd.add("java");
        if (profile != Profile.NONE && !(cell.kind() instanceof WorkloadKind.Jmh)) cmd.add(agent(profile, cell.kind() instanceof WorkloadKind.Builtin));
        switch (cell.kind()) {
            case WorkloadKind.Builtin b -> {
                if (cell.jfr()) cmd.addAll(ContainerRunner.JFR_ARGS);
                if (cell.internals()) cmd.addAll(JvmInternals.ARGS);
                cmd.addAll(cell.jvmArgs());
                cmd.add("-jar");
                cmd.add(ContainerRunner.CONTAINER_JAR);
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
                cmd.addAll(List.of("-rf", "json", "-rff", ContainerRunner.CONTAINER_JMH_FILE));
                for (String a : cell.jvmArgs()) cmd.addAll(List.of("-jvmArgsAppend", a));
                for (String p : j.profilers()) cmd.addAll(List.of("-prof", p));
                if (profile != Profile.NONE) cmd.addAll(List.of("-prof", jmhAsync(profile)));
                cmd.addAll(j.jmhArgs());
            }
            case WorkloadKind.Jar j -> {
                if (cell.jfr()) cmd.addAll(ContainerRunner.JFR_ARGS);
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
        if (cell.jfr()) f.put(ContainerRunner.CONTAINER_JFR_FILE, "jfr");
        if (cell.internals()) {
            f.put(JvmInternals.GC_LOG, "gc-log");
            f.put(JvmInternals.PERF_DATA, "perf-data");
        }
        if (cell.kind() instanceof WorkloadKind.Jmh) f.put(ContainerRunner.CONTAINER_JMH_FILE, "jmh.json");
        if (profile != Profile.NONE) {
            switch (cell.kind()) {
                case WorkloadKind.Jmh j -> f.put(ContainerRunner.CONTAINER_PROFILE_DIR, "profile");
                case WorkloadKind.Builtin b -> f.put(ContainerRunner.CONTAINER_PROFILE_JFR, "profile-jfr");
                case WorkloadKind.Jar j -> f.put(ContainerRunner.CONTAINER_PROFILE_FILE, "profile");
            }
        }
        return f;
    }

    /** The container's command: {@link #command(Cell, String, Profile)} inside {@link ContainerRunner#CPU_STAT_SCRIPT}. */
    static List<String> containerCommand(Cell cell, String upstream) {
        return containerCommand(cell, upstream, Profile.NONE);
    }

    static List<String> containerCommand(Cell cell, String upstream, Profile profile) {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", ContainerRunner.CPU_STAT_SCRIPT, "sh"));
        cmd.addAll(command(cell, upstream, profile));
        return cmd;
    }

}
